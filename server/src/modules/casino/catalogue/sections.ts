/**
 * The lobby's sections (one per casino route of site-shell §2) and the order of the category tabs.
 * 'new' and 'popular' are lists over every game (newest first, most played first); every other
 * section lists the games whose `sections` name it.
 */

export const LOBBY_SECTIONS = [
  'casino',
  'slots',
  'live',
  'fast-games',
  'crash-games',
  'card-games',
  'asian-games',
  'skill-games',
  'fishinghunting',
  'bingo',
  'poker',
  'tvgames',
  'scratchcards',
  'keno',
  'virtualsports',
  'fast-bet',
  'othergames',
  'games',
  'vulkan',
  'new',
  'popular',
] as const;
export type LobbySection = (typeof LOBBY_SECTIONS)[number];

/** Sections listed by the seed's `sections` of each game (the other two are computed). */
export const COMPUTED_SECTIONS: readonly LobbySection[] = ['new', 'popular'];

/** The category tabs, in the order the lobby shows them. */
export const CATEGORY_ORDER = [
  'classic',
  'video',
  'cluster',
  'fruit',
  'asian',
  'sport',
  'fishing',
  'adventure',
  'table',
  'roulette',
  'cards',
  'poker',
  'dice',
  'instant',
  'crash',
  'draw',
  'scratch',
] as const;
export type CategoryId = (typeof CATEGORY_ORDER)[number];

/** The route section of a game page: /{kind}/game/{id}/{slug} (web/mf route-params casinoSection). */
export type GameKind = 'slots' | 'casino' | 'keno';

/** The route of a game page, without language prefix. */
export function gameRoute(kind: GameKind, id: number, slug: string): string {
  return `/${kind}/game/${id}/${slug}`;
}
