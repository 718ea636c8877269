/**
 * Exchange rates for counting money against limits kept in another currency. A rate is a fraction
 * of two integers (no floats touch money): 1 major unit of `base` = num/den major units of `quote`,
 * so "USD RUB 92.5" is 925/10. Conversions round up (towards +∞): a counted amount is never smaller
 * than the exact value and at most one minor unit larger — the rounding is in the player's disfavour
 * (it fills the limit sooner), never by more than one minor unit.
 */

export interface ExchangeRate {
  num: bigint;
  den: bigint;
}

/** Largest number of digits a rate may have after the point, and in all. */
export const RATE_MAX_FRACTION_DIGITS = 12;
export const RATE_MAX_DIGITS = 24;

/**
 * A positive decimal rate as a fraction: parseRate('92.5') → { num: 925n, den: 10n }; '0' or '1e3' → null.
 */
export function parseRate(text: string): ExchangeRate | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (fraction.length > RATE_MAX_FRACTION_DIGITS || whole.length + fraction.length > RATE_MAX_DIGITS)
    return null;
  const num = BigInt(whole + fraction);
  if (num === 0n) return null;
  return reduce({ num, den: 10n ** BigInt(fraction.length) });
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a;
  let y = b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

function reduce(rate: ExchangeRate): ExchangeRate {
  const divisor = gcd(rate.num, rate.den);
  return { num: rate.num / divisor, den: rate.den / divisor };
}

/** The rate of the opposite direction: 1/(num/den). */
export function invertRate(rate: ExchangeRate): ExchangeRate {
  return { num: rate.den, den: rate.num };
}

/** A rate as decimal text when it has a finite expansion within 12 digits, else "num/den". */
export function formatRate(rate: ExchangeRate): string {
  for (let digits = 0; digits <= RATE_MAX_FRACTION_DIGITS; digits += 1) {
    const scaled = rate.num * 10n ** BigInt(digits);
    if (scaled % rate.den !== 0n) continue;
    const text = (scaled / rate.den).toString().padStart(digits + 1, '0');
    return digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
  }
  return `${rate.num}/${rate.den}`;
}

/** n / d rounded towards +∞ (d > 0): ceilDiv(7n, 2n) → 4n, ceilDiv(-7n, 2n) → -3n. */
export function ceilDiv(n: bigint, d: bigint): bigint {
  const q = n / d;
  return n % d !== 0n && n > 0n ? q + 1n : q;
}

/**
 * Minor units of one currency in another, rounded up. 10_00 USD cents at 92.5 into kopecks:
 * convertMinor(1000n, 2, 2, { num: 925n, den: 10n }) → 92_500n; 1 kopeck into cents at 1/92.5 → 1n.
 */
export function convertMinor(
  amountMinor: bigint,
  fromScale: number,
  toScale: number,
  rate: ExchangeRate,
): bigint {
  return ceilDiv(amountMinor * rate.num * 10n ** BigInt(toScale), rate.den * 10n ** BigInt(fromScale));
}
