/**
 * The catalogue's routes under /web-api/casino/v1: lobby, game details, categories, providers,
 * search, generated art, and the signed-in player's favourites and recent games. Guests may call
 * everything but favourites and recent (401 NOT_AUTHENTICATED: guests keep those in localStorage).
 */
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RoutesApp } from '../../../platform/typed-routes.ts';
import { getSessionUser, requireUser } from '../../auth/index.ts';
import type { CasinoCatalogue } from './catalogue-service.ts';
import { CASINO_API } from './game-tile.ts';
import {
  CategoriesQuery,
  CategoriesSchema,
  GameDetailsSchema,
  GameListSchema,
  GameParams,
  GameQuery,
  Lang,
  LobbyPageSchema,
  LobbyQuery,
  PreviewLightQuery,
  PreviewLightSchema,
  ProvidersSchema,
  SearchQuery,
  ThumbnailParams,
  ThumbnailQuery,
} from './schemas.ts';

const tags = ['casino'];
const NOT_SIGNED_IN = '401 NOT_AUTHENTICATED for guests (they keep these in localStorage).';
/** Lists change only with the catalogue: server renders may share an answer for a while. */
const SHARED = 'public, max-age=0, s-maxage=30';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const MAX_FAVORITES_PER_CALL = 200;

function svg(
  reply: FastifyReply,
  art: { svg: string; version: string },
  requested: string | undefined,
): string {
  // A URL with the current version may be cached forever; without one (or an old one), briefly.
  reply.header('cache-control', requested === art.version ? IMMUTABLE : 'public, max-age=300');
  reply.header('etag', `"${art.version}"`);
  reply.type('image/svg+xml; charset=utf-8');
  return art.svg;
}

