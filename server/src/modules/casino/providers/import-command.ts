/**
 * `parlay casino import-provider <provider> <file.json>`: upserts a provider's games into the
 * catalogue through the catalogue's own seed (casino_providers, casino_games with the stated RTP and
 * volatility, stake limits, search words, lobby), then which of them the provider serves under its
 * own game codes and in which countries (casino_provider_games), and publishes
 * CASINO_CATALOGUE_CHANGED_TOPIC (the catalogue's seed does) so every process drops its cache.
 * Idempotent: importing the same file again changes nothing; the operator's `enabled` switch stays.
 * Thumbnails are generated from each game's theme (given, or derived from its code).
 *
 * The file (docs/casino-providers.md §Catalogue import):
 *   { "provider": { "name": "Acme Studio", "theme": { "from": "#0f3057", "to": "#00587a" } },
 *     "games": [ { "id": 7001, "externalId": "neon-reels", "slug": "acme-neon-reels",
 *                  "names": { "ru": "Неоновые барабаны", "en": "Neon Reels" }, "kind": "slots",
 *                  "sections": ["slots"], "categories": ["video"], "rtp": "96.20",
 *                  "volatility": "medium", "demo": true, "real": true,
 *                  "countries": { "allowed": null, "blocked": ["US"] } } ] }
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { type Static, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/schema.ts';
import type { CasinoCatalogue } from '../catalogue/catalogue-service.ts';
import { type GameSeed, TAG_IDS } from '../catalogue/originals.ts';
import { CATEGORY_ORDER, LOBBY_SECTIONS } from '../catalogue/sections.ts';

export const IMPORT_PROVIDER_USAGE =
  '  casino import-provider <provider> <file.json>  add or update a game provider’s games in the casino catalogue';

const Names = Type.Object({
  ru: Type.String({ minLength: 1, maxLength: 100 }),
  en: Type.String({ minLength: 1, maxLength: 100 }),
});
const Colour = Type.String({ pattern: '^#[0-9a-fA-F]{6}$' });
const Country = Type.String({ pattern: '^[A-Z]{2}$' });

export const ImportFile = Type.Object({
  provider: Type.Optional(
    Type.Object({
      name: Type.String({ minLength: 1, maxLength: 100 }),
      theme: Type.Optional(Type.Object({ from: Colour, to: Colour })),
    }),
  ),
  games: Type.Array(
    Type.Object({
      id: Type.Integer({
        minimum: 2000,
        maximum: 2_147_483_647,
        description: 'Numeric catalogue id (1000-1999: Parlay Originals)',
      }),
      externalId: Type.String({ minLength: 1, maxLength: 100 }),
      slug: Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,80}$' }),
      names: Names,
      descriptions: Type.Optional(Names),
      kind: Type.Union([Type.Literal('slots'), Type.Literal('casino'), Type.Literal('keno')]),
      sections: Type.Array(Type.Union(LOBBY_SECTIONS.map((s) => Type.Literal(s))), { minItems: 1 }),
      categories: Type.Array(Type.Union(CATEGORY_ORDER.map((c) => Type.Literal(c)))),
      rtp: Type.String({ pattern: '^\\d{1,3}\\.\\d{2}$' }),
      volatility: Type.Union(['low', 'medium', 'high', 'very-high'].map((v) => Type.Literal(v))),
      demo: Type.Boolean(),
      real: Type.Boolean(),
      popularity: Type.Optional(Type.Integer({ minimum: 0 })),
      releasedAt: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
      badges: Type.Optional(
        Type.Array(Type.Union([Type.Literal('new'), Type.Literal('hot'), Type.Literal('jackpot')])),
      ),
      thumbnail: Type.Optional(
        Type.Object({
          from: Colour,
          to: Colour,
          glyph: Type.String({ minLength: 1, maxLength: 4 }),
          accent: Colour,
        }),
      ),
      countries: Type.Optional(
        Type.Object({
          allowed: Type.Union([Type.Array(Country), Type.Null()]),
          blocked: Type.Array(Country),
        }),
      ),
    }),
    { minItems: 1, maxItems: 5000 },
  ),
});
export type ImportFile = Static<typeof ImportFile>;

const PALETTE = ['#0f3057', '#00587a', '#008891', '#6a2c70', '#b83b5e', '#f08a5d', '#3f72af', '#112d4e'];

/** A theme derived from the game's code, the same on every import. */
function themeOf(code: string): GameSeed['theme'] {
  const h = createHash('sha256').update(code).digest();
  const pick = (i: number) => PALETTE[(h[i] ?? 0) % PALETTE.length] as string;
  return { from: pick(0), to: pick(1), glyph: code.slice(0, 1).toUpperCase(), accent: pick(2) };
}

