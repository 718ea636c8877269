/**
 * Seeds the casino catalogue: the providers, Parlay Originals' games with their stake limits and
 * search words, then the derived lobby tables. Idempotent (`parlay seed` and every start may run
 * it): rows are updated in place, and the operator's `enabled` switch is never turned back on.
 *
 * An in-house game whose engine the domain has not registered yet is seeded unplayable (kept out of
 * the lobby, its RTP unknown); the next seed after the engine is registered makes it playable.
 */

import type { Volatility } from '@parlay/domain/casino/engine/in-house-game.ts';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../../platform/schema.ts';
import { domainEngines, type EngineLookup, JACKPOT_MULTIPLIER, percentText } from './engine-info.ts';
import { type GameSeed, ORIGINAL_GAMES, ORIGINALS_PROVIDER } from './originals.ts';
import { rebuildLobby } from './rebuild-lobby.ts';
import { wordsOf } from './search-words.ts';
import { defaultStakeLimits } from './stake-limits.ts';

export interface ProviderSeed {
  id: string;
  name: string;
  theme: { from: string; to: string };
}

export interface SeedOptions {
  /** The engines' RTP and volatility (the domain registry by default). */
  engines?: EngineLookup;
  /** Games besides Parlay Originals (tests load a large catalogue this way). */
  extraGames?: readonly GameSeed[];
  extraProviders?: readonly ProviderSeed[];
}

const CHUNK = 400;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

interface Resolved {
  playable: boolean;
  rtpText: string | null;
  volatility: Volatility | null;
  jackpot: boolean;
}

function resolve(game: GameSeed, engines: EngineLookup): Resolved {
  if (game.engineId === null) {
    return {
      playable: game.stated !== undefined,
      rtpText: game.stated?.rtp ?? null,
      volatility: game.stated?.volatility ?? null,
      jackpot: false,
    };
  }
  const info = engines(game.engineId);
  if (!info) return { playable: false, rtpText: null, volatility: null, jackpot: false };
  return {
    playable: true,
    rtpText: percentText(info.rtp),
    volatility: info.volatility,
    jackpot: info.maxMultiplier.compare(JACKPOT_MULTIPLIER) >= 0,
  };
}

function gameRow(game: GameSeed, engines: EngineLookup) {
  const r = resolve(game, engines);
  const badges = new Set<string>(game.badges);
  if (r.jackpot) badges.add('jackpot');
  return {
    id: game.id,
    slug: game.slug,
    names: JSON.stringify(game.names),
    provider_id: game.providerId,
    engine_id: game.engineId,
    kind: game.kind,
    sections: [...game.sections],
    categories: [...game.categories],
    tags: [...game.tags],
    tag_id: game.tagId,
    old_route: game.oldRoute,
    rtp_text: r.rtpText,
    volatility: r.volatility,
    badges: [...badges],
    demo: game.demo,
    real: game.real,
    popularity: game.popularity,
    released_at: game.releasedAt,
    playable: r.playable,
    theme: JSON.stringify(game.theme),
    descriptions: JSON.stringify(game.descriptions),
    description_key: `casino-games.${game.engineId ?? game.slug}.description`,
  };
}

async function upsertProviders(trx: Transaction<Database>, providers: readonly ProviderSeed[]) {
  const rows = providers.map((p, index) => ({
    id: p.id,
    name: p.name,
    position: index + 1,
    theme: JSON.stringify(p.theme),
  }));
  await trx
    .insertInto('casino_providers')
    .values(rows)
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        position: eb.ref('excluded.position'),
        theme: eb.ref('excluded.theme'),
      })),
    )
    .execute();
}

async function upsertGames(trx: Transaction<Database>, games: readonly GameSeed[], engines: EngineLookup) {
  const limits = defaultStakeLimits();
  for (const part of chunks(games)) {
    await trx
      .insertInto('casino_games')
      .values(part.map((g) => gameRow(g, engines)))
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          slug: eb.ref('excluded.slug'),
          names: eb.ref('excluded.names'),
          provider_id: eb.ref('excluded.provider_id'),
          engine_id: eb.ref('excluded.engine_id'),
          kind: eb.ref('excluded.kind'),
          sections: eb.ref('excluded.sections'),
          categories: eb.ref('excluded.categories'),
          tags: eb.ref('excluded.tags'),
          tag_id: eb.ref('excluded.tag_id'),
          old_route: eb.ref('excluded.old_route'),
          rtp_text: eb.ref('excluded.rtp_text'),
          volatility: eb.ref('excluded.volatility'),
          badges: eb.ref('excluded.badges'),
          demo: eb.ref('excluded.demo'),
          real: eb.ref('excluded.real'),
          popularity: eb.ref('excluded.popularity'),
          released_at: eb.ref('excluded.released_at'),
          playable: eb.ref('excluded.playable'),
          theme: eb.ref('excluded.theme'),
          descriptions: eb.ref('excluded.descriptions'),
          description_key: eb.ref('excluded.description_key'),
        })),
      )
      .execute();
    // Limits the operator changed stay: only missing currencies are added.
    await trx
      .insertInto('casino_game_limits')
      .values(
        part.flatMap((g) =>
          limits.map((l) => ({
            game_id: g.id,
            currency: l.currency,
            min_stake_minor: l.minStakeMinor,
            max_stake_minor: l.maxStakeMinor,
            step_minor: l.stepMinor,
          })),
        ),
      )
      .onConflict((oc) => oc.columns(['game_id', 'currency']).doNothing())
      .execute();
    const ids = part.map((g) => g.id);
    await trx.deleteFrom('casino_game_words').where('game_id', 'in', ids).execute();
    const words = part.flatMap((g) =>
      [...new Set([...wordsOf(g.names.ru), ...wordsOf(g.names.en)])].map((word) => ({ word, game_id: g.id })),
    );
    if (words.length) await trx.insertInto('casino_game_words').values(words).execute();
  }
}

/** Seeds (or refreshes) the catalogue; answers how many games there are and how many are playable. */
export async function seedCasinoCatalogue(
  db: Kysely<Database>,
  options: SeedOptions = {},
): Promise<{ games: number; playable: number }> {
  const engines = options.engines ?? domainEngines;
  const games = [...ORIGINAL_GAMES, ...(options.extraGames ?? [])];
  await db.transaction().execute(async (trx) => {
    // One seed at a time (several processes may start together).
    await sql`select pg_advisory_xact_lock(hashtext('casino_catalogue_seed'))`.execute(trx);
    await upsertProviders(trx, [ORIGINALS_PROVIDER, ...(options.extraProviders ?? [])]);
    await upsertGames(trx, games, engines);
    await rebuildLobby(trx);
  });
  const count = await db
    .selectFrom('casino_games')
    .select((eb) => [
      eb.fn.countAll<string>().as('games'),
      eb.fn.count<string>('id').filterWhere('playable', '=', true).as('playable'),
    ])
    .executeTakeFirstOrThrow();
  return { games: Number(count.games), playable: Number(count.playable) };
}
