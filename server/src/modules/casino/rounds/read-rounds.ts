/**
 * Reading rounds: the open round of a game (resume after leaving or a restart), one round, the
 * history, and the verify data. A round left open although its player has no decision left (the
 * game finished it in a state the server did not get to settle) is settled when it is read.
 *
 * Errors: CASINO_ROUND_NOT_FOUND (404).
 */
import type { Json } from '@parlay/domain/casino/engine/in-house-game.ts';
import type { Kysely } from 'kysely';
import { AppError } from '../../../platform/errors.ts';
import type { Database } from '../../../platform/schema.ts';
import { lockedRound, pairOf, purseOf } from './act-in-round.ts';
import type { Owner, RoundsContext } from './context.ts';
import { applyState, stateOf, viewOf } from './round-steps.ts';
import { type RoundRow, type RoundView, roundView } from './round-view.ts';

export const MAX_HISTORY_PAGE = 100;

async function withPair(db: Kysely<Database>, rows: RoundRow[]): Promise<RoundView[]> {
  if (rows.length === 0) return [];
  const ids = [...new Set(rows.map((r) => r.seed_pair_id))];
  const pairs = await db
    .selectFrom('casino_seed_pairs')
    .select(['id', 'commitment', 'client_seed'])
    .where('id', 'in', ids)
    .execute();
  const byId = new Map(pairs.map((p) => [p.id, p]));
  return rows.map((row) => roundView(row, byId.get(row.seed_pair_id)!));
}

/** Settles an open round whose replay is finished (no decision left); answers the current row. */
async function settleIfDecided(ctx: RoundsContext, owner: Owner, row: RoundRow): Promise<RoundRow> {
  if (row.status !== 'open') return row;
  const game = ctx.engine(row.engine_id);
  if (!game) return row;
  return ctx.ledger.transaction(async (trx) => {
    const round = await lockedRound(trx, owner, row.id);
    if (round.status !== 'open') return round;
    const pair = await pairOf(trx, round);
    const actions = round.actions as Json[];
    const state = stateOf(game, round, actions, pair);
    if (!state.finished) return round;
    return applyState(trx, {
      round,
      state,
      action: null,
      purse: purseOf(ctx, trx, owner, round),
      now: ctx.clock.now(),
      firstStep: false,
      stepN: actions.length + 1,
    });
  });
}

export async function openRound(
  ctx: RoundsContext,
  owner: Owner,
  filter: { gameId?: number; mode?: 'real' | 'demo' },
): Promise<RoundView | null> {
  let query = ctx.db
    .selectFrom('casino_rounds')
    .selectAll()
    .where('owner_key', '=', owner.key)
    .where('status', '=', 'open');
  if (filter.gameId !== undefined) query = query.where('game_id', '=', filter.gameId);
  if (filter.mode !== undefined) query = query.where('mode', '=', filter.mode);
  const row = await query.orderBy('id', 'desc').limit(1).executeTakeFirst();
  if (!row) return null;
  const settled = await settleIfDecided(ctx, owner, row);
  if (settled.status !== 'open') return null;
  return (await withPair(ctx.db, [settled]))[0]!;
}

export async function getRound(ctx: RoundsContext, owner: Owner, roundId: bigint): Promise<RoundView> {
  const row = await ctx.db
    .selectFrom('casino_rounds')
    .selectAll()
    .where('id', '=', roundId)
    .where('owner_key', '=', owner.key)
    .executeTakeFirst();
  if (!row) throw new AppError('CASINO_ROUND_NOT_FOUND', undefined, { roundId: `${roundId}` });
  const settled = await settleIfDecided(ctx, owner, row);
  const pair = await pairOf(ctx.db, settled);
  return viewOf(settled, pair);
}

/** Newest first; the cursor is the last round id of the previous page. */
export async function roundHistory(
  ctx: RoundsContext,
  owner: Owner,
  filter: { gameId?: number; cursor?: bigint; limit: number },
): Promise<{ rounds: RoundView[]; nextCursor: string | null }> {
  const limit = Math.min(Math.max(filter.limit, 1), MAX_HISTORY_PAGE);
  let query = ctx.db.selectFrom('casino_rounds').selectAll().where('owner_key', '=', owner.key);
  if (filter.gameId !== undefined) query = query.where('game_id', '=', filter.gameId);
  if (filter.cursor !== undefined) query = query.where('id', '<', filter.cursor);
  const rows = await query
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  return {
    rounds: await withPair(ctx.db, page),
    nextCursor: rows.length > limit ? page[page.length - 1]!.id.toString() : null,
  };
}

export interface VerifyData {
  roundId: string;
  gameId: number;
  engineId: string;
  params: Json;
  stakeMinor: string;
  actions: Json[];
  nonce: number;
  clientSeed: string;
  commitment: string;
  /** Revealed once the seed pair was rotated; null before. */
  serverSeed: string | null;
  result: RoundView;
}

/**
 * The data to reproduce a round: public once its seed is revealed; before that only its owner sees
 * it (without the server seed). Anyone else: CASINO_ROUND_NOT_FOUND. The operator (`parlay verify`
 * on the database) sees every round with its server seed.
 */
export async function verifyData(
  db: Kysely<Database>,
  roundId: bigint,
  viewer: readonly string[] | 'operator',
): Promise<VerifyData> {
  const row = await db.selectFrom('casino_rounds').selectAll().where('id', '=', roundId).executeTakeFirst();
  if (!row) throw new AppError('CASINO_ROUND_NOT_FOUND', undefined, { roundId: `${roundId}` });
  const pair = await pairOf(db, row);
  const revealed = pair.revealed_at !== null;
  if (!revealed && viewer !== 'operator' && !viewer.includes(row.owner_key)) {
    throw new AppError('CASINO_ROUND_NOT_FOUND', undefined, { roundId: `${roundId}` });
  }
  return {
    roundId: row.id.toString(),
    gameId: row.game_id,
    engineId: row.engine_id,
    params: row.params as Json,
    stakeMinor: row.stake.toString(),
    actions: row.actions as Json[],
    nonce: row.nonce,
    clientSeed: pair.client_seed,
    commitment: pair.commitment,
    serverSeed: revealed || viewer === 'operator' ? pair.server_seed : null,
    result: roundView(row, pair),
  };
}

/** The owner key of a round, or CASINO_ROUND_NOT_FOUND. */
export async function roundOwnerKey(db: Kysely<Database>, roundId: bigint): Promise<string> {
  const row = await db
    .selectFrom('casino_rounds')
    .select('owner_key')
    .where('id', '=', roundId)
    .executeTakeFirst();
  if (!row) throw new AppError('CASINO_ROUND_NOT_FOUND', undefined, { roundId: `${roundId}` });
  return row.owner_key;
}
