/**
 * GET /web-api/sportsbook/v1/champs/:champId/statistics and /games/:gameId/statistics: the
 * statistics page and popup. Answers are kept a short while per champ and per game (a table moves
 * only when a game of the champ finishes; a live game's figures every few seconds).
 */

import { CachedMap } from '../../platform/cached.ts';
import type { ModuleDeps } from '../../platform/module.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import { SimulatedHistory } from './feed/simulator/history.ts';
import { type ChampStatistics, getChampStatistics } from './get-champ-statistics.ts';
import { type GameStatistics, getGameStatistics } from './get-game-statistics.ts';
import { GameParams } from './schemas.ts';
import {
  ChampParams,
  ChampStatisticsQuery,
  ChampStatisticsSchema,
  GameStatisticsQuery,
  GameStatisticsSchema,
} from './statistics-schemas.ts';

const PREFIX = '/web-api/sportsbook/v1';
const tags = ['sportsbook'];
const CHAMP_TTL_MS = 30_000;
const GAME_TTL_MS = 5_000;
const MAX_CACHED = 2_000;

export function registerStatisticsRoutes(app: RoutesApp, deps: ModuleDeps): void {
  const db = deps.db.db;
  const seed = deps.config.feedSeed;
  // The simulated past exists only when the simulator is the feed; otherwise the database alone.
  const history = deps.config.feedProvider === 'simulator' ? new SimulatedHistory(seed) : null;
  const champs = new CachedMap<ChampStatistics>(deps.clock, CHAMP_TTL_MS, MAX_CACHED);
  const games = new CachedMap<GameStatistics>(deps.clock, GAME_TTL_MS, MAX_CACHED);

  app.get(
    `${PREFIX}/champs/:champId/statistics`,
    {
      schema: {
        tags,
        summary: 'A championship’s table',
        description:
          'The league table over the season so far (played, won, drawn, lost, scores for and against, points, form), from the finished games, and the top 10 scorers over the same games (simulated football, ice hockey, handball). 404 CHAMP_NOT_FOUND.',
        params: ChampParams,
        querystring: ChampStatisticsQuery,
        response: { 200: ChampStatisticsSchema },
      },
    },
    async (request, reply) => {
      const { champId } = request.params;
      const { lang } = request.query;
      const answer = await champs.get(`${champId}:${lang}`, () =>
        getChampStatistics(db, history, champId, lang, deps.clock.nowMs(), seed),
      );
      reply.header('cache-control', `public, max-age=0, s-maxage=${CHAMP_TTL_MS / 1000}`);
      return answer;
    },
  );

  app.get(
    `${PREFIX}/games/:gameId/statistics`,
    {
      schema: {
        tags,
        summary: 'A game’s statistics',
        description:
          'Match statistics (shots, possession, corners, cards for football; sport-specific totals otherwise), the goals so far with minute and scorer, both teams’ form and their head-to-head. 404 GAME_NOT_FOUND.',
        params: GameParams,
        querystring: GameStatisticsQuery,
        response: { 200: GameStatisticsSchema },
      },
    },
    async (request, reply) => {
      const { gameId } = request.params;
      const { lang, h2h } = request.query;
      const answer = await games.get(`${gameId}:${lang}:${h2h}`, () =>
        getGameStatistics(db, history, {
          gameId,
          lang,
          nowMs: deps.clock.nowMs(),
          seed,
          headToHeadLimit: h2h,
        }),
      );
      reply.header('cache-control', `public, max-age=0, s-maxage=${GAME_TTL_MS / 1000}`);
      return answer;
    },
  );
}
