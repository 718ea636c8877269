/**
 * Sportsbook module: the catalogue (sports for now; championships, games, markets and the feed
 * come with the sportsbook issue). Front door: the Fastify plugin and the seed.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../platform/module.ts';
import { listSports } from './list-sports.ts';

export { isCatalogueEmpty, seedCatalogue } from './seed-catalogue.ts';

export const SUPPORTED_LANGUAGES = ['ru', 'en'] as const;

const SportSchema = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  position: Type.Integer(),
  icon: Type.String(),
  isEsport: Type.Boolean(),
});

export async function sportsbookModule(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  app.get(
    '/web-api/sportsbook/v1/sports',
    {
      schema: {
        tags: ['sportsbook'],
        summary: 'List sports',
        description: 'All sports of the catalogue in display order, named in the requested language.',
        querystring: Type.Object({
          lang: Type.Union(
            SUPPORTED_LANGUAGES.map((l) => Type.Literal(l)),
            { default: 'ru', description: 'Language code' },
          ),
        }),
        response: { 200: Type.Object({ data: Type.Array(SportSchema) }) },
      },
    },
    async (request) => {
      const { lang } = request.query as { lang: string };
      return { data: await listSports(deps.db.db, lang) };
    },
  );
}
