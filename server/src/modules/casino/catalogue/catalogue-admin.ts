/**
 * The operator's side of the catalogue (the back office's casino section): games listed with every
 * switch (enabled, sort weight, badges, countries of a provider's game), providers with theirs, and
 * the changes. A change rebuilds the lobby in its own transaction, drops this process's caches and
 * publishes CASINO_CATALOGUE_CHANGED_TOPIC so every process drops its cached sizes, routes and the
 * rounds' game entries: a switched-off game leaves the lobby, search and its page and cannot start
 * a round (CASINO_GAME_NOT_FOUND), as the seed's changes do.
 *
 * Sort weight, badges and countries are also kept in casino_game_operator_settings (migration
 * 0290), whose triggers lay them over the seed's and the provider import's later writes: a start or
 * an import does not undo the operator's word. The switch itself (enabled) is not written by either.
 *
 * Countries exist only for providers' games (casino_provider_games); the in-house games are offered
 * wherever the site is, so a country change of one is VALIDATION_FAILED.
 *
 * Errors: CASINO_GAME_NOT_FOUND, CASINO_PROVIDER_NOT_FOUND (404), VALIDATION_FAILED (400).
 */
import { type Kysely, sql } from 'kysely';
import type { Clock } from '../../../platform/clock.ts';
import { AppError } from '../../../platform/errors.ts';
import type { Database } from '../../../platform/schema.ts';
import { CASINO_CATALOGUE_CHANGED_TOPIC } from './catalogue-service.ts';
import { rebuildLobby } from './rebuild-lobby.ts';
import type { GameNames } from './tables.ts';

export const GAME_BADGES = ['new', 'jackpot', 'hot'] as const;
export type GameBadge = (typeof GAME_BADGES)[number];
const PAGE = 50;

export interface OperatorGameFilter {
  q?: string;
  provider?: string;
  category?: string;
  enabled?: boolean;
  offset?: number;
}

export interface OperatorGameRow {
  id: number;
  slug: string;
  names: GameNames;
  providerId: string;
  providerEnabled: boolean;
  kind: string;
  categories: string[];
  enabled: boolean;
  playable: boolean;
  popularity: number;
  badges: string[];
  rtpText: string | null;
  /** Null for in-house games (offered everywhere); a provider's game: allowed (null = all) and blocked. */
  countries: { allowed: string[] | null; blocked: string[] } | null;
}

export interface OperatorProviderRow {
  id: string;
  name: string;
  enabled: boolean;
  games: number;
  enabledGames: number;
}

export interface GameChange {
  enabled?: boolean;
  popularity?: number;
  badges?: GameBadge[];
  countries?: { allowed: string[] | null; blocked: string[] };
}

export interface CatalogueAdmin {
  games(filter: OperatorGameFilter): Promise<{ games: OperatorGameRow[]; total: number }>;
  providers(): Promise<OperatorProviderRow[]>;
  categories(): Promise<string[]>;
  /** Answers the game before and after the change (the audit records both). */
  changeGame(
    gameId: number,
    change: GameChange,
  ): Promise<{ before: OperatorGameRow; after: OperatorGameRow }>;
  setProviderEnabled(providerId: string, enabled: boolean): Promise<{ before: boolean }>;
}

export function createCatalogueAdmin(deps: {
  db: Kysely<Database>;
  clock: Clock;
  bus: { publish(topic: string, message: unknown): Promise<void> };
  /** This process's catalogue: dropped at once, before the bus tells the others. */
  invalidate: () => void;
}): CatalogueAdmin {
  const { db } = deps;
  const changed = async () => {
    deps.invalidate();
    await deps.bus.publish(CASINO_CATALOGUE_CHANGED_TOPIC, { at: deps.clock.nowMs() });
  };
  return {
    games: (filter) => listOperatorGames(db, filter),
    providers: () => listOperatorProviders(db),
    async categories() {
      const rows = await sql<{ c: string }>`
        select distinct unnest(categories) as c from casino_games order by c
      `.execute(db);
      return rows.rows.map((r) => r.c);
    },
    async changeGame(gameId, change) {
      const result = await db.transaction().execute(async (trx) => {
        const before = await gameRow(trx, gameId, true);
        if (change.countries && before.countries === null)
          throw new AppError('VALIDATION_FAILED', 'body/countries: only a provider game has countries');
        await keepOperatorSettings(trx, gameId, change, deps.clock.now());
        const set: { enabled?: boolean; popularity?: number; badges?: string[] } = {};
        if (change.enabled !== undefined) set.enabled = change.enabled;
        if (change.popularity !== undefined) set.popularity = change.popularity;
        if (change.badges !== undefined) set.badges = [...new Set(change.badges)];
        if (Object.keys(set).length > 0)
          await trx.updateTable('casino_games').set(set).where('id', '=', gameId).execute();
        if (change.countries)
          await trx
            .updateTable('casino_provider_games')
            .set({
              allowed_countries: change.countries.allowed ? [...new Set(change.countries.allowed)] : null,
              blocked_countries: [...new Set(change.countries.blocked)],
            })
            .where('game_id', '=', gameId)
            .execute();
        if (change.enabled !== undefined || change.popularity !== undefined) await rebuildLobby(trx);
        return { before, after: await gameRow(trx, gameId, false) };
      });
      await changed();
      return result;
    },
    async setProviderEnabled(providerId, enabled) {
      const before = await db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('casino_providers')
          .select('enabled')
          .where('id', '=', providerId)
          .forUpdate()
          .executeTakeFirst();
        if (!row) throw new AppError('CASINO_PROVIDER_NOT_FOUND', undefined, { provider: providerId });
        await trx.updateTable('casino_providers').set({ enabled }).where('id', '=', providerId).execute();
        await rebuildLobby(trx);
        return row.enabled;
      });
      await changed();
      return { before };
    },
  };
}

