/**
 * Tournaments as the operator makes them and players see them: create (the CLI), the list, one
 * tournament with its leaderboard (top N and the player's own place) and the player's opt-in.
 *
 * Ranking: score descending, then the earlier time the score was reached (scored_at), then the
 * smaller user id; the same order fixes the places at the end (pay-prizes.ts), so of two equal
 * scores the one reached first takes the higher place and its prize (no prize is split).
 *
 * Errors: TOURNAMENT_NOT_FOUND (404); TOURNAMENT_NOT_RUNNING (409, opt-in after the end);
 * VALIDATION_FAILED (create).
 */
import { type Selectable, sql } from 'kysely';
import { AppError } from '../../platform/errors.ts';
import type { TournamentsContext } from './context.ts';
import { tournamentsChanged } from './open-tournaments.ts';
import type { TournamentScoring, TournamentStatus, TournamentTables } from './tables.ts';

type Row = Selectable<TournamentTables['tournaments']>;

export interface CreateTournamentInput {
  nameRu: string;
  nameEn: string;
  termsRu?: string;
  termsEn?: string;
  startsAt: Date;
  endsAt: Date;
  gameIds: number[] | null;
  scoring: TournamentScoring;
  currency: string;
  prizesMinor: bigint[];
  optInRequired: boolean;
}

export interface TournamentView {
  id: string;
  name: { ru: string; en: string };
  terms: { ru: string; en: string };
  startsAt: string;
  endsAt: string;
  gameIds: number[] | null;
  scoring: TournamentScoring;
  currency: string;
  prizesMinor: string[];
  prizePoolMinor: string;
  optInRequired: boolean;
  status: TournamentStatus;
  /** Whether the signed-in player has opted in (false without a session). */
  entered: boolean;
}

export interface LeaderboardRow {
  place: number;
  player: string;
  score: string;
  prizeMinor: string | null;
  you: boolean;
}

/** The status a player sees: scheduled and running follow the clock; finished once the end passed. */
export function statusAt(
  row: Pick<Row, 'status' | 'starts_at' | 'ends_at'>,
  nowMs: number,
): TournamentStatus {
  if (row.status === 'finished' || row.status === 'paid') return row.status;
  if (nowMs < row.starts_at.getTime()) return 'scheduled';
  if (nowMs < row.ends_at.getTime()) return 'running';
  return 'finished';
}

function view(row: Row, nowMs: number, entered: boolean): TournamentView {
  return {
    id: row.id.toString(),
    name: { ru: row.name_ru, en: row.name_en },
    terms: { ru: row.terms_ru, en: row.terms_en },
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at.toISOString(),
    gameIds: row.game_ids,
    scoring: row.scoring,
    currency: row.currency,
    prizesMinor: row.prizes_minor.map(String),
    prizePoolMinor: row.prizes_minor.reduce((a, b) => a + BigInt(b), 0n).toString(),
    optInRequired: row.opt_in_required,
    status: statusAt(row, nowMs),
    entered,
  };
}

