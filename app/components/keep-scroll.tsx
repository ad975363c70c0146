import { useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useLayoutEffect, useRef } from "react";

/** A layout effect in the browser; on the server (where it would do nothing but warn) a plain one. */
const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

/**
 * A reload from the live feed (a revalidation) leaves the page where the reader has scrolled it.
 *
 * The router saves the scroll position when a revalidation starts and, when it ends, `<ScrollRestoration>` scrolls
 * back to that saved position: whoever scrolled (or tabbed, which scrolls) while the reload was on its way was pulled
 * back to where they had been, with focus off the screen. On a slow phone a reload takes seconds. Rendered before
 * `<ScrollRestoration>`, so its layout effect runs first in the commit that ends the reload: it notes where the page
 * stands and puts it back right after the router's scroll, before the browser paints. Navigations (a link, a form)
 * are left to `<ScrollRestoration>`.
 */
export function KeepScrollOnReload() {
  const { state } = useRevalidator();
  const navigation = useNavigation();
  const was = useRef(state);
  useBrowserLayoutEffect(() => {
    const ended = was.current === "loading" && state === "idle";
    was.current = state;
    if (!ended || navigation.state !== "idle") return;
    const y = window.scrollY;
    queueMicrotask(() => {
      if (window.scrollY !== y) window.scrollTo(0, y);
    });
  }, [state, navigation.state]);
  return null;
}
