/** GET /web-api/sportsbook/v1/teams/:teamId and /players/:playerId: the team and player-info pages. */
import { Type } from '@sinclair/typebox';
import type { ModuleDeps } from '../../platform/module.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import { getTeam } from './get-team.ts';
import { Lang, PlayerParams, TeamPageSchema, TeamParams } from './schemas.ts';

const PREFIX = '/web-api/sportsbook/v1';
const tags = ['sportsbook'];
const TEAM_SHARED_SECONDS = 2;

export function registerTeamRoutes(app: RoutesApp, deps: ModuleDeps): void {
  const db = deps.db.db;
  const query = Type.Object({ lang: Lang });
  const shared = `public, max-age=0, s-maxage=${TEAM_SHARED_SECONDS}`;

  app.get(
    `${PREFIX}/teams/:teamId`,
    {
      schema: {
        tags,
        summary: 'A team with its games',
        description:
          'The team, its games in play, its next games in the line (main markets) and its latest results. 404 TEAM_NOT_FOUND.',
        params: TeamParams,
        querystring: query,
        response: { 200: TeamPageSchema },
      },
    },
    async (request, reply) => {
      const { teamId } = request.params;
      const page = await getTeam(db, teamId, request.query.lang);
      reply.header('cache-control', shared);
      return page;
    },
  );

  app.get(
    `${PREFIX}/players/:playerId`,
    {
      schema: {
        tags,
        summary: 'A player with their games',
        description:
          'A competitor of an individual sport (tennis, table tennis, MMA) as the player-info page shows it: the same fields as a team. 404 PLAYER_NOT_FOUND for anything else.',
        params: PlayerParams,
        querystring: query,
        response: { 200: TeamPageSchema },
      },
    },
    async (request, reply) => {
      const { playerId } = request.params;
      const page = await getTeam(db, playerId, request.query.lang, { asPlayer: true });
      reply.header('cache-control', shared);
      return page;
    },
  );
}
