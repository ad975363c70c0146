import { useSyncExternalStore } from "react";

/**
 * Whether the page's live feed flows (app/lib/use-live.ts sets it; components/live-notice.tsx shows it). Its own
 * module, so the notice in every page's shell does not carry the feed's code.
 */
export type LiveStatus = "live" | "paused";

let status: LiveStatus = "live";
const listeners = new Set<() => void>();

export function setLiveStatus(next: LiveStatus) {
  if (next === status) return;
  status = next;
  for (const l of listeners) l();
}

/** "paused" while the page has live channels and /events is refused or unreachable; "live" otherwise. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (notify) => {
      listeners.add(notify);
      return () => void listeners.delete(notify);
    },
    () => status,
    () => "live",
  );
}
