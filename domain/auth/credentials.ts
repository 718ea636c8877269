/**
 * Rules for what a person types when registering or signing in: passwords (length only, no
 * composition rules), e-mail addresses, phone numbers (country code + national number, E.164
 * limits), account numbers and the minimum age.
 */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const MINIMUM_AGE_YEARS = 18;
export const ACCOUNT_NUMBER_MIN = 1_000_000_000;
export const ACCOUNT_NUMBER_MAX = 9_999_999_999;

export type PasswordProblem = 'too_short' | 'too_long';

/**
 * Why a password is refused, or null when it is acceptable. Length counts characters (code points),
 * so a passphrase in any script or with emoji is measured as a person sees it.
 * @example passwordProblem('correct horse') // null
 */
export function passwordProblem(password: string): PasswordProblem | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return 'too_short';
  if (length > PASSWORD_MAX_LENGTH) return 'too_long';
  return null;
}

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,189}\.[^\s@.]{2,63}$/;

/** Lower-cased, trimmed e-mail, or null when it cannot be an address. */
export function normalizeEmail(raw: string): string | null {
  const email = raw.trim().toLowerCase();
  return email.length <= 254 && EMAIL.test(email) ? email : null;
}

export interface Phone {
  /** Country calling code, digits only ("7", "44", "1242"). */
  code: string;
  /** National number, digits only. */
  number: string;
}

/**
 * Digits of a phone (a leading + and spaces, dashes, dots and brackets are dropped), or null when
 * the parts cannot form an E.164 number (code 1-4 digits, number 4-14, 15 digits in all).
 * @example normalizePhone('+7', '(912) 345-67-89') // { code: '7', number: '9123456789' }
 */
export function normalizePhone(rawCode: string, rawNumber: string): Phone | null {
  const code = rawCode.trim().replace(/^\+/, '');
  const number = rawNumber.replace(/[\s\-().]/g, '');
  if (!/^[1-9]\d{0,3}$/.test(code) || !/^\d{4,14}$/.test(number)) return null;
  if (code.length + number.length > 15) return null;
  return { code, number };
}

/** What a login field holds: an e-mail address or an account number. */
export type LoginIdentifier = { kind: 'email'; email: string } | { kind: 'account'; accountNumber: number };

export function parseLogin(raw: string): LoginIdentifier | null {
  const trimmed = raw.trim();
  if (/^\d{10}$/.test(trimmed)) {
    const accountNumber = Number(trimmed);
    if (accountNumber >= ACCOUNT_NUMBER_MIN && accountNumber <= ACCOUNT_NUMBER_MAX) {
      return { kind: 'account', accountNumber };
    }
    return null;
  }
  const email = normalizeEmail(trimmed);
  return email ? { kind: 'email', email } : null;
}

/**
 * Whether someone born on birthDate (YYYY-MM-DD) is of age on today (YYYY-MM-DD); a birthday on
 * 29 February counts from 1 March in other years.
 * @example isOfAge('2008-05-10', '2026-05-10') // true
 */
export function isOfAge(birthDate: string, today: string, years: number = MINIMUM_AGE_YEARS): boolean {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age -= 1;
  return age >= years;
}

/** A real calendar date written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
