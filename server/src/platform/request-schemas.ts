/**
 * Request schemas shared by every module's routes: ids bounded to the columns that hold them, so a
 * value past a column's range is a 400 at the door instead of a failed query. A bigint id travels
 * as a string of digits (JSON numbers lose digits past 2^53); a 32-bit id as an integer.
 */
import { type TSchema, Type } from '@sinclair/typebox';

/** The largest PostgreSQL bigint: every bigserial id is at most this. */
export const MAX_BIGINT = 2n ** 63n - 1n;
/** The largest PostgreSQL integer: every serial id is at most this. */
export const MAX_INT32 = 2_147_483_647;

/**
 * A regular expression (source, no anchors) matching the decimal numbers 1 to `max` written without
 * sign or leading zeros: shorter numbers, then for each digit of max a smaller digit there after
 * max's own prefix, then max itself.
 * @example new RegExp(`^${decimalUpTo(250n)}$`).test('249') // true; '251', '0', '007' are false
 */
export function decimalUpTo(max: bigint): string {
  const digits = max.toString();
  const n = digits.length;
  const alternatives = n > 1 ? [`[1-9]\\d{0,${n - 2}}`] : [];
  for (let i = 0; i < n; i++) {
    const low = i === 0 ? 1 : 0;
    const digit = Number(digits[i]);
    if (digit - 1 >= low) alternatives.push(`${digits.slice(0, i)}[${low}-${digit - 1}]\\d{${n - i - 1}}`);
  }
  alternatives.push(digits);
  return `(?:${alternatives.join('|')})`;
}

const BIGINT_ID_PATTERN = `^${decimalUpTo(MAX_BIGINT)}$`;

/** A bigint id as a string of digits: 1 to 2^63 − 1. */
export const IdString = (options: { description?: string } = {}) =>
  Type.String({ pattern: BIGINT_ID_PATTERN, maxLength: 19, ...options });

/**
 * A bigint id as a string, or as a JSON number where it is still exact (up to 2^53 − 1). The string
 * comes first: Ajv's type coercion would turn a number into a string in the other order too.
 */
export const Id = (options: { description?: string } = {}) =>
  Type.Union([IdString(), Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })], options);

/** Any value of a 32-bit integer column. */
export const Int32 = (options: { minimum?: number; description?: string } = {}) =>
  Type.Integer({ minimum: -MAX_INT32 - 1, maximum: MAX_INT32, ...options });

/** An id of a 32-bit (serial) column. */
export const Int32Id = (options: { description?: string } = {}) =>
  Type.Integer({ minimum: 1, maximum: MAX_INT32, ...options });

/** An object keyed by bigint ids (strings of digits); any other key is refused, not dropped. */
export const IdMap = <T extends TSchema>(
  value: T,
  options: { maxProperties?: number; description?: string } = {},
) => Type.Record(IdString(), value, { propertyNames: { pattern: BIGINT_ID_PATTERN }, ...options });
