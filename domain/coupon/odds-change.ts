/**
 * What happens when prices move between the moment the player saw the coupon and placement
 * (coupon settings changeCoefAction, default 2):
 *
 * | action | meaning              | a leg's price went up | went down | unchanged |
 * |--------|----------------------|-----------------------|-----------|-----------|
 * |   0    | accept no change     | rejected ODDS_CHANGED | rejected ODDS_CHANGED | accepted |
 * |   1    | accept higher odds   | accepted at the new   | rejected ODDS_LOWERED | accepted |
 * |   2    | accept any change    | accepted at the new   | accepted at the new   | accepted |
 *
 * Each leg is judged on its own (a fall on one leg is not offset by a rise on another), because a
 * system has no single price to compare. A leg whose market is gone (current price null) rejects
 * the coupon with MARKET_UNAVAILABLE whatever the action. Accepted coupons are placed at the
 * current prices.
 */

export const CHANGE_COEF_ACTION = { ACCEPT_NONE: 0, ACCEPT_HIGHER: 1, ACCEPT_ANY: 2 } as const;
export type ChangeCoefAction = (typeof CHANGE_COEF_ACTION)[keyof typeof CHANGE_COEF_ACTION];
export const DEFAULT_CHANGE_COEF_ACTION: ChangeCoefAction = CHANGE_COEF_ACTION.ACCEPT_ANY;

/** True for 0, 1 and 2. */
export function isChangeCoefAction(value: number): value is ChangeCoefAction {
  return value === 0 || value === 1 || value === 2;
}

export interface LegPrice {
  /** The price the player saw, thousandths. */
  seenOddsMilli: number;
  /** The price now; null when the market is suspended or gone. */
  currentOddsMilli: number | null;
}

export type OddsChangeRejection = 'ODDS_CHANGED' | 'ODDS_LOWERED' | 'MARKET_UNAVAILABLE';

export type OddsDecision =
  | { accepted: true; oddsMilli: number[]; isChanged: boolean }
  | { accepted: false; reason: OddsChangeRejection; legIndex: number };

/**
 * Accepts the coupon at the current prices or rejects it with the first offending leg.
 * @example decideOddsChange(1, [{ seenOddsMilli: 1850, currentOddsMilli: 1800 }]) → rejected ODDS_LOWERED at leg 0
 */
export function decideOddsChange(action: ChangeCoefAction, legs: readonly LegPrice[]): OddsDecision {
  const oddsMilli: number[] = [];
  for (const [legIndex, leg] of legs.entries()) {
    const current = leg.currentOddsMilli;
    if (current === null) return { accepted: false, reason: 'MARKET_UNAVAILABLE', legIndex };
    if (current !== leg.seenOddsMilli && action === CHANGE_COEF_ACTION.ACCEPT_NONE) {
      return { accepted: false, reason: 'ODDS_CHANGED', legIndex };
    }
    if (current < leg.seenOddsMilli && action === CHANGE_COEF_ACTION.ACCEPT_HIGHER) {
      return { accepted: false, reason: 'ODDS_LOWERED', legIndex };
    }
    oddsMilli.push(current);
  }
  return {
    accepted: true,
    oddsMilli,
    isChanged: legs.some((leg) => leg.currentOddsMilli !== leg.seenOddsMilli),
  };
}
