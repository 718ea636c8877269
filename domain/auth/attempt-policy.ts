/**
 * How the server answers repeated attempts at login, registration and password recovery: counts of
 * recent failures (per account and per IP address) decide whether a captcha is needed and which
 * kind, and counts of recent attempts decide when to refuse outright (429). Counters live in fixed
 * windows (see ATTEMPT_WINDOWS_MS) so every process reads the same numbers from the database.
 *
 * Captcha error codes (site-shell §5, §8: a 400 with one of these makes the browser solve the
 * matching captcha and retry with the captcha header):
 * - 100: a captcha is required and none was sent; solve an image (arithmetic) captcha.
 * - 111: the captcha answer sent is wrong; solve a new one of the same type.
 * - 112: the captcha sent is unknown, expired or already used; fetch a new one.
 * - 113: a proof-of-work (time) captcha is required: too many failures for an image captcha.
 */

export type AttemptAction = 'login' | 'registration' | 'recovery';
export type CaptchaType = 'image' | 'pow';
export type CaptchaErrorCode = 100 | 111 | 112 | 113;

export const CAPTCHA_ERROR_CODES = {
  required: 100,
  wrongAnswer: 111,
  expired: 112,
  powRequired: 113,
} as const satisfies Record<string, CaptchaErrorCode>;

/** Length of the counting windows. */
export const ATTEMPT_WINDOWS_MS = {
  /** Failures that lead to a captcha. */
  failures: 15 * 60_000,
  /** All attempts from one address, for the hard limit. */
  burst: 60_000,
  /** Registrations and recovery requests. */
  hourly: 60 * 60_000,
} as const;

interface Thresholds {
  /** Failures (per account, per IP) from which an image captcha is asked. */
  image: { account: number; ip: number };
  /** Failures from which a proof-of-work captcha is asked instead. */
  pow: { account: number; ip: number };
  /** Attempts per IP address within the burst window above which the answer is 429. */
  burstPerIp: number;
}

export const ATTEMPT_THRESHOLDS: Readonly<Record<AttemptAction, Thresholds>> = {
  login: { image: { account: 3, ip: 10 }, pow: { account: 10, ip: 50 }, burstPerIp: 30 },
  // For registration the "failures" are registrations already made from the address in the hour.
  registration: { image: { account: 1_000_000, ip: 3 }, pow: { account: 1_000_000, ip: 20 }, burstPerIp: 10 },
  // For recovery they are recovery requests in the hour, per account and per address.
  recovery: { image: { account: 2, ip: 5 }, pow: { account: 6, ip: 30 }, burstPerIp: 10 },
};

export interface AttemptCounts {
  accountFailures: number;
  ipFailures: number;
}

/**
 * The captcha needed before the next attempt, or null when none is.
 * @example requiredCaptcha('login', { accountFailures: 3, ipFailures: 0 }) // 'image'
 */
export function requiredCaptcha(action: AttemptAction, counts: AttemptCounts): CaptchaType | null {
  const t = ATTEMPT_THRESHOLDS[action];
  if (counts.accountFailures >= t.pow.account || counts.ipFailures >= t.pow.ip) return 'pow';
  if (counts.accountFailures >= t.image.account || counts.ipFailures >= t.image.ip) return 'image';
  return null;
}

/** Whether an attempt beyond the burst limit must be refused (429). */
export function isOverBurst(action: AttemptAction, attemptsInBurstWindow: number): boolean {
  return attemptsInBurstWindow > ATTEMPT_THRESHOLDS[action].burstPerIp;
}

/** Start of the fixed window that contains nowMs. */
export function windowStartMs(nowMs: number, windowMs: number): number {
  return nowMs - (nowMs % windowMs);
}

/** The error code for a missing captcha of the required type. */
export function captchaRequiredCode(type: CaptchaType): CaptchaErrorCode {
  return type === 'pow' ? CAPTCHA_ERROR_CODES.powRequired : CAPTCHA_ERROR_CODES.required;
}

/** Captcha types ordered by strength: a stronger one satisfies a weaker requirement. */
export function captchaSatisfies(solved: CaptchaType, required: CaptchaType): boolean {
  return solved === 'pow' || required === 'image';
}

/**
 * Whether a proof-of-work answer is right: SHA-256 of challenge + ':' + nonce (computed by the
 * caller) must start with `bits` zero bits.
 */
export function hasLeadingZeroBits(digest: Uint8Array, bits: number): boolean {
  const whole = Math.floor(bits / 8);
  for (let i = 0; i < whole; i += 1) if (digest[i] !== 0) return false;
  const rest = bits % 8;
  if (rest === 0) return true;
  const next = digest[whole] ?? 0xff;
  return next >> (8 - rest) === 0;
}
