/**
 * Odds boosts in the bet slip (issue 20, docs/free-bets.md §Odds boosts). A coupon placed with
 * `oddsBoostId` applies the player's one-use odds boost (a bonus of kind odds_boost granted by the
 * bonus engine): a winning bet gets percentBp of its profit on top, at most the boost's cap
 * (domain/bonus/odds-boost.ts), paid at settlement exactly like a promo code's profit boost — its
 * own transfer (reason promo_boost, key promo:<betId>:<version>), reversed and reposted by a
 * resettlement. Lost and void bets get nothing; the boost stays used.
 *
 * - Placement (full path only): a single or an express staked from the player's real account,
 *   without a promo code or a free bet, not waiting behind a live delay. The bonus engine's port
 *   checks the owner, that it is active and unexpired, the campaign's minimum odds and products, and
 *   marks it used by the bet under the bonus row's lock inside the placement transaction (of two
 *   parallel placements one takes it; a rollback gives it back).
 * - The bet stores the boost's percentage in bets.promo_boost_basis_points (as a promo code would)
 *   and its id and cap in the answer (`oddsBoostId`, `oddsBoostCapMinor`; no migration in betting).
 */

export type OddsBoostProblem =
  | 'ODDS_BOOST_NOT_FOUND'
  | 'ODDS_BOOST_USED'
  | 'ODDS_BOOST_EXPIRED'
  | 'ODDS_BOOST_MIN_COEF'
  | 'ODDS_BOOST_NOT_ALLOWED';

import type { Kysely } from 'kysely';
import type { Database } from '../../platform/schema.ts';

/** What betting needs of the bonus engine for odds boosts; runs in the placement's transaction. */
export interface OddsBoostPort {
  take(
    trx: Kysely<Database>,
    input: {
      userId: bigint;
      bonusId: bigint;
      betId: bigint;
      currency: string;
      coefMilli: bigint | null;
      now: Date;
    },
  ): Promise<OddsBoostProblem | { percentBp: number; capMinor: bigint }>;
}

/** The odds boost's cap a bet was placed with (its answer's oddsBoostCapMinor), or null. */
export function oddsBoostCapOf(answer: unknown): bigint | null {
  let value: unknown = answer;
  if (typeof answer === 'string') {
    try {
      value = JSON.parse(answer);
    } catch {
      return null;
    }
  }
  const cap = (value as { oddsBoostCapMinor?: unknown } | null)?.oddsBoostCapMinor;
  return typeof cap === 'string' && /^\d{1,19}$/.test(cap) ? BigInt(cap) : null;
}
