/**
 * Counting against amount limits over rolling windows, the session-time budget and the
 * browser's reality-check timer. Pure: the clock is an argument.
 */
import { DEFAULT_GLOBAL_SETTINGS } from '../session/global-settings.ts';
import { DAY_SECONDS, NO_LIMIT } from './limit-types.ts';

/**
 * The zone whose calendar days the limits count in ("today" of the session limit, the day, week
 * and month of the player's statistics): the site's default time zone (site-shell §9: 3).
 */
export const LIMITS_DAY_OFFSET_HOURS: number = DEFAULT_GLOBAL_SETTINGS.timeZone;

/** An event at `atSec` counts in a window of `windowSec` ending at `nowSec`: now − window < at ≤ now. */
export function isInWindow(atSec: number, nowSec: number, windowSec: number): boolean {
  return atSec > nowSec - windowSec && atSec <= nowSec;
}

/** Sum of the amounts inside the window. */
export function usedInWindow(
  events: readonly { atSec: number; amountMinor: bigint }[],
  nowSec: number,
  windowSec: number,
): bigint {
  let used = 0n;
  for (const e of events) if (isInWindow(e.atSec, nowSec, windowSec)) used += e.amountMinor;
  return used;
}

export type AmountCheck =
  | { allowed: true; remainingMinor: bigint | null }
  | { allowed: false; remainingMinor: bigint };

/**
 * Whether `amountMinor` more fits under `limitMinor` (null: no limit) given `usedMinor` already.
 * checkAmount(100_00n, 60_00n, 40_00n) allows (exactly at the limit); 40_01n does not.
 */
export function checkAmount(limitMinor: bigint | null, usedMinor: bigint, amountMinor: bigint): AmountCheck {
  if (limitMinor === null) return { allowed: true, remainingMinor: null };
  const remaining = limitMinor - usedMinor;
  const clamped = remaining > 0n ? remaining : 0n;
  return amountMinor <= remaining
    ? { allowed: true, remainingMinor: clamped - amountMinor }
    : { allowed: false, remainingMinor: clamped };
}

/** The limit in minor units from a value in whole major units (-1: none). */
export function limitMinorOf(value: number, scale: number): bigint | null {
  return value === NO_LIMIT ? null : BigInt(value) * 10n ** BigInt(scale);
}

/** Start of the calendar day containing `nowSec` in a zone `offsetHours` east of UTC. */
export function dayStartSec(nowSec: number, offsetHours: number): number {
  const offset = offsetHours * 3600;
  return Math.floor((nowSec + offset) / DAY_SECONDS) * DAY_SECONDS - offset;
}

/** Start of the week (Monday) containing `nowSec` in the zone. */
export function weekStartSec(nowSec: number, offsetHours: number): number {
  const day = dayStartSec(nowSec, offsetHours);
  const weekday = (Math.floor((day + offsetHours * 3600) / DAY_SECONDS) + 3) % 7; // 1970-01-01 was a Thursday
  return day - weekday * DAY_SECONDS;
}

/** Start of the calendar month containing `nowSec` in the zone. */
export function monthStartSec(nowSec: number, offsetHours: number): number {
  const local = new Date((nowSec + offsetHours * 3600) * 1000);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) / 1000 - offsetHours * 3600;
}

/** Session time a ping adds: the gap since the last ping, at most `maxGapSec` (a closed tab adds nothing). */
export function sessionSecondsToAdd(lastPingSec: number | null, nowSec: number, maxGapSec: number): number {
  if (lastPingSec === null || nowSec <= lastPingSec) return 0;
  return Math.min(nowSec - lastPingSec, maxGapSec);
}

/** Seconds left of a session limit of `hours` after `usedSec` today (null: no limit). */
export function sessionSecondsLeft(hours: number, usedSec: number): number | null {
  if (hours === NO_LIMIT) return null;
  return Math.max(0, hours * 3600 - usedSec);
}

/** Reality-check chunk (site-shell §9): timers longer than this wait in pieces, limits refreshed between. */
export const REALITY_CHECK_CHUNK_MS = 5 * 60_000;

/** The timer end to use: a stored future end resumes; otherwise the interval starts now. */
export function realityCheckEndMs(
  storedEndMs: number | null,
  nowMs: number,
  intervalMinutes: number,
): number {
  if (storedEndMs !== null && Number.isFinite(storedEndMs) && storedEndMs > nowMs) return storedEndMs;
  return nowMs + intervalMinutes * 60_000;
}

/** How long to wait before the next look: at most one chunk, 0 when the end has come. */
export function nextWaitMs(endMs: number, nowMs: number, chunkMs = REALITY_CHECK_CHUNK_MS): number {
  return Math.max(0, Math.min(endMs - nowMs, chunkMs));
}
