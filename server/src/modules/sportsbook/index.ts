/**
 * Sportsbook module: the catalogue (sports, countries, champs, teams, games, markets, outcomes),
 * the odds feed (FeedProvider, the deterministic simulator, the ingester) and the JSON API under
 * /web-api/sportsbook/v1. Front door: the Fastify plugin, the seed, the feed worker and the bus
 * topics and messages (events.ts).
 *
 * Errors: VALIDATION_FAILED (400) for bad parameters, GAME_NOT_FOUND, TEAM_NOT_FOUND and
 * PLAYER_NOT_FOUND and CHAMP_NOT_FOUND (404), NOT_AUTHENTICATED (401) for a guest's favourites.
 */

import { GAME_STATUS } from '@parlay/domain/sportsbook/game-status.ts';
import { Type } from '@sinclair/typebox';
import { type Kysely, sql } from 'kysely';
import { PREPARED_MARKER, readsToleratingLag } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { ModuleDeps } from '../../platform/module.ts';
import type { Database } from '../../platform/schema.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import { registerFavoriteRoutes } from './favorite-routes.ts';
import { getGame } from './get-game.ts';
import { listChamps } from './list-champs.ts';
import { type ListMode, listGames } from './list-games.ts';
import { dayStartMs, listResults } from './list-results.ts';
import { listSports } from './list-sports.ts';
import { registerPlayRoutes } from './play-routes.ts';
import {
  ChampSchema,
  ChampsQuery,
  GamePageSchema,
  GameParams,
  GameSchema,
  Lang,
  ListQuery,
  ResultsQuery,
  SearchQuery,
  SearchSchema,
  SportSchema,
} from './schemas.ts';
import { searchEvents } from './search-events.ts';
import { registerStatisticsRoutes } from './statistics-routes.ts';
import type { MarketState, OutcomeResultCode, OutcomeState } from './tables.ts';
import { registerTeamRoutes } from './team-routes.ts';

export * from './builder-reads.ts';
export * from './events.ts';
export { FeedIngester } from './feed/ingester.ts';
export type { FeedEvent, FeedProvider, FeedSink } from './feed/provider.ts';
export { SimulatedHistory } from './feed/simulator/history.ts';
export { SimulatedFeed } from './feed/simulator/simulated-feed.ts';
export { FeedSimulator, type SimulatorOptions } from './feed/simulator/simulator.ts';
export { type FeedWorkerOptions, startFeedWorker } from './feed-worker.ts';
export { type ChampStatistics, getChampStatistics } from './get-champ-statistics.ts';
export { type GameStatistics, getGameStatistics } from './get-game-statistics.ts';
export { SUPPORTED_LANGUAGES } from './schemas.ts';
export { isCatalogueEmpty, seedCatalogue } from './seed-catalogue.ts';
export { readSelectionLabels, type SelectionLabels } from './selection-labels.ts';
export * from './trading-controls.ts';

const PREFIX = '/web-api/sportsbook/v1';
const tags = ['sportsbook'];

/**
 * How long server renders may share one answer (s-maxage; browsers ignore it and always ask again,
 * so a page's own fetches and its live subscription start from fresh data).
 */
const SHARED_SECONDS: Record<string, number> = {
  [`${PREFIX}/sports`]: 5,
  [`${PREFIX}/champs`]: 5,
  [`${PREFIX}/line`]: 2,
  [`${PREFIX}/live`]: 1,
  [`${PREFIX}/games/:gameId`]: 1,
  [`${PREFIX}/search`]: 5,
  [`${PREFIX}/results`]: 30,
};

