/**
 * The durable half of the scoring (docs/casino-tournaments.md "Durability"). The live scoring
 * (score.ts, told by the casino after a round's commit) is best-effort: a process killed between a
 * round's commit and its telling, or a failing scoring statement, loses the round's score. The
 * worker's catch-up counts every eligible finished round from the rounds' own rows, through the
 * same statement (score.ts scoreRoundsSql), so a round counts once (tournament_rounds) whichever
 * path sees it first, and with the same score.
 *
 * The rounds read (the sources the casino tells from; the tournaments module reads the casino's
 * tables here, as the back office's dashboards do):
 *   - in-house: casino_rounds of mode real, finished (finished_at, index
 *     dashboard_casino_rounds_finished_idx), key in-house:<id>, staked and payout; a free spin (no
 *     stake of the player's: no seamless-wallet bet row <id>:stake) is not counted, as it is not told;
 *   - a game provider's: casino_provider_rounds closed (closed_at, index of migration 0335) with a
 *     stake, key provider:<provider>:<round_ref>, staked and paid;
 *   - the shared-round games' settled bets, as their settlement tells them (migration 0345 indexes
 *     the times): crash_bets cashed_out or lost by their round's crash_rounds.settled_at, key
 *     crash:<roundId>:<betId>, stake_minor and payout_minor; tv_bets won or lost by their settled_at,
 *     key tv:<drawId>:<betId>; bingo_purchases by their game's bingo_games.settled_at, key
 *     bingo:<gameId>:<purchaseId>, total_minor and the sum of the purchase's bingo_prizes. Their game
 *     ids are the casino's (sharedRoundGameIds(), given to the context as sharedGames) and enter the
 *     statement as VALUES lists; a context without them leaves these bets to the live scoring.
 *
 * Cursor: tournaments.scored_through (migration 0335). Every eligible round whose time is before it
 * has been counted. A pass claims one tournament not finished whose cursor is behind
 * least(ends_at, now − marginMs) (FOR NO KEY UPDATE SKIP LOCKED: live scoring's inserts, which
 * share-lock the row's key, are not blocked), scores the rounds of [cursor, cursor + chunk) and
 * moves the cursor in the same transaction: killed before the commit, nothing moved, and the next
 * pass does the chunk again. The margin covers the time between a round's finish time (read in its
 * transaction) and its commit, and clock differences between processes: a round committed more
 * than marginMs after its finish time behind a cursor that already passed it is left to the live
 * scoring. Places are fixed only once the cursor reached ends_at (pay-prizes.ts finishOne).
 */
import { type RawBuilder, sql } from 'kysely';
import type { SharedRoundGameIds } from '../casino/index.ts';
import type { TournamentsContext } from './context.ts';
import { announce, scoreRoundsSql } from './score.ts';

/** Chunks per pass at most (a tournament's first pass over its history takes several passes). */
const CHUNKS_PER_PASS = 120;

/** A VALUES list (name text, game_id int) of a name → game id map (no rows when empty). */
function gameIdsOf(ids: Readonly<Record<string, number>>): RawBuilder<unknown> {
  const rows = Object.entries(ids).map(([name, id]) => sql`(${name}::text, ${id}::int)`);
  return rows.length === 0 ? sql`select null::text, null::int where false` : sql`values ${sql.join(rows)}`;
}

/** The shared-round games' settled bets of the slice, as they are told (see the comment). */
function sharedRounds(from: Date, to: Date, currency: string, ids: SharedRoundGameIds): RawBuilder<unknown> {
  return sql`
    union all
    select 'crash:' || r.id || ':' || b.id, b.user_id, b.account_id, ${ids.crash}::int, b.currency,
      b.stake_minor, b.payout_minor, r.settled_at
    from crash_rounds r join crash_bets b on b.round_id = r.id
    where r.settled_at >= ${from} and r.settled_at < ${to}
      and b.status in ('cashed_out', 'lost') and b.currency = ${currency}
    union all
    select 'tv:' || b.draw_id || ':' || b.id, b.user_id, b.account_id,
      coalesce((select v.game_id from (${gameIdsOf(ids.tv)}) v (name, game_id) where v.name = d.game), 0),
      b.currency, b.stake_minor, b.payout_minor, b.settled_at
    from tv_bets b join tv_draws d on d.id = b.draw_id
    where b.settled_at >= ${from} and b.settled_at < ${to} and b.status in ('won', 'lost')
      and b.currency = ${currency}
    union all
    select 'bingo:' || g.id || ':' || p.id, p.user_id, p.account_id,
      coalesce((select v.game_id from (${gameIdsOf(ids.bingoRooms)}) v (name, game_id) where v.name = g.room), 0),
      p.currency, p.total_minor,
      coalesce((select sum(z.amount_minor) from bingo_prizes z
        where z.game_id = g.id and z.purchase_id = p.id), 0)::bigint,
      g.settled_at
    from bingo_games g join bingo_purchases p on p.game_id = g.id
    where g.settled_at >= ${from} and g.settled_at < ${to} and p.currency = ${currency}`;
}

