/** Times in the player's time zone (whole hours from UTC), 24 h. */
const two = (n: number) => String(n).padStart(2, '0');

function shifted(iso: string, timeZone: number): Date | null {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : new Date(ms + timeZone * 3_600_000);
}

/** "18:45". */
export function formatTime(iso: string, timeZone: number): string {
  const d = shifted(iso, timeZone);
  return d ? `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}` : '';
}

/** "22.11". */
export function formatDay(iso: string, timeZone: number): string {
  const d = shifted(iso, timeZone);
  return d ? `${two(d.getUTCDate())}.${two(d.getUTCMonth() + 1)}` : '';
}

/** Whether the start falls on the same calendar day as now in the time zone. */
export function isSameDay(iso: string, nowMs: number, timeZone: number): boolean {
  const d = shifted(iso, timeZone);
  const now = new Date(nowMs + timeZone * 3_600_000);
  return d !== null && d.toISOString().slice(0, 10) === now.toISOString().slice(0, 10);
}

/** A game clock: football shows the minute ("67'"), others minutes and seconds ("07:42"). */
export function formatGameClock(seconds: number, minuteOnly: boolean): string {
  const s = Math.max(0, Math.floor(seconds));
  if (minuteOnly) return `${Math.floor(s / 60) + 1}'`;
  return `${two(Math.floor(s / 60))}:${two(s % 60)}`;
}

/** YYYY-MM-DD of a day shifted by `days` from `date`. */
export function shiftDate(date: string, days: number): string {
  const ms = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(ms)) return date;
  return new Date(ms + days * 86_400_000).toISOString().slice(0, 10);
}
