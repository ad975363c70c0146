import { lazy, Suspense, type ComponentType } from "react";

/**
 * A part of a screen whose JavaScript is not in the screen's first load: the server renders it in full (so it works
 * before and without JavaScript), and the browser hydrates it once its chunk has arrived, which starts as the rest
 * of the page hydrates. Until then it is the server's HTML: a form posts as it does without JavaScript, and input
 * typed meanwhile stays (hydration keeps the DOM). Meant for forms, whose hook library (conform, ~10 KB gz) only
 * adds checks as you type and answers without a page load.
 *
 *   const WithdrawForm = hydrateLater(() => import("~/features/assets/withdraw-form").then((m) => m.WithdrawForm));
 *
 * The server bundle has no chunks: its import resolves at once, so a render never waits for it. A screen reached by
 * a link after hydration starts the load when its route module arrives, while its data loads.
 */
export function hydrateLater<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let Loaded: ComponentType<P> | undefined;
  const loadOnce = (() => {
    let pending: Promise<{ default: ComponentType<P> }> | undefined;
    return () =>
      (pending ??= load().then((component) => {
        Loaded = component;
        return { default: component };
      }));
  })();
  // Once loaded, the module is handed over synchronously: React then renders it without suspending (a server render
  // never streams a fallback, a later screen never blinks).
  const now = (): Promise<{ default: ComponentType<P> }> =>
    Loaded ? ({ then: (ok: (m: { default: ComponentType<P> }) => void) => ok({ default: Loaded! }) } as never) : loadOnce();
  const Lazy = lazy(now) as unknown as ComponentType<P>;
  if (typeof document === "undefined" || pageStarted()) void loadOnce();
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

/**
 * Whether the page's router is already running, i.e. this route module arrived for a link followed after the first
 * load (on the first load the route modules are evaluated before the entry creates the router). Only an early
 * start of the load depends on it.
 */
function pageStarted() {
  return "__remixRouter" in window;
}
