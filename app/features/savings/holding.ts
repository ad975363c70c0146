// String work only: the holdings list renders in the browser's first load.

/** A holding's remaining period: in force with n days to go, or expired. */
export function holdingPeriod(h: { status: string; remaining_days: number }): { state: "active" | "expired"; days: number } {
  if (h.status === "expired") return { state: "expired", days: 0 };
  return { state: "active", days: Math.max(0, h.remaining_days) };
}
