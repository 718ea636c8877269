import type { callApi } from '@parlay/client/api.ts';
import { describe, expect, it } from 'vitest';
import { errorText, paths, send } from './api.ts';
import { parsePurchase } from './model.ts';

type Call = typeof callApi;

/** A callApi that answers from a list, recording the headers of every request. */
function scripted(answers: Awaited<ReturnType<Call>>[], seen: Record<string, string>[]): Call {
  return (async (_path: string, options: { headers?: Record<string, string> } = {}) => {
    seen.push({ ...(options.headers ?? {}) });
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    return next;
  }) as Call;
}

const purchase = {
  purchaseId: '9',
  gameId: '4of20',
  draws: 1,
  totalMinor: '5000',
  currency: 'RUB',
  createdAt: '',
  tickets: [],
};
const network = { ok: false as const, status: null, error: null };

describe('send', () => {
  it('retries a lost answer with the same Idempotency-Key and returns the purchase', async () => {
    const seen: Record<string, string>[] = [];
    const answer = await send(paths.buyTicket(), parsePurchase, {
      method: 'POST',
      body: {},
      idempotencyKey: 'key-12345678',
      call: scripted([network, network, { ok: true, status: 200, data: purchase }], seen),
      wait: async () => {},
    });
    expect(answer).toEqual({ ok: true, data: purchase });
    expect(seen.map((h) => h['idempotency-key'])).toEqual(['key-12345678', 'key-12345678', 'key-12345678']);
  });

  it('gives up after three retries and answers NETWORK', async () => {
    const seen: Record<string, string>[] = [];
    const answer = await send(paths.buyTicket(), parsePurchase, {
      idempotencyKey: 'k-abcdefgh',
      call: scripted([network, network, network, network], seen),
      wait: async () => {},
    });
    expect(seen).toHaveLength(4);
    expect(answer).toMatchObject({ ok: false, status: null, code: 'NETWORK' });
  });

  it('does not retry a refusal and keeps its code and dictionary key', async () => {
    const seen: Record<string, string>[] = [];
    const answer = await send(paths.buyTicket(), parsePurchase, {
      idempotencyKey: 'k-abcdefgh',
      call: scripted(
        [
          {
            ok: false,
            status: 409,
            error: { code: 'LOTTO_SALES_CLOSED', key: 'errors.lotto_sales_closed', message: 'closed' },
          } as Awaited<ReturnType<Call>>,
        ],
        seen,
      ),
    });
    expect(seen).toHaveLength(1);
    expect(answer).toEqual({
      ok: false,
      status: 409,
      code: 'LOTTO_SALES_CLOSED',
      key: 'errors.lotto_sales_closed',
    });
  });

  it('sends no Idempotency-Key on a read and flags a body of the wrong shape', async () => {
    const seen: Record<string, string>[] = [];
    const answer = await send(paths.tickets(), parsePurchase, {
      call: scripted([{ ok: true, status: 200, data: { nope: true } }], seen),
    });
    expect(seen[0]?.['idempotency-key']).toBeUndefined();
    expect(answer).toMatchObject({ ok: false, code: 'MALFORMED_ANSWER' });
  });
});

describe('errorText', () => {
  const errors: Record<string, string> = { lotto_sales_closed: 'Ticket sales for this draw are closed' };
  const tErrors = (key: string) => errors[key] ?? key;
  const tLotto = (key: string) => `lotto:${key}`;

  it('reads the errors dictionary by the answer’s key, then by its code', () => {
    expect(
      errorText(tErrors, tLotto, { ok: false, status: 409, code: 'X', key: 'errors.lotto_sales_closed' }),
    ).toBe('Ticket sales for this draw are closed');
    expect(
      errorText(tErrors, tLotto, { ok: false, status: 409, code: 'LOTTO_SALES_CLOSED', key: null }),
    ).toBe('Ticket sales for this draw are closed');
  });

  it('falls back to the app’s network and general texts', () => {
    expect(errorText(tErrors, tLotto, { ok: false, status: null, code: 'NETWORK', key: null })).toBe(
      'lotto:errors.network',
    );
    expect(errorText(tErrors, tLotto, { ok: false, status: 500, code: 'HTTP_500', key: null })).toBe(
      'lotto:errors.generic',
    );
  });
});
