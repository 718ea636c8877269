/**
 * Games preview light (coupon-accounts §7): short lists of games by group for menus and the home
 * page, in the spec's compact shape `{ Success, Value: { [group]: [{ GT, GN, R, OR, CRID, GF }] } }`.
 * An item is the spec's game preview (§3): GT the tagId, GN the name, R the route, OR the old route,
 * CRID the numeric id, GF the categories (only with includeCategories=true, else empty).
 *
 * Groups are the lobby's sections ('popular', 'new', 'slots', 'fast-games', …); without groupId the
 * answer has 'popular' and 'new', and for a signed-in player (cookie or bearer token) also
 * 'favorites' and 'recent'. `whence` (where the menu is), `ref` (partner) and `fcountry` (country)
 * are accepted for the spec's callers; the lists do not depend on them yet.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/schema.ts';
import type { Language } from './schemas.ts';
import { type GameKind, gameRoute, type LobbySection } from './sections.ts';
import type { GameNames } from './tables.ts';

export const PREVIEW_GROUP_SIZE = 20;
export const PLAYER_GROUPS = ['favorites', 'recent'] as const;
export type PreviewGroup = LobbySection | (typeof PLAYER_GROUPS)[number];

export interface PreviewItem {
  GT: number;
  GN: string;
  R: string;
  OR: string | null;
  CRID: number;
  GF: string[];
}

interface PreviewRow {
  id: number;
  slug: string;
  names: GameNames;
  kind: GameKind;
  old_route: string | null;
  tag_id: number;
  categories: string[];
}

const COLUMNS = ['g.id', 'g.slug', 'g.names', 'g.kind', 'g.old_route', 'g.tag_id', 'g.categories'] as const;

function item(row: PreviewRow, lang: Language, withCategories: boolean): PreviewItem {
  return {
    GT: row.tag_id,
    GN: row.names[lang] ?? row.names.en,
    R: gameRoute(row.kind, row.id, row.slug),
    OR: row.old_route,
    CRID: row.id,
    GF: withCategories ? row.categories : [],
  };
}

async function sectionRows(db: Kysely<Database>, section: LobbySection): Promise<PreviewRow[]> {
  return db
    .selectFrom('casino_lobby_entries as e')
    .innerJoin('casino_games as g', 'g.id', 'e.game_id')
    .where('e.key', '=', `s:${section}`)
    .select(COLUMNS)
    .orderBy('e.sort_key')
    .orderBy('e.game_id')
    .limit(PREVIEW_GROUP_SIZE)
    .execute();
}

async function playerRows(
  db: Kysely<Database>,
  group: 'favorites' | 'recent',
  userId: bigint,
): Promise<PreviewRow[]> {
  const base = db
    .selectFrom('casino_games as g')
    .innerJoin('casino_providers as p', 'p.id', 'g.provider_id')
    .where('g.enabled', '=', true)
    .where('g.playable', '=', true)
    .where('p.enabled', '=', true);
  if (group === 'favorites') {
    return base
      .innerJoin('casino_favorites as f', 'f.game_id', 'g.id')
      .where('f.user_id', '=', userId)
      .select(COLUMNS)
      .orderBy('f.created_at', 'desc')
      .orderBy('g.id', 'desc')
      .limit(PREVIEW_GROUP_SIZE)
      .execute();
  }
  return base
    .innerJoin('casino_recent as r', 'r.game_id', 'g.id')
    .where('r.user_id', '=', userId)
    .select(COLUMNS)
    .orderBy('r.played_at', 'desc')
    .orderBy('g.id', 'desc')
    .limit(PREVIEW_GROUP_SIZE)
    .execute();
}

export async function gamesPreviewLight(
  db: Kysely<Database>,
  input: { groupId?: PreviewGroup; lang: Language; includeCategories: boolean; userId: bigint | null },
): Promise<Record<string, PreviewItem[]>> {
  const groups: PreviewGroup[] = input.groupId
    ? [input.groupId]
    : ['popular', 'new', ...(input.userId !== null ? PLAYER_GROUPS : [])];
  const value: Record<string, PreviewItem[]> = {};
  for (const group of groups) {
    let rows: PreviewRow[] = [];
    if (group === 'favorites' || group === 'recent') {
      if (input.userId !== null) rows = await playerRows(db, group, input.userId);
    } else rows = await sectionRows(db, group);
    value[group] = rows.map((row) => item(row, input.lang, input.includeCategories));
  }
  return value;
}
