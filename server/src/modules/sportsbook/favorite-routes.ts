/** GET, PUT and DELETE /web-api/sportsbook/v1/favorites: a signed-in player's favourites. */
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { ModuleDeps } from '../../platform/module.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import { requireUser } from '../auth/index.ts';
import { addFavorites, readFavorites, removeFavorite } from './player-favorites.ts';
import { FavoriteIdsSchema, FavoriteParams, FavoritesBody, FavoritesSchema, Lang } from './schemas.ts';

const PATH = '/web-api/sportsbook/v1/favorites';
const tags = ['sportsbook'];
const NOT_SIGNED_IN = '401 NOT_AUTHENTICATED for guests (they keep favourites in the browser).';

export function registerFavoriteRoutes(app: RoutesApp, deps: ModuleDeps): void {
  const db = deps.db.db;
  const userOf = async (request: FastifyRequest) => BigInt((await requireUser(request)).userId);

  app.get(
    PATH,
    {
      schema: {
        tags,
        summary: 'Favourite games and championships',
        description: `The signed-in player's favourite ids, the favourite games still open and the favourite champs. ${NOT_SIGNED_IN}`,
        querystring: Type.Object({ lang: Lang }),
        response: { 200: FavoritesSchema },
      },
    },
    async (request, reply) => {
      const userId = await userOf(request);
      reply.header('cache-control', 'private, no-store');
      return readFavorites(db, userId, request.query.lang);
    },
  );

  app.put(
    PATH,
    {
      schema: {
        tags,
        summary: 'Add favourites',
        description: `Adds the given game and champ ids (unknown ids are ignored; a guest's local favourites merge in this way on sign-in) and answers all ids. At most 200 per kind are kept, the oldest go first. ${NOT_SIGNED_IN}`,
        body: FavoritesBody,
        response: { 200: FavoriteIdsSchema },
      },
    },
    async (request, reply) => {
      const userId = await userOf(request);
      reply.header('cache-control', 'private, no-store');
      return addFavorites(db, deps.clock, userId, request.body);
    },
  );

  app.delete(
    `${PATH}/:kind/:id`,
    {
      schema: {
        tags,
        summary: 'Remove a favourite',
        description: `Removes one favourite game or champ (removing one that is not there changes nothing) and answers all ids. ${NOT_SIGNED_IN}`,
        params: FavoriteParams,
        response: { 200: FavoriteIdsSchema },
      },
    },
    async (request, reply) => {
      const userId = await userOf(request);
      const { kind, id } = request.params;
      reply.header('cache-control', 'private, no-store');
      return removeFavorite(db, userId, kind === 'games' ? 'game' : 'champ', id);
    },
  );
}
