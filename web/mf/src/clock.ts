/**
 * Times and dates as the player reads them (coupon-accounts §3 global settings: time zone and is12h):
 * the player's zone in whole hours from UTC and a 24 h or 12 h clock. Times of day are written from
 * the shifted UTC fields rather than through Intl (the player's 12 h setting, not the locale, picks
 * the clock, and ICU versions disagree on the space before "PM"); dates go through the shared
 * Intl formatters of @parlay/i18n/format.ts with the page language.
 * @example formatClockTime('2026-11-22T12:05:00Z', { timeZone: 3, is12h: true }) === '3:05 PM'
 */

import { DEFAULT_GLOBAL_SETTINGS } from '@parlay/domain/session/global-settings.ts';
import { formatDate as formatZoneDate, formatDayMonth as formatZoneDayMonth } from '@parlay/i18n/format.ts';

export interface Clock {
  /** Whole hours from UTC, -12…14. */
  timeZone: number;
  is12h: boolean;
}

/** The site's default zone and 24 h clock (global settings' defaults). */
export const DEFAULT_CLOCK: Readonly<Clock> = {
  timeZone: DEFAULT_GLOBAL_SETTINGS.timeZone,
  is12h: DEFAULT_GLOBAL_SETTINGS.is12h === 1,
};

/** A change of the 12 h setting made on the page, so every clock on screen follows at once. */
export const CLOCK_FORMAT_EVENT = 'parlay:clock-format';

type Moment = string | number;

const two = (n: number) => String(n).padStart(2, '0');

/** The moment moved into the zone: its UTC fields read as the player's wall clock. */
function shifted(at: Moment, timeZone: number): Date | null {
  const ms = typeof at === 'number' ? at : Date.parse(at);
  return Number.isFinite(ms) ? new Date(ms + timeZone * 3_600_000) : null;
}

/** "15:05" or "3:05 PM" ("15:05:09", "3:05:09 PM" with seconds); "" for what is not a time. */
export function formatClockTime(at: Moment, clock: Clock, options: { seconds?: boolean } = {}): string {
  const d = shifted(at, clock.timeZone);
  if (!d) return '';
  const hours = d.getUTCHours();
  const rest = `${two(d.getUTCMinutes())}${options.seconds ? `:${two(d.getUTCSeconds())}` : ''}`;
  if (!clock.is12h) return `${two(hours)}:${rest}`;
  return `${hours % 12 === 0 ? 12 : hours % 12}:${rest} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** "22.11" (ru) or "22/11" (en) in the zone. */
export function formatDayMonth(at: Moment, lng: string, clock: Pick<Clock, 'timeZone'>): string {
  return formatZoneDayMonth(at, lng, clock.timeZone);
}

/** "22.11.2026" (ru) or "22/11/2026" (en): the short dates of ru-RU and en-GB. */
export function formatDate(at: Moment, lng: string, clock: Pick<Clock, 'timeZone'>): string {
  return formatZoneDate(at, lng, clock.timeZone);
}

/** "22.11.2026, 15:05" (ru, 24 h) or "22/11/2026, 3:05 PM" (en, 12 h). */
export function formatDateTime(at: Moment, lng: string, clock: Clock): string {
  const date = formatDate(at, lng, clock);
  return date ? `${date}, ${formatClockTime(at, clock)}` : '';
}

/** "UTC+3", "UTC−5". */
export function zoneLabel(timeZone: number): string {
  return `UTC${timeZone >= 0 ? '+' : '−'}${Math.abs(timeZone)}`;
}

/** Whether the moment falls on the same calendar day as `nowMs` in the zone. */
export function isSameDay(at: Moment, nowMs: number, clock: Pick<Clock, 'timeZone'>): boolean {
  const d = shifted(at, clock.timeZone);
  const now = shifted(nowMs, clock.timeZone);
  return d !== null && now !== null && d.toISOString().slice(0, 10) === now.toISOString().slice(0, 10);
}

/** Tells every clock on the page that the player switched between 12 h and 24 h. */
export function announceClockFormat(is12h: boolean): void {
  window.dispatchEvent(new CustomEvent(CLOCK_FORMAT_EVENT, { detail: { is12h } }));
}

/** Listens for announceClockFormat; returns the unsubscribe. */
export function subscribeClockFormat(listener: (is12h: boolean) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<{ is12h: boolean }>).detail.is12h === true);
  window.addEventListener(CLOCK_FORMAT_EVENT, handle);
  return () => window.removeEventListener(CLOCK_FORMAT_EVENT, handle);
}
