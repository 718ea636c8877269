/**
 * Paths and loaders of the lotto (/web-api/lotto/v1) and toto (/web-api/toto/v1) APIs. The GET
 * loaders run unchanged in SSR (in-process fetch) and in the browser; the purchases go through
 * `send`, which gives every request its own Idempotency-Key and retries a network failure with the
 * same key, so a lost answer never buys a ticket twice.
 */
import { type ApiResult, callApi, getJson } from '@parlay/client/api.ts';
import type { ApiFetch } from '@parlay/mf/contract.ts';
import {
  type DrawDetailView,
  type DrawPage,
  type GameView,
  type PurchaseView,
  parseDraw,
  parseDrawPage,
  parseGame,
  parseGames,
  parsePurchase,
  parseTicket,
  parseTicketPage,
  parseTotoArchive,
  parseTotoCoupon,
  parseTotoCoupons,
  parseTotoDraw,
  parseTotoNext,
  type TicketPage,
  type TicketView,
  type TotoArchive,
  type TotoCoupon,
  type TotoCouponPage,
  type TotoDraw,
  type TotoNext,
} from './model.ts';

export const LOTTO = '/web-api/lotto/v1';
export const TOTO = '/web-api/toto/v1';
export const ARCHIVE_PAGE_SIZE = 20;
export const TICKETS_PAGE_SIZE = 20;

