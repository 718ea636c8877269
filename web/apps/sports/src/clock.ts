/** Formats the server clock for display: HH:MM:SS in the player's time zone (whole hours from UTC), 24 h. */
export function formatClock(iso: string, timeZoneHours: number): string | null {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return null;
  const shifted = new Date(ms + timeZoneHours * 3_600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(shifted.getUTCHours())}:${two(shifted.getUTCMinutes())}:${two(shifted.getUTCSeconds())}`;
}

/** The `now` of a clock message ({"now":"2026-11-22T10:00:00.000Z"}), or null for anything else. */
export function clockNow(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const now = (data as { now?: unknown }).now;
  return typeof now === 'string' && !Number.isNaN(Date.parse(now)) ? now : null;
}
