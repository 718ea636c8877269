/**
 * Server side of the sports pages: from the matched route and its query to the page model, with the
 * API calls each page needs made in parallel. Every failure is a state the page shows honestly.
 */

import type { ApiResult } from '@parlay/client/api.ts';
import { GAME_STATUS } from '@parlay/domain/sportsbook/game-status.ts';
import type { ApiFetch } from '@parlay/mf/contract.ts';
import {
  loadChampStatistics,
  loadChamps,
  loadGame,
  loadGameStatistics,
  loadList,
  loadResults,
  loadSearch,
  loadSportsList,
  loadTeam,
} from './api.ts';
import type { Champ, Game, GamePage, Sport } from './model.ts';
import { toListGame } from './model.ts';
import type { ListModel, LoadFailure, MenuModel, PageModel } from './page-model.ts';
import { leadingId, type Section } from './paths.ts';

const TIME_FILTERS = [0, 1, 2, 3, 6];
const TOP_CHAMP_SPORTS = ['football', 'basketball', 'tennis', 'ice-hockey', 'cs2'];
const TOP_CHAMPS_TTL_MS = 60_000;
const MULTI_MAX = 4;

export interface RouteInfo {
  routeId: string;
  params: Record<string, string>;
  query: URLSearchParams;
  timeZone: number;
  nowMs: number;
}

const failure = (result: ApiResult<unknown>): LoadFailure | null =>
  result.ok ? null : { status: result.status };

const topChampsCache = new Map<string, { atMs: number; champs: Champ[] }>();

async function topChamps(api: ApiFetch, lng: string, sports: Sport[], nowMs: number): Promise<Champ[]> {
  const cached = topChampsCache.get(lng);
  if (cached && nowMs - cached.atMs < TOP_CHAMPS_TTL_MS) return cached.champs;
  const picked = sports.filter((s) => TOP_CHAMP_SPORTS.includes(s.slug));
  const lists = await Promise.all(picked.map((s) => loadChamps(api, lng, s.id)));
  const champs = lists.flatMap((r) => (r.ok ? r.data.filter((c) => c.isTop) : [])).slice(0, 12);
  if (lists.every((r) => r.ok)) topChampsCache.set(lng, { atMs: nowMs, champs });
  return champs;
}

const listGames = (result: ApiResult<{ games: Game[] }>) =>
  result.ok ? result.data.games.map(toListGame) : [];

function timeFilterOf(query: URLSearchParams): number {
  const value = Number(query.get('tf') ?? 0);
  return TIME_FILTERS.includes(value) ? value : 0;
}

/**
 * Rows of each home section (top live, top events). The sections link to their full lists; eight rows
 * fill a phone's first screens, and each row costs ~50 elements and ~3 KB of HTML (the home had 1,900
 * elements with twelve of each).
 */
const HOME_SECTION_ROWS = 8;

function sportBySlug(sports: Sport[], slug: string | undefined): Sport | undefined {
  return slug ? sports.find((s) => s.slug === slug) : undefined;
}

/** Top live first (top games and top championships), then by start. */
export function rankTop(games: Game[], limit: number): Game[] {
  const score = (g: Game) => (g.isTop ? 2 : 0) + (g.champ.isTop ? 1 : 0);
  return [...games]
    .sort((a, b) => score(b) - score(a) || Date.parse(a.startAt) - Date.parse(b.startAt))
    .slice(0, limit);
}

/**
 * Rows of a full list's first page (line, live, top events); "Show more" loads the rest. Fifty made the
 * live list ~2,900 elements and ~400 KB of HTML, most of it below a phone's first screens.
 */
const LIST_FIRST_PAGE = 30;

async function listModel(
  api: ApiFetch,
  lng: string,
  section: Section,
  filter: { sportId?: number; champId?: number; countryId?: number; timeFilter: number },
): Promise<ListModel> {
  const result = await loadList(api, lng, section, { ...filter, limit: LIST_FIRST_PAGE });
  return {
    kind: 'list',
    section,
    sportId: filter.sportId ?? null,
    champId: filter.champId ?? null,
    countryId: filter.countryId ?? null,
    timeFilter: filter.timeFilter,
    games: listGames(result),
    total: result.ok ? result.data.total : 0,
    sportIds: null,
    more: { mode: section, ...filter },
    error: failure(result),
  };
}

/** Games of one sport's list on its own page. */
const SPORT_LIST_LIMIT = 20;
/**
 * The line games of each sport when several share a page (all esports disciplines): the soonest
 * few, the rest one tap away on the discipline's page. Twenty of each made the page render 80-odd
 * rows and 550 KB of HTML, the slowest page of the site on a busy server.
 */
