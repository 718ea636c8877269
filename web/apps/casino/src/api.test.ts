import type { CallResult } from '@parlay/client/api.ts';
import { describe, expect, it } from 'vitest';
import { NETWORK_RETRIES, send } from './api.ts';

type Init = { method?: string; body?: unknown; headers?: Record<string, string> };

function scripted(answers: CallResult<unknown>[]) {
  const seen: Init[] = [];
  const call = (async (_path: string, init: Init = {}) => {
    seen.push(init);
    return answers.shift() ?? { ok: false, status: null, error: null };
  }) as never;
  return { seen, call };
}

describe('casino requests', () => {
  it('retries a lost answer with the same Idempotency-Key', async () => {
    const { seen, call } = scripted([
      { ok: false, status: null, error: null },
      { ok: false, status: null, error: null },
      { ok: true, status: 200, data: { id: 7 } },
    ]);
    let keys = 0;
    const answer = await send('/x', (b) => b as { id: number }, {
      method: 'POST',
      body: { a: 1 },
      idempotent: true,
      call,
      wait: async () => {},
      key: () => `key-${++keys}`,
    });
    expect(answer).toEqual({ ok: true, data: { id: 7 } });
    expect(seen.map((s) => s.headers?.['idempotency-key'])).toEqual(['key-1', 'key-1', 'key-1']);
    expect(keys).toBe(1);
  });

  it('gives up after the retries and never retries an answered error', async () => {
    const lost = scripted([]);
    const answer = await send('/x', (b) => b, {
      idempotent: true,
      call: lost.call,
      wait: async () => {},
      key: () => 'k',
    });
    expect(answer).toMatchObject({ ok: false, status: null, code: 'NETWORK' });
    expect(lost.seen).toHaveLength(NETWORK_RETRIES + 1);

    const refused = scripted([
      {
        ok: false,
        status: 422,
        error: { code: 'CASINO_STAKE_OUT_OF_RANGE', message: '', key: 'errors.casino_stake_out_of_range' },
      },
    ]);
    const no = await send('/x', (b) => b, { idempotent: true, call: refused.call, wait: async () => {} });
    expect(no).toMatchObject({
      ok: false,
      status: 422,
      code: 'CASINO_STAKE_OUT_OF_RANGE',
      key: 'errors.casino_stake_out_of_range',
    });
    expect(refused.seen).toHaveLength(1);
  });

  it('sends no Idempotency-Key on reads and reports a malformed answer', async () => {
    const { seen, call } = scripted([{ ok: true, status: 200, data: 'nonsense' }]);
    const answer = await send('/x', () => null, { call });
    expect(seen[0]?.headers).toEqual({});
    expect(answer).toMatchObject({ ok: false, code: 'MALFORMED_ANSWER' });
  });
});
