/**
 * The bet slip's calls to the betting API (/web-api/betting/v1): quote, placement, coupon codes,
 * coupon settings, promo codes, VIP requests and one bet. Bodies are checked by small parsers so a
 * malformed answer becomes { ok: false }, never a thrown error or an undefined field in the slip.
 */
import { type CallResult, callApi } from '@parlay/client/api.ts';
import type { SlipSelectionView } from '@parlay/domain/coupon/index.ts';

const BASE = '/web-api/betting/v1';

/** A quoted selection: current state and labels in the player's language. */
export interface QuoteBet extends SlipSelectionView {
  outcomeId: number;
  marketId: number;
  startsAt: string | null;
}

export type QuotedBet = QuoteBet | { outcomeId: number; isUnavailable: true };

export interface QuoteSystemValue {
  value: number;
  combo: number;
  offset: number;
  minBetAmountMinor: bigint | null;
}

export interface Quote {
  currency: string;
  typeId: number;
  systemValue: number;
  bets: QuotedBet[];
  coefMilli: bigint | null;
  minAmountMinor: bigint | null;
  maxAmountMinor: bigint | null;
  maxPayoutMinor: bigint | null;
  initialAmountMinor: bigint | null;
  amountStepMinor: bigint | null;
  systemValues: QuoteSystemValue[];
  expressBonus: { available: boolean; coefMilli: number | null };
  isVipBetAvailable: boolean;
  isPromoCodeAllowed: boolean;
  /** The promo code's check when one was quoted. */
  promo: { code: string; valid: boolean; reason: string | null } | null;
}

export interface QuoteRequest {
  typeId: number;
  systemValue?: number;
  accountId?: string;
  currency?: string;
  lng: string;
  bets: { outcomeId: number; isBanker?: boolean }[];
  promoCode?: string;
}

export interface PlaceRequest {
  typeId: number;
  systemValue?: number;
  amount?: string;
  amountByBetId?: Record<string, string>;
  accountId: string;
  bets: { outcomeId: number; coef: number; isBanker?: boolean }[];
  changeCoefAction?: number;
  exactCoef?: number | null;
  promoCode?: string | null;
  /** The player's free bet staked whole (free-bets.ts); the stake is not returned with a win. */
  freeBetId?: string;
  /** The player's one-use odds boost (odds-boosts.ts): a win gets a share of its profit on top. */
  oddsBoostId?: string;
}

export type PlaceAnswer =
  | { status: 'accepted'; betId: string; acceptedCoefMilli: number | null; possibleWinMinor: bigint | null }
  | { status: 'pending'; betId: string; delayMs: number }
  | {
      status: 'rejected';
      betId: string | null;
      code: string;
      legIndex: number | null;
      /** Which limit refused it and its figures (server RejectionDetails), when a limit did. */
      details?: LimitDetails | null;
    };

/** A refusal's details as the server sends them (strings, numbers and nulls only). */
export type LimitDetails = Record<string, string | number | null>;

/** The details of a refusal when they are a flat object of strings, numbers and nulls. */
export function limitDetails(value: unknown): LimitDetails | null {
  if (!isObject(value)) return null;
  const kept = Object.entries(value).filter(
    ([, v]) => v === null || typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)),
  );
  return kept.length === 0 ? null : (Object.fromEntries(kept) as LimitDetails);
}

/** A coupon saved under a code. */
export interface SavedCoupon {
  code: string;
  typeId: number;
  systemValue: number;
  bets: (QuotedBet & { isBanker?: boolean })[];
}

