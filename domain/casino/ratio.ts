/**
 * Exact fractions over bigint, so an RTP is computed from a game's definition with no rounding:
 * 36/37 stays 36/37, and a paytable's return is a fraction the test compares with `===`.
 */

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

export class Ratio {
  /** Always in lowest terms with a positive denominator. */
  readonly numerator: bigint;
  readonly denominator: bigint;

  constructor(numerator: bigint, denominator = 1n) {
    if (denominator === 0n) throw new Error('a ratio over zero');
    const sign = denominator < 0n ? -1n : 1n;
    const divisor = gcd(numerator, denominator) || 1n;
    this.numerator = (sign * numerator) / divisor;
    this.denominator = (sign * denominator) / divisor;
  }

  /** A ratio from its text "n/d" or "n", as definitions state their RTP. */
  static parse(text: string): Ratio {
    const match = /^(-?\d+)(?:\/(\d+))?$/.exec(text);
    if (!match) throw new Error(`not a ratio: ${text}`);
    return new Ratio(BigInt(match[1]!), BigInt(match[2] ?? '1'));
  }

  static readonly ZERO = new Ratio(0n);

  plus(other: Ratio): Ratio {
    return new Ratio(
      this.numerator * other.denominator + other.numerator * this.denominator,
      this.denominator * other.denominator,
    );
  }

  minus(other: Ratio): Ratio {
    return this.plus(new Ratio(-other.numerator, other.denominator));
  }

  times(other: Ratio): Ratio {
    return new Ratio(this.numerator * other.numerator, this.denominator * other.denominator);
  }

  equals(other: Ratio): boolean {
    return this.numerator === other.numerator && this.denominator === other.denominator;
  }

  compare(other: Ratio): number {
    const left = this.numerator * other.denominator;
    const right = other.numerator * this.denominator;
    return left < right ? -1 : left > right ? 1 : 0;
  }

  /** For display and confidence intervals only; the exact value is the fraction. */
  toNumber(): number {
    const scale = 10n ** 15n;
    return Number((this.numerator * scale) / this.denominator) / Number(scale);
  }

  toString(): string {
    return this.denominator === 1n ? `${this.numerator}` : `${this.numerator}/${this.denominator}`;
  }
}

/** Binomial coefficient C(n, k) as a bigint (0 outside 0 ≤ k ≤ n). */
export function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  const m = Math.min(k, n - k);
  let result = 1n;
  for (let i = 1; i <= m; i += 1) result = (result * BigInt(n - m + i)) / BigInt(i);
  return result;
}

/** A multiplier in thousandths (1980 = 1.98×) as an exact ratio. */
export function milli(multiplierMilli: number | bigint): Ratio {
  return new Ratio(BigInt(multiplierMilli), 1000n);
}
