import { useEffect, useRef } from "react";
import { announce } from "~/components/toast";
import type { LeverActionData } from "./action-data";

/** Announces a row action's answer once (the fetcher's data stays while the page reloads). */
export function useSayOnce(data: LeverActionData | undefined, state: string) {
  const said = useRef<unknown>(null);
  useEffect(() => {
    if (state !== "idle" || !data || said.current === data) return;
    said.current = data;
    if (data.ok && data.message) announce({ kind: "success", message: data.message });
    else if (!data.ok && "msg" in data && data.msg) announce({ kind: "error", message: data.msg });
  }, [data, state]);
}
