/**
 * Property test of the cash-out valuation (issue 16 item 1): for any coupon (single, express,
 * system with or without bankers, multiple singles) and any state of its markets (open, some
 * outcomes suspended, the leg's market or game suspended, settled, void, gone), the offer never
 * exceeds what the prices support, and a coupon cashed out at the prices it was accepted at never
 * returns more than its stake. The bound is computed here separately, as exact fractions over an
 * explicit list of combinations.
 */

import { combinations, systemValueRange } from '@parlay/domain/coupon/index.ts';
import type { OutcomeResult } from '@parlay/domain/sportsbook/settlement.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type LegMarket, type ValuedCoupon, type ValuedLeg, valueCashout } from './cash-out-value.ts';

interface Fraction {
  num: bigint;
  den: bigint;
}
const mul = (a: Fraction, b: Fraction): Fraction => ({ num: a.num * b.num, den: a.den * b.den });
const add = (a: Fraction, b: Fraction): Fraction => ({
  num: a.num * b.den + b.num * a.den,
  den: a.den * b.den,
});
const ONE: Fraction = { num: 1n, den: 1n };

/**
 * What one unit on the leg is worth at the current prices, margin included: an open leg pays
 * accepted/current per unit a new bet on its outcome costs now; a settled leg its actual factor.
 */
function boundFactor(leg: ValuedLeg): Fraction {
  const odds = BigInt(leg.oddsMilli);
  switch (leg.result) {
    case null:
      return leg.market ? { num: odds, den: BigInt(leg.market.oddsMilli) } : { num: 0n, den: 1n };
    case 'win':
      return { num: odds, den: 1000n };
    case 'half_win':
      return { num: odds + 1000n, den: 2000n };
    case 'void':
      return ONE;
    case 'half_lose':
      return { num: 1n, den: 2n };
    case 'lose':
      return { num: 0n, den: 1n };
  }
}

/** stake × the coupon's payout per unit bought back at the current prices (the offer's ceiling). */
function priceBound(coupon: ValuedCoupon): Fraction {
  const factors = coupon.legs.map(boundFactor);
  const product = (indexes: number[]) => indexes.reduce((acc, i) => mul(acc, factors[i]!), ONE);
  if (coupon.typeId === 10001) {
    return coupon.legs.reduce<Fraction>(
      (sum, leg, i) => add(sum, mul({ num: leg.amountMinor ?? 0n, den: 1n }, factors[i]!)),
      { num: 0n, den: 1n },
    );
  }
  const stake = { num: coupon.stakeMinor, den: 1n };
  if (coupon.typeId === 2 || coupon.typeId === 4) {
    const bankers = coupon.legs.flatMap((leg, i) => (leg.isBanker ? [i] : []));
    const free = coupon.legs.flatMap((leg, i) => (leg.isBanker ? [] : [i]));
    const combos = combinations(free.length, coupon.systemValue - bankers.length);
    const sum = combos.reduce<Fraction>(
      (acc, combo) => add(acc, product([...bankers, ...combo.map((i) => free[i]!)])),
      { num: 0n, den: 1n },
    );
    return mul(stake, mul(sum, { num: 1n, den: BigInt(combos.length) }));
  }
  return mul(stake, product(coupon.legs.map((_, i) => i)));
}

const oddsArb = fc.integer({ min: 1001, max: 60_000 });

/** The states the feed leaves a leg's market in ('gone': the market no longer exists). */
type LegState = 'open' | 'other_suspended' | 'own_suspended' | 'market_suspended' | 'game_suspended' | 'gone';

interface LegInput {
  state: LegState;
  result: OutcomeResult | null;
  currentMilli: number;
  others: number[];
  /** Null: accepted at the current price (a cash-out right after placement). */
  acceptedMilli: number | null;
  amountMinor: bigint;
}

const legArb: fc.Arbitrary<LegInput> = fc.record({
  state: fc.constantFrom<LegState>(
    'open',
    'open',
    'open',
    'other_suspended',
    'own_suspended',
    'market_suspended',
    'game_suspended',
    'gone',
  ),
  result: fc.option(fc.constantFrom<OutcomeResult>('win', 'lose', 'void', 'half_win', 'half_lose'), {
    freq: 3,
  }),
  currentMilli: oddsArb,
  others: fc.array(oddsArb, { minLength: 1, maxLength: 3 }),
  acceptedMilli: fc.option(oddsArb, { freq: 2 }),
  amountMinor: fc.bigInt({ min: 1n, max: 10n ** 8n }),
});

function toLeg(input: LegInput, isBanker: boolean): ValuedLeg {
  const { state } = input;
  const market: LegMarket = {
    oddsMilli: input.currentMilli,
    // The leg's market, outcome and game take bets (the game's suspension suspends its markets).
    isOpen: state === 'open' || state === 'other_suspended',
    outcomes: [
      { oddsMilli: input.currentMilli, isOpen: state !== 'own_suspended' && state !== 'market_suspended' },
      ...input.others.map((oddsMilli, i) => ({
        oddsMilli,
        isOpen:
          state !== 'market_suspended' &&
          state !== 'game_suspended' &&
          !(state === 'other_suspended' && i === 0),
      })),
    ],
  };
  return {
    oddsMilli: input.acceptedMilli ?? input.currentMilli,
    isBanker,
    amountMinor: input.amountMinor,
    result: input.result,
    market: input.result === null && state !== 'gone' ? market : null,
  };
}

