/**
 * The player's bets over /web-api/betting/v1: history (filters, pages, CSV), one bet, and cash-out
 * (quote, full or partial cash-out, automatic value), plus the bet messages of the /ws `user` topic.
 * Money is minor units as strings, odds integer thousandths; partial offers are computed in bigint.
 */
import {
  type BetView as Bet,
  type BetMessage,
  type BetPage,
  type CashoutAnswer,
  type CashoutQuote,
  stakePartValueMinor,
} from '@parlay/domain/coupon/bet-view.ts';
import { type CallResult, callApi } from './api.ts';
import { getRealtime } from './realtime.ts';

const PREFIX = '/web-api/betting/v1';

export type {
  BetLegView as BetLeg,
  BetMessage,
  BetPage,
  BetStatus,
  BetView as Bet,
  CashoutAnswer,
  CashoutQuote,
  LegNames,
  LegResult,
} from '@parlay/domain/coupon/bet-view.ts';

/** The status filter of the history (the server's STATUS_FILTERS; '' = all). */
export const STATUS_FILTERS = ['open', 'won', 'lost', 'void', 'cashed_out', 'rejected'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** Coupon types: 0 single, 1 express, 2 system with bankers, 4 system, 10001 multiple singles. */
export const BET_TYPES = [0, 1, 2, 4, 10001] as const;
export const PERIODS_DAYS = [1, 7, 30, 90] as const;
export const MULTIPLE_SINGLES = 10001;

/** What the history asks for: a period in days, or a custom day range (YYYY-MM-DD, both inclusive). */
export interface HistoryFilter {
  periodDays: number;
  fromDay?: string;
  toDay?: string;
  status?: StatusFilter | '';
  typeId?: number | null;
  page?: number;
  pageSize?: number;
  lng: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Local midnight of a YYYY-MM-DD day as an ISO instant (the player's days, not UTC's). */
export function localDayStart(day: string, offsetDays = 0): string | null {
  if (!DAY.test(day)) return null;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d + offsetDays);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * The query string of a history filter, e.g. "period=7&status=open&lng=en". A custom range
 * (fromDay/toDay, inclusive local days) replaces the period.
 */
export function historyQuery(filter: HistoryFilter): string {
  const q = new URLSearchParams({ period: String(filter.periodDays) });
  const from = filter.fromDay ? localDayStart(filter.fromDay) : null;
  const to = filter.toDay ? localDayStart(filter.toDay, 1) : null;
  if (from) q.set('from', from);
  if (to) q.set('to', to);
  if (filter.status) q.set('status', filter.status);
  if (filter.typeId !== undefined && filter.typeId !== null) q.set('typeId', String(filter.typeId));
  if (filter.page && filter.page > 1) q.set('page', String(filter.page));
  if (filter.pageSize) q.set('pageSize', String(filter.pageSize));
  q.set('lng', filter.lng);
  return q.toString();
}

export function listBets(filter: HistoryFilter): Promise<CallResult<BetPage>> {
  return callApi<BetPage>(`${PREFIX}/bets?${historyQuery(filter)}`);
}

/** The CSV download of the same filter (every matching bet, not one page). */
export function betsCsvUrl(filter: HistoryFilter): string {
  const { page: _page, pageSize: _size, ...rest } = filter;
  return `${PREFIX}/bets.csv?${historyQuery(rest)}`;
}

export function getBet(betId: string, lng: string): Promise<CallResult<Bet>> {
  return callApi<Bet>(`${PREFIX}/bets/${encodeURIComponent(betId)}?lng=${encodeURIComponent(lng)}`);
}

export function quoteCashout(betId: string): Promise<CallResult<CashoutQuote>> {
  return callApi<CashoutQuote>(`${PREFIX}/bets/${encodeURIComponent(betId)}/cashout`);
}

/** A fresh Idempotency-Key (one per intended cash-out; a retry of the same intent reuses it). */
export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `k-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Cashes out the whole stake (stakeMinor omitted) or a part. expectedMinor is the offer the player
 * saw for that part: a lower offer now answers 409 CASHOUT_PRICE_CHANGED with details.offerMinor.
 */
export function cashOut(
  betId: string,
  request: { stakeMinor?: string; expectedMinor?: string },
  idempotencyKey: string,
): Promise<CallResult<CashoutAnswer>> {
  return callApi<CashoutAnswer>(`${PREFIX}/bets/${encodeURIComponent(betId)}/cashout`, {
    method: 'POST',
    body: request,
    headers: { 'idempotency-key': idempotencyKey },
  });
}

export function setAutoCashout(
  betId: string,
  valueMinor: string | null,
): Promise<CallResult<{ betId: string; autoCashoutMinor: string | null }>> {
  return callApi(`${PREFIX}/bets/${encodeURIComponent(betId)}/auto-cashout`, {
    method: 'PUT',
    body: { valueMinor },
  });
}

/** Open: still waiting for its result (the live delay included). */
export function isOpenBet(bet: Pick<Bet, 'status'>): boolean {
  return bet.status === 'accepted' || bet.status === 'pending_delay';
}

/** What the bet paid back so far: the settlement payout plus every cash-out, or null while nothing was. */
export function actualWinMinor(bet: Pick<Bet, 'payoutMinor' | 'cashedOutMinor'>): string | null {
  const cashed = BigInt(bet.cashedOutMinor);
  if (bet.payoutMinor === null) return cashed > 0n ? cashed.toString() : null;
  return (BigInt(bet.payoutMinor) + cashed).toString();
}

/**
 * The offer for `partMinor` of the riding stake, as the server computes it: offer × part ÷ stake,
 * rounded down. @example partialOfferMinor('12666', '10000', '5000') === '6333'
 */
export function partialOfferMinor(offerMinor: string, stakeMinor: string, partMinor: string): string {
  return stakePartValueMinor(BigInt(offerMinor), BigInt(stakeMinor), BigInt(partMinor)).toString();
}

export function isBetMessage(data: unknown): data is BetMessage {
  const m = data as Partial<BetMessage> | null;
  return typeof m === 'object' && m !== null && m.type === 'bet' && typeof m.betId === 'string';
}

async function signedInUserId(): Promise<string | null> {
  const answer = await callApi<{ result?: { user_id?: unknown } }>('/web-api/user/config');
  const id = answer.ok ? answer.data.result?.user_id : null;
  return typeof id === 'number' || typeof id === 'string' ? String(id) : null;
}

/** Calls onBet for every bet message of the signed-in player; returns the function that stops. */
export function watchBets(onBet: (message: BetMessage) => void): () => void {
  let stopped = false;
  let unsubscribe: (() => void) | null = null;
  void signedInUserId().then((userId) => {
    if (stopped || !userId) return;
    unsubscribe = getRealtime().subscribe(`user:${userId}`, (data) => {
      if (isBetMessage(data)) onBet(data);
    });
  });
  return () => {
    stopped = true;
    unsubscribe?.();
  };
}
