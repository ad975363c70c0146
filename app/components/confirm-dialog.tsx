import { useEffect, useRef, useState, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { button } from "~/styles/ui.css";
import * as s from "./confirm-dialog.css";

/**
 * A confirmation the server renders open (`<dialog open>` works without JavaScript; `backLabel` closes it through a
 * native method="dialog" form, the page's form keeping its values); with JavaScript it opens as a modal. Closed, it
 * stays closed until a new `answer` (another review) arrives. `titleId` names it.
 */
export function ConfirmDialog({
  answer,
  reviewKey,
  titleId,
  title,
  backLabel,
  children,
}: {
  answer: unknown;
  reviewKey: string;
  titleId: string;
  title: string;
  backLabel: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const ref = useRef<HTMLDialogElement>(null);
  const [closedKey, setClosedKey] = useState<string | null>(null);
  const shown = closedKey !== reviewKey;
  useEffect(() => {
    const d = ref.current;
    if (!d || !hydrated || !shown || d.open) return;
    d.showModal();
    // Focus starts on what to fill in first (a trade password), else on the heading: never on the confirming button,
    // where a second Enter would place the order unread.
    const field = d.querySelector<HTMLElement>("input:not([type='hidden']), select, textarea");
    (field ?? d.querySelector<HTMLElement>(`#${CSS.escape(titleId)}`))?.focus();
  }, [hydrated, shown, answer, titleId]);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    const onClose = () => setClosedKey(reviewKey);
    d.addEventListener("close", onClose);
    return () => d.removeEventListener("close", onClose);
  }, [reviewKey]);
  // A new review (another order) shows again.
  useEffect(() => setClosedKey(null), [answer]);
  if (!shown) return null;
  return (
    <dialog ref={ref} open={hydrated ? undefined : true} className={s.dialog} aria-labelledby={titleId}>
      <h2 id={titleId} className={s.title} tabIndex={-1}>
        {title}
      </h2>
      {children}
      <form method="dialog" className={s.back}>
        <button type="submit" className={button.secondary}>
          {backLabel}
        </button>
      </form>
    </dialog>
  );
}
