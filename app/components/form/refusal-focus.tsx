import { useFetchers, useNavigation } from "@remix-run/react";
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useServerOnly } from "~/lib/server-only";

/**
 * A refusal from the server reaches the person where they are (every form, one mechanism): focus moves to the first
 * field marked invalid (its error line is in its aria-describedby, so a screen reader reads label, "invalid" and the
 * message), or, when the refusal is about the whole form, to the form's alert. Focusing also scrolls it into view,
 * which a message at the top of a long form on a phone needs.
 *
 * - Without JavaScript the page the POST answered is rendered with `autofocus` on that element: the first field or
 *   form error in the page that renders invalid claims it (`useRefusalAutoFocus`), in document order (only in the
 *   render that answers a POST: an error shown on a page simply opened leaves the focus alone).
 * - With JavaScript `useRefusalFocus` (mounted once, in root.tsx) remembers the form a POST came from, and once the
 *   navigation or fetcher it started has settled, moves focus into that form as above, unless focus already is on
 *   an invalid field there (conform focuses the first field it marked itself).
 */

type Claim = { claimed: boolean };
const ClaimContext = createContext<Claim | null>(null);

/** Around the page (root.tsx): one autofocus claim per server render. */
export function RefusalFocusScope({ children }: { children: ReactNode }) {
  const [claim] = useState<Claim>(() => ({ claimed: false }));
  return <ClaimContext.Provider value={claim}>{children}</ClaimContext.Provider>;
}

/**
 * True for the first invalid element of the server's render (and the hydration that repeats it), so that element gets
 * `autoFocus`. After hydration it is always false: the client moves focus with `useRefusalFocus` instead.
 */
export function useRefusalAutoFocus(invalid: boolean): boolean {
  const claim = useContext(ClaimContext);
  const hydrated = useHydrated();
  // Only in a page that answers a POST: an error a page shows when simply opened does not take the focus.
  const { answersPost } = useServerOnly();
  const [mine] = useState(() => {
    if (!invalid || !answersPost || !claim || claim.claimed) return false;
    claim.claimed = true;
    return true;
  });
  return mine && !hydrated;
}

/** aria-invalid as the props carry it (conform gives a boolean, hand-written fields "true"). */
export function isInvalid(v: unknown): boolean {
  return v === true || v === "true";
}

const FIELD = '[aria-invalid="true"]:not([type="hidden"]):not([disabled])';

function hasText(el: Element) {
  return (el.textContent ?? "").trim() !== "";
}

/** Where a refusal in `form` sends focus: the first invalid field, else the form's (or its dialog's) alert. */
export function refusalTarget(form: HTMLFormElement): HTMLElement | null {
  const field = form.querySelector<HTMLElement>(FIELD);
  if (field) return field;
  const scopes: Element[] = [form];
  const around = form.closest("dialog, section, main");
  if (around) scopes.push(around);
  for (const scope of scopes) {
    const alert = [...scope.querySelectorAll<HTMLElement>('[role="alert"]')].find(hasText);
    if (alert && !alert.closest("[data-toast]")) return alert;
  }
  return null;
}

/** Focuses the refusal in `form`; false when the form shows none (yet). */
function moveFocus(form: HTMLFormElement): boolean {
  const target = refusalTarget(form);
  if (!target) return false;
  const active = document.activeElement;
  if (active && form.contains(active) && active.matches(FIELD)) return true;
  if (!target.matches("input, select, textarea, button, a[href], [tabindex]")) target.tabIndex = -1;
  target.focus();
  return true;
}

/** A few frames: a component may copy the answer into its state and render the refusal one step later. */
const SETTLE_FRAMES = 10;

/** See above: mounted once, in root.tsx. */
export function useRefusalFocus() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((f) => f.state !== "idle");
  const pending = useRef<{ form: HTMLFormElement; id: string; started: boolean } | null>(null);

  useEffect(() => {
    const onSubmit = (e: Event) => {
      const form = e.target;
      if (!(form instanceof HTMLFormElement) || form.method.toLowerCase() !== "post") return;
      const entry = { form, id: form.id, started: false };
      pending.current = entry;
      // A submit the page stopped (the browser-side checks found an error) never starts: forget it.
      setTimeout(() => {
        if (pending.current === entry && !entry.started) pending.current = null;
      }, 1000);
    };
    document.addEventListener("submit", onSubmit, true);
    return () => document.removeEventListener("submit", onSubmit, true);
  }, []);

  useEffect(() => {
    const p = pending.current;
    if (!p) return;
    if (busy) {
      p.started = true;
      return;
    }
    if (!p.started) return;
    pending.current = null;
    let frames = 0;
    const attempt = () => {
      const form = p.form.isConnected ? p.form : p.id ? document.getElementById(p.id) : null;
      if (!(form instanceof HTMLFormElement) || moveFocus(form) || ++frames > SETTLE_FRAMES) return;
      requestAnimationFrame(attempt);
    };
    attempt();
  }, [busy]);
}