export async function sportsbookModule(app: RoutesApp, deps: ModuleDeps): Promise<void> {
  const db = deps.db.db;
  // The shared lists (sports, champs, line, live, search, results) are cached for seconds anyway:
  // a read replica's lag changes nothing for them. A game's page stays on the primary.
  const lists = readsToleratingLag(deps.db);
  app.addHook('onSend', async (request, reply, payload) => {
    const seconds = SHARED_SECONDS[request.routeOptions.url ?? ''];
    if (seconds && reply.statusCode === 200 && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', `public, max-age=0, s-maxage=${seconds}`);
    }
    return payload;
  });

  app.get(
    `${PREFIX}/sports`,
    {
      schema: {
        tags,
        summary: 'List sports',
        description:
          'All sports in display order, named in the requested language, with live and line game counts.',
        querystring: Type.Object({ lang: Lang }),
        response: { 200: Type.Object({ data: Type.Array(SportSchema) }) },
      },
    },
    async (request) => {
      const { lang } = request.query;
      return { data: await listSports(lists, lang) };
    },
  );

  app.get(
    `${PREFIX}/champs`,
    {
      schema: {
        tags,
        summary: 'Championships of a sport',
        description:
          'Champs of a sport (optionally one country), top first, with line and live counts; mode=line|live keeps those with games.',
        querystring: ChampsQuery,
        response: { 200: Type.Object({ data: Type.Array(ChampSchema) }) },
      },
    },
    async (request) => {
      const q = request.query;
      return { data: await listChamps(lists, q) };
    },
  );

  for (const mode of ['line', 'live'] as const) registerList(app, deps, mode);
  registerFavoriteRoutes(app, deps);
  registerTeamRoutes(app, deps);
  registerStatisticsRoutes(app, deps);
  registerPlayRoutes(app, deps);

  app.get(
    `${PREFIX}/games/:gameId`,
    {
      schema: {
        tags,
        summary: 'A game with every market',
        description:
          'The game, its scoreboard and all its markets, also grouped by kind for the game page. 404 GAME_NOT_FOUND.',
        params: GameParams,
        querystring: Type.Object({ lang: Lang }),
        response: { 200: GamePageSchema },
      },
    },
    async (request) => {
      const { gameId } = request.params;
      const { lang } = request.query;
      return getGame(db, gameId, lang);
    },
  );

  app.get(
    `${PREFIX}/search`,
    {
      schema: {
        tags,
        summary: 'Search events and teams',
        description:
          'Teams whose name contains q (at least 2 characters, any shipped language) and their line and live games.',
        querystring: SearchQuery,
        response: { 200: SearchSchema },
      },
    },
    async (request) => {
      const { q, limit, lang } = request.query;
      return searchEvents(lists, { text: q, limit, lang });
    },
  );

  app.get(
    `${PREFIX}/results`,
    {
      schema: {
        tags,
        summary: 'Results by date',
        description:
          'Finished and cancelled games that started on the day (in the tz offset), with final and period scores.',
        querystring: ResultsQuery,
        response: { 200: Type.Object({ data: Type.Array(GameSchema) }) },
      },
    },
    async (request) => {
      const q = request.query;
      const fromMs = dayStartMs(q.date, q.tz);
      if (fromMs === null) throw new AppError('VALIDATION_FAILED', `querystring/date: no such day ${q.date}`);
      return { data: await listResults(lists, { ...q, fromMs }) };
    },
  );
}

function registerList(app: RoutesApp, deps: ModuleDeps, mode: ListMode): void {
  app.get(
    `${PREFIX}/${mode}`,
    {
      schema: {
        tags,
        summary: mode === 'line' ? 'Line: games not started' : 'Live: games in play',
        description: `Games ${mode === 'line' ? 'in the line' : 'in the live list'} by sport, country or champ, with the time filter, paged; each with its main markets.`,
        querystring: ListQuery,
        response: { 200: Type.Object({ data: Type.Array(GameSchema), total: Type.Integer() }) },
      },
    },
    async (request) => {
      const q = request.query;
      return listGames(readsToleratingLag(deps.db), { ...q, mode, nowMs: deps.clock.nowMs() });
    },
  );
}

// Read functions for the betting module: the current state of selections by ids.

/** A selection (outcome) as betting sees it now: price and state with its market and game. */
export interface SelectionState {
  outcomeId: bigint;
  oddsMilli: number;
  outcomeState: OutcomeState;
  marketId: bigint;
  marketState: MarketState;
  marketTypeId: number;
  /** The market's kind (markets.kind: main, totals, live…), the group it is shown in. */
  marketKind: string;
  marketIsLive: boolean;
  /** An operator's maximum stake per bet on the market (the back office), null: the site's. */
  marketMaxStakeMinor: bigint | null;
  /** Bumped by every change of the market row (suspension, reopening, result). */
  marketVersion: bigint;
  gameId: number;
  sportId: number;
  gameStatus: number;
  isGameFinished: boolean;
  isTimeRunning: boolean;
  scoreHome: number;
  scoreAway: number;
  /**
   * Every field above as the database writes it (sportsbook_selection_stamp, migration 0080): a
   * placement priced from a plain read passes the stamps to betting_place_batch() (0086), which
   * compares them under the market lock.
   */
  stamp: string;
}

