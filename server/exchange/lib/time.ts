/** 'YYYY-MM-DD HH:mm:ss' in UTC (the wire format of created_at). */
export function formatDateTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace("T", " ");
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
