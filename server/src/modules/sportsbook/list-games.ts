/**
 * The line (games not started) and live (games in the live list) of a sport, country or champ,
 * with the time filter of coupon-accounts §9, paged, each game with its main markets. The filter
 * is the SQL form of domain/sportsbook/time-filter.ts.
 */

import { GAME_STATUS } from '@parlay/domain/sportsbook/game-status.ts';
import { TIME_FILTER, type TimeFilter, UPCOMING_WINDOW_MS } from '@parlay/domain/sportsbook/time-filter.ts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/schema.ts';
import { type GameView, selectGames, toListViews } from './game-view.ts';

export type ListMode = 'line' | 'live';

export interface ListGamesQuery {
  mode: ListMode;
  sportId?: number;
  countryId?: number;
  champId?: number;
  timeFilter: TimeFilter;
  limit: number;
  offset: number;
  lang: string;
  nowMs: number;
}

const LIVE_STATUSES = [GAME_STATUS.STARTING, GAME_STATUS.IN_PLAY, GAME_STATUS.BREAK];

export async function listGames(
  db: Kysely<Database>,
  q: ListGamesQuery,
): Promise<{ data: GameView[]; total: number }> {
  let query = selectGames(db);
  query =
    q.mode === 'line'
      ? query.where('g.status', '=', GAME_STATUS.NOT_STARTED)
      : query.where('g.status', 'in', LIVE_STATUSES);
  if (q.sportId !== undefined) query = query.where('g.sport_id', '=', q.sportId);
  if (q.countryId !== undefined) query = query.where('c.country_id', '=', q.countryId);
  if (q.champId !== undefined) query = query.where('g.champ_id', '=', q.champId);
  query = withTimeFilter(query, q.timeFilter, q.nowMs);
  const counted = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await query
    .orderBy(q.mode === 'live' ? 'c.position' : 'g.start_at')
    .orderBy(q.mode === 'live' ? 'g.start_at' : 'c.position')
    .orderBy('g.id')
    .limit(q.limit)
    .offset(q.offset)
    .execute();
  return { data: await toListViews(db, rows, q.lang), total: Number(counted.n) };
}

function withTimeFilter(query: ReturnType<typeof selectGames>, filter: TimeFilter, nowMs: number) {
  switch (filter) {
    case TIME_FILTER.ALL:
      return query;
    case TIME_FILTER.UPCOMING_EVENTS:
      return query
        .where('g.status', '=', GAME_STATUS.NOT_STARTED)
        .where('g.start_at', '>=', new Date(nowMs))
        .where('g.start_at', '<=', new Date(nowMs + UPCOMING_WINDOW_MS));
    case TIME_FILTER.FIRST_PERIOD:
    case TIME_FILTER.SECOND_PERIOD:
      return query
        .where('g.status', 'in', [GAME_STATUS.IN_PLAY, GAME_STATUS.BREAK])
        .where('g.period', '=', filter === TIME_FILTER.FIRST_PERIOD ? 1 : 2);
    case TIME_FILTER.RECOMMENDED:
      return query.where(sql<boolean>`(g.is_top or c.is_top)`);
  }
}