/**
 * The selections of these outcome ids (missing ids are absent from the map). With lockMarkets the
 * markets rows are read FOR SHARE, in id order, so a suspension or result of one of them waits for
 * the caller's transaction, or the caller sees it.
 */
interface SelectionRow {
  outcome_id: bigint;
  odds_milli: number;
  outcome_state: OutcomeState;
  market_id: bigint;
  market_state: MarketState;
  type_id: number;
  kind: string;
  is_live: boolean;
  max_stake_minor: string | null;
  market_version: bigint;
  game_id: number;
  sport_id: number;
  status: number;
  finished_at: Date | null;
  clock_running: boolean;
  score_home: number;
  score_away: number;
  stamp: string;
}

export async function readSelections(
  db: Kysely<Database>,
  outcomeIds: readonly bigint[],
  options: { lockMarkets?: boolean } = {},
): Promise<Map<bigint, SelectionState>> {
  if (outcomeIds.length === 0) return new Map();
  // One text per variant, prepared once per connection (the placement's hottest read).
  const { rows } = await sql<SelectionRow>`${sql.raw(PREPARED_MARKER)}
    select o.id as outcome_id, o.odds_milli, o.state as outcome_state, m.id as market_id,
      m.state as market_state, m.type_id, m.kind, m.is_live, m.max_stake_minor, m.version as market_version, g.id as game_id,
      g.sport_id, g.status, g.finished_at, g.clock_running, g.score_home, g.score_away,
      sportsbook_selection_stamp(o, m, g) as stamp
    from outcomes o join markets m on m.id = o.market_id join games g on g.id = m.game_id
    where o.id = any(${outcomeIds.map(String)}::bigint[])
    order by m.id ${options.lockMarkets ? sql`for share of m` : sql``}`.execute(db);
  return new Map(
    rows.map((r) => [
      BigInt(r.outcome_id),
      {
        outcomeId: BigInt(r.outcome_id),
        oddsMilli: r.odds_milli,
        outcomeState: r.outcome_state,
        marketId: BigInt(r.market_id),
        marketState: r.market_state,
        marketTypeId: r.type_id,
        marketKind: r.kind,
        marketIsLive: r.is_live,
        marketMaxStakeMinor: r.max_stake_minor === null ? null : BigInt(r.max_stake_minor),
        marketVersion: BigInt(r.market_version),
        gameId: r.game_id,
        sportId: r.sport_id,
        gameStatus: r.status,
        isGameFinished: r.finished_at !== null,
        isTimeRunning: r.clock_running,
        scoreHome: r.score_home,
        scoreAway: r.score_away,
        stamp: r.stamp,
      },
    ]),
  );
}

/**
 * The settled result of each outcome id, or null while it is open: the feed's result once the
 * outcome is resulted; void when its market was cancelled or its game cancelled (status 5).
 */