/** Checks the file; answers the problems (empty: good). */
export function importProblems(provider: string, file: unknown): string[] {
  if (!/^[a-z0-9][a-z0-9-]{0,62}$/.test(provider))
    return [`provider "${provider}": lowercase letters, digits, dashes`];
  if (!Value.Check(ImportFile, file)) {
    return [...Value.Errors(ImportFile, file)].slice(0, 10).map((e) => `${e.path || '/'}: ${e.message}`);
  }
  const problems: string[] = [];
  const seen = { id: new Set<number>(), slug: new Set<string>(), code: new Set<string>() };
  for (const g of file.games) {
    if (seen.id.has(g.id)) problems.push(`game ${g.id}: id twice`);
    if (seen.slug.has(g.slug)) problems.push(`game ${g.id}: slug ${g.slug} twice`);
    if (seen.code.has(g.externalId)) problems.push(`game ${g.id}: externalId ${g.externalId} twice`);
    seen.id.add(g.id);
    seen.slug.add(g.slug);
    seen.code.add(g.externalId);
  }
  return problems;
}

/** Imports a checked file; answers the catalogue's counts after it. */
export async function importProvider(
  db: Kysely<Database>,
  catalogue: Pick<CasinoCatalogue, 'seed'>,
  provider: string,
  file: ImportFile,
): Promise<{ imported: number; games: number; playable: number }> {
  const others = await db
    .selectFrom('casino_games')
    .select(['id', 'provider_id'])
    .where(
      'id',
      'in',
      file.games.map((g) => g.id),
    )
    .where('provider_id', '!=', provider)
    .execute();
  if (others.length > 0) {
    throw new Error(`game ids ${others.map((o) => o.id).join(', ')} belong to other providers`);
  }
  const games: GameSeed[] = file.games.map((g) => ({
    id: g.id,
    slug: g.slug,
    names: g.names,
    descriptions: g.descriptions ?? g.names,
    providerId: provider,
    engineId: null,
    kind: g.kind,
    sections: g.sections,
    categories: g.categories,
    tags: ['provider', provider],
    tagId: g.kind === 'slots' ? TAG_IDS.slot : TAG_IDS.table,
    oldRoute: null,
    badges: g.badges ?? [],
    demo: g.demo,
    real: g.real,
    popularity: g.popularity ?? 0,
    releasedAt: g.releasedAt ?? '2026-01-01',
    theme: g.thumbnail ?? themeOf(`${provider}:${g.externalId}`),
    stated: { rtp: g.rtp, volatility: g.volatility as 'low' | 'medium' | 'high' | 'very-high' },
  }));
  const theme = file.provider?.theme ?? { from: themeOf(provider).from, to: themeOf(provider).to };
  // The catalogue's seed upserts every game it is given (the originals too), rebuilds the lobby and
  // publishes CASINO_CATALOGUE_CHANGED_TOPIC.
  const counts = await catalogue.seed({
    extraGames: games,
    extraProviders: [{ id: provider, name: file.provider?.name ?? provider, theme }],
  });
  await db
    .insertInto('casino_provider_games')
    .values(
      file.games.map((g) => ({
        game_id: g.id,
        provider,
        external_id: g.externalId,
        allowed_countries: g.countries?.allowed ?? null,
        blocked_countries: g.countries?.blocked ?? [],
      })),
    )
    .onConflict((oc) =>
      oc.column('game_id').doUpdateSet((eb) => ({
        external_id: eb.ref('excluded.external_id'),
        allowed_countries: eb.ref('excluded.allowed_countries'),
        blocked_countries: eb.ref('excluded.blocked_countries'),
      })),
    )
    .execute();
  return { imported: games.length, ...counts };
}

type Out = Pick<Console, 'log' | 'error'>;

/** The command: `casino import-provider <provider> <file.json>`; exit code 0 when imported. */
export async function runImportProviderCommand(
  args: readonly string[],
  deps: { db: Kysely<Database>; catalogue: Pick<CasinoCatalogue, 'seed'> },
  out: Out = console,
): Promise<number> {
  const [sub, provider, path] = args;
  if (sub !== 'import-provider' || !provider || !path) {
    out.error(`usage:\n${IMPORT_PROVIDER_USAGE}`);
    return 1;
  }
  let file: unknown;
  try {
    file = JSON.parse(await readFile(path, 'utf8'));
  } catch (err) {
    out.error(`${path}: ${(err as Error).message}`);
    return 1;
  }
  const problems = importProblems(provider, file);
  if (problems.length > 0) {
    for (const p of problems) out.error(`${path}${p.startsWith('/') ? '' : ': '}${p}`);
    return 1;
  }
  try {
    const counts = await importProvider(deps.db, deps.catalogue, provider, file as ImportFile);
    out.log(
      `imported ${counts.imported} games of ${provider} (catalogue: ${counts.games} games, ${counts.playable} playable)`,
    );
    return 0;
  } catch (err) {
    out.error((err as Error).message);
    return 1;
  }
}
