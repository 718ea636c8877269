/**
 * The casino section's API (/backoffice-api/v1/casino/…): games with search and filters, providers,
 * a game's switches (enabled, sort weight, badges, countries of a provider's game) and a provider's
 * switch. Each route passes the guard with its action first (casino.view, casino.manage).
 */
import { Type } from '@sinclair/typebox';
import { Int32Id } from '../../platform/request-schemas.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import { GAME_BADGES } from '../casino/index.ts';
import { type CasinoDeskContext, changeGame, switchProvider } from './casino-desk.ts';
import { actorOf, type GuardContext, requireOperator } from './routes-guard.ts';

export interface CasinoDeskRoutesOptions extends GuardContext, CasinoDeskContext {}

const P = '/backoffice-api/v1/casino';
const TAGS = ['backoffice'];
const Ok = Type.Object({ ok: Type.Boolean() });
const ProviderId = Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,59}$' });
const Country = Type.String({ pattern: '^[A-Z]{2}$' });
const Countries = Type.Array(Country, { maxItems: 250, uniqueItems: true });
const Row = Type.Object({}, { additionalProperties: true, description: 'a game as the operator sees it' });

function schema<T extends object>(summary: string, parts: T) {
  return { schema: { tags: TAGS, summary, ...parts } };
}

export async function casinoDeskRoutes(app: RoutesApp, options: CasinoDeskRoutesOptions): Promise<void> {
  const ctx: GuardContext = options;
  const desk: CasinoDeskContext = options;

  app.get(
    `${P}/games`,
    schema('Catalogue games with every switch, by text, provider, category and state, 50 a page', {
      querystring: Type.Object({
        q: Type.Optional(Type.String({ maxLength: 100 })),
        provider: Type.Optional(ProviderId),
        category: Type.Optional(Type.String({ pattern: '^[a-z0-9_-]{1,60}$' })),
        enabled: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
        offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
      }),
      response: { 200: Type.Object({ games: Type.Array(Row), total: Type.Integer() }) },
    }),
    async (request) => {
      await requireOperator(ctx, request, 'casino.view');
      const q = request.query;
      const answer = await desk.catalogue.games({
        ...(q.q ? { q: q.q } : {}),
        ...(q.provider ? { provider: q.provider } : {}),
        ...(q.category ? { category: q.category } : {}),
        ...(q.enabled ? { enabled: q.enabled === 'true' } : {}),
        ...(q.offset ? { offset: q.offset } : {}),
      });
      return answer as unknown as { games: Record<string, unknown>[]; total: number };
    },
  );

  app.get(
    `${P}/providers`,
    schema('Providers with their switch and game counts, and the categories games use', {
      response: {
        200: Type.Object({
          providers: Type.Array(Type.Object({}, { additionalProperties: true })),
          categories: Type.Array(Type.String()),
        }),
      },
    }),
    async (request) => {
      await requireOperator(ctx, request, 'casino.view');
      const [providers, categories] = await Promise.all([
        desk.catalogue.providers(),
        desk.catalogue.categories(),
      ]);
      return { providers: providers as unknown as Record<string, unknown>[], categories };
    },
  );

  app.post(
    `${P}/games/:id`,
    schema("Changes a game's switches; the lobby, search, its page and new rounds follow at once", {
      params: Type.Object({ id: Int32Id() }),
      body: Type.Object(
        {
          enabled: Type.Optional(Type.Boolean()),
          popularity: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
          badges: Type.Optional(
            Type.Array(Type.Union(GAME_BADGES.map((b) => Type.Literal(b))), {
              maxItems: 3,
              uniqueItems: true,
            }),
          ),
          countries: Type.Optional(
            Type.Object({ allowed: Type.Union([Countries, Type.Null()]), blocked: Countries }),
          ),
        },
        { additionalProperties: false, minProperties: 1 },
      ),
      response: { 200: Type.Object({ game: Row }) },
    }),
    async (request) => {
      const operator = await requireOperator(ctx, request, 'casino.manage');
      const game = await changeGame(desk, actorOf(operator, request), request.params.id, request.body);
      return { game: game as unknown as Record<string, unknown> };
    },
  );

  app.post(
    `${P}/providers/:id`,
    schema("Switches a provider's games off or on together (the games keep their own switches)", {
      params: Type.Object({ id: ProviderId }),
      body: Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false }),
      response: { 200: Ok },
    }),
    async (request) => {
      const operator = await requireOperator(ctx, request, 'casino.manage');
      await switchProvider(desk, actorOf(operator, request), request.params.id, request.body.enabled);
      return { ok: true };
    },
  );
}
