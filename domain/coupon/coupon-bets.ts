/**
 * The bets of a coupon (coupon-accounts §3 "Bet") and their states (§4 "Bet state"), reusing the
 * sportsbook's predicates so the bet slip and the game pages can never disagree.
 */
import {
  type BetFlags,
  type BetGameState,
  isBetFinished,
  isBetLive,
  isBetLocked,
} from '../sportsbook/bet-state.ts';

export interface CouponBet extends BetFlags {
  market: {
    id: number;
    /** The market's current price, thousandths (spec: market.coef). */
    oddsMilli: number;
    /** Numeric market kind (spec: market.kind, market-kind.ts); kind 7 never qualifies for the express bonus. */
    kind: number;
    isLive: boolean;
  };
  game: BetGameState;
  /** The block the bet sits in (LOBBY_BLOCK_ID when none). */
  blockId: number;
  isBanker: boolean;
  isDisabledBanker: boolean;
}

/** What the state predicates read of a bet. */
export interface BetStateInput extends BetFlags {
  market: { isLive: boolean };
  game: BetGameState;
}

export interface CouponBetState {
  isLocked: boolean;
  isFinished: boolean;
  isLive: boolean;
}

/** A bet's locked, finished and live states. */
export function couponBetState(bet: BetStateInput): CouponBetState {
  return {
    isLocked: isBetLocked(bet),
    isFinished: isBetFinished(bet.game),
    isLive: isBetLive(bet.game, bet.market),
  };
}

/** The indexes of the bets that are locked or finished: the coupon cannot be placed while any remain. */
export function unplaceableBetIndexes(bets: readonly BetStateInput[]): number[] {
  return bets.flatMap((bet, index) => {
    const state = couponBetState(bet);
    return state.isLocked || state.isFinished ? [index] : [];
  });
}

/** True when no bet is live (the coupon is all line). An empty coupon is all line. */
export function isAllLine(bets: readonly Pick<BetStateInput, 'market' | 'game'>[]): boolean {
  return bets.every((bet) => !isBetLive(bet.game, bet.market));
}

export { isBetFinished, isBetLive, isBetLocked };
