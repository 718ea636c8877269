/**
 * Bet search and bet detail for the back office: every player's bets by player, game, market,
 * stake range, status and placing time, newest first in cursor pages (the cursor is the last bet
 * id seen); a bet with its legs, its settlement versions and every ledger transfer it caused (the
 * stake's reservation, payouts and their reversals, boosts, cash-outs).
 */
import type { Kysely } from 'kysely';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import type { Ledger, Transfer } from '../accounts/index.ts';
import type { BetStatus, LegResult } from './tables.ts';

export interface OperatorBetFilter {
  userId?: bigint;
  gameId?: number;
  marketId?: bigint;
  minStakeMinor?: bigint;
  maxStakeMinor?: bigint;
  status?: BetStatus;
  from?: Date;
  to?: Date;
  /** Bets with a smaller id than this (the previous page's last). */
  before?: bigint;
  limit: number;
}

export interface BetSummary {
  id: bigint;
  userId: bigint;
  currency: string;
  typeId: number;
  stakeMinor: bigint;
  coefMilli: bigint | null;
  possibleWinMinor: bigint;
  payoutMinor: bigint | null;
  status: BetStatus;
  legs: number;
  placedAt: Date;
  settledAt: Date | null;
}

export async function searchOperatorBets(
  db: Kysely<Database>,
  filter: OperatorBetFilter,
): Promise<{ bets: BetSummary[]; next: bigint | null }> {
  let q = db
    .selectFrom('bets as b')
    .select(['b.id', 'b.user_id', 'b.currency', 'b.type_id', 'b.stake', 'b.coef_milli', 'b.possible_win'])
    .select(['b.payout', 'b.status', 'b.placed_at', 'b.settled_at'])
    .select((eb) =>
      eb
        .selectFrom('bet_legs as c')
        .whereRef('c.bet_id', '=', 'b.id')
        .select(eb.fn.countAll<string>().as('n'))
        .as('legs'),
    );
  if (filter.userId !== undefined) q = q.where('b.user_id', '=', filter.userId);
  if (filter.gameId !== undefined || filter.marketId !== undefined) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('bet_legs as l')
          .select('l.bet_id')
          .whereRef('l.bet_id', '=', 'b.id')
          .$if(filter.gameId !== undefined, (s) => s.where('l.game_id', '=', filter.gameId!))
          .$if(filter.marketId !== undefined, (s) => s.where('l.market_id', '=', filter.marketId!)),
      ),
    );
  }
  if (filter.minStakeMinor !== undefined) q = q.where('b.stake', '>=', filter.minStakeMinor);
  if (filter.maxStakeMinor !== undefined) q = q.where('b.stake', '<=', filter.maxStakeMinor);
  if (filter.status !== undefined) q = q.where('b.status', '=', filter.status);
  if (filter.from !== undefined) q = q.where('b.placed_at', '>=', filter.from);
  if (filter.to !== undefined) q = q.where('b.placed_at', '<', filter.to);
  if (filter.before !== undefined) q = q.where('b.id', '<', filter.before);
  const rows = await q.orderBy('b.id', 'desc').limit(filter.limit).execute();
  const bets = rows.map((r) => ({
    id: BigInt(r.id),
    userId: BigInt(r.user_id),
    currency: r.currency,
    typeId: r.type_id,
    stakeMinor: BigInt(r.stake),
    coefMilli: r.coef_milli === null ? null : BigInt(r.coef_milli),
    possibleWinMinor: BigInt(r.possible_win),
    payoutMinor: r.payout === null ? null : BigInt(r.payout),
    status: r.status,
    legs: Number(r.legs ?? 0),
    placedAt: r.placed_at,
    settledAt: r.settled_at,
  }));
  return { bets, next: bets.length === filter.limit ? bets[bets.length - 1]!.id : null };
}

export interface BetDetail {
  bet: BetSummary;
  legs: {
    position: number;
    gameId: number;
    marketId: bigint;
    outcomeId: bigint;
    oddsMilli: number;
    result: LegResult | null;
    voidReason: string | null;
  }[];
  settlements: { version: number; payoutMinor: bigint; results: LegResult[]; settledAt: Date }[];
  transfers: Transfer[];
}

/** Ids of every transfer the bet caused, oldest first. */
async function transferIdsOf(
  db: Kysely<Database>,
  ledger: Ledger,
  betId: bigint,
  reservationId: bigint | null,
) {
  const ids: bigint[] = [];
  if (reservationId !== null) {
    const reservation = await ledger.getReservation(reservationId);
    ids.push(reservation.reserveTransferId);
    if (reservation.settleTransferId !== null) ids.push(reservation.settleTransferId);
  }
  const settlements = await db
    .selectFrom('bet_settlements')
    .select(['reversal_transfer_id', 'transfer_id', 'promo_reversal_transfer_id', 'promo_transfer_id'])
    .where('bet_id', '=', betId)
    .orderBy('version')
    .execute();
  for (const s of settlements) {
    for (const id of [
      s.reversal_transfer_id,
      s.transfer_id,
      s.promo_reversal_transfer_id,
      s.promo_transfer_id,
    ])
      if (id !== null) ids.push(BigInt(id));
  }
  const cashouts = await db
    .selectFrom('bet_cashouts')
    .select('transfer_id')
    .where('bet_id', '=', betId)
    .execute();
  for (const c of cashouts) ids.push(BigInt(c.transfer_id));
  return [...new Set(ids)].sort((a, b) => (a < b ? -1 : 1));
}

export async function operatorBetDetail(
  db: Kysely<Database>,
  ledger: Ledger,
  betId: bigint,
): Promise<BetDetail> {
  const [bet] = (await searchOperatorBets(db, { before: betId + 1n, limit: 1 })).bets;
  if (!bet || bet.id !== betId) throw new AppError('BET_NOT_FOUND');
  const row = await db
    .selectFrom('bets')
    .select('reservation_id')
    .where('id', '=', betId)
    .executeTakeFirstOrThrow();
  const legs = await db
    .selectFrom('bet_legs')
    .selectAll()
    .where('bet_id', '=', betId)
    .orderBy('position')
    .execute();
  const settlements = await db
    .selectFrom('bet_settlements')
    .select(['version', 'payout', 'results', 'settled_at'])
    .where('bet_id', '=', betId)
    .orderBy('version')
    .execute();
  const reservationId = row.reservation_id === null ? null : BigInt(row.reservation_id);
  const ids = await transferIdsOf(db, ledger, betId, reservationId);
  return {
    bet,
    legs: legs.map((l) => ({
      position: l.position,
      gameId: l.game_id,
      marketId: BigInt(l.market_id),
      outcomeId: BigInt(l.outcome_id),
      oddsMilli: l.odds_milli,
      result: l.result,
      voidReason: l.void_reason,
    })),
    settlements: settlements.map((s) => ({
      version: s.version,
      payoutMinor: BigInt(s.payout),
      results: s.results,
      settledAt: s.settled_at,
    })),
    transfers: await Promise.all(ids.map((id) => ledger.getTransfer(id))),
  };
}
