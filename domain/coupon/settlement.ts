/**
 * Settlement maths of a placed coupon: what it pays back (stake included) from each leg's result.
 *
 * A leg returns a factor of the money riding on it: win → odds, half_win → (odds + 1) / 2,
 * void → 1, half_lose → 1/2, lose → 0 (odds as decimals). Factors are kept exact as numerators
 * over 2000, so a whole coupon's return is one exact fraction.
 *
 * Rounding rule, the only one: a placed bet's return is computed exactly and floored once, to the
 * minor unit, at the end. A single, an express and a whole system are each one placed bet (the
 * system's combinations share the stake equally as exact fractions, so a system of 100 minor
 * units over 3 combinations that all void returns 100, not 3 × 33); multiple singles are several
 * placed bets, each floored on its own. The floor is in the house's favour by less than one minor
 * unit per placed bet.
 */
import { MAX_ODDS_MILLI, MIN_ODDS_MILLI } from '../odds/formats.ts';
import type { OutcomeResult } from '../sportsbook/settlement.ts';
import { binomial, subsetProductSum } from './combinations.ts';
import { assertBetCount } from './coupon-type.ts';
import { systemValueRange } from './system.ts';

/** Leg factors are numerators over this denominator (half a thousandth is the finest step). */
export const LEG_FACTOR_DENOMINATOR = 2000n;

export interface SettledLeg {
  oddsMilli: number;
  result: OutcomeResult;
  /** Counted only by system settlement (the caller drops flags a coupon type does not allow). */
  isBanker?: boolean;
}

/**
 * A leg's return per unit staked, over 2000: win 2·odds, half_win odds + 1000, void 2000,
 * half_lose 1000, lose 0. @example legFactor2000(1850, 'half_win') === 2850n // 1.425
 */
export function legFactor2000(oddsMilli: number, result: OutcomeResult): bigint {
  assertOddsMilli(oddsMilli);
  const odds = BigInt(oddsMilli);
  switch (result) {
    case 'win':
      return 2n * odds;
    case 'half_win':
      return odds + 1000n;
    case 'void':
      return LEG_FACTOR_DENOMINATOR;
    case 'half_lose':
      return 1000n;
    case 'lose':
      return 0n;
  }
}

/** A single pays floor(stake × factor). @example settleSingleMinor(10000n, { oddsMilli: 1850, result: 'win' }) === 18500n */
export function settleSingleMinor(amountMinor: bigint, leg: SettledLeg): bigint {
  assertAmount(amountMinor);
  return (amountMinor * legFactor2000(leg.oddsMilli, leg.result)) / LEG_FACTOR_DENOMINATOR;
}

/**
 * An express pays floor(stake × product of leg factors × bonus), bonus in thousandths (1000 = none).
 * @example settleExpressMinor(10000n, [{ oddsMilli: 2000, result: 'win' }, { oddsMilli: 1500, result: 'void' }]) === 20000n
 */
export function settleExpressMinor(
  amountMinor: bigint,
  legs: readonly SettledLeg[],
  bonusCoefMilli = 1000,
): bigint {
  assertAmount(amountMinor);
  assertLegs(legs, 2);
  if (!Number.isSafeInteger(bonusCoefMilli) || bonusCoefMilli < 1000) {
    throw new RangeError(`bonus coefficient must be whole thousandths ≥ 1000, got ${bonusCoefMilli}`);
  }
  let numerator = amountMinor * BigInt(bonusCoefMilli);
  for (const leg of legs) numerator *= legFactor2000(leg.oddsMilli, leg.result);
  return numerator / (LEG_FACTOR_DENOMINATOR ** BigInt(legs.length) * 1000n);
}

/**
 * A system k from n pays floor(Σ over its combinations of stake / C × product of the
 * combination's factors); bankers (isBanker) are in every combination.
 * @example settleSystemMinor(30000n, three legs at 2.00 all won, 2) === 120000n // 3 × 100.00 × 4.00
 */
export function settleSystemMinor(
  amountMinor: bigint,
  legs: readonly SettledLeg[],
  systemValue: number,
): bigint {
  assertAmount(amountMinor);
  assertLegs(legs, 3);
  const bankers = legs.filter((leg) => leg.isBanker);
  const range = systemValueRange(legs.length, bankers.length);
  if (!range || !Number.isSafeInteger(systemValue) || systemValue < range.min || systemValue > range.max) {
    throw new RangeError(
      `system ${systemValue} from ${legs.length} with ${bankers.length} bankers is not offered`,
    );
  }
  const free = legs.filter((leg) => !leg.isBanker).map((leg) => legFactor2000(leg.oddsMilli, leg.result));
  let numerator = amountMinor * subsetProductSum(free, systemValue - bankers.length);
  for (const leg of bankers) numerator *= legFactor2000(leg.oddsMilli, leg.result);
  const combos = binomial(free.length, systemValue - bankers.length);
  return numerator / (combos * LEG_FACTOR_DENOMINATOR ** BigInt(systemValue));
}

/** Multiple singles: each bet is its own single with its own amount, floored on its own. */
export function settleMultipleSinglesMinor(bets: readonly (SettledLeg & { amountMinor: bigint })[]): bigint {
  assertLegs(bets, 1);
  return bets.reduce((sum, bet) => sum + settleSingleMinor(bet.amountMinor, bet), 0n);
}

/** Throws RangeError unless the price is stored thousandths in MIN_ODDS_MILLI..MAX_ODDS_MILLI. */
export function assertOddsMilli(oddsMilli: number): void {
  if (!Number.isSafeInteger(oddsMilli) || oddsMilli < MIN_ODDS_MILLI || oddsMilli > MAX_ODDS_MILLI) {
    throw new RangeError(
      `odds must be integer thousandths in ${MIN_ODDS_MILLI}..${MAX_ODDS_MILLI}, got ${oddsMilli}`,
    );
  }
}

/** Throws RangeError on a negative amount. */
export function assertAmount(amountMinor: bigint): void {
  if (amountMinor < 0n) throw new RangeError(`amount must not be negative, got ${amountMinor}`);
}

function assertLegs(legs: readonly unknown[], atLeast: number): void {
  assertBetCount(legs.length);
  if (legs.length < atLeast) throw new RangeError(`needs at least ${atLeast} bets, got ${legs.length}`);
}
