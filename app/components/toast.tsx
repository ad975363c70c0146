import { useEffect, useState } from "react";
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

/**
 * The page's toast: the flash message of the last redirect (readable without JavaScript) or the last
 * announcement, in live regions that exist from the first render so screen readers hear both alike. Fades after 4 s.
 */
export function ToastRegion({ initial }: { initial: ToastMessage | null }) {
  const [toast, setToast] = useState<(ToastMessage & { at: number }) | null>(initial ? { ...initial, at: 0 } : null);
  useEffect(() => {
    // A new flash message (after a redirect) replaces what shows; a page without one leaves an announcement be.
    if (initial) setToast({ ...initial, at: Date.now() });
  }, [initial]);
  useEffect(() => {
    const show = (t: ToastMessage) => setToast({ ...t, at: Date.now() });
    listeners.add(show);
    return () => void listeners.delete(show);
  }, []);
  useEffect(() => {
    if (!toast) return;
    const id = setTimeout(() => setToast(null), 4000);
    return () => clearTimeout(id);
  }, [toast]);
  const error = toast?.kind === "error";
  return (
    <>
      <div role="status" aria-live="polite" className={toast && !error ? s.toast : s.toastIdle}>
        {toast && !error ? toast.message : null}
      </div>
      <div role="alert" aria-live="assertive" className={toast && error ? `${s.toast} ${s.toastError}` : s.toastIdle}>
        {toast && error ? toast.message : null}
      </div>
    </>
  );
}
