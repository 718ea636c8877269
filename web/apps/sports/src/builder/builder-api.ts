/**
 * The bet builder's calls (/web-api/betting/v1/bet-builder): the price of a combination and its
 * placement. Answers are checked by small parsers; a refusal keeps its code and the legs that
 * contradict each other.
 */
import { callApi } from '@parlay/client/api.ts';

const BASE = '/web-api/betting/v1/bet-builder';

export type BuilderQuote =
  | { ok: true; coefMilli: number }
  | { ok: false; code: string; conflictOutcomeIds: number[] };

export type BuilderPlaced =
  | { ok: true; status: 'accepted'; betId: string; coefMilli: number }
  | { ok: true; status: 'rejected'; code: string }
  | { ok: false; code: string; conflictOutcomeIds: number[] };

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function refusal(
  status: number | null,
  error: unknown,
): { ok: false; code: string; conflictOutcomeIds: number[] } {
  const body = isObject(error) ? error : {};
  const details = isObject(body.details) ? body.details : {};
  const ids = Array.isArray(details.conflictOutcomeIds) ? details.conflictOutcomeIds : [];
  return {
    ok: false,
    code: typeof body.code === 'string' ? body.code : status === null ? 'NETWORK' : `HTTP_${status}`,
    conflictOutcomeIds: ids.map(Number).filter((n) => Number.isSafeInteger(n)),
  };
}

export async function quoteBuilder(outcomeIds: readonly number[]): Promise<BuilderQuote> {
  const result = await callApi<unknown>(`${BASE}/quote`, { body: { outcomeIds: outcomeIds.map(String) } });
  if (!result.ok) return refusal(result.status, result.error);
  const data = result.data;
  if (!isObject(data) || typeof data.coefMilli !== 'number') return refusal(result.status, null);
  return { ok: true, coefMilli: data.coefMilli };
}

export async function placeBuilder(
  request: {
    accountId: string;
    amount: string;
    outcomeIds: readonly number[];
    coefMilli: number;
    changeCoefAction: number;
  },
  idempotencyKey: string,
): Promise<BuilderPlaced> {
  const result = await callApi<unknown>(`${BASE}/coupons`, {
    body: {
      accountId: request.accountId,
      amount: request.amount,
      outcomeIds: request.outcomeIds.map(String),
      coef: request.coefMilli / 1000,
      changeCoefAction: request.changeCoefAction,
    },
    headers: { 'idempotency-key': idempotencyKey },
  });
  if (!result.ok) return refusal(result.status, result.error);
  const data = result.data;
  if (isObject(data) && data.status === 'accepted' && typeof data.betId === 'string') {
    const coef = typeof data.acceptedCoefMilli === 'number' ? data.acceptedCoefMilli : request.coefMilli;
    return { ok: true, status: 'accepted', betId: data.betId, coefMilli: coef };
  }
  if (isObject(data) && data.status === 'rejected' && typeof data.code === 'string') {
    return { ok: true, status: 'rejected', code: data.code };
  }
  return refusal(result.status, null);
}
