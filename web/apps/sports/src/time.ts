/** Times of the sports pages; start times and days follow the player's clock (@parlay/mf/clock.ts). */
export { formatClockTime, formatDayMonth, isSameDay } from '@parlay/mf/clock.ts';

const two = (n: number) => String(n).padStart(2, '0');

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
