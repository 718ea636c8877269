/**
 * Model test (issue 7, "Speed and integrity"): the coupon maths against a brute-force reference
 * written separately here. The reference enumerates every combination explicitly (bit masks over
 * the legs), keeps every amount as an exact reduced fraction of bigints, and floors once at the
 * end, the rounding rule of settlement.ts. The implementation instead uses elementary symmetric
 * sums and numerators over 2000, so the two share no code but the rule.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OutcomeResult } from '../sportsbook/settlement.ts';
import { expressCoefMilli, systemCoefMilli, systemCombinationCoefsMilli } from './coefficient.ts';
import { possibleWinMinor, settleCoupon } from './coupon-payout.ts';
import { settleExpressMinor, settleMultipleSinglesMinor, settleSystemMinor } from './settlement.ts';
import { systemCombinationCount, systemValues } from './system.ts';

// ---- reference: exact rationals ------------------------------------------------------------

interface Fraction {
  num: bigint;
  den: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  let [x, y] = [a < 0n ? -a : a, b];
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

function fraction(num: bigint, den = 1n): Fraction {
  const divisor = gcd(num, den) || 1n;
  return { num: num / divisor, den: den / divisor };
}

const add = (a: Fraction, b: Fraction) => fraction(a.num * b.den + b.num * a.den, a.den * b.den);
const mul = (a: Fraction, b: Fraction) => fraction(a.num * b.num, a.den * b.den);
const floor = (a: Fraction) => a.num / a.den; // num ≥ 0 throughout
const ONE = fraction(1n);
const HALF = fraction(1n, 2n);

function refFactor(oddsMilli: number, result: OutcomeResult): Fraction {
  const odds = fraction(BigInt(oddsMilli), 1000n);
  if (result === 'win') return odds;
  if (result === 'half_win') return mul(add(odds, ONE), HALF); // half the stake at the odds, half back
  if (result === 'void') return ONE;
  if (result === 'half_lose') return HALF; // half the stake back, half lost
  return fraction(0n);
}

function popcount(mask: number): number {
  let count = 0;
  for (let m = mask; m > 0; m >>= 1) count += m & 1;
  return count;
}

/** Every k-subset of n legs that holds every banker, as index lists. */
function refCombinations(n: number, k: number, bankers: readonly number[]): number[][] {
  const bankerMask = bankers.reduce((mask, i) => mask | (1 << i), 0);
  const found: number[][] = [];
  for (let mask = 0; mask < 1 << n; mask++) {
    if (popcount(mask) !== k || (mask & bankerMask) !== bankerMask) continue;
    found.push(Array.from({ length: n }, (_, i) => i).filter((i) => mask & (1 << i)));
  }
  return found.sort(lexicographic); // the order the implementation lists them in
}

function lexicographic(a: readonly number[], b: readonly number[]): number {
  const at = a.findIndex((x, i) => x !== b[i]);
  return at === -1 ? 0 : a[at]! - b[at]!;
}

interface Leg {
  oddsMilli: number;
  result: OutcomeResult;
}

function refSystemPayout(
  amount: bigint,
  legs: readonly Leg[],
  k: number,
  bankers: readonly number[],
): bigint {
  const combos = refCombinations(legs.length, k, bankers);
  const stake = fraction(amount, BigInt(combos.length));
  let total = fraction(0n);
  for (const combo of combos) {
    total = add(
      total,
      combo.reduce((acc, i) => mul(acc, refFactor(legs[i]!.oddsMilli, legs[i]!.result)), stake),
    );
  }
  return floor(total);
}

function refBonus(legs: readonly Leg[]): Fraction {
  if (legs.some((leg) => leg.result === 'lose' || leg.result === 'half_lose')) return ONE;
  const counted = legs.filter((leg) => leg.result !== 'void').length;
  if (counted < 3) return ONE;
  return counted >= 10 ? fraction(11n, 10n) : add(ONE, fraction(BigInt(counted), 100n));
}

function refExpressPayout(amount: bigint, legs: readonly Leg[], bonus: Fraction): bigint {
  const product = legs.reduce((acc, leg) => mul(acc, refFactor(leg.oddsMilli, leg.result)), fraction(amount));
  return floor(mul(product, bonus));
}

const refCoefMilli = (value: Fraction) => floor(mul(value, fraction(1000n)));
const refOdds = (legs: readonly { oddsMilli: number }[], indexes: readonly number[]) =>
  indexes.reduce((acc, i) => mul(acc, fraction(BigInt(legs[i]!.oddsMilli), 1000n)), ONE);

