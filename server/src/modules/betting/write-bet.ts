/**
 * Writing a placement's bet: the whole bets row of its answer (every column, as the batched path
 * writes it) and, for a priced coupon, its legs, in one statement. The bet id is drawn ahead from
 * bets_id_seq, so the reservation key (bet:<id>) and the answer are known before the row exists,
 * and the row is written once, never updated on the placement path.
 */

import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database } from '../../platform/schema.ts';
import { type PlaceAnswer, type Placement, rejection } from './placement.ts';
import type { PricedCoupon, RejectionCode, RejectionDetails } from './price-coupon.ts';
import { normalizePromoCode } from './promo-codes.ts';
import type { BettingTables } from './tables.ts';

export type BetOutcome =
  | { status: 'rejected'; code: RejectionCode; answer: PlaceAnswer }
  | {
      status: 'accepted' | 'pending_delay';
      priced: PricedCoupon;
      promoBoost: number | null;
      answer: PlaceAnswer;
      /** Null for a free bet: no money of the player's is reserved (free-bets.ts). */
      reservationId: bigint | null;
      delayUntil: Date | null;
    };

/** The answer as the jsonb column takes it. */
export function answerJson(value: unknown): Record<string, unknown> {
  return JSON.stringify(value) as unknown as Record<string, unknown>;
}

export async function nextBetId(db: Kysely<Database>): Promise<bigint> {
  const { rows } = await sql<{ id: bigint }>`select nextval('bets_id_seq') as id`.execute(db);
  return rows[0]!.id;
}

/** The whole bets row of a placement's answer (every column, as the batched path writes it). */
export function betRow(
  placement: Placement & { betId: bigint },
  currency: string,
  now: Date,
  outcome: BetOutcome,
): Selectable<BettingTables['bets']> {
  const { request, betId } = placement;
  const priced = outcome.status === 'rejected' ? null : outcome.priced;
  return {
    id: betId,
    user_id: placement.userId,
    account_id: request.accountId,
    currency,
    type_id: request.typeId,
    system_value: request.typeId === 2 || request.typeId === 4 ? request.systemValue : null,
    stake: priced?.stakeMinor ?? 0n,
    coef_milli: priced?.coefMilli ?? null,
    possible_win: priced?.possibleWinMinor ?? 0n,
    is_express_bonus: priced?.isExpressBonus ?? false,
    change_coef_action: request.changeCoefAction,
    exact_coef_milli: request.exactCoefMilli,
    promo_code: request.promoCode ? normalizePromoCode(request.promoCode) : null,
    promo_boost_basis_points: outcome.status === 'rejected' ? null : outcome.promoBoost,
    is_live: priced?.isLive ?? false,
    status: outcome.status,
    reason_code: outcome.status === 'rejected' ? outcome.code : null,
    idempotency_key: placement.idempotencyKey,
    request_hash: placement.requestHash,
    answer: answerJson(outcome.answer),
    reservation_id: outcome.status === 'rejected' ? null : outcome.reservationId,
    delay_until: outcome.status === 'rejected' ? null : outcome.delayUntil,
    settlement_version: 0,
    payout: null,
    cashed_out: 0n,
    auto_cashout: null,
    placed_at: now,
    decided_at: outcome.status === 'pending_delay' ? null : now,
    settled_at: null,
  };
}

/** Writes the bet row with its answer and, for a priced coupon, its legs, in one statement. */
export async function insertBet(
  trx: Kysely<Database>,
  placement: Placement & { betId: bigint },
  currency: string,
  now: Date,
  outcome: BetOutcome,
): Promise<void> {
  const row = betRow(placement, currency, now, outcome);
  if (outcome.status === 'rejected') {
    await trx.insertInto('bets').values(row).execute();
    return;
  }
  // The legs reference the bet: foreign keys are checked at the end of the statement.
  await trx
    .with('bet', (db) => db.insertInto('bets').values(row).returning('id'))
    .insertInto('bet_legs')
    .values(legRows(placement.betId, outcome.priced))
    .execute();
}

/** A refusal written in the placement transaction: the bet row with its answer, nothing reserved. */
export async function rejectInTransaction(
  trx: Kysely<Database>,
  placement: Placement & { betId: bigint },
  currency: string,
  now: Date,
  code: RejectionCode,
  legIndex?: number,
  details?: RejectionDetails,
): Promise<PlaceAnswer> {
  const answer = rejection(code, placement.betId, legIndex, details);
  await insertBet(trx, placement, currency, now, { status: 'rejected', code, answer });
  return answer;
}

export function legRows(betId: bigint, priced: PricedCoupon): Selectable<BettingTables['bet_legs']>[] {
  return priced.legs.map((leg, position) => ({
    bet_id: betId,
    position,
    outcome_id: leg.outcomeId,
    market_id: leg.selection.marketId,
    game_id: leg.selection.gameId,
    sport_id: leg.selection.sportId,
    odds_milli: leg.oddsMilli,
    seen_odds_milli: leg.seenOddsMilli,
    is_live: leg.isLive,
    is_banker: leg.isBanker,
    amount: leg.amountMinor,
    market_version: leg.selection.marketVersion,
    score_home: leg.selection.scoreHome,
    score_away: leg.selection.scoreAway,
    result: null,
    void_reason: null,
  }));
}