export async function catalogueRoutes(
  app: RoutesApp,
  options: { catalogue: CasinoCatalogue },
): Promise<void> {
  const { catalogue } = options;
  const userOf = async (request: FastifyRequest) => BigInt((await requireUser(request)).userId);

  app.get(
    `${CASINO_API}/lobby`,
    {
      schema: {
        tags,
        summary: 'A page of the lobby',
        description:
          'Games of a section (and category, provider, tag, name words q), most played first (the section new: newest first). Pages by cursor (nextCursor, null on the last page); total counts the whole list. A bad cursor is 400 VALIDATION_FAILED.',
        querystring: LobbyQuery,
        response: { 200: LobbyPageSchema },
      },
    },
    async (request, reply) => {
      const { section, category, provider, tag, q, cursor, limit, lang } = request.query;
      reply.header('cache-control', SHARED);
      return catalogue.lobby({
        filter: { section, category, provider, tag, q },
        ...(cursor ? { cursor } : {}),
        limit,
        lang,
      });
    },
  );

  app.get(
    `${CASINO_API}/games/:gameId`,
    {
      schema: {
        tags,
        summary: 'A game: details, stake limits, jurisdiction settings, related games',
        description:
          'Limits in the given currency (RUB when none, or when the game has none in it). 404 CASINO_GAME_NOT_FOUND.',
        params: GameParams,
        querystring: GameQuery,
        response: { 200: GameDetailsSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', SHARED);
      return catalogue.game({ gameId: request.params.gameId, ...request.query });
    },
  );

  app.get(
    `${CASINO_API}/categories`,
    {
      schema: {
        tags,
        summary: 'Category tabs of a section',
        description:
          'In order, each with its dictionary key and number of games; every game when no section.',
        querystring: CategoriesQuery,
        response: { 200: CategoriesSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', SHARED);
      return { categories: await catalogue.categories(request.query.section) };
    },
  );

  app.get(
    `${CASINO_API}/providers`,
    {
      schema: {
        tags,
        summary: 'Game providers',
        description: 'Providers with at least one game shown, with counts and logo URLs.',
        querystring: Type.Object({ lang: Lang }),
        response: { 200: ProvidersSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', SHARED);
      return { providers: await catalogue.providers() };
    },
  );

  app.get(
    `${CASINO_API}/search`,
    {
      schema: {
        tags,
        summary: 'Instant search by name',
        description: 'Every word of q starts a word of the Russian or English name (case-insensitive).',
        querystring: SearchQuery,
        response: { 200: GameListSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', SHARED);
      return { games: await catalogue.search(request.query) };
    },
  );

  app.get(
    `${CASINO_API}/thumbnails/:gameId.svg`,
    {
      schema: {
        tags,
        summary: "A game's generated thumbnail (SVG)",
        description: 'Cached forever under its version (v, as in the tile URL). 404 CASINO_GAME_NOT_FOUND.',
        params: ThumbnailParams,
        querystring: ThumbnailQuery,
        response: { 200: Type.String({ description: 'image/svg+xml' }) },
      },
    },
    async (request, reply) =>
      svg(reply, await catalogue.thumbnail(request.params.gameId, request.query.lang), request.query.v),
  );

  app.get(
    `${CASINO_API}/providers/:providerId/logo.svg`,
    {
      schema: {
        tags,
        summary: "A provider's generated logo (SVG)",
        description: '404 CASINO_PROVIDER_NOT_FOUND.',
        params: Type.Object({
          providerId: Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,62}$', maxLength: 63 }),
        }),
        querystring: Type.Object({ v: Type.Optional(Type.String({ pattern: '^[0-9a-f]{1,16}$' })) }),
        response: { 200: Type.String({ description: 'image/svg+xml' }) },
      },
    },
    async (request, reply) =>
      svg(reply, await catalogue.providerLogo(request.params.providerId), request.query.v),
  );

  app.get(
    `${CASINO_API}/favorites`,
    {
      schema: {
        tags,
        summary: 'Favourite games',
        description: `Newest first. ${NOT_SIGNED_IN}`,
        querystring: Type.Object({ lang: Lang }),
        response: { 200: GameListSchema },
      },
    },
    async (request, reply) => {
      const userId = await userOf(request);
      reply.header('cache-control', 'private, no-store');
      return { games: await catalogue.favorites(userId, request.query.lang) };
    },
  );

  app.put(
    `${CASINO_API}/favorites`,
    {
      schema: {
        tags,
        summary: 'Add favourite games (merge)',
        description: `Adds the given games (unknown ids are ignored: a guest's local favourites merge this way on sign-in) and answers all favourites. At most 200 are kept, the oldest go first. ${NOT_SIGNED_IN}`,
        querystring: Type.Object({ lang: Lang }),
        body: Type.Object({
          gameIds: Type.Array(GameParams.properties.gameId, { maxItems: MAX_FAVORITES_PER_CALL }),
        }),
        response: { 200: GameListSchema },
      },
    },
    async (request, reply) => {
      const userId = await userOf(request);
      await catalogue.addFavorites(userId, request.body.gameIds, { strict: false });
      reply.header('cache-control', 'private, no-store');
      return { games: await catalogue.favorites(userId, request.query.lang) };
    },
  );

  app.put(
    `${CASINO_API}/favorites/:gameId`,
    {
      schema: {
        tags,
        summary: 'Add a favourite game',
        description: `Answers all favourites. 404 CASINO_GAME_NOT_FOUND. ${NOT_SIGNED_IN}`,
        params: GameParams,
        querystring: Type.Object({ lang: Lang }),
        response: { 200: GameListSchema },
      },
    },
    async (request, reply) => {
      const userId = await userOf(request);
      await catalogue.addFavorites(userId, [request.params.gameId], { strict: true });
      reply.header('cache-control', 'private, no-store');
      return { games: await catalogue.favorites(userId, request.query.lang) };
    },
  );

  app.delete(
    `${CASINO_API}/favorites/:gameId`,
    {
      schema: {
        tags,
        summary: 'Remove a favourite game',
        description: `Removing one that is not there changes nothing. Answers all favourites. ${NOT_SIGNED_IN}`,
        params: GameParams,
        querystring: Type.Object({ lang: Lang }),
        response: { 200: GameListSchema },
      },
    },
    async (request, reply) => {
      const userId = await userOf(request);
      await catalogue.removeFavorite(userId, request.params.gameId);
      reply.header('cache-control', 'private, no-store');
      return { games: await catalogue.favorites(userId, request.query.lang) };
    },
  );

  app.get(
    `${CASINO_API}/games-preview-light`,
    {
      schema: {
        tags,
        summary: 'Games preview light (coupon-accounts §7)',
        description:
          'Compact lists by group: items GT (tagId), GN (name), R (route), OR (oldRoute), CRID (id), GF (categories when includeCategories=true). Without groupId: popular and new, and for a signed-in player (user_token cookie or Authorization: Bearer) favorites and recent.',
        querystring: PreviewLightQuery,
        response: { 200: PreviewLightSchema },
      },
    },
    async (request, reply) => {
      const user = await getSessionUser(request);
      const { groupId, lng, includeCategories } = request.query;
      reply.header('cache-control', user ? 'private, no-store' : SHARED);
      const value = await catalogue.previewLight({
        ...(groupId ? { groupId } : {}),
        lang: lng,
        includeCategories,
        userId: user ? BigInt(user.userId) : null,
      });
      return { Success: true, Value: value };
    },
  );

  app.get(
    `${CASINO_API}/recent`,
    {
      schema: {
        tags,
        summary: 'Recently played games',
        description: `The last 30 games the player started a round in, newest first. ${NOT_SIGNED_IN}`,
        querystring: Type.Object({ lang: Lang }),
        response: { 200: GameListSchema },
      },
    },
    async (request, reply) => {
      const userId = await userOf(request);
      reply.header('cache-control', 'private, no-store');
      return { games: await catalogue.recent(userId, request.query.lang) };
    },
  );
}