function refBinomial(n: number, k: number): bigint {
  const factorial = (m: number): bigint => (m <= 1 ? 1n : BigInt(m) * factorial(m - 1));
  return factorial(n) / (factorial(k) * factorial(n - k));
}

// ---- generators ----------------------------------------------------------------------------

const oddsArb = fc.oneof(
  fc.integer({ min: 1001, max: 5000 }),
  fc.constantFrom(1001, 1100, 1500, 1850, 1855, 2000, 3333),
  fc.integer({ min: 1001, max: 10_000_000 }),
);
const resultArb = fc.constantFrom<OutcomeResult>('win', 'half_win', 'void', 'half_lose', 'lose');
const legArb = fc.record({ oddsMilli: oddsArb, result: resultArb });
const amountArb = fc.oneof(fc.bigInt({ min: 0n, max: 1000n }), fc.bigInt({ min: 0n, max: 10n ** 15n }));

/** A system of 3..10 legs with 0..n−2 bankers and an offered value. */
const systemArb = fc.array(legArb, { minLength: 3, maxLength: 10 }).chain((legs) =>
  fc
    .subarray(
      legs.map((_, i) => i),
      { maxLength: legs.length - 2 },
    )
    .chain((bankers) =>
      fc.record({
        legs: fc.constant(legs),
        bankers: fc.constant(bankers),
        value: fc.integer({ min: Math.max(2, bankers.length + 1), max: legs.length - 1 }),
        amountMinor: amountArb,
      }),
    ),
);

const withBankers = (legs: readonly Leg[], bankers: readonly number[]) =>
  legs.map((leg, i) => ({ ...leg, isBanker: bankers.includes(i) }));

const RUNS = { numRuns: 300 };

// ---- properties ----------------------------------------------------------------------------

describe('coupon maths against the brute-force reference', () => {
  it('system payout (bankers, voids, half results) equals the enumeration', () => {
    fc.assert(
      fc.property(systemArb, ({ legs, bankers, value, amountMinor }) => {
        const expected = refSystemPayout(amountMinor, legs, value, bankers);
        expect(settleSystemMinor(amountMinor, withBankers(legs, bankers), value)).toBe(expected);
        const typed = {
          amountMinor,
          legs: withBankers(legs, bankers),
          systemValue: value,
          isExpressBonus: false,
        };
        expect(settleCoupon({ ...typed, typeId: 2 }).payoutMinor).toBe(expected);
      }),
      RUNS,
    );
  });

  it('type 4 ignores banker flags', () => {
    fc.assert(
      fc.property(systemArb, ({ legs, bankers, amountMinor }) => {
        const coupon = {
          amountMinor,
          legs: withBankers(legs, bankers),
          systemValue: 2,
          isExpressBonus: false,
        };
        expect(settleCoupon({ ...coupon, typeId: 4 }).payoutMinor).toBe(
          refSystemPayout(amountMinor, legs, 2, []),
        );
      }),
      RUNS,
    );
  });

  it('express payout, with and without the bonus, equals the reference', () => {
    fc.assert(
      fc.property(fc.array(legArb, { minLength: 2, maxLength: 12 }), amountArb, (legs, amountMinor) => {
        expect(settleExpressMinor(amountMinor, legs)).toBe(refExpressPayout(amountMinor, legs, ONE));
        const plain = settleCoupon({ typeId: 1, amountMinor, legs, systemValue: 2, isExpressBonus: false });
        expect(plain).toEqual({ payoutMinor: refExpressPayout(amountMinor, legs, ONE), bonusMinor: 0n });
        const bonus = settleCoupon({ typeId: 1, amountMinor, legs, systemValue: 2, isExpressBonus: true });
        expect(bonus.payoutMinor).toBe(refExpressPayout(amountMinor, legs, refBonus(legs)));
        expect(bonus.bonusMinor).toBe(bonus.payoutMinor - plain.payoutMinor);
        expect(bonus.bonusMinor >= 0n).toBe(true);
      }),
      RUNS,
    );
  });

  it('multiple singles equal the sum of each single floored', () => {
    const betArb = fc.record({ oddsMilli: oddsArb, result: resultArb, amountMinor: amountArb });
    fc.assert(
      fc.property(fc.array(betArb, { minLength: 1, maxLength: 10 }), (bets) => {
        const expected = bets.reduce(
          (sum, bet) => sum + floor(mul(fraction(bet.amountMinor), refFactor(bet.oddsMilli, bet.result))),
          0n,
        );
        expect(settleMultipleSinglesMinor(bets)).toBe(expected);
      }),
      RUNS,
    );
  });

  it('coefficients equal the reference: express product, system mean, each combination', () => {
    fc.assert(
      fc.property(systemArb, ({ legs, bankers, value }) => {
        const all = legs.map((_, i) => i);
        expect(expressCoefMilli(legs.map((leg) => leg.oddsMilli))).toBe(refCoefMilli(refOdds(legs, all)));
        const combos = refCombinations(legs.length, value, bankers);
        const sum = combos.reduce((acc, combo) => add(acc, refOdds(legs, combo)), fraction(0n));
        const priced = withBankers(legs, bankers);
        expect(systemCoefMilli(priced, value)).toBe(
          refCoefMilli(mul(sum, fraction(1n, BigInt(combos.length)))),
        );
        const listed = systemCombinationCoefsMilli(priced, value);
        expect(listed.map((c) => c.betIndexes)).toEqual(combos);
        expect(listed.map((c) => c.coefMilli)).toEqual(
          combos.map((combo) => refCoefMilli(refOdds(legs, combo))),
        );
      }),
      { numRuns: 150 },
    );
  });

  it('system combination count equals C(n − b, k − b), and C(n, k) without bankers', () => {
    fc.assert(
      fc.property(systemArb, ({ legs, bankers, value }) => {
        const n = legs.length;
        expect(systemCombinationCount(n, bankers.length, value)).toBe(
          BigInt(refCombinations(n, value, bankers).length),
        );
        expect(systemCombinationCount(n, 0, value)).toBe(refBinomial(n, value));
        for (const item of systemValues(n, bankers.length, 1n)) {
          expect(BigInt(item.combo)).toBe(refBinomial(n - bankers.length, item.value - bankers.length));
          expect(item.minBetAmountMinor).toBe(BigInt(item.combo));
        }
      }),
      RUNS,
    );
  });
});

