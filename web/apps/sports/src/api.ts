/** Paths and loaders of the sportsbook API; the same code runs in SSR (in-process fetch) and the browser. */
import { type ApiResult, getJson } from '@parlay/client/api.ts';
import type { ApiFetch } from '@parlay/mf/contract.ts';
import {
  type Champ,
  type GameList,
  type GamePage,
  parseChamps,
  parseGameList,
  parseGamePage,
  parseSearch,
  parseSports,
  parseTeamPage,
  type SearchResult,
  type Sport,
  type TeamPage,
} from './model.ts';
import {
  type ChampStatistics,
  type GameStatistics,
  parseChampStatistics,
  parseGameStatistics,
} from './statistics-model.ts';

const BASE = '/web-api/sportsbook/v1';
export const PAGE_SIZE = 50;

function query(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  return search.toString();
}

export interface ListParams {
  sportId?: number | undefined;
  countryId?: number | undefined;
  champId?: number | undefined;
  timeFilter?: number | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
}

export const paths = {
  sports: (lang: string) => `${BASE}/sports?${query({ lang })}`,
  champs: (lang: string, sportId: number, mode: 'all' | 'line' | 'live' = 'all', countryId?: number) =>
    `${BASE}/champs?${query({ sportId, countryId, mode, lang })}`,
  list: (lang: string, mode: 'line' | 'live', p: ListParams = {}) =>
    `${BASE}/${mode}?${query({ ...p, limit: p.limit ?? PAGE_SIZE, lang })}`,
  game: (lang: string, gameId: number) => `${BASE}/games/${gameId}?${query({ lang })}`,
  team: (lang: string, teamId: number, asPlayer = false) =>
    `${BASE}/${asPlayer ? 'players' : 'teams'}/${teamId}?${query({ lang })}`,
  search: (lang: string, q: string, limit = 20) => `${BASE}/search?${query({ q, limit, lang })}`,
  results: (lang: string, date: string, tz: number, sportId?: number, limit = 100) =>
    `${BASE}/results?${query({ date, tz, sportId, limit, lang })}`,
};

const headers = (lang: string) => ({ 'x-language': lang });

export const loadSportsList = (api: ApiFetch, lang: string): Promise<ApiResult<Sport[]>> =>
  getJson(api, paths.sports(lang), parseSports, headers(lang));

export const loadChamps = (
  api: ApiFetch,
  lang: string,
  sportId: number,
  mode: 'all' | 'line' | 'live' = 'all',
): Promise<ApiResult<Champ[]>> => getJson(api, paths.champs(lang, sportId, mode), parseChamps, headers(lang));

export const loadList = (
  api: ApiFetch,
  lang: string,
  mode: 'line' | 'live',
  params: ListParams = {},
): Promise<ApiResult<GameList>> => getJson(api, paths.list(lang, mode, params), parseGameList, headers(lang));

export const loadGame = (api: ApiFetch, lang: string, gameId: number): Promise<ApiResult<GamePage>> =>
  getJson(api, paths.game(lang, gameId), parseGamePage, headers(lang));

export const loadSearch = (api: ApiFetch, lang: string, q: string): Promise<ApiResult<SearchResult>> =>
  getJson(api, paths.search(lang, q), parseSearch, headers(lang));

export const loadResults = (
  api: ApiFetch,
  lang: string,
  date: string,
  tz: number,
  sportId?: number,
): Promise<ApiResult<GameList>> =>
  getJson(api, paths.results(lang, date, tz, sportId), parseGameList, headers(lang));

export const loadTeam = (
  api: ApiFetch,
  lang: string,
  teamId: number,
  asPlayer = false,
): Promise<ApiResult<TeamPage>> =>
  getJson(api, paths.team(lang, teamId, asPlayer), parseTeamPage, headers(lang));

export const loadChampStatistics = (
  api: ApiFetch,
  lang: string,
  champId: number,
): Promise<ApiResult<ChampStatistics>> =>
  getJson(
    api,
    `${BASE}/champs/${champId}/statistics?${query({ lang })}`,
    parseChampStatistics,
    headers(lang),
  );

export const loadGameStatistics = (
  api: ApiFetch,
  lang: string,
  gameId: number,
): Promise<ApiResult<GameStatistics>> =>
  getJson(api, `${BASE}/games/${gameId}/statistics?${query({ lang })}`, parseGameStatistics, headers(lang));
