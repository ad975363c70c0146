// Times as every screen shows them: one time zone, UTC (decision 010). No imports, so any page can use it.

/** A record's time for the tables, in UTC so the server's render and the browser's agree ('2026-11-21 22:15 UTC'). */
export function formatTime(ms: number): string {
  if (!Number.isFinite(ms) || ms <= 0) return "";
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