const stakeArb = fc.bigInt({ min: 1n, max: 10n ** 9n });
const marginArb = fc.integer({ min: 0, max: 3000 });

/** Any coupon of any type over legs drawn from `legArb`. */
function couponOf(legArb: fc.Arbitrary<LegInput>): fc.Arbitrary<ValuedCoupon> {
  return fc.oneof(
    fc.record({ leg: legArb, stake: stakeArb }).map(({ leg, stake }) => ({
      typeId: 0,
      stakeMinor: stake,
      systemValue: 2,
      legs: [toLeg(leg, false)],
    })),
    fc.record({ legs: fc.array(legArb, { minLength: 2, maxLength: 6 }), stake: stakeArb }).map((c) => ({
      typeId: 1,
      stakeMinor: c.stake,
      systemValue: 2,
      legs: c.legs.map((leg) => toLeg(leg, false)),
    })),
    fc
      .record({
        legs: fc.array(legArb, { minLength: 3, maxLength: 6 }),
        bankers: fc.nat(),
        value: fc.nat(),
        stake: stakeArb,
      })
      .map((c) => {
        // Type 4 has no bankers; type 2 has at least one and leaves a system of at least 2 over them.
        const bankers = c.bankers % (c.legs.length - 2);
        const range = systemValueRange(c.legs.length, bankers)!;
        return {
          typeId: bankers > 0 ? 2 : 4,
          stakeMinor: c.stake,
          systemValue: range.min + (c.value % (range.max - range.min + 1)),
          legs: c.legs.map((leg, i) => toLeg(leg, i < bankers)),
        };
      }),
    fc.array(legArb, { minLength: 1, maxLength: 6 }).map((legs) => {
      const valued = legs.map((leg) => toLeg(leg, false));
      return {
        typeId: 10001,
        stakeMinor: valued.reduce((sum, leg) => sum + leg.amountMinor!, 0n),
        systemValue: 2,
        legs: valued,
      };
    }),
  );
}

const couponArb = couponOf(legArb);
/** Every leg open and accepted at its current price: a coupon just placed. */
const placedNowArb = couponOf(legArb.map((leg) => ({ ...leg, result: null, acceptedMilli: null })));

const RUNS = { numRuns: 2000, seed: 16_001 };

const atMost = (value: bigint, bound: Fraction) => value * bound.den <= bound.num;

describe('cash-out valuation (property)', () => {
  it('never offers more than stake × the coupon’s payout bought back at the current prices', () => {
    fc.assert(
      fc.property(couponArb, marginArb, (coupon, margin) => {
        const valuation = valueCashout(coupon, margin);
        expect(valuation.offerMinor).toBeLessThanOrEqual(valuation.fairMinor);
        // Offered or only shown, the figure stays within the prices.
        expect(atMost(valuation.offerMinor, priceBound(coupon))).toBe(true);
      }),
      RUNS,
    );
  });

  it('a coupon cashed out at the prices it was accepted at never returns more than its stake', () => {
    fc.assert(
      fc.property(placedNowArb, marginArb, (coupon, margin) => {
        const valuation = valueCashout(coupon, margin);
        expect(valuation.offerMinor).toBeLessThanOrEqual(coupon.stakeMinor);
      }),
      RUNS,
    );
  });

  it('is unavailable while any open leg’s market is suspended, has a suspended outcome or is gone', () => {
    fc.assert(
      fc.property(couponArb, marginArb, (coupon, margin) => {
        const incomplete = coupon.legs.some(
          (leg) =>
            leg.result === null &&
            (leg.market === null || !leg.market.isOpen || leg.market.outcomes.some((o) => !o.isOpen)),
        );
        const settled = coupon.legs.every((leg) => leg.result !== null);
        if (incomplete || settled) expect(valueCashout(coupon, margin).isAvailable).toBe(false);
      }),
      RUNS,
    );
  });

  it('the reported case: an away win at 29.00 with the home win suspended is not offered', () => {
    const leg: ValuedLeg = {
      oddsMilli: 29_000,
      isBanker: false,
      amountMinor: null,
      result: null,
      market: {
        oddsMilli: 29_000,
        isOpen: true,
        outcomes: [
          { oddsMilli: 1030, isOpen: false },
          { oddsMilli: 29_000, isOpen: true },
        ],
      },
    };
    const coupon = { typeId: 0, stakeMinor: 10_000n, systemValue: 2, legs: [leg] };
    expect(valueCashout(coupon, 500)).toMatchObject({ isAvailable: false });
    expect(valueCashout(coupon, 500).offerMinor).toBeLessThanOrEqual(10_000n);
  });
});