describe('coupon maths invariants', () => {
  const couponArb = fc.oneof(
    systemArb.map(({ legs, bankers, value, amountMinor }) => ({
      typeId: 2,
      amountMinor,
      legs: withBankers(legs, bankers),
      systemValue: value,
    })),
    fc.record({
      typeId: fc.constant(1),
      amountMinor: amountArb,
      legs: fc.array(legArb, { minLength: 2, maxLength: 12 }),
      systemValue: fc.constant(2),
    }),
    fc.record({
      typeId: fc.constant(0),
      amountMinor: amountArb,
      legs: fc.tuple(legArb),
      systemValue: fc.constant(2),
    }),
    fc.record({
      typeId: fc.constant(10001),
      amountMinor: amountArb,
      legs: fc.array(legArb, { minLength: 1, maxLength: 8 }),
      systemValue: fc.constant(2),
    }),
  );

  it('payout is never negative and never above the possible win', () => {
    fc.assert(
      fc.property(couponArb, fc.boolean(), (coupon, bonus) => {
        const isExpressBonus = bonus && coupon.typeId === 1;
        const { payoutMinor, bonusMinor } = settleCoupon({ ...coupon, isExpressBonus });
        expect(payoutMinor >= 0n && bonusMinor >= 0n && bonusMinor <= payoutMinor).toBe(true);
        expect(payoutMinor <= possibleWinMinor({ ...coupon, isExpressBonus })).toBe(true);
      }),
      RUNS,
    );
  });

  it('a coupon whose legs all void returns the stake, with no bonus', () => {
    fc.assert(
      fc.property(couponArb, (coupon) => {
        const legs = coupon.legs.map((leg) => ({ ...leg, result: 'void' as const }));
        const stake = coupon.typeId === 10001 ? coupon.amountMinor * BigInt(legs.length) : coupon.amountMinor;
        expect(settleCoupon({ ...coupon, legs, isExpressBonus: true })).toEqual({
          payoutMinor: stake,
          bonusMinor: 0n,
        });
      }),
      RUNS,
    );
  });

  it('a coupon whose legs all win pays its possible win', () => {
    fc.assert(
      fc.property(couponArb, (coupon) => {
        const legs = coupon.legs.map((leg) => ({ ...leg, result: 'win' as const }));
        expect(settleCoupon({ ...coupon, legs, isExpressBonus: false }).payoutMinor).toBe(
          possibleWinMinor(coupon),
        );
      }),
      RUNS,
    );
  });
});