/** The rounds of a tournament's currency and games whose time is in [from, to) (see the comment). */
function sourceRounds(
  from: Date,
  to: Date,
  currency: string,
  gameIds: number[] | null,
  shared: SharedRoundGameIds | null,
): RawBuilder<unknown> {
  const games = gameIds === null ? null : `{${gameIds.join(',')}}`;
  return sql`
    select * from (
      select 'in-house:' || c.id as round_key, c.user_id, c.account_id, c.game_id, c.currency,
        c.staked, c.payout, c.finished_at as at
      from casino_rounds c
      where c.mode = 'real' and c.finished_at >= ${from} and c.finished_at < ${to}
        and c.currency = ${currency}
        -- A scalar subquery, not exists (): one probe of the (provider, transaction_id) key per round;
        -- as a semi-join the planner hashed the whole table of wallet transactions for each slice.
        and (select true from casino_wallet_transactions w
          where w.provider = 'in-house' and w.transaction_id = c.id || ':stake')
      union all
      select 'provider:' || p.provider || ':' || p.round_ref, p.user_id, p.account_id, p.game_id, p.currency,
        p.staked, p.paid, p.closed_at
      from casino_provider_rounds p
      where p.closed_at is not null and p.staked > 0 and p.closed_at >= ${from} and p.closed_at < ${to}
        and p.currency = ${currency}
      ${shared === null ? sql`` : sharedRounds(from, to, currency, shared)}
    ) s
    where ${games}::int[] is null or s.game_id = any (${games}::int[])`;
}

export interface CatchUpStep {
  tournamentId: bigint;
  /** The cursor after the step. */
  through: Date;
  /** Scores changed (one per player with new rounds). */
  scored: number;
}

/** One chunk of one tournament behind (the given one, or any); null when none is behind. */
export async function catchUpStep(ctx: TournamentsContext, id?: bigint): Promise<CatchUpStep | null> {
  const safe = new Date(ctx.clock.nowMs() - ctx.catchUpMarginMs);
  const step = await ctx.db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('tournaments')
      .select(['id', 'currency', 'game_ids', 'ends_at'])
      .select(sql<Date>`coalesce(scored_through, greatest(starts_at, created_at))`.as('cursor'))
      .where('status', 'in', ['scheduled', 'running'])
      .where(
        sql<boolean>`coalesce(scored_through, greatest(starts_at, created_at)) < least(ends_at, ${safe})`,
      );
    if (id !== undefined) query = query.where('id', '=', id);
    const row = await query
      .orderBy(sql`coalesce(scored_through, greatest(starts_at, created_at))`)
      .orderBy('id')
      .limit(1)
      .forNoKeyUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!row) return null;
    const from = new Date(row.cursor);
    const to = new Date(Math.min(row.ends_at.getTime(), safe.getTime(), from.getTime() + ctx.catchUpChunkMs));
    const result = await scoreRoundsSql(
      sourceRounds(from, to, row.currency, row.game_ids, ctx.sharedGames),
      row.id,
    ).execute(trx);
    await trx.updateTable('tournaments').set({ scored_through: to }).where('id', '=', row.id).execute();
    return { tournamentId: row.id, through: to, scored: result.rows.length };
  });
  if (step && step.scored > 0) announce(ctx, step.tournamentId.toString());
  return step;
}

/** Catches up every tournament behind (of one when given), within a pass's budget; answers the scores changed. */
export async function catchUp(ctx: TournamentsContext, id?: bigint): Promise<number> {
  let scored = 0;
  for (let n = 0; n < CHUNKS_PER_PASS; n += 1) {
    const step = await catchUpStep(ctx, id);
    if (!step) break;
    scored += step.scored;
  }
  return scored;
}
