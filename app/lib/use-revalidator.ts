import { useRevalidator as useRemixRevalidator } from "@remix-run/react";
import { useCallback, useMemo } from "react";

const isAbort = (err: unknown) => err instanceof Error && err.name === "AbortError";

/**
 * Remix's `useRevalidator`, with a `revalidate` that stays quiet when a navigation or another revalidation
 * interrupts it: the router then aborts the reload and rejects its promise with an AbortError, which nobody
 * awaited and the browser reported as an uncaught error (the newer loaders run instead, so nothing is lost).
 * Live pages that reload on a push use this one.
 */
export function useRevalidator() {
  const revalidator = useRemixRevalidator();
  const reload = revalidator.revalidate;
  const revalidate = useCallback(() => {
    const done: unknown = reload();
    if (done instanceof Promise)
      done.catch((err: unknown) => {
        if (!isAbort(err)) throw err;
      });
  }, [reload]);
  return useMemo(() => ({ state: revalidator.state, revalidate }), [revalidator.state, revalidate]);
}
