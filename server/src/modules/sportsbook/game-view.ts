/**
 * Games as the API shows them: names in the asked language, scoreboard, flags, and markets with
 * outcomes. Shared by the line, live, game, search and results use cases.
 */

import { isInLiveList, isOverStatus } from '@parlay/domain/sportsbook/game-status.ts';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../../platform/schema.ts';
import type { MarketView } from './events.ts';
import type { Names } from './tables.ts';

export interface GameView {
  id: number;
  number: number;
  sportId: number;
  champ: { id: number; name: string; isTop: boolean; country: { id: number; code: string; name: string } };
  home: { id: number; name: string };
  away: { id: number; name: string };
  startAt: string;
  status: number;
  period: number;
  clockSeconds: number;
  clockRunning: boolean;
  clockAt: string | null;
  score: { home: number; away: number };
  periodScores: [number, number][];
  stats: Record<string, [number, number]>;
  isLive: boolean;
  isFinished: boolean;
  isTop: boolean;
  statisticId: string | null;
  version: number;
  markets: MarketView[];
  /** Every market of the game (lists carry the main ones only; the row's "+N" counts the rest). */
  marketCount?: number;
}

export const nameIn = (names: Names, lang: string): string =>
  names[lang] ?? names.en ?? Object.values(names)[0] ?? '';

type GameJoin = {
  g: Database['games'];
  c: Database['champs'];
  co: Database['countries'];
  h: Database['teams'];
  a: Database['teams'];
};

/** games g with champ c, country co, home team h and away team a. */
export function selectGames(db: Kysely<Database>) {
  return db
    .selectFrom('games as g')
    .innerJoin('champs as c', 'c.id', 'g.champ_id')
    .innerJoin('countries as co', 'co.id', 'c.country_id')
    .innerJoin('teams as h', 'h.id', 'g.home_team_id')
    .innerJoin('teams as a', 'a.id', 'g.away_team_id')
    .select([
      'g.id',
      'g.number',
      'g.sport_id',
      'g.start_at',
      'g.status',
      'g.period',
      'g.clock_seconds',
      'g.clock_running',
      'g.clock_at',
      'g.score_home',
      'g.score_away',
      'g.period_scores',
      'g.stats',
      'g.is_top',
      'g.statistic_id',
      'g.version',
      'c.id as champ_id',
      'c.names as champ_names',
      'c.is_top as champ_is_top',
      'co.id as country_id',
      'co.code as country_code',
      'co.names as country_names',
      'h.id as home_id',
      'h.names as home_names',
      'a.id as away_id',
      'a.names as away_names',
    ]);
}

export type GameRow = Awaited<ReturnType<ReturnType<typeof selectGames>['execute']>>[number];
export type GameQuery = SelectQueryBuilder<GameJoin & Database, 'g' | 'c' | 'co' | 'h' | 'a', GameRow>;

export function toGameView(r: GameRow, lang: string, markets: MarketView[] = []): GameView {
  return {
    id: r.id,
    number: r.number,
    sportId: r.sport_id,
    champ: {
      id: r.champ_id,
      name: nameIn(r.champ_names, lang),
      isTop: r.champ_is_top,
      country: { id: r.country_id, code: r.country_code, name: nameIn(r.country_names, lang) },
    },
    home: { id: r.home_id, name: nameIn(r.home_names, lang) },
    away: { id: r.away_id, name: nameIn(r.away_names, lang) },
    startAt: r.start_at.toISOString(),
    status: r.status,
    period: r.period,
    clockSeconds: r.clock_seconds,
    clockRunning: r.clock_running,
    clockAt: r.clock_at ? r.clock_at.toISOString() : null,
    score: { home: r.score_home, away: r.score_away },
    periodScores: r.period_scores,
    stats: r.stats,
    isLive: isInLiveList(r.status),
    isFinished: isOverStatus(r.status),
    isTop: r.is_top,
    statisticId: r.statistic_id,
    version: Number(r.version),
    markets,
  };
}

/** Markets of the games with their outcomes, in display order, grouped by game id. */
export async function loadMarkets(
  db: Kysely<Database>,
  gameIds: number[],
  onlyMain: boolean,
): Promise<Map<number, MarketView[]>> {
  const byGame = new Map<number, MarketView[]>();
  if (gameIds.length === 0) return byGame;
  let query = db.selectFrom('markets').selectAll().where('game_id', 'in', gameIds);
  if (onlyMain) query = query.where('is_main', '=', true);
  const markets = await query.orderBy('game_id').orderBy('position').execute();
  if (markets.length === 0) return byGame;
  const outcomes = await db
    .selectFrom('outcomes')
    .selectAll()
    .where(
      'market_id',
      'in',
      markets.map((m) => m.id),
    )
    .orderBy('market_id')
    .orderBy('position')
    .execute();
  const outcomesByMarket = new Map<bigint, typeof outcomes>();
  for (const o of outcomes)
    outcomesByMarket.set(o.market_id, [...(outcomesByMarket.get(o.market_id) ?? []), o]);
  for (const m of markets) {
    const view: MarketView = {
      id: Number(m.id),
      key: m.key,
      typeId: m.type_id,
      type: m.type,
      kind: m.kind,
      nameKey: m.name_key,
      specifiers: m.specifiers,
      state: m.state,
      isMain: m.is_main,
      isLive: m.is_live,
      position: m.position,
      version: Number(m.version),
      outcomes: (outcomesByMarket.get(m.id) ?? []).map((o) => ({
        id: Number(o.id),
        key: o.key,
        nameKey: o.name_key,
        oddsMilli: o.odds_milli,
        state: o.state,
        result: o.result,
        version: Number(o.version),
      })),
    };
    byGame.set(m.game_id, [...(byGame.get(m.game_id) ?? []), view]);
  }
  return byGame;
}

/** How many markets each game has in all (what its game page shows), by game id. */
export async function countMarkets(db: Kysely<Database>, gameIds: number[]): Promise<Map<number, number>> {
  if (gameIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('markets')
    .select(['game_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('game_id', 'in', gameIds)
    .groupBy('game_id')
    .execute();
  return new Map(rows.map((r) => [r.game_id, Number(r.n)]));
}

/** Rows as list games: the main markets and the count of all markets of each. */
export async function toListViews(db: Kysely<Database>, rows: GameRow[], lang: string): Promise<GameView[]> {
  const ids = rows.map((r) => r.id);
  const [markets, counts] = await Promise.all([loadMarkets(db, ids, true), countMarkets(db, ids)]);
  return rows.map((r) => ({
    ...toGameView(r, lang, markets.get(r.id)),
    marketCount: counts.get(r.id) ?? 0,
  }));
}
