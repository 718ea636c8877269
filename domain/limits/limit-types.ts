/**
 * The client limit types of site-shell §3 and their allowed values (§9). Codes are the spec's:
 * 1-3 wager, 10-12 loss, 20-22 deposit (24 h, 7 d, 30 d), 30 self-exclusion (days), 31 session
 * limit (hours), 32 reality check (minutes), 33 time-out (days).
 */

export const LIMIT_TYPES = [1, 2, 3, 10, 11, 12, 20, 21, 22, 30, 31, 32, 33] as const;
export type LimitType = (typeof LIMIT_TYPES)[number];

export type LimitFamily =
  | 'wager'
  | 'loss'
  | 'deposit'
  | 'self_exclusion'
  | 'session'
  | 'reality_check'
  | 'time_out';

/** -1 means "no limit" for every type (site-shell §3). */
export const NO_LIMIT = -1;
/** The deposit "no limit" value the spec shows to the browser. */
export const DEPOSIT_NO_LIMIT = 999_999_999;
/** Deposit-limit approval delay (site-shell §9): a looser deposit limit waits this long. */
export const APPROVAL_DELAY_SECONDS = 86_400;
export const DAY_SECONDS = 86_400;

const WINDOWS: Record<number, number> = { 0: DAY_SECONDS, 1: 7 * DAY_SECONDS, 2: 30 * DAY_SECONDS };

export const SELF_EXCLUSION_DAYS = [1, 7, 30, 90, 180, 365, 730, 1095, 1825, 3650] as const;
/** The spec also names 360, 720, 1080 and 1800 days; they are accepted as given. */
export const SELF_EXCLUSION_DAYS_ALSO = [360, 720, 1080, 1800] as const;
export const SESSION_LIMIT_HOURS = Array.from({ length: 24 }, (_, i) => i + 1);
export const REALITY_CHECK_MINUTES = [5, 10, 15, 30, 45, 60] as const;
export const TIME_OUT_DAYS = [1, 7, 30, 90] as const;
/** Largest amount limit in major units (below the deposit no-limit value). */
export const MAX_AMOUNT_LIMIT = DEPOSIT_NO_LIMIT - 1;

export function isLimitType(value: unknown): value is LimitType {
  return typeof value === 'number' && (LIMIT_TYPES as readonly number[]).includes(value);
}

/** familyOf(21) → 'deposit'; familyOf(31) → 'session'. */
export function familyOf(type: LimitType): LimitFamily {
  if (type <= 3) return 'wager';
  if (type <= 12) return 'loss';
  if (type <= 22) return 'deposit';
  if (type === 30) return 'self_exclusion';
  if (type === 31) return 'session';
  if (type === 32) return 'reality_check';
  return 'time_out';
}

/** True for the money limits counted over a rolling window (wager, loss, deposit). */
export function isAmountLimit(type: LimitType): boolean {
  return type <= 22;
}

/** The rolling window of an amount limit in seconds: windowSeconds(20) → 86400, (12) → 2592000. */
export function windowSeconds(type: LimitType): number {
  if (!isAmountLimit(type)) throw new Error(`limit type ${type} has no window`);
  const index = type < 10 ? type - 1 : type % 10;
  return WINDOWS[index] ?? DAY_SECONDS;
}

/** The amount limit types of a family: typesOf('deposit') → [20, 21, 22]. */
export function typesOf(family: 'wager' | 'loss' | 'deposit'): LimitType[] {
  if (family === 'wager') return [1, 2, 3];
  if (family === 'loss') return [10, 11, 12];
  return [20, 21, 22];
}

/** Whether `value` may be set for `type` (-1 removes the limit where removal is allowed). */
export function isAllowedValue(type: LimitType, value: number): boolean {
  if (!Number.isSafeInteger(value)) return false;
  const family = familyOf(type);
  if (value === NO_LIMIT) return family !== 'self_exclusion' && family !== 'time_out';
  switch (family) {
    case 'wager':
    case 'loss':
    case 'deposit':
      return value >= 1 && value <= MAX_AMOUNT_LIMIT;
    case 'self_exclusion':
      return (
        (SELF_EXCLUSION_DAYS as readonly number[]).includes(value) ||
        (SELF_EXCLUSION_DAYS_ALSO as readonly number[]).includes(value)
      );
    case 'session':
      return SESSION_LIMIT_HOURS.includes(value);
    case 'reality_check':
      return (REALITY_CHECK_MINUTES as readonly number[]).includes(value);
    case 'time_out':
      return (TIME_OUT_DAYS as readonly number[]).includes(value);
  }
}

/** The options the browser offers (site-shell §3 optionsMap), value → label. Amount limits are free entry. */
export function optionsOf(type: LimitType): number[] {
  switch (familyOf(type)) {
    case 'self_exclusion':
      return [...SELF_EXCLUSION_DAYS];
    case 'session':
      return [...SESSION_LIMIT_HOURS];
    case 'reality_check':
      return [...REALITY_CHECK_MINUTES];
    case 'time_out':
      return [...TIME_OUT_DAYS];
    default:
      return [];
  }
}

/** The unit the value is measured in (site-shell §3 measure). */
export function measureOf(type: LimitType): 'currency' | 'days' | 'hours' | 'minutes' {
  const family = familyOf(type);
  if (family === 'self_exclusion' || family === 'time_out') return 'days';
  if (family === 'session') return 'hours';
  if (family === 'reality_check') return 'minutes';
  return 'currency';
}
