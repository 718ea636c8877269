/** The bingo endpoints: the lobby, a room, and buying cards (with an Idempotency-Key kept per click). */
import { browserApi } from '@parlay/client/api.ts';
import type { ApiFetch } from '@parlay/mf/contract.ts';
import type { RoomState, RoomSummary } from './bingo-model.ts';

const PREFIX = '/web-api/casino/v1/bingo';

export type Answer<T> = { ok: true; data: T } | { ok: false; status: number | null; code: string | null };

export async function callJson<T>(
  api: ApiFetch,
  path: string,
  init?: Parameters<ApiFetch>[1],
): Promise<Answer<T>> {
  try {
    const response = await api(path, init);
    const body = (await response.json().catch(() => null)) as { error?: { code?: string } } | null;
    if (response.status >= 200 && response.status < 300) return { ok: true, data: body as T };
    return { ok: false, status: response.status, code: body?.error?.code ?? null };
  } catch {
    return { ok: false, status: null, code: null };
  }
}

export function bingoClient(api: ApiFetch = browserApi) {
  return {
    lobby: () => callJson<{ rooms: RoomSummary[]; serverTime: number }>(api, `${PREFIX}/rooms`),
    room: (id: string) => callJson<RoomState>(api, `${PREFIX}/rooms/${encodeURIComponent(id)}`),
    buy: (id: string, count: number, key: string) =>
      callJson<unknown>(api, `${PREFIX}/rooms/${encodeURIComponent(id)}/cards`, {
        method: 'POST',
        body: { count },
        headers: { 'idempotency-key': key },
      }),
  };
}
