import { lazy, Suspense, type ComponentType } from "react";

/**
 * A part of a screen whose JavaScript is not in the screen's first load: the server renders it in full (so it works
 * before and without JavaScript), and the browser hydrates it once its chunk has arrived, which starts as the rest
 * of the page hydrates. Until then it is the server's HTML: a form posts as it does without JavaScript, and input
 * typed meanwhile stays (hydration keeps the DOM). Meant for forms, whose hook library (conform, ~10 KB gz) only
 * adds checks as you type and answers without a page load.
 *
 *   const WithdrawForm = hydrateLater(() => import("~/features/assets/withdraw-form"));   // module scope
 *
 * The server bundle has no chunks: its import resolves at once, so a render never waits for it. A screen reached by
 * a link after hydration starts the load when its route module arrives, while its data loads.
 */
export function hydrateLater<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  let Loaded: ComponentType<P> | undefined;
  const loadOnce = (() => {
    let pending: Promise<{ default: ComponentType<P> }> | undefined;
    return () =>
      (pending ??= load().then((m) => {
        Loaded = m.default;
        return m;
      }));
  })();
  // Once loaded, the module is handed over synchronously: React then renders it without suspending (a server render
  // never streams a fallback, a later screen never blinks).
  const now = (): Promise<{ default: ComponentType<P> }> =>
    Loaded ? ({ then: (ok: (m: { default: ComponentType<P> }) => void) => ok({ default: Loaded! }) } as never) : loadOnce();
  const Lazy = lazy(now) as unknown as ComponentType<P>;
  if (typeof document === "undefined" || pageHydrated) void loadOnce();
  function HydrateLater(props: P) {
    // The Suspense boundary is in the server's HTML too, so the browser can hydrate everything around it first.
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return HydrateLater;
}

let pageHydrated = false;

/** Called once the page has hydrated (root): later screens start loading their parts with their route module. */
export function markHydrated() {
  pageHydrated = true;
}