const SHARED_LINE_LIMIT = 6;

/** Line and live games of several sports at once (esports, virtual sports): live first. */
async function multiSportModel(
  api: ApiFetch,
  lng: string,
  sports: Sport[],
  section: Section | 'both',
): Promise<ListModel> {
  const modes: Section[] = section === 'both' ? ['live', 'line'] : [section];
  const limitOf = (mode: Section) =>
    mode === 'line' && sports.length > 1 ? SHARED_LINE_LIMIT : SPORT_LIST_LIMIT;
  const results = await Promise.all(
    sports.flatMap((s) =>
      modes.map((mode) => loadList(api, lng, mode, { sportId: s.id, limit: limitOf(mode) })),
    ),
  );
  const games = results.flatMap(listGames);
  return {
    kind: 'list',
    section: section === 'line' ? 'line' : 'live',
    sportId: sports.length === 1 ? (sports[0]?.id ?? null) : null,
    champId: null,
    countryId: null,
    timeFilter: 0,
    games,
    total: games.length,
    sportIds: sports.map((s) => s.id),
    more: null,
    error: results.find((r) => !r.ok) ? failure(results.find((r) => !r.ok)!) : null,
  };
}

async function gameModel(api: ApiFetch, lng: string, gameId: number | null): Promise<PageModel> {
  if (gameId === null) return { kind: 'game', game: null, section: 'line', error: { status: 404 } };
  const result = await loadGame(api, lng, gameId);
  return {
    kind: 'game',
    game: result.ok ? result.data : null,
    section: result.ok && result.data.status !== GAME_STATUS.NOT_STARTED ? 'live' : 'line',
    error: failure(result),
  };
}

function dayOf(nowMs: number, timeZone: number): string {
  return new Date(nowMs + timeZone * 3_600_000).toISOString().slice(0, 10);
}

async function esportsModel(
  api: ApiFetch,
  lng: string,
  sports: Sport[],
  info: RouteInfo,
): Promise<PageModel> {
  const { routeId, params } = info;
  const type = (params.type ?? 'real') as 'real' | 'virtual' | 'stream';
  const pool = sports.filter((s) => (type === 'virtual' ? s.isVirtual : s.isEsport));
  const discipline = sportBySlug(pool, params.discipline);
  if (routeId === 'esports-disciplines') return { kind: 'disciplines', type, sports: pool };
  if (routeId === 'esports-game') return gameModel(api, lng, leadingId(params.game));
  if (routeId === 'esports-discipline-champs') {
    if (!discipline) return { kind: 'empty', area: 'esports', note: null };
    const champs = await loadChamps(api, lng, discipline.id);
    return { kind: 'champs', champs: champs.ok ? champs.data : [], sportId: discipline.id };
  }
  if (routeId === 'esports-champ') {
    const champId = leadingId(params.champ);
    if (!discipline || champId === null) return { kind: 'empty', area: 'esports', note: null };
    const [live, line] = await Promise.all([
      listModel(api, lng, 'live', { sportId: discipline.id, champId, timeFilter: 0 }),
      listModel(api, lng, 'line', { sportId: discipline.id, champId, timeFilter: 0 }),
    ]);
    return {
      kind: 'live-and-line',
      live: live.games,
      line: line.games,
      note: null,
      error: live.error ?? line.error,
    };
  }
  if (routeId === 'esports-discipline' && !discipline) return { kind: 'empty', area: 'esports', note: null };
  const chosen = discipline ? [discipline] : pool;
  return multiSportModel(api, lng, chosen, type === 'stream' ? 'live' : 'both');
}