function query(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const paths = {
  games: () => `${LOTTO}/games`,
  game: (gameId: string) => `${LOTTO}/games/${encodeURIComponent(gameId)}`,
  draws: (gameId: string, page = 1, pageSize = ARCHIVE_PAGE_SIZE) =>
    `${LOTTO}/games/${encodeURIComponent(gameId)}/draws${query({ page, pageSize, filter: 'results' })}`,
  draw: (drawId: string) => `${LOTTO}/draws/${encodeURIComponent(drawId)}`,
  tickets: (page = 1, pageSize = TICKETS_PAGE_SIZE) => `${LOTTO}/tickets${query({ page, pageSize })}`,
  ticket: (ticketId: string) => `${LOTTO}/tickets/${encodeURIComponent(ticketId)}`,
  buyTicket: () => `${LOTTO}/tickets`,
  totoCurrent: () => `${TOTO}/draws/current`,
  totoNext: () => `${TOTO}/draws/next`,
  totoNominees: () => `${TOTO}/nominees`,
  totoArchive: (page = 1, pageSize = 10) => `${TOTO}/draws${query({ page, pageSize })}`,
  totoDraw: (drawId: string) => `${TOTO}/draws/${encodeURIComponent(drawId)}`,
  totoCoupons: (page = 1, pageSize = 20) => `${TOTO}/coupons${query({ page, pageSize })}`,
  totoCoupon: (couponId: string) => `${TOTO}/coupons/${encodeURIComponent(couponId)}`,
};

export const loadGames = (api: ApiFetch): Promise<ApiResult<GameView[]>> =>
  getJson(api, paths.games(), parseGames);
export const loadGame = (api: ApiFetch, gameId: string): Promise<ApiResult<GameView>> =>
  getJson(api, paths.game(gameId), parseGame);
export const loadDraws = (api: ApiFetch, gameId: string, page = 1): Promise<ApiResult<DrawPage>> =>
  getJson(api, paths.draws(gameId, page), parseDrawPage);
export const loadDraw = (api: ApiFetch, drawId: string): Promise<ApiResult<DrawDetailView>> =>
  getJson(api, paths.draw(drawId), parseDraw);
export const loadTotoCurrent = (api: ApiFetch): Promise<ApiResult<TotoDraw>> =>
  getJson(api, paths.totoCurrent(), parseTotoDraw);
export const loadTotoNext = (api: ApiFetch): Promise<ApiResult<TotoNext>> =>
  getJson(api, paths.totoNext(), parseTotoNext);
export const loadTotoArchive = (api: ApiFetch, page = 1): Promise<ApiResult<TotoArchive>> =>
  getJson(api, paths.totoArchive(page), parseTotoArchive);
export const loadTotoDraw = (api: ApiFetch, drawId: string): Promise<ApiResult<TotoDraw>> =>
  getJson(api, paths.totoDraw(drawId), parseTotoDraw);

// ---- Browser calls (session cookie, token refresh) ----

/** An answer of a write or a private read: data, or the error code the errors dictionary names. */
export type Answer<T> =
  | { ok: true; data: T }
  | { ok: false; status: number | null; code: string; key: string | null };

export type Failure = Extract<Answer<unknown>, { ok: false }>;

/** Network failures are retried this many times, with the same Idempotency-Key. */
export const NETWORK_RETRIES = 3;
const RETRY_WAIT_MS = [300, 1000, 2500];

export function newKey(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface SendOptions {
  method?: string;
  body?: unknown;
  /** Purchases carry an Idempotency-Key (one per purchase, kept across retries). */
  idempotencyKey?: string;
  /** For tests: the call and the wait. */
  call?: typeof callApi;
  wait?: (ms: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One request of the browser code: the answer parsed, or the error's code. */
export async function send<T>(
  path: string,
  parse: (body: unknown) => T | null,
  options: SendOptions = {},
): Promise<Answer<T>> {
  const call = options.call ?? callApi;
  const wait = options.wait ?? sleep;
  const headers: Record<string, string> = {};
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  for (let attempt = 0; ; attempt += 1) {
    const answer = await call<unknown>(path, {
      ...(options.method ? { method: options.method } : {}),
      ...(options.body !== undefined ? { body: options.body } : {}),
      headers,
    });
    if (answer.ok) {
      const data = parse(answer.data);
      if (data !== null) return { ok: true, data };
      return { ok: false, status: answer.status, code: 'MALFORMED_ANSWER', key: null };
    }
    if (answer.status === null && attempt < NETWORK_RETRIES) {
      await wait(RETRY_WAIT_MS[attempt] ?? 2500);
      continue;
    }
    return {
      ok: false,
      status: answer.status,
      code: answer.error?.code ?? (answer.status === null ? 'NETWORK' : `HTTP_${answer.status}`),
      key: answer.error?.key ?? null,
    };
  }
}

export interface TicketOrder {
  gameId: string;
  numbers?: number[];
  bonusNumbers?: number[];
  quickPick?: boolean;
  picks?: number;
  bonusPicks?: number;
  draws: number;
  priceMinor: string;
}

export const lottoApi = {
  buy: (order: TicketOrder, idempotencyKey: string) =>
    send<PurchaseView>(paths.buyTicket(), parsePurchase, { method: 'POST', body: order, idempotencyKey }),
  tickets: (page = 1) => send<TicketPage>(paths.tickets(page), parseTicketPage),
  ticket: (ticketId: string) => send<TicketView>(paths.ticket(ticketId), parseTicket),
  games: () => send<GameView[]>(paths.games(), parseGames),
  draws: (gameId: string, page: number) => send<DrawPage>(paths.draws(gameId, page), parseDrawPage),
};

export interface CouponOrder {
  drawId: string;
  picks: string[];
  unitStakeMinor: string;
}

export const totoApi = {
  buy: (order: CouponOrder, idempotencyKey: string) =>
    send<TotoCoupon>(`${TOTO}/coupons`, parseTotoCoupon, { method: 'POST', body: order, idempotencyKey }),
  coupons: (page = 1) => send<TotoCouponPage>(paths.totoCoupons(page), parseTotoCoupons),
  coupon: (couponId: string) => send<TotoCoupon>(paths.totoCoupon(couponId), parseTotoCoupon),
};

/** The error's text: the server's dictionary key, else the code's, else the app's general text. */
export function errorText(
  tErrors: (key: string) => string,
  tLotto: (key: string) => string,
  failure: Failure,
): string {
  const keys = [failure.key?.replace(/^errors\./, ''), failure.code.toLowerCase()].filter(
    (k): k is string => typeof k === 'string' && k.length > 0,
  );
  for (const key of keys) {
    const text = tErrors(key);
    if (text !== key) return text;
  }
  return tLotto(failure.status === null ? 'errors.network' : 'errors.generic');
}
