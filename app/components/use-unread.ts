import { useEffect, useState } from "react";
import { useLiveChannel } from "~/lib/use-live";

const pushSchema = () => import("~/contract/notifications").then((m) => m.NotifyPushSchema);

/**
 * My unread notifications for the header's badge: the page's count (the root loader's, right on every load without
 * JavaScript), then each NOTIFY push over /events while the page is open (a new notification, or some read on another
 * page). The push's schema loads after hydration, so the badge adds no zod to any page's first load.
 */
export function useUnreadCount(initial: number, signedIn: boolean): number {
  const [count, setCount] = useState(initial);
  useEffect(() => setCount(initial), [initial]);
  useLiveChannel(signedIn ? "NOTIFY" : null, pushSchema, (push) => setCount(push.unread));
  return count;
}