export async function readOutcomeResults(
  db: Kysely<Database>,
  outcomeIds: readonly bigint[],
): Promise<Map<bigint, OutcomeResultCode | null>> {
  if (outcomeIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('outcomes as o')
    .innerJoin('markets as m', 'm.id', 'o.market_id')
    .innerJoin('games as g', 'g.id', 'm.game_id')
    .select(['o.id', 'o.state', 'o.result', 'm.state as market_state', 'g.status'])
    .where('o.id', 'in', [...outcomeIds])
    .execute();
  return new Map(
    rows.map((r) => {
      const voided = r.market_state === 'cancelled' || r.status === GAME_STATUS.CANCELLED;
      const result = r.state === 'resulted' && r.result ? r.result : voided ? 'void' : null;
      return [BigInt(r.id), result];
    }),
  );
}

/**
 * Every outcome of each market with its price (thousandths) and whether it is open: a fair value
 * needs the whole book, and knows it is incomplete when an outcome is suspended or resulted.
 */
export async function readMarketOutcomes(
  db: Kysely<Database>,
  marketIds: readonly bigint[],
): Promise<Map<bigint, { oddsMilli: number; isOpen: boolean }[]>> {
  const outcomes = new Map<bigint, { oddsMilli: number; isOpen: boolean }[]>();
  if (marketIds.length === 0) return outcomes;
  const rows = await db
    .selectFrom('outcomes')
    .select(['market_id', 'odds_milli', 'state'])
    .where('market_id', 'in', [...marketIds])
    .orderBy('id')
    .execute();
  for (const r of rows) {
    const id = BigInt(r.market_id);
    outcomes.set(id, [...(outcomes.get(id) ?? []), { oddsMilli: r.odds_milli, isOpen: r.state === 'open' }]);
  }
  return outcomes;
}

/** A prematch game with its open 1X2 market (outcomes home, draw, away): a toto nominee. */
export interface LineResultGame {
  gameId: number;
  sportId: number;
  startAt: Date;
  champNames: Record<string, string>;
  homeNames: Record<string, string>;
  awayNames: Record<string, string>;
  marketId: bigint;
  outcomes: { home: bigint; draw: bigint; away: bigint };
  oddsMilli: { home: number; draw: number; away: number };
}

/**
 * Games not started (status 0) whose start is in [fromMs, toMs) and whose whole-match 1X2 market
 * (type result, no specifiers, prematch) is open with its three outcomes open, earliest first
 * (then by id), at most `limit`: the toto module builds its draws from them.
 */
export async function readLineResultGames(
  db: Kysely<Database>,
  options: { fromMs: number; toMs: number; limit: number },
): Promise<LineResultGame[]> {
  const { rows } = await sql<{
    game_id: number;
    sport_id: number;
    start_at: Date;
    champ_names: Record<string, string>;
    home_names: Record<string, string>;
    away_names: Record<string, string>;
    market_id: string;
    home_id: string;
    draw_id: string;
    away_id: string;
    home_odds: number;
    draw_odds: number;
    away_odds: number;
  }>`
    select g.id as game_id, g.sport_id, g.start_at, c.names as champ_names, ht.names as home_names,
      aw.names as away_names, m.id as market_id,
      max(o.id) filter (where o.key = 'home') as home_id, max(o.id) filter (where o.key = 'draw') as draw_id,
      max(o.id) filter (where o.key = 'away') as away_id,
      max(o.odds_milli) filter (where o.key = 'home') as home_odds,
      max(o.odds_milli) filter (where o.key = 'draw') as draw_odds,
      max(o.odds_milli) filter (where o.key = 'away') as away_odds
    from games g
    join champs c on c.id = g.champ_id
    join teams ht on ht.id = g.home_team_id
    join teams aw on aw.id = g.away_team_id
    join markets m on m.game_id = g.id and m.type = 'result' and not m.is_live and m.state = 'open'
      and m.specifiers = '{}'::jsonb
    join outcomes o on o.market_id = m.id and o.state = 'open' and o.key in ('home', 'draw', 'away')
    where g.status = ${GAME_STATUS.NOT_STARTED}
      and g.start_at >= ${new Date(options.fromMs)} and g.start_at < ${new Date(options.toMs)}
    group by g.id, c.names, ht.names, aw.names, m.id
    having count(distinct o.key) = 3
    order by g.start_at, g.id, m.id
    limit ${options.limit}`.execute(db);
  const seen = new Set<number>();
  const games: LineResultGame[] = [];
  for (const r of rows) {
    if (seen.has(r.game_id)) continue;
    seen.add(r.game_id);
    games.push({
      gameId: r.game_id,
      sportId: r.sport_id,
      startAt: new Date(r.start_at),
      champNames: r.champ_names,
      homeNames: r.home_names,
      awayNames: r.away_names,
      marketId: BigInt(r.market_id),
      outcomes: { home: BigInt(r.home_id), draw: BigInt(r.draw_id), away: BigInt(r.away_id) },
      oddsMilli: { home: r.home_odds, draw: r.draw_odds, away: r.away_odds },
    });
  }
  return games;
}
