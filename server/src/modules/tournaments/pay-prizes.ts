/**
 * The end of a tournament, by the worker (and `parlay tournaments finish`):
 * 0. catch up (catch-up.ts): the rounds of the tournament's window that the live scoring missed are
 *    counted; the cursor scored_through reaches ends_at once the clock is marginMs past the end.
 * 1. finish: an ended tournament whose catch-up covered its whole window (scored_through >=
 *    ends_at: every eligible round counted) is claimed FOR UPDATE SKIP LOCKED, its places fixed from the
 *    leaderboard's order (score, then the earlier scored_at, then the user id: a tie goes to the
 *    score reached first) and one prize row written per place that has a player (primary key
 *    tournament_id, place), all in one transaction with status → finished.
 * 2. pay: each pending prize row in its own transaction, claimed FOR UPDATE SKIP LOCKED: the ledger
 *    transfer house → the player's account (reason tournament_prize, idempotency key
 *    tournament:<id>:place:<n>) and the row marked paid commit together, so a process killed before
 *    the commit pays nothing and the next pass pays the place once. A refusal of the ledger (account
 *    frozen or closed) leaves the row pending and retries it later (backoff up to a day).
 * 3. a finished tournament without pending prizes becomes paid.
 */
import { sql } from 'kysely';
import { AppError } from '../../platform/errors.ts';
import { catchUp } from './catch-up.ts';
import type { TournamentsContext } from './context.ts';

const RETRY_BASE_MS = 60_000;
const RETRY_MAX_MS = 24 * 60 * 60 * 1000;

export const prizeKey = (tournamentId: bigint, place: number): string =>
  `tournament:${tournamentId}:place:${place}`;

export interface PayHooks {
  /** Test hook (the SIGKILL test): inside a payment's transaction, right before it commits. */
  beforeCommit?(): Promise<void>;
}

/** Fixes the places of one ended tournament (the given one, or any due); answers its id or null. */
export async function finishOne(ctx: TournamentsContext, id?: bigint): Promise<bigint | null> {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('tournaments')
      .select(['id', 'prizes_minor', 'currency'])
      .where('status', 'in', ['scheduled', 'running'])
      .where('ends_at', '<=', now)
      // Places are fixed only after the catch-up has counted every round of the window.
      .where('scored_through', 'is not', null)
      .whereRef('scored_through', '>=', 'ends_at');
    if (id !== undefined) query = query.where('id', '=', id);
    const row = await query
      .orderBy('ends_at')
      .orderBy('id')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!row) return null;
    const prizes = row.prizes_minor.map(BigInt);
    const ranked = await sql<{ user_id: bigint; account_id: bigint; score: bigint }>`
      select user_id, account_id, score from tournament_scores
      where tournament_id = ${row.id} and score > 0
      order by score desc, scored_at, user_id limit ${prizes.length}`.execute(trx);
    const values = ranked.rows.map((r, i) => ({
      tournament_id: row.id,
      place: i + 1,
      user_id: BigInt(r.user_id),
      account_id: BigInt(r.account_id),
      score: BigInt(r.score),
      amount_minor: prizes[i]!,
      next_attempt_at: now,
    }));
    if (values.length > 0) {
      await trx
        .insertInto('tournament_prizes')
        .values(values)
        .onConflict((oc) => oc.columns(['tournament_id', 'place']).doNothing())
        .execute();
    }
    await trx
      .updateTable('tournaments')
      .set({ status: 'finished', finished_at: now })
      .where('id', '=', row.id)
      .execute();
    return row.id;
  });
}

type Outcome =
  | { kind: 'none' }
  | { kind: 'paid' }
  | { kind: 'refused'; tournamentId: bigint; place: number; attempts: number; code: string };

