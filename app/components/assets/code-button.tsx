import { useFetcher } from "@remix-run/react";
import { useEffect, useState, type MouseEvent } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "~/lib/translate";
import { button } from "~/styles/ui.css";
import * as s from "./assets.css";

/** What a send-code intent answers, to a fetcher (JS on) or to the page POST (JS off). */
export type CodeSend = { ok: boolean; message: string; sentAt?: number };

/**
 * The emailed-code button with its countdown (59 s on the bind-address page, SPEC §4). A real submit button
 * (`intent=send-code`, no validation) so it works without JavaScript; with it, the code goes out through a
 * fetcher and the button counts down. The countdown runs only in the browser, so a server render is never stuck.
 */
export function useCodeSender(seconds: number, serverResult?: CodeSend | null) {
  const fetcher = useFetcher<{ codeSend?: CodeSend | null }>();
  const latest = fetcher.data?.codeSend ?? serverResult ?? null;
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (latest?.ok) {
      const start = Date.now();
      setNow(start);
      setDeadline(start + seconds * 1000);
    }
  }, [latest, seconds]);
  useEffect(() => {
    if (deadline === null) return;
    const id = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= deadline) setDeadline(null);
    }, 1000);
    return () => clearInterval(id);
  }, [deadline]);
  const remaining = deadline ? Math.max(0, Math.ceil((deadline - now) / 1000)) : 0;
  const pending = fetcher.state !== "idle";
  return {
    remaining,
    pending,
    blocked: remaining > 0 || pending,
    result: latest,
    send(form: HTMLFormElement) {
      const fd = new FormData(form);
      fd.set("intent", "send-code");
      fetcher.submit(fd, { method: "post" });
    },
  };
}
export type CodeSender = ReturnType<typeof useCodeSender>;

export function CodeButton({ sender, statusId }: { sender: CodeSender; statusId: string }) {
  const { t } = useTranslation("assets");
  const hydrated = useHydrated();
  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    const form = event.currentTarget.form;
    if (!sender.blocked && form) sender.send(form);
  };
  const text = sender.remaining > 0 ? t("code.resendIn", { seconds: sender.remaining }) : sender.pending ? t("code.sending") : t("code.send");
  return (
    <button
      type="submit"
      name="intent"
      value="send-code"
      formNoValidate
      className={`${button.secondary} ${s.codeButton}`}
      aria-disabled={sender.blocked || undefined}
      aria-describedby={statusId}
      onClick={onClick}
    >
      {text}
    </button>
  );
}

export function CodeStatus({ sender, id }: { sender: CodeSender; id: string }) {
  const r = sender.result;
  return (
    <div id={id} aria-live="polite">
      {r ? (
        <p role={r.ok ? undefined : "alert"} className={r.ok ? s.status : `${s.status} ${s.statusError}`}>
          {r.message}
        </p>
      ) : null}
    </div>
  );
}