export async function createTournament(
  ctx: TournamentsContext,
  input: CreateTournamentInput,
): Promise<TournamentView> {
  if (!(input.endsAt.getTime() > input.startsAt.getTime())) {
    throw new AppError('VALIDATION_FAILED', 'The end must be after the start');
  }
  if (input.prizesMinor.length === 0 || input.prizesMinor.some((p) => p <= 0n)) {
    throw new AppError('VALIDATION_FAILED', 'Prizes must be positive minor amounts, one per place');
  }
  if (!/^[A-Z]{3}$/.test(input.currency)) throw new AppError('VALIDATION_FAILED', 'Currency: three capitals');
  const row = await ctx.db
    .insertInto('tournaments')
    .values({
      name_ru: input.nameRu,
      name_en: input.nameEn,
      terms_ru: input.termsRu ?? '',
      terms_en: input.termsEn ?? '',
      starts_at: input.startsAt,
      ends_at: input.endsAt,
      game_ids: input.gameIds,
      scoring: input.scoring,
      currency: input.currency,
      prizes_minor: input.prizesMinor,
      opt_in_required: input.optInRequired,
      created_at: ctx.clock.now(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  tournamentsChanged(ctx.db);
  return view(row as Row, ctx.clock.nowMs(), false);
}

export async function listTournaments(
  ctx: TournamentsContext,
  userId: bigint | null,
): Promise<TournamentView[]> {
  const rows = (await ctx.db
    .selectFrom('tournaments')
    .selectAll()
    .orderBy('ends_at', 'desc')
    .limit(200)
    .execute()) as Row[];
  const entered = new Set<string>();
  if (userId !== null && rows.length > 0) {
    const entries = await ctx.db
      .selectFrom('tournament_entries')
      .select('tournament_id')
      .where('user_id', '=', userId)
      .execute();
    for (const e of entries) entered.add(e.tournament_id.toString());
  }
  const nowMs = ctx.clock.nowMs();
  const views = rows.map((r) => view(r, nowMs, entered.has(r.id.toString())));
  // Running first, then scheduled, then ended ones.
  const order: Record<TournamentStatus, number> = { running: 0, scheduled: 1, finished: 2, paid: 2 };
  return views.sort((a, b) => order[a.status] - order[b.status]);
}

async function tournamentRow(ctx: TournamentsContext, id: bigint): Promise<Row> {
  const row = await ctx.db.selectFrom('tournaments').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('TOURNAMENT_NOT_FOUND');
  return row as Row;
}

/** A player's public name on a leaderboard: the last digits of the id only. */
const playerName = (userId: bigint): string => `#…${userId.toString().slice(-4).padStart(4, '0')}`;

export async function readTournament(
  ctx: TournamentsContext,
  id: bigint,
  userId: bigint | null,
  top: number,
): Promise<{ tournament: TournamentView; leaderboard: LeaderboardRow[]; own: LeaderboardRow | null }> {
  const row = await tournamentRow(ctx, id);
  const ranked = await sql<{ user_id: bigint; score: bigint; place: string }>`
    select user_id, score, row_number() over (order by score desc, scored_at, user_id) as place
    from tournament_scores where tournament_id = ${id} and score > 0
    order by score desc, scored_at, user_id limit ${top}`.execute(ctx.db);
  const prizes = row.prizes_minor.map(BigInt);
  const toRow = (r: { user_id: bigint; score: bigint; place: string | number }): LeaderboardRow => {
    const place = Number(r.place);
    const prize = prizes[place - 1];
    return {
      place,
      player: playerName(BigInt(r.user_id)),
      score: r.score.toString(),
      prizeMinor: prize === undefined ? null : prize.toString(),
      you: userId !== null && BigInt(r.user_id) === userId,
    };
  };
  const leaderboard = ranked.rows.map(toRow);
  let own = leaderboard.find((r) => r.you) ?? null;
  let entered = false;
  if (userId !== null) {
    entered =
      (await ctx.db
        .selectFrom('tournament_entries')
        .select('user_id')
        .where('tournament_id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst()) !== undefined;
    if (!own) {
      const mine = await sql<{ user_id: bigint; score: bigint; place: string }>`
        select s.user_id, s.score, 1 + (select count(*) from tournament_scores o
          where o.tournament_id = s.tournament_id and o.score > 0
            and (o.score > s.score or (o.score = s.score and (o.scored_at, o.user_id) < (s.scored_at, s.user_id)))) as place
        from tournament_scores s where s.tournament_id = ${id} and s.user_id = ${userId} and s.score > 0`.execute(
        ctx.db,
      );
      own = mine.rows[0] ? toRow(mine.rows[0]) : null;
    }
  }
  return { tournament: view(row, ctx.clock.nowMs(), entered), leaderboard, own };
}

/** Opts the player in (again: nothing changes); refused once the tournament has ended. */
export async function enterTournament(ctx: TournamentsContext, id: bigint, userId: bigint): Promise<void> {
  const row = await tournamentRow(ctx, id);
  const status = statusAt(row, ctx.clock.nowMs());
  if (status !== 'scheduled' && status !== 'running') throw new AppError('TOURNAMENT_NOT_RUNNING');
  await ctx.db
    .insertInto('tournament_entries')
    .values({ tournament_id: id, user_id: userId, joined_at: ctx.clock.now() })
    .onConflict((oc) => oc.columns(['tournament_id', 'user_id']).doNothing())
    .execute();
}
