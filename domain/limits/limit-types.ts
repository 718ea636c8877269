/**
 * The client limit types of site-shell §3 and their allowed values (§9). Codes are the spec's:
 * 1-3 wager, 10-12 loss, 20-22 deposit (24 h, 7 d, 30 d), 30 self-exclusion (days), 31 session
 * limit (hours), 32 reality check (minutes), 33 time-out (days). LIMIT_TYPE_TABLE is the one list of
 * them: every other side (server, browser) asks these functions, never compares codes itself.
 */

export type LimitFamily =
  | 'wager'
  | 'loss'
  | 'deposit'
  | 'self_exclusion'
  | 'session'
  | 'reality_check'
  | 'time_out';

export const DAY_SECONDS = 86_400;

/** Each code with its family and, for a money limit, the rolling window it counts over. */
const LIMIT_TYPE_TABLE = {
  1: { family: 'wager', windowSeconds: DAY_SECONDS },
  2: { family: 'wager', windowSeconds: 7 * DAY_SECONDS },
  3: { family: 'wager', windowSeconds: 30 * DAY_SECONDS },
  10: { family: 'loss', windowSeconds: DAY_SECONDS },
  11: { family: 'loss', windowSeconds: 7 * DAY_SECONDS },
  12: { family: 'loss', windowSeconds: 30 * DAY_SECONDS },
  20: { family: 'deposit', windowSeconds: DAY_SECONDS },
  21: { family: 'deposit', windowSeconds: 7 * DAY_SECONDS },
  22: { family: 'deposit', windowSeconds: 30 * DAY_SECONDS },
  30: { family: 'self_exclusion', windowSeconds: null },
  31: { family: 'session', windowSeconds: null },
  32: { family: 'reality_check', windowSeconds: null },
  33: { family: 'time_out', windowSeconds: null },
} as const satisfies Record<number, { family: LimitFamily; windowSeconds: number | null }>;

export type LimitType = keyof typeof LIMIT_TYPE_TABLE;
/** A family with exactly one code. */
export type SingleTypeFamily = 'self_exclusion' | 'session' | 'reality_check' | 'time_out';

/** Every code in ascending order: [1, 2, 3, 10, …, 33]. */
export const LIMIT_TYPES: readonly LimitType[] = Object.keys(LIMIT_TYPE_TABLE)
  .map(Number)
  .sort((a, b) => a - b) as LimitType[];

/** -1 means "no limit" for every type (site-shell §3). */
export const NO_LIMIT = -1;
/** The deposit "no limit" value the spec shows to the browser. */
export const DEPOSIT_NO_LIMIT = 999_999_999;
/** Deposit-limit approval delay (site-shell §9): a looser deposit limit waits this long. */
export const APPROVAL_DELAY_SECONDS = 86_400;

export const SELF_EXCLUSION_DAYS = [1, 7, 30, 90, 180, 365, 730, 1095, 1825, 3650] as const;
/** The spec also names 360, 720, 1080 and 1800 days; they are accepted as given. */
export const SELF_EXCLUSION_DAYS_ALSO = [360, 720, 1080, 1800] as const;
export const SESSION_LIMIT_HOURS = Array.from({ length: 24 }, (_, i) => i + 1);
export const REALITY_CHECK_MINUTES = [5, 10, 15, 30, 45, 60] as const;
export const TIME_OUT_DAYS = [1, 7, 30, 90] as const;
/** Largest amount limit in major units (below the deposit no-limit value). */
export const MAX_AMOUNT_LIMIT = DEPOSIT_NO_LIMIT - 1;

export function isLimitType(value: unknown): value is LimitType {
  return typeof value === 'number' && Object.hasOwn(LIMIT_TYPE_TABLE, value);
}

/** familyOf(21) → 'deposit'; familyOf(31) → 'session'. */
export function familyOf(type: LimitType): LimitFamily {
  return LIMIT_TYPE_TABLE[type].family;
}

/** The family of a code read from outside (an API answer, a form): familyOfCode(32) → 'reality_check', (5) → null. */
export function familyOfCode(code: number): LimitFamily | null {
  return isLimitType(code) ? familyOf(code) : null;
}

/** True for the money limits counted over a rolling window (wager, loss, deposit). */
export function isAmountLimit(type: LimitType): boolean {
  return LIMIT_TYPE_TABLE[type].windowSeconds !== null;
}

/**
 * Self-exclusion and time-out: they end every session, stop play and cannot be cancelled while
 * they run. Takes any code (an API answer's too): isLockLimit(33) → true, isLockLimit(5) → false.
 */
export function isLockLimit(code: number): boolean {
  const family = familyOfCode(code);
  return family === 'self_exclusion' || family === 'time_out';
}

/** The rolling window of an amount limit in seconds: windowSeconds(20) → 86400, (12) → 2592000. */
export function windowSeconds(type: LimitType): number {
  const window = LIMIT_TYPE_TABLE[type].windowSeconds;
  if (window === null) throw new RangeError(`limit type ${type} has no window`);
  return window;
}

/** The codes of a family, shortest window first: typesOf('deposit') → [20, 21, 22]. */
export function typesOf(family: LimitFamily): LimitType[] {
  return LIMIT_TYPES.filter((type) => familyOf(type) === family);
}

/** The code of a single-code family: typeOf('time_out') → 33. */
export function typeOf(family: SingleTypeFamily): LimitType {
  return typesOf(family)[0]!;
}

/** Whether `value` may be set for `type` (-1 removes the limit where removal is allowed). */
export function isAllowedValue(type: LimitType, value: number): boolean {
  if (!Number.isSafeInteger(value)) return false;
  const family = familyOf(type);
  if (value === NO_LIMIT) return !isLockLimit(type);
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
