/**
 * Addresses of the sports pages inside the route table's patterns:
 *   /{lng}/home/{line|live}/sports/{sport}/{champId-slug}/{gameId-slug}   (sports-page, sports-game)
 *   /{lng}/esports/{real|virtual|stream}/{discipline}/{champId-slug}/{gameId-slug}
 * Ids lead their segment, so a renamed team or league never breaks a link.
 */
import { GAME_STATUS } from '@parlay/domain/sportsbook/game-status.ts';
import type { Game } from './model.ts';

export type Section = 'line' | 'live';

/** "Newcastle Wanderers" → "newcastle-wanderers"; letters outside a-z are dropped. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

/** "2-premier-league" → 2; null when the segment does not start with an id. */
export function leadingId(segment: string | undefined): number | null {
  const match = /^(\d{1,10})(?:-|$)/.exec(segment ?? '');
  return match ? Number(match[1]) : null;
}

const idSlug = (id: number, name: string) => {
  const slug = slugify(name);
  return slug ? `${id}-${slug}` : String(id);
};

export const sectionOf = (game: Pick<Game, 'status'>): Section =>
  game.status === GAME_STATUS.NOT_STARTED ? 'line' : 'live';

export interface SportRef {
  slug: string;
  isEsport?: boolean;
  isVirtual?: boolean;
}

export const homePath = (lng: string) => `/${lng}/`;

export function listPath(
  lng: string,
  section: Section,
  sport?: string,
  champ?: { id: number; name: string },
) {
  if (!sport) return `/${lng}/home/${section}`;
  const base = `/${lng}/home/${section}/sports/${sport}`;
  return champ ? `${base}/${idSlug(champ.id, champ.name)}` : base;
}

export function gamePath(
  lng: string,
  game: Pick<Game, 'id' | 'status' | 'champ' | 'home' | 'away'>,
  sport: SportRef,
) {
  const champ = idSlug(game.champ.id, game.champ.name);
  const slug = idSlug(game.id, `${game.home.name} ${game.away.name}`);
  if (sport.isEsport || sport.isVirtual) {
    return `/${lng}/esports/${sport.isVirtual ? 'virtual' : 'real'}/${sport.slug}/${champ}/${slug}`;
  }
  return `/${lng}/home/${sectionOf(game)}/sports/${sport.slug}/${champ}/${slug}`;
}

export function esportsPath(
  lng: string,
  type: 'real' | 'virtual' | 'stream',
  discipline?: string,
  champ?: { id: number; name: string },
) {
  const base = `/${lng}/esports/${type}`;
  if (!discipline) return base;
  return champ ? `${base}/${discipline}/${idSlug(champ.id, champ.name)}` : `${base}/${discipline}`;
}

export const champsPath = (lng: string, champ?: { id: number; name: string }) =>
  champ ? `/${lng}/champs/${champ.id}` : `/${lng}/champs`;

export const teamPath = (lng: string, section: Section, team: { id: number; name: string }) =>
  `/${lng}/team/${section}/${idSlug(team.id, team.name)}`;

/** Sports whose competitors are single people: their pages are player-info (server get-team.ts). */
const INDIVIDUAL_SPORTS = ['tennis', 'table-tennis', 'mma'];

export const playerPath = (lng: string, player: { id: number }) => `/${lng}/player-info/${player.id}`;

/** The page of a game's competitor: player-info in individual sports, else the team page. */
export const competitorPath = (
  lng: string,
  sportSlug: string,
  section: Section,
  team: { id: number; name: string },
) => (INDIVIDUAL_SPORTS.includes(sportSlug) ? playerPath(lng, team) : teamPath(lng, section, team));

export const statisticPath = (lng: string, gameId: number, popup = false) =>
  `/${lng}/${popup ? 'statisticpopup' : 'statistic'}?game=${gameId}`;

export const resultsPath = (lng: string, type?: 'live' | 'zone', date?: string, sportId?: number) => {
  const search = new URLSearchParams();
  if (date) search.set('date', date);
  if (sportId) search.set('sport', String(sportId));
  const q = search.toString();
  return `/${lng}/results${type ? `/${type}` : ''}${q ? `?${q}` : ''}`;
};

/** The page address with one query parameter set (or removed when value is null). */
export function withParam(pathAndQuery: string, name: string, value: string | null): string {
  const url = new URL(pathAndQuery, 'http://x');
  if (value === null) url.searchParams.delete(name);
  else url.searchParams.set(name, value);
  return url.pathname + url.search;
}
