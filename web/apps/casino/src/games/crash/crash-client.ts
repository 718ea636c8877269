/**
 * The crash endpoints the screen calls itself (crash rounds are shared, not a per-player round of the
 * game frame): the state, a bet and a cash-out, each write with its own Idempotency-Key, retried with
 * the same key, so a repeated click or a retry never places two bets.
 */
import { browserApi } from '@parlay/client/api.ts';
import { newIdempotencyKey } from '@parlay/client/bets-api.ts';
import type { ApiFetch } from '@parlay/mf/contract.ts';
import type { PlayMode } from '../game-ui.ts';

const PREFIX = '/web-api/casino/v1/crash';

export type CrashAnswer<T> =
  | { ok: true; data: T }
  | { ok: false; status: number | null; code: string | null; key: string | null };

/** The API's error body `{ error: { code, key } }` (or a bare `{ code }`). */
function errorOf(body: unknown): { code: string | null; key: string | null } {
  const outer = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const inner =
    typeof outer.error === 'object' && outer.error !== null
      ? (outer.error as Record<string, unknown>)
      : outer;
  return {
    code: typeof inner.code === 'string' ? inner.code : null,
    key: typeof inner.key === 'string' ? inner.key : null,
  };
}

async function call<T>(api: ApiFetch, path: string, init?: Parameters<ApiFetch>[1]): Promise<CrashAnswer<T>> {
  try {
    const response = await api(path, init);
    const body = (await response.json().catch(() => null)) as unknown;
    if (response.status >= 200 && response.status < 300) return { ok: true, data: body as T };
    return { ok: false, status: response.status, ...errorOf(body) };
  } catch {
    return { ok: false, status: null, code: null, key: null };
  }
}

export interface CrashClient {
  state(): Promise<CrashAnswer<unknown>>;
  bet(
    request: { stakeMinor: string; autoCashOutCenti: number | null; mode: PlayMode },
    key: string,
  ): Promise<CrashAnswer<unknown>>;
  cashOut(betId: string, key: string): Promise<CrashAnswer<unknown>>;
}

export function crashClient(api: ApiFetch = browserApi): CrashClient {
  return {
    state: () => call(api, `${PREFIX}/state`),
    bet: (request, key) =>
      call(api, `${PREFIX}/bets`, { method: 'POST', body: request, headers: { 'idempotency-key': key } }),
    cashOut: (betId, key) =>
      call(api, `${PREFIX}/bets/${encodeURIComponent(betId)}/cash-out`, {
        method: 'POST',
        body: {},
        headers: { 'idempotency-key': key },
      }),
  };
}

export { newIdempotencyKey };
