import * as s from "./shell.css";

/** What the button must never sit on: the page's controls. */
const CONTROLS = "a[href], button, input, select, textarea, summary, label, [tabindex]:not([tabindex='-1'])";

const MUTATION_CHECK_MS = 250;

/**
 * Makes the service button `a` float, and steps it aside (hidden) while a control lies under it on a phone
 * (components/service-button). Returns what undoes it. Loaded after hydration: until then the button stays where the
 * page without JavaScript has it, at the page's end, where it covers nothing.
 */
export function watchServiceButton(a: HTMLAnchorElement): () => void {
  a.classList.add(s.floatingLive);
  const phone = window.matchMedia("(max-width: 760px)");
  let frame = 0;
  const check = () => {
    frame = 0;
    a.classList.remove(s.floatingAside);
    // A phone's screen: a desktop keeps its floating pill where it is. Focused, it shows wherever it is: a keyboard's
    // stop is never hidden (it steps aside again when focus leaves).
    if (!phone.matches || document.activeElement === a) return;
    const r = a.getBoundingClientRect();
    if (r.width === 0) return;
    const points: [number, number][] = [
      [r.left + 2, r.top + 2],
      [r.right - 2, r.top + 2],
      [r.left + 2, r.bottom - 2],
      [r.right - 2, r.bottom - 2],
      [r.left + r.width / 2, r.top + r.height / 2],
    ];
    // What shows under each point is the topmost element beneath the button (anything lower is hidden by it), and
    // it is part of a control if it or an ancestor is one.
    const covers = points.some(([x, y]) =>
      document
        .elementsFromPoint(x, y)
        .find((e) => e !== a && !a.contains(e))
        ?.closest(CONTROLS),
    );
    if (covers) a.classList.add(s.floatingAside);
  };
  const schedule = () => {
    if (!frame) frame = requestAnimationFrame(check);
  };
  // The page's own changes (the live feed rewrites the book and the trades several times a second) are looked at
  // at most every quarter second; scrolling and resizing, which move what is under the button, every frame.
  let settle = 0;
  const changed = () => {
    if (!settle)
      settle = window.setTimeout(() => {
        settle = 0;
        schedule();
      }, MUTATION_CHECK_MS);
  };
  schedule();
  window.addEventListener("scroll", schedule, { passive: true });
  window.addEventListener("resize", schedule);
  document.addEventListener("toggle", schedule, true);
  // At once, not at the next frame: the focused button shows before anything reads the screen.
  a.addEventListener("focus", check);
  a.addEventListener("blur", schedule);
  const observer = new MutationObserver(changed);
  observer.observe(document.body, { childList: true, subtree: true });
  return () => {
    if (frame) cancelAnimationFrame(frame);
    clearTimeout(settle);
    window.removeEventListener("scroll", schedule);
    window.removeEventListener("resize", schedule);
    document.removeEventListener("toggle", schedule, true);
    a.removeEventListener("focus", check);
    a.removeEventListener("blur", schedule);
    observer.disconnect();
    a.classList.remove(s.floatingLive, s.floatingAside);
  };
}
