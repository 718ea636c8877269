/**
 * The account-conversion reminder (site-shell §4; coupon-accounts §3 remaining_days_to_activate):
 * a player whose account still waits for a confirmed contact (a one-click account converting to a
 * full one, or a registration's unconfirmed e-mail or phone) is reminded once per day and at most
 * once per browser session while days remain; the modal links to /confirm. Not on the day of the
 * registration itself (all ACTIVATION_PERIOD_DAYS left): that day the registration form has just
 * offered the same step, so the first reminder comes the next day.
 */
import { ACTIVATION_PERIOD_DAYS } from '@parlay/domain/auth/activation.ts';

export const CONVERSION_REMINDER_DAY_KEY = 'parlay_conversion_reminder_day';
export const CONVERSION_REMINDER_SESSION_KEY = 'parlay_conversion_reminder_shown';
/** After the page settles, so the reminder does not cover what the player came for at once. */
export const CONVERSION_REMINDER_DELAY_MS = 3000;

/** The local calendar day of a moment, YYYY-MM-DD. */
export function localDay(nowMs: number): string {
  const date = new Date(nowMs);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * Whether to remind now: days remain, and it was not shown today to this user nor this session.
 * `lastShown` is the stored "<userId>:<day>" of the last reminder.
 * @example shouldRemindConversion({ days: 12, userId: 7, lastShown: '7:2026-11-21', today: '2026-11-22', shownThisSession: false }) // true
 */
export function shouldRemindConversion(input: {
  days: unknown;
  userId: number;
  lastShown: string | null;
  today: string;
  shownThisSession: boolean;
}): boolean {
  if (typeof input.days !== 'number' || !Number.isInteger(input.days) || input.days <= 0) return false;
  if (input.days >= ACTIVATION_PERIOD_DAYS) return false;
  if (input.shownThisSession) return false;
  return input.lastShown !== `${input.userId}:${input.today}`;
}

let days: number | null = null;

/** The days the open reminder tells about (set before it opens). */
export function conversionDays(): number | null {
  return days;
}

export function setConversionDays(value: number | null): void {
  days = value;
}