async function payOne(ctx: TournamentsContext, hooks: PayHooks, only?: bigint): Promise<Outcome> {
  const now = ctx.clock.now();
  let claimed: { tournamentId: bigint; place: number; attempts: number } | null = null;
  try {
    return await ctx.ledger.transaction(async (trx, ledger) => {
      let query = trx
        .selectFrom('tournament_prizes')
        .innerJoin('tournaments', 'tournaments.id', 'tournament_prizes.tournament_id')
        .selectAll('tournament_prizes')
        .select('tournaments.currency')
        .where('tournament_prizes.status', '=', 'pending')
        .where('tournament_prizes.next_attempt_at', '<=', now);
      if (only !== undefined) query = query.where('tournament_prizes.tournament_id', '=', only);
      const row = await query
        .orderBy('tournament_prizes.next_attempt_at')
        .orderBy('tournament_prizes.tournament_id')
        .orderBy('tournament_prizes.place')
        .limit(1)
        .forUpdate('tournament_prizes')
        .skipLocked()
        .executeTakeFirst();
      if (!row) return { kind: 'none' } as const;
      claimed = { tournamentId: row.tournament_id, place: row.place, attempts: row.attempts };
      const transfer = await ledger.move({
        idempotencyKey: prizeKey(row.tournament_id, row.place),
        reason: 'tournament_prize',
        currency: row.currency,
        from: { system: 'house' },
        to: row.account_id,
        amountMinor: row.amount_minor,
        userId: row.user_id,
        metadata: {
          tournamentId: row.tournament_id.toString(),
          place: row.place,
          score: row.score.toString(),
        },
      });
      await trx
        .updateTable('tournament_prizes')
        .set({ status: 'paid', transfer_id: transfer.id, paid_at: now, last_error: null })
        .where('tournament_id', '=', row.tournament_id)
        .where('place', '=', row.place)
        .where('status', '=', 'pending')
        .execute();
      await hooks.beforeCommit?.();
      return { kind: 'paid' } as const;
    });
  } catch (err) {
    const row = claimed as { tournamentId: bigint; place: number; attempts: number } | null;
    if (!(err instanceof AppError) || !row || err.status >= 500) throw err;
    return {
      kind: 'refused',
      tournamentId: row.tournamentId,
      place: row.place,
      attempts: row.attempts + 1,
      code: err.code,
    };
  }
}

/** Pays up to `ctx.payBatch` due prizes (of one tournament when given); answers how many were paid. */
export async function payDue(ctx: TournamentsContext, hooks: PayHooks = {}, only?: bigint): Promise<number> {
  let paid = 0;
  for (let i = 0; i < ctx.payBatch; i += 1) {
    const outcome = await payOne(ctx, hooks, only);
    if (outcome.kind === 'none') break;
    if (outcome.kind === 'paid') {
      paid += 1;
      continue;
    }
    const delayMs = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.min(outcome.attempts, 20));
    await ctx.db
      .updateTable('tournament_prizes')
      .set({
        attempts: outcome.attempts,
        last_error: outcome.code,
        next_attempt_at: new Date(ctx.clock.nowMs() + delayMs),
      })
      .where('tournament_id', '=', outcome.tournamentId)
      .where('place', '=', outcome.place)
      .where('status', '=', 'pending')
      .execute();
  }
  return paid;
}

/** Finished tournaments whose prizes are all paid become paid; answers how many. */
export async function markPaid(ctx: TournamentsContext): Promise<number> {
  const result = await ctx.db
    .updateTable('tournaments')
    .set({ status: 'paid' })
    .where('status', '=', 'finished')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('tournament_prizes')
            .select('place')
            .whereRef('tournament_prizes.tournament_id', '=', 'tournaments.id')
            .where('tournament_prizes.status', '=', 'pending'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface TournamentsRunSummary {
  /** Scores changed by the catch-up (rounds the live scoring missed). */
  caughtUp: number;
  finished: number;
  paid: number;
  completed: number;
}

/**
 * One pass of the worker: the catch-up, every ended tournament (caught up) finished, due prizes
 * paid, paid ones marked.
 */
export async function runTournamentsDue(
  ctx: TournamentsContext,
  hooks: PayHooks = {},
): Promise<TournamentsRunSummary> {
  // A failing catch-up (a deadlock with a live statement, the database) still lets the pass pay
  // what is due: only its own tournaments wait (their cursor did not move); the failure is thrown
  // at the end, for the worker's log.
  let caughtUp = 0;
  let failure: { err: unknown } | null = null;
  try {
    caughtUp = await catchUp(ctx);
  } catch (err) {
    failure = { err };
  }
  let finished = 0;
  while ((await finishOne(ctx)) !== null) finished += 1;
  const paid = await payDue(ctx, hooks);
  const completed = await markPaid(ctx);
  if (failure) throw failure.err;
  return { caughtUp, finished, paid, completed };
}