export interface PromoCodeItem {
  code: string;
  label: string;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const int = (v: unknown): number | null => {
  const n = typeof v === 'string' && /^-?\d{1,15}$/.test(v) ? Number(v) : v;
  return typeof n === 'number' && Number.isSafeInteger(n) ? n : null;
};
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
/** Minor units from their wire form (integer string or safe integer); null when absent or malformed. */
export function minor(v: unknown): bigint | null {
  if (typeof v === 'string' && /^\d{1,19}$/.test(v)) return BigInt(v);
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return BigInt(v);
  return null;
}

function parseQuoteBet(value: unknown): QuotedBet | null {
  if (!isObject(value)) return null;
  const outcomeId = int(value.outcomeId);
  if (outcomeId === null) return null;
  if (value.isUnavailable === true) return { outcomeId, isUnavailable: true };
  const gameId = int(value.gameId);
  const marketId = int(value.marketId);
  const oddsMilli = int(value.oddsMilli);
  if (gameId === null || marketId === null || oddsMilli === null) return null;
  return {
    outcomeId,
    gameId,
    marketId,
    sportId: int(value.sportId) ?? 0,
    oddsMilli,
    marketKind: int(value.marketKind) ?? 0,
    isLive: value.isLive === true,
    isLocked: value.isLocked === true,
    isFinished: value.isFinished === true,
    isDisabledBanker: value.isDisabledBanker === true,
    gameLabel: str(value.gameLabel),
    marketLabel: str(value.marketLabel),
    outcomeLabel: str(value.outcomeLabel),
    startsAt: typeof value.startsAt === 'string' ? value.startsAt : null,
    score: typeof value.score === 'string' ? value.score : null,
  };
}

/** The quote answer, or null when its shape is wrong. */
export function parseQuote(body: unknown): Quote | null {
  if (!isObject(body) || !Array.isArray(body.bets)) return null;
  const bets = body.bets.map(parseQuoteBet);
  if (bets.some((b) => b === null)) return null;
  const bonus = isObject(body.expressBonus) ? body.expressBonus : {};
  const coef = int(body.coefMilli);
  return {
    currency: str(body.currency) || 'RUB',
    typeId: int(body.typeId) ?? 0,
    systemValue: int(body.systemValue) ?? 2,
    bets: bets as QuotedBet[],
    coefMilli: coef === null ? null : BigInt(coef),
    minAmountMinor: minor(body.minAmountMinor),
    maxAmountMinor: minor(body.maxAmountMinor),
    maxPayoutMinor: minor(body.maxPayoutMinor),
    initialAmountMinor: minor(body.initialAmountMinor),
    amountStepMinor: minor(body.amountStepMinor),
    systemValues: (Array.isArray(body.systemValues) ? body.systemValues : []).flatMap((item) => {
      if (!isObject(item)) return [];
      const value = int(item.value);
      const combo = int(item.combo);
      if (value === null || combo === null) return [];
      return [
        { value, combo, offset: int(item.offset) ?? 0, minBetAmountMinor: minor(item.minBetAmountMinor) },
      ];
    }),
    expressBonus: { available: bonus.available === true, coefMilli: int(bonus.coefMilli) },
    isVipBetAvailable: body.isVipBetAvailable === true,
    isPromoCodeAllowed: body.isPromoCodeAllowed !== false,
    promo: isObject(body.promo)
      ? {
          code: str(body.promo.code),
          valid: body.promo.valid === true,
          reason: typeof body.promo.reason === 'string' ? body.promo.reason : null,
        }
      : null,
  };
}

/** The placement answer, or null when its shape is wrong. */
export function parsePlaceAnswer(body: unknown): PlaceAnswer | null {
  if (!isObject(body)) return null;
  const betId = typeof body.betId === 'string' || typeof body.betId === 'number' ? String(body.betId) : null;
  if (body.status === 'accepted' && betId) {
    return {
      status: 'accepted',
      betId,
      acceptedCoefMilli: int(body.acceptedCoefMilli),
      possibleWinMinor: minor(body.possibleWinMinor),
    };
  }
  if (body.status === 'pending' && betId) {
    return { status: 'pending', betId, delayMs: Math.max(0, Math.min(60_000, int(body.delayMs) ?? 5000)) };
  }
  if (body.status === 'rejected' && typeof body.code === 'string') {
    return {
      status: 'rejected',
      betId,
      code: body.code,
      legIndex: int(body.legIndex),
      details: limitDetails(body.details),
    };
  }
  return null;
}

/** The state of one bet (GET /bets/:betId) as far as the slip needs it. */
export function parseBetState(body: unknown): PlaceAnswer | { status: 'pending'; betId: string } | null {
  if (!isObject(body) || (typeof body.id !== 'string' && typeof body.id !== 'number')) return null;
  const betId = String(body.id);
  if (body.status === 'pending_delay') return { status: 'pending', betId };
  if (body.status === 'rejected') {
    return { status: 'rejected', betId, code: str(body.reasonCode) || 'UNKNOWN', legIndex: null };
  }
  return {
    status: 'accepted',
    betId,
    acceptedCoefMilli: int(body.coefMilli),
    possibleWinMinor: minor(body.possibleWinMinor),
  };
}

export function parseSavedCoupon(body: unknown): SavedCoupon | null {
  if (!isObject(body) || typeof body.code !== 'string' || !Array.isArray(body.bets)) return null;
  const bets = body.bets.flatMap((item) => {
    const bet = parseQuoteBet(item);
    return bet ? [{ ...bet, isBanker: isObject(item) && item.isBanker === true }] : [];
  });
  return { code: body.code, typeId: int(body.typeId) ?? 0, systemValue: int(body.systemValue) ?? 2, bets };
}

/** Listed promo codes in any of the plain shapes (a list of strings or of { code, title }). */
export function parsePromoCodes(body: unknown): PromoCodeItem[] {
  const list = Array.isArray(body)
    ? body
    : isObject(body)
      ? ([body.promoCodes, body.codes, body.items, body.entities].find(Array.isArray) ?? [])
      : [];
  return (list as unknown[]).slice(0, 50).flatMap((item) => {
    if (typeof item === 'string') return [{ code: item, label: item }];
    if (!isObject(item) || typeof item.code !== 'string') return [];
    const boost = int(item.boostBasisPoints);
    const label = boost !== null && boost > 0 ? `+${boost / 100} %` : str(item.title) || str(item.label);
    return [{ code: item.code, label: label ? `${item.code} (${label})` : item.code }];
  });
}

/** Failure of a call as an error code ('NETWORK' when there was no answer). */
export function failureCode<T>(result: CallResult<T>): string {
  if (result.ok) return '';
  return result.error?.code ?? (result.status === null ? 'NETWORK' : `HTTP_${result.status}`);
}

export type Answer<T> =
  | { ok: true; data: T }
  | { ok: false; code: string; status: number | null; details?: LimitDetails | null };

async function call<T>(
  path: string,
  parse: (body: unknown) => T | null,
  options: Parameters<typeof callApi>[1] = {},
): Promise<Answer<T>> {
  const result = await callApi<unknown>(path, options);
  if (!result.ok) {
    return {
      ok: false,
      code: failureCode(result),
      status: result.status,
      details: limitDetails(result.error?.details),
    };
  }
  const data = parse(result.data);
  return data === null ? { ok: false, code: 'BAD_ANSWER', status: result.status } : { ok: true, data };
}

export const couponApi = {
  quote: (request: QuoteRequest) => call(`${BASE}/coupons/quote`, parseQuote, { body: request }),
  place: (request: PlaceRequest, idempotencyKey: string) =>
    call(`${BASE}/coupons`, parsePlaceAnswer, {
      body: request,
      headers: { 'idempotency-key': idempotencyKey },
    }),
  bet: (betId: string) => call(`${BASE}/bets/${encodeURIComponent(betId)}`, parseBetState),
  saveCode: (request: {
    typeId: number;
    systemValue?: number;
    bets: { outcomeId: number; isBanker?: boolean }[];
  }) =>
    call(`${BASE}/coupon-codes`, (b) => (isObject(b) && typeof b.code === 'string' ? b.code : null), {
      body: request,
    }),
  loadCode: (code: string, lng: string) =>
    call(`${BASE}/coupon-codes/${encodeURIComponent(code)}?lng=${encodeURIComponent(lng)}`, parseSavedCoupon),
  settings: () => call(`${BASE}/coupon-settings`, (b) => (isObject(b) ? b : null)),
  /** Changes some settings; answers the whole object. `keepalive` when the page is unloading. */
  saveSettings: (settings: Json, keepalive = false) =>
    call(`${BASE}/coupon-settings`, (b) => (isObject(b) ? b : {}), {
      method: 'PUT',
      body: settings,
      keepalive,
    }),
  promoCodes: () => call(`${BASE}/promo-codes`, parsePromoCodes),
  vipRequests: () =>
    call(`${BASE}/vip-requests`, (b) =>
      isObject(b) && Array.isArray(b.requests) ? (b.requests as unknown[]).slice(0, 50) : null,
    ),
  vipRequest: (request: PlaceRequest, idempotencyKey: string) =>
    call(`${BASE}/vip-requests`, (b) => (isObject(b) ? b : {}), {
      body: request,
      headers: { 'idempotency-key': idempotencyKey },
    }),
};
