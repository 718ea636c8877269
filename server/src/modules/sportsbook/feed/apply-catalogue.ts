/**
 * Applies catalogue events (countries, champs, teams, fixtures) as upserts by ref, in batches.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../../platform/schema.ts';
import { type AfterCommitMessages, type GamesMessage, sportTopic } from '../events.ts';
import type { Names } from '../tables.ts';
import type { FeedCache } from './feed-cache.ts';
import type { FeedChamp, FeedCountry, FeedFixture, FeedTeam } from './provider.ts';

/** Rows per INSERT: well under PostgreSQL's 65 535 bind parameters for every table here. */
export const CHUNK_ROWS = 2000;

export function chunks<T>(items: readonly T[], size = CHUNK_ROWS): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** jsonb columns are written as JSON text; the driver would otherwise send arrays as PG arrays. */
export const json = <T>(value: unknown): T => JSON.stringify(value) as unknown as T;

/** The last event per ref wins inside one batch. */
function lastByRef<T extends { ref: string }>(events: T[]): T[] {
  return [...new Map(events.map((e) => [e.ref, e])).values()];
}

export async function applyCountries(db: Kysely<Database>, cache: FeedCache, events: FeedCountry[]) {
  for (const part of chunks(lastByRef(events))) {
    const rows = await db
      .insertInto('countries')
      .values(
        part.map((c) => ({ ref: c.ref, code: c.code, names: json<Names>(c.names), position: c.position })),
      )
      .onConflict((oc) =>
        oc.column('ref').doUpdateSet((eb) => ({
          code: eb.ref('excluded.code'),
          names: eb.ref('excluded.names'),
          position: eb.ref('excluded.position'),
        })),
      )
      .returning(['id', 'ref'])
      .execute();
    for (const r of rows) cache.refs.countries.set(r.ref, r.id);
  }
}

export async function applyChamps(db: Kysely<Database>, cache: FeedCache, events: FeedChamp[]) {
  const unique = lastByRef(events);
  const countries = await cache.refIds(
    db,
    'countries',
    unique.map((c) => c.countryRef),
  );
  const known = unique.filter((c) => countries.has(c.countryRef));
  for (const part of chunks(known)) {
    const rows = await db
      .insertInto('champs')
      .values(
        part.map((c) => ({
          ref: c.ref,
          sport_id: c.sportId,
          country_id: countries.get(c.countryRef)!,
          names: json<Names>(c.names),
          position: c.position,
          is_top: c.isTop,
        })),
      )
      .onConflict((oc) =>
        oc.column('ref').doUpdateSet((eb) => ({
          names: eb.ref('excluded.names'),
          position: eb.ref('excluded.position'),
          is_top: eb.ref('excluded.is_top'),
        })),
      )
      .returning(['id', 'ref'])
      .execute();
    for (const r of rows) cache.refs.champs.set(r.ref, r.id);
  }
}

export async function applyTeams(db: Kysely<Database>, cache: FeedCache, events: FeedTeam[]) {
  const unique = lastByRef(events);
  const countries = await cache.refIds(
    db,
    'countries',
    unique.flatMap((t) => (t.countryRef ? [t.countryRef] : [])),
  );
  for (const part of chunks(unique)) {
    const rows = await db
      .insertInto('teams')
      .values(
        part.map((t) => ({
          ref: t.ref,
          sport_id: t.sportId,
          country_id: t.countryRef ? (countries.get(t.countryRef) ?? null) : null,
          names: json<Names>(t.names),
          attack: t.attack,
          defence: t.defence,
          rating: t.rating,
        })),
      )
      .onConflict((oc) =>
        oc.column('ref').doUpdateSet((eb) => ({
          names: eb.ref('excluded.names'),
          attack: eb.ref('excluded.attack'),
          defence: eb.ref('excluded.defence'),
          rating: eb.ref('excluded.rating'),
        })),
      )
      .returning(['id', 'ref'])
      .execute();
    for (const r of rows) cache.refs.teams.set(r.ref, r.id);
  }
}

export async function applyFixtures(
  db: Kysely<Database>,
  cache: FeedCache,
  out: AfterCommitMessages,
  events: FeedFixture[],
) {
  const unique = lastByRef(events);
  const champs = await cache.refIds(
    db,
    'champs',
    unique.map((f) => f.champRef),
  );
  const teams = await cache.refIds(
    db,
    'teams',
    unique.flatMap((f) => [f.homeRef, f.awayRef]),
  );
  const known = unique.filter((f) => champs.has(f.champRef) && teams.has(f.homeRef) && teams.has(f.awayRef));
  const added = new Map<number, number[]>();
  for (const part of chunks(known)) {
    const rows = await db
      .insertInto('games')
      .values(
        part.map((f) => ({
          ref: f.ref,
          number: f.number,
          sport_id: f.sportId,
          champ_id: champs.get(f.champRef)!,
          home_team_id: teams.get(f.homeRef)!,
          away_team_id: teams.get(f.awayRef)!,
          start_at: new Date(f.startAtMs),
          is_top: f.isTop,
          statistic_id: f.statisticId,
        })),
      )
      .onConflict((oc) =>
        oc.column('ref').doUpdateSet((eb) => ({
          start_at: eb.ref('excluded.start_at'),
          is_top: eb.ref('excluded.is_top'),
          statistic_id: eb.ref('excluded.statistic_id'),
        })),
      )
      .returning(['id', 'ref', 'sport_id', 'status', sql<boolean>`(xmax = 0)`.as('inserted')])
      .execute();
    for (const r of rows) {
      if (!r.inserted || cache.games.has(r.ref)) continue;
      cache.games.set(r.ref, {
        id: r.id,
        ref: r.ref,
        sportId: r.sport_id,
        status: r.status,
        markets: new Map(),
      });
    }
    for (const r of rows) if (r.inserted) added.set(r.sport_id, [...(added.get(r.sport_id) ?? []), r.id]);
    // A game the database already had (the feed restarted) keeps its markets: results for them
    // in this or a later batch must find them.
    await cache.loadGames(
      db,
      rows.filter((r) => !r.inserted),
    );
  }
  for (const [sportId, ids] of added) {
    const message: GamesMessage = { type: 'games', sportId, added: ids };
    out.add(sportTopic(sportId), message);
  }
}
