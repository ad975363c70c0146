import { useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "~/lib/translate";
import * as s from "./shell.css";

export type ToastMessage = { kind: "success" | "error" | "info"; message: string };

/**
 * Client announcements (an order placed or cancelled without a reload) reach the one toast region through this
 * list of listeners; on the server nothing listens, and a redirect's flash toast arrives as `initial` instead.
 */
const listeners = new Set<(t: ToastMessage) => void>();

/** Shows a toast from a component (no-reload submits), the way a redirect's flash toast shows. */
export function announce(toast: ToastMessage) {
  for (const l of listeners) l(toast);
}

/** How long a success or information toast stays once nothing holds it (the pointer or focus on it). */
export const TOAST_MS = 4000;

/**
 * The page's toast: the flash message of the last redirect (readable without JavaScript) or the last
 * announcement, in live regions that exist from the first render so screen readers hear both alike.
 * It sits in the page's flow right under the header and sticks there while the page scrolls, so it covers no control
 * the header does not (the page keeps focus clear of both, global.css.ts). A success or information fades after 4 s,
 * paused while the pointer is over it or focus is in it; an error stays until dismissed (or the next message).
 */
export function ToastRegion({ initial }: { initial: ToastMessage | null }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [toast, setToast] = useState<(ToastMessage & { at: number }) | null>(initial ? { ...initial, at: 0 } : null);
  const [held, setHeld] = useState({ hover: false, focus: false });
  /** Where focus was before it came into the toast: it goes back there when the toast is dismissed. */
  const before = useRef<HTMLElement | null>(null);
  useEffect(() => {
    // A new flash message (after a redirect) replaces what shows; a page without one leaves an announcement be.
    if (initial) setToast({ ...initial, at: Date.now() });
  }, [initial]);
  useEffect(() => {
    const show = (t: ToastMessage) => setToast({ ...t, at: Date.now() });
    listeners.add(show);
    return () => void listeners.delete(show);
  }, []);
  const holding = held.hover || held.focus;
  useEffect(() => {
    if (!toast || toast.kind === "error" || holding) return;
    const id = setTimeout(() => setToast(null), TOAST_MS);
    return () => clearTimeout(id);
  }, [toast, holding]);
  const error = toast?.kind === "error";
  return (
    <div
      className={toast ? `${s.toast} ${error ? s.toastError : ""}` : s.toastIdle}
      data-toast={toast ? toast.kind : undefined}
      onMouseEnter={() => setHeld((h) => ({ ...h, hover: true }))}
      onMouseLeave={() => setHeld((h) => ({ ...h, hover: false }))}
      onFocus={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) before.current = e.relatedTarget as HTMLElement | null;
        setHeld((h) => ({ ...h, focus: true }));
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHeld((h) => ({ ...h, focus: false }));
      }}
    >
      <div role="status" aria-live="polite" className={toast && !error ? s.toastText : s.toastIdle}>
        {toast && !error ? toast.message : null}
      </div>
      <div role="alert" aria-live="assertive" className={toast && error ? s.toastText : s.toastIdle}>
        {toast && error ? toast.message : null}
      </div>
      {toast && hydrated ? (
        <button
          type="button"
          className={s.toastClose}
          onClick={() => {
            setToast(null);
            setHeld({ hover: false, focus: false });
            const back = before.current?.isConnected ? before.current : document.getElementById("content");
            back?.focus();
          }}
        >
          {t("toast.dismiss")}
        </button>
      ) : null}
    </div>
  );
}