/** Records the operator's sort weight, badges and countries (the settings the catalogue refresh keeps). */
async function keepOperatorSettings(db: Kysely<Database>, gameId: number, change: GameChange, at: Date) {
  if (change.popularity === undefined && change.badges === undefined && change.countries === undefined)
    return;
  const popularity = change.popularity ?? null;
  const badges = change.badges ? [...new Set(change.badges)] : null;
  const countriesSet = change.countries !== undefined;
  const allowed = change.countries?.allowed ? [...new Set(change.countries.allowed)] : null;
  const blocked = change.countries ? [...new Set(change.countries.blocked)] : [];
  await sql`
    insert into casino_game_operator_settings
      (game_id, popularity, badges, countries_set, allowed_countries, blocked_countries, updated_at)
    values (${gameId}, ${popularity}, ${badges}, ${countriesSet}, ${allowed}, ${blocked}, ${at})
    on conflict (game_id) do update set
      popularity = coalesce(excluded.popularity, casino_game_operator_settings.popularity),
      badges = coalesce(excluded.badges, casino_game_operator_settings.badges),
      countries_set = excluded.countries_set or casino_game_operator_settings.countries_set,
      allowed_countries = case when excluded.countries_set then excluded.allowed_countries
        else casino_game_operator_settings.allowed_countries end,
      blocked_countries = case when excluded.countries_set then excluded.blocked_countries
        else casino_game_operator_settings.blocked_countries end,
      updated_at = excluded.updated_at
  `.execute(db);
}

function baseQuery(db: Kysely<Database>) {
  return db
    .selectFrom('casino_games as g')
    .innerJoin('casino_providers as p', 'p.id', 'g.provider_id')
    .leftJoin('casino_provider_games as pg', 'pg.game_id', 'g.id');
}

const COLUMNS = [
  'g.id',
  'g.slug',
  'g.names',
  'g.provider_id',
  'p.enabled as provider_enabled',
  'g.kind',
  'g.categories',
  'g.enabled',
  'g.playable',
  'g.popularity',
  'g.badges',
  'g.rtp_text',
  'pg.game_id as pg_game_id',
  'pg.allowed_countries',
  'pg.blocked_countries',
] as const;

type Row = {
  id: number;
  slug: string;
  names: GameNames;
  provider_id: string;
  provider_enabled: boolean;
  kind: string;
  categories: string[];
  enabled: boolean;
  playable: boolean;
  popularity: number;
  badges: string[];
  rtp_text: string | null;
  pg_game_id: number | null;
  allowed_countries: string[] | null;
  blocked_countries: string[] | null;
};

function toRow(r: Row): OperatorGameRow {
  return {
    id: r.id,
    slug: r.slug,
    names: r.names,
    providerId: r.provider_id,
    providerEnabled: r.provider_enabled,
    kind: r.kind,
    categories: r.categories,
    enabled: r.enabled,
    playable: r.playable,
    popularity: r.popularity,
    badges: r.badges,
    rtpText: r.rtp_text,
    countries:
      r.pg_game_id === null ? null : { allowed: r.allowed_countries, blocked: r.blocked_countries ?? [] },
  };
}

async function gameRow(db: Kysely<Database>, gameId: number, lock: boolean): Promise<OperatorGameRow> {
  let q = baseQuery(db).select(COLUMNS).where('g.id', '=', gameId);
  if (lock) q = q.forUpdate('g');
  const row = await q.executeTakeFirst();
  if (!row) throw new AppError('CASINO_GAME_NOT_FOUND', `no game ${gameId}`);
  return toRow(row as Row);
}

async function listOperatorGames(
  db: Kysely<Database>,
  filter: OperatorGameFilter,
): Promise<{ games: OperatorGameRow[]; total: number }> {
  let q = baseQuery(db);
  if (filter.provider) q = q.where('g.provider_id', '=', filter.provider);
  if (filter.category) q = q.where(sql<boolean>`${filter.category} = any(g.categories)`);
  if (filter.enabled !== undefined) q = q.where('g.enabled', '=', filter.enabled);
  const text = filter.q?.trim().toLowerCase();
  if (text) {
    const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([
        eb('g.slug', 'like', like),
        eb(sql<string>`lower(g.names->>'en')`, 'like', like),
        eb(sql<string>`lower(g.names->>'ru')`, 'like', like),
        ...(/^\d{1,9}$/.test(text) ? [eb('g.id', '=', Number(text))] : []),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    q
      .select(COLUMNS)
      .orderBy('g.popularity', 'desc')
      .orderBy('g.id')
      .limit(PAGE)
      .offset(filter.offset ?? 0)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { games: rows.map((r) => toRow(r as Row)), total: Number(count.n) };
}

async function listOperatorProviders(db: Kysely<Database>): Promise<OperatorProviderRow[]> {
  const rows = await db
    .selectFrom('casino_providers as p')
    .leftJoin('casino_games as g', 'g.provider_id', 'p.id')
    .select((eb) => [
      'p.id',
      'p.name',
      'p.enabled',
      eb.fn.count<string>('g.id').as('games'),
      eb.fn.count<string>('g.id').filterWhere('g.enabled', '=', true).as('enabled_games'),
    ])
    .groupBy(['p.id', 'p.name', 'p.enabled', 'p.position'])
    .orderBy('p.position')
    .orderBy('p.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    enabled: r.enabled,
    games: Number(r.games),
    enabledGames: Number(r.enabled_games),
  }));
}
