/**
 * Paths and loaders of the casino API (/web-api/casino/v1). The GET loaders run unchanged in SSR
 * (in-process fetch) and in the browser; the writes go through `send` below, which gives every
 * request its own Idempotency-Key and retries it with the same key when the network failed, so a
 * round is never opened twice because an answer was lost.
 */
import { type ApiResult, callApi, getJson } from '@parlay/client/api.ts';
import type { ApiFetch } from '@parlay/mf/contract.ts';
import type { Json, PlayMode, RoundView } from './games/game-ui.ts';
import {
  type Category,
  type DemoWallet,
  type FairnessState,
  type GameDetails,
  type GamePage,
  type GameTile,
  type Provider,
  parseCategories,
  parseDemoWallet,
  parseFairness,
  parseGameDetails,
  parseGameList,
  parseGamePage,
  parseHistory,
  parseOpenRound,
  parseProviders,
  parseRound,
} from './model.ts';

export const BASE = '/web-api/casino/v1';
/** Tiles per lobby page: 8 rows of 6 at 1440 px, 24 rows of 2 on a phone. */
export const LOBBY_PAGE_SIZE = 48;
export const SEARCH_LIMIT = 8;
export const HISTORY_PAGE_SIZE = 20;

/** Sections of GET /lobby (the contract's list). */
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

export interface LobbyQuery {
  section: LobbySection;
  category?: string | null;
  provider?: string | null;
  tag?: string | null;
  q?: string | null;
  cursor?: string | null;
  limit?: number;
}

