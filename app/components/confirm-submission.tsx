import type { FetcherWithComponents } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import * as cd from "~/components/confirm-dialog.css";
import { JsFlag } from "~/components/form/js-flag";
import { button, formError } from "~/styles/ui.css";

/**
 * A confirmation dialog's own answer on a fetcher the screen shares (the fetcher may hold an earlier answer): the
 * answer only once this dialog has sent, forgotten when the dialog asks anew (`askKey` changes while the fetcher is
 * idle). A new key while its answer is on the way is the same question refreshed, not a new one: the page reloaded
 * its data (the live feed's 'closed' asks for that) before the slower answer came, and that answer is still this
 * dialog's.
 */
export function useOwnAnswer<T>(fetcher: FetcherWithComponents<T>, askKey: unknown): { answered: T | undefined; onSent: () => void } {
  const sent = useRef(false);
  const idle = useRef(true);
  idle.current = fetcher.state === "idle";
  useEffect(() => {
    if (idle.current) sent.current = false;
  }, [askKey]);
  return {
    answered: sent.current && fetcher.state === "idle" ? fetcher.data : undefined,
    onSent: () => {
      sent.current = true;
    },
  };
}

/**
 * The dialog's confirming form: the refusal of the last try (shown and announced), the form with the caller's hidden
 * fields, where to come back to without JavaScript, and the one irreversible button.
 */
export function ConfirmSubmission<T>({
  fetcher,
  failed,
  onSent,
  back,
  verb,
  children,
}: {
  fetcher: FetcherWithComponents<T>;
  failed: string | null | undefined;
  onSent: () => void;
  back: string;
  verb: string;
  children: ReactNode;
}) {
  return (
    <>
      {failed ? (
        <p className={formError} role="alert">
          {failed}
        </p>
      ) : null}
      <fetcher.Form method="post" className={cd.form} onSubmit={onSent}>
        {children}
        <input type="hidden" name="back" value={back} />
        <JsFlag />
        <button type="submit" className={button.down} aria-disabled={fetcher.state !== "idle" || undefined}>
          {verb}
        </button>
      </fetcher.Form>
    </>
  );
}
