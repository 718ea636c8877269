/**
 * Exact conversions between minor units (bigint) and text. No floating point anywhere: a decimal
 * string is split at its separator and the digits are joined as integers.
 */
import { currency } from './currencies.ts';

/** Largest amount accepted anywhere: fits PostgreSQL int8 with room for sums of many postings. */
export const MAX_AMOUNT_MINOR = 10n ** 15n;

export class AmountError extends Error {
  override name = 'AmountError';
}

const DECIMAL = /^(-)?(\d{1,16})(?:[.,](\d{1,6}))?$/;
const WIRE = /^-?\d{1,19}$/;

/**
 * Parses a decimal amount in major units into minor units of the currency.
 * Accepts "150", "150.5", "150,50", optional spaces as thousands separators; refuses more
 * fraction digits than the currency has, exponents, signs (unless allowNegative) and empty input.
 * @example parseAmount('2.5', 'USD') === 250n
 */
export function parseAmount(text: string, iso: string, options: { allowNegative?: boolean } = {}): bigint {
  const { scale } = currency(iso);
  const compact = text.trim().replace(/[\s\u00a0\u202f]/g, '');
  const match = DECIMAL.exec(compact);
  if (!match) throw new AmountError(`not an amount: ${JSON.stringify(text)}`);
  const [, sign, whole = '0', fraction = ''] = match;
  if (sign && !options.allowNegative) throw new AmountError(`negative amount: ${JSON.stringify(text)}`);
  if (fraction.length > scale) {
    throw new AmountError(`${iso} has ${scale} digits after the point: ${JSON.stringify(text)}`);
  }
  const minor = BigInt(whole) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0') || '0');
  if (minor > MAX_AMOUNT_MINOR) throw new AmountError(`amount too large: ${JSON.stringify(text)}`);
  return sign ? -minor : minor;
}

/**
 * Formats minor units as a decimal string with exactly the currency's scale.
 * @example formatAmount(15000n, 'RUB') === '150.00'; formatAmount(150000n, 'RUB', { group: ' ', symbol: true }) === '1 500.00 ₽'
 */
export function formatAmount(
  minor: bigint,
  iso: string,
  options: { group?: string; decimal?: string; symbol?: boolean } = {},
): string {
  const { scale, symbol } = currency(iso);
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(scale + 1, '0');
  let whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  if (options.group) whole = whole.replace(/\B(?=(\d{3})+(?!\d))/g, options.group);
  const number = `${negative ? '-' : ''}${whole}${scale > 0 ? `${options.decimal ?? '.'}${fraction}` : ''}`;
  return options.symbol ? `${number} ${symbol}` : number;
}

/** Minor units from their JSON form (an integer string, e.g. "15000"); throws on anything else. */
export function minorFromWire(text: string): bigint {
  if (!WIRE.test(text))
    throw new AmountError(`not an integer amount of minor units: ${JSON.stringify(text)}`);
  const value = BigInt(text);
  if (value > MAX_AMOUNT_MINOR || value < -MAX_AMOUNT_MINOR)
    throw new AmountError(`amount out of range: ${text}`);
  return value;
}

/** Minor units in their JSON form. */
export function minorToWire(minor: bigint): string {
  return minor.toString();
}

/**
 * A fee of basis points (1/100 %) plus a fixed part, rounded up to a whole minor unit so the
 * house never loses a fraction. @example feeMinor(10001n, 150, 0n) === 151n
 */
export function feeMinor(amountMinor: bigint, basisPoints: number, fixedMinor: bigint): bigint {
  if (!Number.isInteger(basisPoints) || basisPoints < 0)
    throw new AmountError('basis points must be a whole number ≥ 0');
  const scaled = amountMinor * BigInt(basisPoints);
  const proportional = scaled / 10_000n + (scaled % 10_000n === 0n ? 0n : 1n);
  return proportional + fixedMinor;
}
