/**
 * GET /web-api/sportsbook/v1/games/:gameId/play: the live match visualisation's events and the
 * ball's place now. The game's drawn timeline is kept a short while; the answer is computed at
 * every request from the clock, so it never runs ahead of the present.
 */
import { CachedMap } from '../../platform/cached.ts';
import type { ModuleDeps } from '../../platform/module.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import { buildWorld } from './feed/simulator/world.ts';
import { gamePlayAt, loadPlayedGame, type PlayedGame, type PlayWorld } from './get-game-play.ts';
import { GamePlayQuery, GamePlaySchema } from './play-schemas.ts';
import { GameParams } from './schemas.ts';

const PREFIX = '/web-api/sportsbook/v1';
const GAME_TTL_MS = 30_000;
const MAX_CACHED = 2_000;

export function registerPlayRoutes(app: RoutesApp, deps: ModuleDeps): void {
  // The simulated world exists only when the simulator is the feed; built once, on the first ask.
  let sim: PlayWorld | null | undefined;
  const worldOf = () => {
    if (sim === undefined)
      sim =
        deps.config.feedProvider === 'simulator'
          ? { seed: deps.config.feedSeed, world: buildWorld(deps.config.feedSeed) }
          : null;
    return sim;
  };
  const games = new CachedMap<PlayedGame>(deps.clock, GAME_TTL_MS, MAX_CACHED);
  app.get(
    `${PREFIX}/games/:gameId/play`,
    {
      schema: {
        tags: ['sportsbook'],
        summary: 'A game’s play-by-play',
        description:
          'The latest events of a game (goals or points, shots, dangerous attacks, corners, cards, period starts and ends) with the match clock, and where the ball is now, from the same simulated timeline as the scoreboard; never an event after the present. 404 GAME_NOT_FOUND.',
        params: GameParams,
        querystring: GamePlayQuery,
        response: { 200: GamePlaySchema },
      },
    },
    async (request, reply) => {
      const { gameId } = request.params;
      const game = await games.get(String(gameId), () => loadPlayedGame(deps.db.db, gameId, worldOf()));
      reply.header('cache-control', 'no-store');
      return gamePlayAt(game, deps.clock.nowMs(), request.query.limit);
    },
  );
}