function query(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const paths = {
  lobby: (lang: string, p: LobbyQuery) =>
    `${BASE}/lobby${query({
      section: p.section,
      category: p.category,
      provider: p.provider,
      tag: p.tag,
      q: p.q,
      cursor: p.cursor,
      limit: p.limit ?? LOBBY_PAGE_SIZE,
      lang,
    })}`,
  game: (lang: string, gameId: number, currency?: string) =>
    `${BASE}/games/${gameId}${query({ lang, currency })}`,
  search: (lang: string, q: string, limit = SEARCH_LIMIT) => `${BASE}/search${query({ q, limit, lang })}`,
  categories: (lang: string, section: LobbySection) => `${BASE}/categories${query({ section, lang })}`,
  providers: (lang: string) => `${BASE}/providers${query({ lang })}`,
  favorites: (lang: string) => `${BASE}/favorites${query({ lang })}`,
  favorite: (lang: string, gameId: number) => `${BASE}/favorites/${gameId}${query({ lang })}`,
  recent: (lang: string) => `${BASE}/recent${query({ lang })}`,
  fairness: (mode: PlayMode) => `${BASE}/fairness${query({ mode })}`,
  clientSeed: (mode: PlayMode) => `${BASE}/fairness/client-seed${query({ mode })}`,
  rotate: (mode: PlayMode) => `${BASE}/fairness/rotate${query({ mode })}`,
  rounds: () => `${BASE}/rounds`,
  action: (roundId: string) => `${BASE}/rounds/${encodeURIComponent(roundId)}/actions`,
  openRound: (gameId: number, mode: PlayMode) => `${BASE}/rounds/open${query({ gameId, mode })}`,
  history: (p: { gameId?: number | null; cursor?: string | null; limit?: number }) =>
    `${BASE}/history${query({ gameId: p.gameId, cursor: p.cursor, limit: p.limit ?? HISTORY_PAGE_SIZE })}`,
  demo: () => `${BASE}/demo`,
  demoRefill: () => `${BASE}/demo/refill`,
};

const headers = (lang: string) => ({ 'x-language': lang });

export const loadLobby = (api: ApiFetch, lang: string, p: LobbyQuery): Promise<ApiResult<GamePage>> =>
  getJson(api, paths.lobby(lang, p), parseGamePage, headers(lang));

export const loadGame = (
  api: ApiFetch,
  lang: string,
  gameId: number,
  currency?: string,
): Promise<ApiResult<GameDetails>> =>
  getJson(api, paths.game(lang, gameId, currency), parseGameDetails, headers(lang));

export const loadSearch = (api: ApiFetch, lang: string, q: string): Promise<ApiResult<GameTile[]>> =>
  getJson(api, paths.search(lang, q), parseGameList, headers(lang));

export const loadCategories = (
  api: ApiFetch,
  lang: string,
  section: LobbySection,
): Promise<ApiResult<Category[]>> =>
  getJson(api, paths.categories(lang, section), parseCategories, headers(lang));

export const loadProviders = (api: ApiFetch, lang: string): Promise<ApiResult<Provider[]>> =>
  getJson(api, paths.providers(lang), parseProviders, headers(lang));

// ---- Browser calls (session cookie, token refresh) ----

/** An answer of a write or a private read: data, or the error code the errors dictionary names. */
export type Answer<T> =
  | { ok: true; data: T }
  | { ok: false; status: number | null; code: string; key: string | null; retryAfterMs: number | null };

/** Network failures are retried this many times, with the same Idempotency-Key. */
export const NETWORK_RETRIES = 3;
const RETRY_WAIT_MS = [300, 1000, 2500];

function newKey(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface SendOptions {
  method?: string;
  body?: unknown;
  /** Writes that open or change a round carry an Idempotency-Key (one per request, kept across retries). */
  idempotent?: boolean;
  /** For tests: the call and the wait. */
  call?: typeof callApi;
  wait?: (ms: number) => Promise<void>;
  key?: () => string;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One request of the casino's browser code: the answer parsed, or the error's code. A network
 * failure (no answer at all) is retried up to NETWORK_RETRIES times with the same key.
 */
export async function send<T>(
  path: string,
  parse: (body: unknown) => T | null,
  options: SendOptions = {},
): Promise<Answer<T>> {
  const call = options.call ?? callApi;
  const wait = options.wait ?? sleep;
  const requestHeaders: Record<string, string> = {};
  if (options.idempotent) requestHeaders['idempotency-key'] = (options.key ?? newKey)();
  for (let attempt = 0; ; attempt += 1) {
    const answer = await call<unknown>(path, {
      ...(options.method ? { method: options.method } : {}),
      ...(options.body !== undefined ? { body: options.body } : {}),
      headers: requestHeaders,
    });
    if (answer.ok) {
      const data = parse(answer.data);
      if (data !== null) return { ok: true, data };
      return { ok: false, status: answer.status, code: 'MALFORMED_ANSWER', key: null, retryAfterMs: null };
    }
    if (answer.status === null && attempt < NETWORK_RETRIES) {
      await wait(RETRY_WAIT_MS[attempt] ?? 2500);
      continue;
    }
    const details = answer.error?.details;
    const retryAfter = typeof details?.retryAfterMs === 'number' ? details.retryAfterMs : null;
    return {
      ok: false,
      status: answer.status,
      code: answer.error?.code ?? (answer.status === null ? 'NETWORK' : `HTTP_${answer.status}`),
      key: answer.error?.key ?? null,
      retryAfterMs: retryAfter,
    };
  }
}

export const roundsApi = {
  fairness: (mode: PlayMode) => send<FairnessState>(paths.fairness(mode), parseFairness),
  setClientSeed: (clientSeed: string, mode: PlayMode) =>
    send<FairnessState>(paths.clientSeed(mode), parseFairness, { method: 'PUT', body: { clientSeed } }),
  rotate: (mode: PlayMode) =>
    send<FairnessState>(paths.rotate(mode), parseFairness, { method: 'POST', body: {} }),
  open: (gameId: number, mode: PlayMode, stakeMinor: bigint, params: Json) =>
    send<RoundView>(paths.rounds(), parseRound, {
      method: 'POST',
      idempotent: true,
      body: { gameId, mode, stakeMinor: stakeMinor.toString(), params },
    }),
  act: (roundId: string, action: Json) =>
    send<RoundView>(paths.action(roundId), parseRound, {
      method: 'POST',
      idempotent: true,
      body: { action },
    }),
  openRound: (gameId: number, mode: PlayMode) => send(paths.openRound(gameId, mode), parseOpenRound),
  history: (p: { gameId?: number | null; cursor?: string | null }) => send(paths.history(p), parseHistory),
  demo: () => send<DemoWallet>(paths.demo(), parseDemoWallet),
  refillDemo: () =>
    send<DemoWallet>(paths.demoRefill(), parseDemoWallet, { method: 'POST', idempotent: true, body: {} }),
};

export const catalogueApi = {
  favorites: (lang: string) => send<GameTile[]>(paths.favorites(lang), parseGameList),
  addFavorite: (lang: string, gameId: number) =>
    send<GameTile[]>(paths.favorite(lang, gameId), parseGameList, { method: 'PUT', body: {} }),
  removeFavorite: (lang: string, gameId: number) =>
    send<GameTile[]>(paths.favorite(lang, gameId), parseGameList, { method: 'DELETE' }),
  /** Merges a guest's local favourites into the player's (unknown ids are ignored by the server). */
  mergeFavorites: (lang: string, gameIds: number[]) =>
    send<GameTile[]>(paths.favorites(lang), parseGameList, { method: 'PUT', body: { gameIds } }),
  recent: (lang: string) => send<GameTile[]>(paths.recent(lang), parseGameList),
};

/** A provider game's launch (POST /web-api/casino/v1/providers/{provider}/launch): the iframe's URL. */
export interface ProviderLaunch {
  url: string;
  mode: PlayMode;
}

export function parseLaunch(body: unknown): ProviderLaunch | null {
  if (body === null || typeof body !== 'object') return null;
  const { url, mode } = body as Record<string, unknown>;
  if (typeof url !== 'string' || url === '' || (mode !== 'real' && mode !== 'demo')) return null;
  // Only http(s) or a path of this site goes into the iframe.
  if (!/^(https?:\/\/|\/(?!\/))/.test(url)) return null;
  return { url, mode };
}

export const providersApi = {
  launch: (provider: string, gameId: number, mode: PlayMode, lang: string) =>
    send<ProviderLaunch>(`${BASE}/providers/${encodeURIComponent(provider)}/launch`, parseLaunch, {
      method: 'POST',
      body: { gameId, mode, lang },
    }),
};
