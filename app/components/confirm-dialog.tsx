import { useEffect, useRef, useState, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { button } from "~/styles/ui.css";
import * as s from "./confirm-dialog.css";

/**
 * A confirmation the server renders open (`<dialog open>` works without JavaScript; `backLabel` closes it through a
 * native method="dialog" form, the page's form keeping its values); with JavaScript it opens as a modal, which takes
 * focus, keeps it inside and gives it back to what opened it when closed. Closed, it stays closed until a new
 * `answer` (another review) arrives. `titleId` names it. `done` (the action went through): it closes and focus moves
 * to the element with the id `done.focus` (what the action changed: a heading, a status), not back to an opener the
 * action may have removed.
 */
export function ConfirmDialog({
  answer,
  reviewKey,
  titleId,
  title,
  backLabel,
  children,
  done,
  initialFocus,
  onClose,
}: {
  answer: unknown;
  reviewKey: string;
  titleId: string;
  title: string;
  backLabel: string;
  children: ReactNode;
  done?: { focus: string } | null;
  /** "back": opening focuses the back button (an irreversible step is not one Enter away), not the first field or button. */
  initialFocus?: "back";
  /** Called when it closes (back, Escape or `done`): a page whose address opened it takes the step off the address. */
  onClose?: () => void;
}) {
  const hydrated = useHydrated();
  const ref = useRef<HTMLDialogElement>(null);
  const [closedKey, setClosedKey] = useState<string | null>(null);
  // Once `done`, closed for good: the caller's onClose takes the step off the address, which unmounts it. The
  // page's data may first come back once more with the step still in the address (a new review key, the fetcher's
  // answer still this dialog's), which must neither open it again nor close it a second time.
  const [finished, setFinished] = useState(false);
  const shown = !finished && closedKey !== reviewKey;
  const backRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d || !hydrated || !shown || d.open) return;
    d.showModal();
    // Focus starts on the safe answer where the caller asks for it (a close, a payment: 'Keep open'), else on what to
    // fill in first (a trade password), else on the heading: never on the confirming button, where a second Enter
    // would act unread.
    if (initialFocus === "back" && backRef.current) return backRef.current.focus();
    const field = d.querySelector<HTMLElement>("input:not([type='hidden']), select, textarea");
    (field ?? d.querySelector<HTMLElement>(`#${CSS.escape(titleId)}`))?.focus();
  }, [hydrated, shown, answer, initialFocus, titleId]);
  const closed = useRef(onClose);
  closed.current = onClose;
  // `done` closes the modal itself and has already called onClose: the close event that follows (a task later) is
  // not a second closing (onClose navigating twice loaded the page's data twice).
  const closedByDone = useRef(false);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    const handle = () => {
      if (closedByDone.current) return void (closedByDone.current = false);
      setClosedKey(reviewKey);
      closed.current?.();
    };
    d.addEventListener("close", handle);
    return () => d.removeEventListener("close", handle);
  }, [reviewKey]);
  // A new review (another order) shows again.
  useEffect(() => setClosedKey(null), [answer]);
  useEffect(() => {
    if (!done || finished) return;
    setFinished(true);
    const d = ref.current;
    if (d?.open) {
      closedByDone.current = true;
      d.close();
    }
    document.getElementById(done.focus)?.focus();
    closed.current?.();
  }, [done, finished]);
  if (!shown) return null;
  return (
    <dialog ref={ref} open={hydrated ? undefined : true} className={s.dialog} aria-labelledby={titleId}>
      <h2 id={titleId} className={s.title} tabIndex={-1}>
        {title}
      </h2>
      {children}
      <form method="dialog" className={s.back}>
        <button type="submit" className={button.secondary} ref={backRef}>
          {backLabel}
        </button>
      </form>
    </dialog>
  );
}
