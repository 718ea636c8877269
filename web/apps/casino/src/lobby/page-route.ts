/**
 * Which casino page a route is and what its lobby lists: every casino route of the manifest shows
 * games, so each maps to a lobby section of GET /lobby (and, for some, an extra block: the
 * providers' list, the search, the player's own games and rounds, a promotions notice).
 */
import type { LobbySection } from '../api.ts';

export type CasinoView =
  | 'lobby'
  | 'providers'
  | 'provider'
  | 'search'
  | 'favorites'
  | 'my'
  | 'promo'
  | 'thank-you'
  | 'landing'
  | 'game'
  | 'verify';

export interface PageRoute {
  view: CasinoView;
  section: LobbySection;
  /** A category asked by the path (/slots/{subcategory}) or the query (?category=). */
  category: string | null;
  provider: string | null;
  q: string | null;
  gameId: number | null;
}

/** Routes whose path names their lobby section. */
const ROUTE_SECTIONS: Readonly<Record<string, LobbySection>> = {
  bingo: 'bingo',
  fishinghunting: 'fishinghunting',
  poker: 'poker',
  tvgames: 'tvgames',
  scratchcards: 'scratchcards',
  virtualsports: 'virtualsports',
  'fast-games': 'fast-games',
  'fast-bet': 'fast-bet',
  'slots-vulkan': 'vulkan',
  'asian-games': 'asian-games',
  'card-games': 'card-games',
  'crash-games': 'crash-games',
  'skill-games': 'skill-games',
  othergames: 'othergames',
  games: 'games',
  'games-view': 'games',
  'games-landing': 'games',
};

const VIEWS: Readonly<Record<string, CasinoView>> = {
  providers: 'providers',
  provider: 'provider',
  'casino-search': 'search',
  'my-casino': 'my',
  'my-casino-favorites': 'favorites',
  'bonus-casino': 'promo',
  'bonus-casino-promotion': 'promo',
  'casino-tournaments': 'promo',
  'casino-tournament': 'promo',
  'bonus-casino-item': 'promo',
  'casino-thank-you': 'thank-you',
  'casino-landing': 'landing',
  'games-landing': 'landing',
  'casino-game': 'game',
  'casino-verify': 'verify',
};

const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;
const slugOr = (value: string | null | undefined): string | null =>
  value && SLUG.test(value.toLowerCase()) ? value.toLowerCase() : null;

/** The casino section of a /{casinoSection}/… path: keno, slots, or the live casino. */
function casinoSectionOf(param: string | undefined, subcategory: string | null): LobbySection {
  if (param === 'keno' || param === 'slots') return param;
  return subcategory === 'live' ? 'live' : 'casino';
}

/** The page of a matched casino route with its parameters and query. */
export function pageRouteOf(
  routeId: string,
  params: Record<string, string>,
  query: URLSearchParams,
): PageRoute {
  const view = VIEWS[routeId] ?? 'lobby';
  const sub = routeId === 'casino-section' ? slugOr(params.subcategory) : null;
  const section: LobbySection =
    routeId === 'casino-section' || routeId === 'casino-thank-you' || routeId === 'casino-game'
      ? casinoSectionOf(params.casinoSection, sub)
      : (ROUTE_SECTIONS[routeId] ?? 'casino');
  const category = slugOr(query.get('category')) ?? (sub === 'live' && section === 'live' ? null : sub);
  const provider = routeId === 'provider' ? slugOr(params.provider) : slugOr(query.get('provider'));
  const q = (query.get('q') ?? '').trim().slice(0, 64) || null;
  const gameId =
    routeId === 'casino-game' && /^[1-9]\d{0,9}$/.test(params.gameId ?? '') ? Number(params.gameId) : null;
  return { view, section, category, provider, q, gameId };
}

/** A stable key of what the list shows: a new key starts a new list. */
export function filterKeyOf(p: {
  section: string;
  category: string | null;
  provider: string | null;
  q?: string | null;
}): string {
  return [p.section, p.category ?? '', p.provider ?? '', p.q ?? ''].join('|');
}
