/**
 * GET /games/:gameId: a game's details (the tile, its old route and tag, description, stake limits
 * in the asked currency, the jurisdiction's settings, related games). Also the rounds' view of a
 * game (engine, modes, limits in every currency) through gameEntry.
 */
import { FALLBACK_CURRENCY } from '@parlay/domain/money/currencies.ts';
import type { Kysely } from 'kysely';
import { AppError } from '../../../platform/errors.ts';
import type { Database } from '../../../platform/schema.ts';
import { TILE_COLUMNS, tileOf } from './game-tile.ts';
import type { GameDetails, Jurisdiction, Language } from './schemas.ts';

const RELATED = 8;

/** What the rounds need of a game (the shape of rounds' CasinoGameEntry). */
export interface CatalogueGameEntry {
  readonly gameId: number;
  readonly engineId: string | null;
  readonly demo: boolean;
  readonly real: boolean;
  readonly limits: readonly {
    readonly currency: string;
    readonly minStakeMinor: bigint;
    readonly maxStakeMinor: bigint;
    readonly stepMinor: bigint;
  }[];
}

/** The jurisdiction's settings of a game in a currency (rounds' jurisdictionOf over the config group). */
export type SettingsOf = (
  game: { gameId: number; engineId: string | null },
  currency: string,
) => Promise<Jurisdiction>;

function visibleGame(db: Kysely<Database>, gameId: number) {
  return db
    .selectFrom('casino_games as g')
    .innerJoin('casino_providers as p', 'p.id', 'g.provider_id')
    .where('g.id', '=', gameId)
    .where('g.enabled', '=', true)
    .where('g.playable', '=', true)
    .where('p.enabled', '=', true);
}

function notFound(gameId: number): AppError {
  return new AppError('CASINO_GAME_NOT_FOUND', `no game ${gameId}`);
}

export async function readGame(
  db: Kysely<Database>,
  input: { gameId: number; lang: Language; currency?: string },
  settingsOf: SettingsOf,
): Promise<GameDetails> {
  const row = await visibleGame(db, input.gameId)
    .select([...TILE_COLUMNS, 'g.old_route', 'g.tag_id', 'g.description_key', 'g.descriptions', 'g.sections'])
    .executeTakeFirst();
  if (!row) throw notFound(input.gameId);
  const currency = input.currency ?? FALLBACK_CURRENCY;
  const limit = await db
    .selectFrom('casino_game_limits')
    .select(['currency', 'min_stake_minor', 'max_stake_minor', 'step_minor'])
    .where('game_id', '=', input.gameId)
    .where('currency', 'in', [currency, FALLBACK_CURRENCY])
    .execute();
  const chosen = limit.find((l) => l.currency === currency) ?? limit[0];
  if (!chosen) throw notFound(input.gameId);
  // Related: the most played games of the game's first section (one short range scan).
  const related = await db
    .selectFrom('casino_lobby_entries as e')
    .innerJoin('casino_games as g', 'g.id', 'e.game_id')
    .innerJoin('casino_providers as p', 'p.id', 'g.provider_id')
    .where('e.key', '=', `s:${row.sections[0] ?? 'popular'}`)
    .where('e.game_id', '<>', input.gameId)
    .select(TILE_COLUMNS)
    .orderBy('e.sort_key')
    .orderBy('e.game_id')
    .limit(RELATED)
    .execute();
  const settings = await settingsOf({ gameId: row.id, engineId: row.engine_id }, chosen.currency);
  return {
    ...tileOf(row, input.lang),
    oldRoute: row.old_route,
    tagId: row.tag_id,
    descriptionKey: row.description_key,
    description: row.descriptions[input.lang] ?? row.descriptions.en,
    limits: {
      currency: chosen.currency,
      minStakeMinor: chosen.min_stake_minor.toString(),
      maxStakeMinor: chosen.max_stake_minor.toString(),
      step: chosen.step_minor.toString(),
    },
    settings,
    related: related.map((r) => tileOf(r, input.lang)),
    inHouse: row.engine_id !== null,
  };
}

/** What the rounds need: the engine, the modes and the limits in every currency; null when not playable. */
export async function gameEntry(db: Kysely<Database>, gameId: number): Promise<CatalogueGameEntry | null> {
  const row = await visibleGame(db, gameId)
    .select(['g.id', 'g.engine_id', 'g.demo', 'g.real'])
    .executeTakeFirst();
  if (!row) return null;
  const limits = await db
    .selectFrom('casino_game_limits')
    .select(['currency', 'min_stake_minor', 'max_stake_minor', 'step_minor'])
    .where('game_id', '=', gameId)
    .orderBy('currency')
    .execute();
  // The fallback currency first: demo rounds take the first currency's limits.
  limits.sort((a, b) => Number(b.currency === FALLBACK_CURRENCY) - Number(a.currency === FALLBACK_CURRENCY));
  return {
    gameId: row.id,
    engineId: row.engine_id,
    demo: row.demo,
    real: row.real,
    limits: limits.map((l) => ({
      currency: l.currency,
      minStakeMinor: l.min_stake_minor,
      maxStakeMinor: l.max_stake_minor,
      stepMinor: l.step_minor,
    })),
  };
}