async function cricketModel(
  api: ApiFetch,
  lng: string,
  sports: Sport[],
  info: RouteInfo,
): Promise<PageModel> {
  const cricket = sportBySlug(sports, 'cricket');
  if (!cricket) return { kind: 'empty', area: 'sports', note: null };
  switch (info.routeId) {
    case 'cricket-all-champs': {
      const champs = await loadChamps(api, lng, cricket.id);
      return { kind: 'champs', champs: champs.ok ? champs.data : [], sportId: cricket.id };
    }
    case 'cricket-favorites':
      return { kind: 'favorites' };
    case 'cricket-search-events':
      return searchModel(api, lng, info.query.get('q') ?? '', cricket.id);
    case 'cricket-broadcasts':
      return { kind: 'empty', area: 'sports', note: 'broadcasts' };
    case 'cricket-champ': {
      const champId = leadingId(info.params.champ);
      const [live, line] = await Promise.all([
        listModel(api, lng, 'live', { sportId: cricket.id, ...(champId ? { champId } : {}), timeFilter: 0 }),
        listModel(api, lng, 'line', { sportId: cricket.id, ...(champId ? { champId } : {}), timeFilter: 0 }),
      ]);
      return {
        kind: 'live-and-line',
        live: live.games,
        line: line.games,
        note: null,
        error: live.error ?? line.error,
      };
    }
    default: {
      const [live, line] = await Promise.all([
        listModel(api, lng, 'live', { sportId: cricket.id, timeFilter: 0 }),
        listModel(api, lng, 'line', { sportId: cricket.id, timeFilter: 0 }),
      ]);
      return {
        kind: 'live-and-line',
        live: live.games,
        line: line.games,
        note: null,
        error: live.error ?? line.error,
      };
    }
  }
}

async function searchModel(api: ApiFetch, lng: string, q: string, sportId?: number): Promise<PageModel> {
  const query = q.trim().slice(0, 50);
  if (query.length < 2) return { kind: 'search', query, teams: [], games: [] };
  const result = await loadSearch(api, lng, query);
  if (!result.ok) return { kind: 'search', query, teams: [], games: [] };
  const keep = (s: { sportId: number }) => sportId === undefined || s.sportId === sportId;
  return {
    kind: 'search',
    query,
    teams: result.data.teams.filter(keep),
    games: result.data.games.filter(keep).map(toListGame),
  };
}

async function teamModel(api: ApiFetch, lng: string, info: RouteInfo): Promise<PageModel> {
  const player = info.routeId === 'player-info';
  const teamId = leadingId(player ? info.params.id : (info.params.team ?? info.params.teamId));
  const section = (info.params.section as Section | undefined) ?? null;
  const none = {
    kind: 'team' as const,
    player,
    team: null,
    section,
    live: [] as Game[],
    line: [] as Game[],
    results: [] as Game[],
  };
  if (teamId === null) return { ...none, error: { status: 404 } };
  const result = await loadTeam(api, lng, teamId, player);
  if (!result.ok) return { ...none, error: failure(result) };
  const { team, live, line, results } = result.data;
  return {
    kind: 'team',
    player,
    team,
    section,
    live: live.map(toListGame),
    line: line.map(toListGame),
    results: results.map(toListGame),
    error: null,
  };
}

async function multiModel(api: ApiFetch, lng: string, info: RouteInfo): Promise<PageModel> {
  const ids = (info.query.get('games') ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0)
    .slice(0, MULTI_MAX);
  const [games, live] = await Promise.all([
    Promise.all(ids.map((id) => loadGame(api, lng, id))),
    loadList(api, lng, 'live', { limit: 100 }),
  ]);
  return {
    kind: 'multi',
    games: games.flatMap((r) => (r.ok ? [r.data] : [])),
    candidates: rankTop(listGames(live), 40),
  };
}

