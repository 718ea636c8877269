/**
 * Express bonus (coupon-accounts §5 "Express bonus bet", "Bonus bet coefficient", §9 "Bonus
 * express"): an express of at least 3 bets, each at 1.1 or more, gets its coefficient multiplied
 * by a bonus coefficient.
 *
 * The bonus coefficient, spec words: "1.1 if fewer than 1 or 10 or more bets; otherwise 1 plus
 * the bet count expressed in percent". Read as: n bets with 1 ≤ n ≤ 9 give 1 + n/100, so 3 bets
 * → 1.03, 5 → 1.05, 9 → 1.09; 0 bets and 10 or more give 1.10. In thousandths: 1000 + 10·n,
 * else 1100. The two branches meet at n = 10 (1 + 10 % = 1.10), so the rule is continuous.
 *
 * The bonus multiplies the whole return (stake included): stake 100.00 at 5.00 with 5 bets pays
 * 500.00 × 1.05 = 525.00, of which 25.00 is bonus.
 *
 * At settlement (chosen here, the spec is silent): the bonus is paid when no leg lost or half
 * lost and at least 3 legs are not void; its coefficient is recomputed from the legs that are
 * not void (an express of 5 with one void leg is paid as an express of 4: 1.04).
 */

import { COUPON_TYPE } from './coupon-type.ts';
import type { SettledLeg } from './settlement.ts';

export const EXPRESS_BONUS_MIN_BETS = 3;
/** Every bet's coefficient must be at least 1.1. */
export const EXPRESS_BONUS_MIN_BET_ODDS_MILLI = 1100;
/** The coupon coefficient must be at least 1.01. */
export const EXPRESS_BONUS_MIN_COUPON_COEF_MILLI = 1010n;
/** Bets of market kind 7 never qualify (spec §5): the kind (market-kind.ts: 'live'), not the type id. */
export const EXPRESS_BONUS_EXCLUDED_MARKET_KIND = 7;
/** 1.1: the coefficient below 1 bet and from 10 bets on. */
export const EXPRESS_BONUS_FLAT_COEF_MILLI = 1100;

export interface ExpressBonusInput {
  /** The site config allows the express bonus. */
  isAllowedBySite: boolean;
  typeId: number;
  bets: readonly { market: { oddsMilli: number; kind: number } }[];
  /** The coupon coefficient in thousandths (expressCoefMilli of the bets). */
  coefMilli: bigint;
}

/** Whether the express bonus is available (all five conditions of spec §5). */
export function isExpressBonusAvailable(input: ExpressBonusInput): boolean {
  return (
    input.isAllowedBySite &&
    input.typeId === COUPON_TYPE.EXPRESS &&
    input.bets.every(
      (bet) =>
        bet.market.oddsMilli >= EXPRESS_BONUS_MIN_BET_ODDS_MILLI &&
        bet.market.kind !== EXPRESS_BONUS_EXCLUDED_MARKET_KIND,
    ) &&
    input.bets.length >= EXPRESS_BONUS_MIN_BETS &&
    input.coefMilli >= EXPRESS_BONUS_MIN_COUPON_COEF_MILLI
  );
}

/** The bonus coefficient in thousandths for n bets. @example expressBonusCoefMilli(5) === 1050 */
export function expressBonusCoefMilli(betCount: number): number {
  if (!Number.isSafeInteger(betCount) || betCount < 0) throw new RangeError(`bet count ${betCount}`);
  if (betCount < 1 || betCount >= 10) return EXPRESS_BONUS_FLAT_COEF_MILLI;
  return 1000 + 10 * betCount;
}

/** The bonus coefficient paid on a settled express, or 1000 (none); see the rule above. */
export function settledExpressBonusCoefMilli(legs: readonly Pick<SettledLeg, 'result'>[]): number {
  if (legs.some((leg) => leg.result === 'lose' || leg.result === 'half_lose')) return 1000;
  const counted = legs.filter((leg) => leg.result !== 'void').length;
  return counted >= EXPRESS_BONUS_MIN_BETS ? expressBonusCoefMilli(counted) : 1000;
}
