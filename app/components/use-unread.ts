import { useEffect, useState } from "react";

const pushSchema = () => import("~/contract/notifications").then((m) => m.NotifyPushSchema);

/**
 * My unread notifications for the header's badge: the page's count (the root loader's, right on every load without
 * JavaScript), then each NOTIFY push over /events while the page is open (a new notification, or some read on another
 * page). The live relay's client and the push's schema load after hydration, so the badge adds nothing to any page's
 * first-load JavaScript.
 */
export function useUnreadCount(initial: number, signedIn: boolean): number {
  const [count, setCount] = useState(initial);
  useEffect(() => setCount(initial), [initial]);
  useEffect(() => {
    if (!signedIn) return undefined;
    let stop: (() => void) | null = null;
    let cancelled = false;
    import("~/lib/live/connection").then(
      (live) => {
        if (!cancelled) stop = live.listenChannel("NOTIFY", pushSchema, (push) => setCount(push.unread));
      },
      () => {},
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [signedIn]);
  return count;
}
