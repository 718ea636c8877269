/**
 * HTTP routes under /web-api/tournaments/v1 (tag 'tournaments'):
 *   GET  /tournaments              every tournament (running first), with `entered` for a session
 *   GET  /tournaments/:id          one tournament, its top N (?top, default 20) and the player's place
 *   POST /tournaments/:id/entry    opts the signed-in player in (again: nothing changes)
 * Live: the bus topic casino:tournament:<id> (over /ws) carries { type: 'tournament.tick' } when
 * the leaderboard changed, at most a few times a second; the page then reads GET /tournaments/:id.
 */
import { Type } from '@sinclair/typebox';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import { getSessionUser, requireUser } from '../auth/index.ts';
import type { TournamentsContext } from './context.ts';
import { enterTournament, listTournaments, readTournament } from './manage.ts';

export const TOURNAMENTS_PREFIX = '/web-api/tournaments/v1';
const tags = ['tournaments'];
const Minor = Type.String({ description: 'Minor units of the tournament currency' });
const Id = Type.Object({ id: Type.String({ pattern: '^\\d{1,18}$' }) });

const Scoring = Type.Union([
  Type.Literal('wagered'),
  Type.Literal('biggest_win'),
  Type.Literal('biggest_multiplier'),
]);
const Status = Type.Union([
  Type.Literal('scheduled'),
  Type.Literal('running'),
  Type.Literal('finished'),
  Type.Literal('paid'),
]);
const Localised = Type.Object({ ru: Type.String(), en: Type.String() });
const TournamentSchema = Type.Object({
  id: Type.String(),
  name: Localised,
  terms: Localised,
  startsAt: Type.String(),
  endsAt: Type.String(),
  gameIds: Type.Union([Type.Array(Type.Integer()), Type.Null()], {
    description: 'null: every in-house game',
  }),
  scoring: Scoring,
  currency: Type.String(),
  prizesMinor: Type.Array(Minor, { description: 'The prize of place n at index n − 1' }),
  prizePoolMinor: Minor,
  optInRequired: Type.Boolean(),
  status: Status,
  entered: Type.Boolean(),
});
const RowSchema = Type.Object({
  place: Type.Integer({ minimum: 1 }),
  player: Type.String(),
  score: Type.String({ description: 'Minor units (wagered, biggest win) or 1/10000 of the multiplier' }),
  prizeMinor: Type.Union([Minor, Type.Null()]),
  you: Type.Boolean(),
});
const DetailSchema = Type.Object({
  tournament: TournamentSchema,
  leaderboard: Type.Array(RowSchema),
  own: Type.Union([RowSchema, Type.Null()]),
});

async function sessionUserId(request: Parameters<typeof getSessionUser>[0]): Promise<bigint | null> {
  const user = await getSessionUser(request);
  return user ? BigInt(user.userId) : null;
}

export async function tournamentsRoutes(app: RoutesApp, options: { ctx: TournamentsContext }): Promise<void> {
  const { ctx } = options;

  app.get(
    `${TOURNAMENTS_PREFIX}/tournaments`,
    {
      schema: {
        tags,
        summary: 'Casino tournaments: running, scheduled and ended',
        response: { 200: Type.Object({ tournaments: Type.Array(TournamentSchema) }) },
      },
    },
    async (request) => ({ tournaments: await listTournaments(ctx, await sessionUserId(request)) }),
  );

  app.get(
    `${TOURNAMENTS_PREFIX}/tournaments/:id`,
    {
      schema: {
        tags,
        summary: 'One tournament with its leaderboard (top N) and the player’s own place',
        description: 'TOURNAMENT_NOT_FOUND (404). Live changes: topic casino:tournament:<id> over /ws.',
        params: Id,
        querystring: Type.Object({
          top: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
        }),
        response: { 200: DetailSchema },
      },
    },
    async (request) =>
      readTournament(ctx, BigInt(request.params.id), await sessionUserId(request), request.query.top ?? 20),
  );

  app.post(
    `${TOURNAMENTS_PREFIX}/tournaments/:id/entry`,
    {
      schema: {
        tags,
        summary: 'Opts the signed-in player in (idempotent)',
        description: 'TOURNAMENT_NOT_FOUND (404), TOURNAMENT_NOT_RUNNING (409, ended), AUTH_REQUIRED.',
        params: Id,
        response: { 200: DetailSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const id = BigInt(request.params.id);
      await enterTournament(ctx, id, BigInt(user.userId));
      return readTournament(ctx, id, BigInt(user.userId), 20);
    },
  );
}
