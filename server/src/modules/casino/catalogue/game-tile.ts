/**
 * A game row as the lobby shows it (GameTile): the columns every list selects, and the mapping to
 * the tile in the visitor's language with its route and versioned thumbnail URL.
 */
import { createHash } from 'node:crypto';
import type { GameTile, Language } from './schemas.ts';
import { type GameKind, gameRoute } from './sections.ts';
import type { GameNames, GameTheme } from './tables.ts';

export const CASINO_API = '/web-api/casino/v1';

export interface TileRow {
  id: number;
  slug: string;
  names: GameNames;
  engine_id: string | null;
  kind: GameKind;
  provider_id: string;
  provider_name: string;
  categories: string[];
  tags: string[];
  rtp_text: string | null;
  volatility: string | null;
  badges: string[];
  demo: boolean;
  real: boolean;
  theme: GameTheme;
}

/** The tile columns of `g` (casino_games) joined with `p` (casino_providers). */
export const TILE_COLUMNS = [
  'g.id',
  'g.slug',
  'g.names',
  'g.engine_id',
  'g.kind',
  'g.provider_id',
  'p.name as provider_name',
  'g.categories',
  'g.tags',
  'g.rtp_text',
  'g.volatility',
  'g.badges',
  'g.demo',
  'g.real',
  'g.theme',
] as const;

/** The art's version: changes when the art or the names change, so the URL can be cached forever. */
export function artVersion(theme: GameTheme, names: GameNames): string {
  return createHash('sha256')
    .update(JSON.stringify([theme, names]))
    .digest('hex')
    .slice(0, 12);
}

export function thumbnailUrl(row: Pick<TileRow, 'id' | 'theme' | 'names'>, lang: Language): string {
  return `${CASINO_API}/thumbnails/${row.id}.svg?lang=${lang}&v=${artVersion(row.theme, row.names)}`;
}

const BADGES = new Set(['new', 'jackpot', 'hot']);

export function tileOf(row: TileRow, lang: Language): GameTile {
  return {
    id: row.id,
    slug: row.slug,
    engineId: row.engine_id,
    name: row.names[lang] ?? row.names.en,
    route: gameRoute(row.kind, row.id, row.slug),
    provider: { id: row.provider_id, name: row.provider_name },
    categories: row.categories,
    tags: row.tags,
    rtp: row.rtp_text ?? '',
    volatility: row.volatility ?? '',
    thumbnail: thumbnailUrl(row, lang),
    badges: row.badges.filter((b): b is GameTile['badges'][number] => BADGES.has(b)),
    demo: row.demo,
    real: row.real,
  };
}