/** The page model of a route of the sports app. */
export async function loadPage(
  api: ApiFetch,
  lng: string,
  sports: Sport[],
  info: RouteInfo,
): Promise<PageModel> {
  const { routeId, params, query } = info;
  switch (routeId) {
    case 'home': {
      const [live, top] = await Promise.all([
        loadList(api, lng, 'live', { limit: 100 }),
        loadList(api, lng, 'line', { timeFilter: 6, limit: 20 }),
      ]);
      return {
        kind: 'home',
        live: rankTop(listGames(live), HOME_SECTION_ROWS),
        top: listGames(top).slice(0, HOME_SECTION_ROWS),
        error: failure(live) ?? failure(top),
      };
    }
    case 'sports-page': {
      const section = (params.section ?? 'line') as Section;
      if (params.pageType === 'top-sports' || params.pageType === 'top-events') {
        return listModel(api, lng, section, { timeFilter: 6 });
      }
      const sport = sportBySlug(sports, params.sport ?? params.menuSection);
      const champId = leadingId(params.champ) ?? undefined;
      const countryId = Number(query.get('country')) || undefined;
      return listModel(api, lng, section, {
        ...(sport ? { sportId: sport.id } : {}),
        ...(champId ? { champId } : {}),
        ...(countryId ? { countryId } : {}),
        timeFilter: timeFilterOf(query),
      });
    }
    case 'sports-game':
      return gameModel(api, lng, leadingId(params.game));
    case 'game':
      return gameModel(api, lng, Number(query.get('id')) || null);
    case 'top-events': {
      const section: Section = params.pageSubType === 'live' ? 'live' : 'line';
      return listModel(api, lng, section, { timeFilter: 6 });
    }
    case 'multi':
      return multiModel(api, lng, info);
    case 'champs': {
      const champId = Number(params.champId) || null;
      if (champId) {
        const [live, line] = await Promise.all([
          loadList(api, lng, 'live', { champId, limit: 50 }),
          loadList(api, lng, 'line', { champId, limit: 50 }),
        ]);
        return {
          kind: 'live-and-line',
          live: listGames(live),
          line: listGames(line),
          note: null,
          error: failure(live) ?? failure(line),
        };
      }
      const sport = sportBySlug(sports, query.get('sport') ?? 'football') ?? sports[0];
      const champs = sport ? await loadChamps(api, lng, sport.id) : null;
      return { kind: 'champs', champs: champs?.ok ? champs.data : [], sportId: sport?.id ?? null };
    }
    case 'results':
    case 'statistic':
    case 'statisticpopup':
      return routeId === 'results' ? resultsModel(api, lng, info) : statisticModel(api, lng, info);
    case 'team':
    case 'team-info':
    case 'player-info':
      return teamModel(api, lng, info);
    default:
      if (routeId.startsWith('esports')) return esportsModel(api, lng, sports, info);
      if (routeId.startsWith('cricket') || routeId === 'top-sports-cricket')
        return cricketModel(api, lng, sports, info);
      return { kind: 'empty', area: 'sports', note: null };
  }
}

async function resultsModel(api: ApiFetch, lng: string, info: RouteInfo): Promise<PageModel> {
  const type = (info.params.type as 'live' | 'zone' | undefined) ?? 'all';
  const sportId = Number(info.query.get('sport')) || null;
  const requested = info.query.get('date') ?? '';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(requested) ? requested : dayOf(info.nowMs, info.timeZone);
  if (type === 'live') {
    const live = await loadList(api, lng, 'live', { ...(sportId ? { sportId } : {}), limit: 100 });
    return { kind: 'results', type, date, sportId, games: listGames(live), error: failure(live) };
  }
  const result = await loadResults(api, lng, date, info.timeZone, sportId ?? undefined);
  return { kind: 'results', type, date, sportId, games: listGames(result), error: failure(result) };
}

/** statistic?game= (the game, its figures and its champ's table) or statistic?champ= (the table). */
async function statisticModel(api: ApiFetch, lng: string, info: RouteInfo): Promise<PageModel> {
  const gameId = Number(info.query.get('game')) || null;
  const champId = Number(info.query.get('champ')) || null;
  const popup = info.routeId === 'statisticpopup';
  const none = { kind: 'statistic', game: null, popup, stats: null, table: null } as const;
  if (!gameId) {
    if (!champId) return none;
    const table = await loadChampStatistics(api, lng, champId);
    return { ...none, table: table.ok ? table.data : null };
  }
  const [game, stats] = await Promise.all([loadGame(api, lng, gameId), loadGameStatistics(api, lng, gameId)]);
  if (!game.ok) return none;
  const table = await loadChampStatistics(api, lng, game.data.champ.id);
  return {
    ...none,
    game: game.data,
    stats: stats.ok ? stats.data : null,
    table: table.ok ? table.data : null,
  };
}

/** The left menu: sports with counts, top championships, and the champs of the page's sport. */
export async function loadMenu(
  api: ApiFetch,
  lng: string,
  sports: Sport[],
  focus: { sportId: number | null; section: Section },
  nowMs: number,
): Promise<MenuModel> {
  const [top, champs] = await Promise.all([
    topChamps(api, lng, sports, nowMs),
    focus.sportId ? loadChamps(api, lng, focus.sportId, focus.section) : Promise.resolve(null),
  ]);
  return {
    sports,
    topChamps: top,
    sportId: focus.sportId,
    champs: champs?.ok ? champs.data : [],
    section: focus.section,
  };
}

/** The sport a page is about (for the menu), from its model. */
export function focusOf(
  page: PageModel,
  fallbackSection: Section,
): { sportId: number | null; section: Section } {
  switch (page.kind) {
    case 'list':
      return { sportId: page.sportId, section: page.section };
    case 'game':
      return { sportId: page.game?.sportId ?? null, section: page.section };
    case 'champs':
      return { sportId: page.sportId, section: fallbackSection };
    default:
      return { sportId: null, section: fallbackSection };
  }
}

export type { GamePage };
export { loadSportsList };
