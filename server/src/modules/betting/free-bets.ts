/**
 * Free bets in the bet slip (issue 20, docs/free-bets.md). A coupon placed with `freeBetId` stakes
 * the player's free bet (a bonus of kind free_bet, granted by the bonus engine) instead of money:
 *
 * - Placement (full path only): a single or an express from the player's real account, without a
 *   promo code, staked with exactly the free bet's amount. A live coupon waits for its delay with
 *   the free bet taken; a rejection at the end of the delay gives it back (decide-live-bets.ts). The
 *   bonus engine's port (FreeBetPort, installed by hookBonuses of the bonuses module) checks the
 *   owner, that it is active and unexpired, the campaign's conditions (minimum odds, products) and
 *   marks it used by this bet under the bonus row's lock, inside the placement transaction: of two
 *   parallel placements with one free bet exactly one takes it, a rollback gives it back.
 * - Ledger: no stake is reserved or moved (the stake is the free bet's, not the player's money; the
 *   bet has no reservation). The bet's answer carries `freeBetId`, which is how settlement and
 *   cash-out know it.
 * - Settlement: a win pays only the winnings, max(0, payout − stake), house → the player's account,
 *   under the usual key settle:<betId>:<version> (reversed by a resettlement like any payout); the
 *   express bonus is not given to free bets, so the winnings are at most stake × (coefficient − 1).
 *   A loss (and a half loss) pays nothing. A void bet (every leg void) pays nothing and gives the
 *   free bet back, as real books return a voided free bet token; a resettlement of that bet into a
 *   win or a loss takes the free bet back first, and when the player has used it on another bet
 *   meanwhile the resettled bet pays nothing (the free bet is used at most once).
 * - Cash-out is refused (CASHOUT_FREE_BET): selling back a stake the player never paid would turn
 *   the free bet into money.
 * - The loss limits and the wagering of money bonuses see a stake of 0 and the winnings paid.
 */

import { COUPON_TYPE } from '@parlay/domain/coupon/index.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/schema.ts';

export type FreeBetProblem =
  | 'FREE_BET_NOT_FOUND'
  | 'FREE_BET_USED'
  | 'FREE_BET_EXPIRED'
  | 'FREE_BET_STAKE'
  | 'FREE_BET_MIN_COEF'
  | 'FREE_BET_NOT_ALLOWED';

/** What betting needs of the bonus engine for free bets; every call runs in betting's transaction. */
export interface FreeBetPort {
  /** Checks the free bet for this coupon and marks it used by the bet, or answers why not. */
  take(
    trx: Kysely<Database>,
    input: {
      userId: bigint;
      bonusId: bigint;
      betId: bigint;
      currency: string;
      stakeMinor: bigint;
      coefMilli: bigint | null;
      now: Date;
    },
  ): Promise<FreeBetProblem | null>;
  /** A void settlement: the free bet used by this bet is the player's again. */
  giveBack(trx: Kysely<Database>, input: { bonusId: bigint; betId: bigint }): Promise<void>;
  /**
   * A win or loss settlement: true when the free bet is (or is taken back to be) used by this bet;
   * false when another bet uses it now.
   */
  hold(trx: Kysely<Database>, input: { bonusId: bigint; betId: bigint; now: Date }): Promise<boolean>;
}

/** The coupon types a free bet can stake. */
export const isFreeBetCouponType = (typeId: number) =>
  typeId === COUPON_TYPE.SINGLE || typeId === COUPON_TYPE.EXPRESS;

/** The free bet a bet was placed with (its answer's freeBetId), or null. */
export function freeBetIdOf(answer: unknown): bigint | null {
  const value = typeof answer === 'string' ? safeParse(answer) : answer;
  const id = (value as { freeBetId?: unknown } | null)?.freeBetId;
  return typeof id === 'string' && /^\d{1,19}$/.test(id) ? BigInt(id) : null;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** What a settled free bet pays the player: the winnings only (the stake was never theirs). */
export const freeBetWinningsMinor = (payoutMinor: bigint, stakeMinor: bigint) =>
  payoutMinor > stakeMinor ? payoutMinor - stakeMinor : 0n;
