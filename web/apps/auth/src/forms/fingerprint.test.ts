import { describe, expect, it, vi } from 'vitest';
import {
  createFingerprintKeeper,
  FINGERPRINT_FAILURE_CAP,
  FINGERPRINT_STORAGE_KEY,
  type FingerprintKeeperDeps,
  fingerprintFrom,
} from './fingerprint.ts';

const HOUR = 3_600_000;

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    map,
  };
}

function setup(answers: (() => unknown)[], storage = memoryStorage()) {
  let nowMs = Date.parse('2026-11-22T10:00:00Z');
  const log = vi.fn();
  const get = vi.fn(async () => {
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    return next();
  });
  const deps: FingerprintKeeperDeps = {
    loadProvider: async () => ({ get }),
    now: () => nowMs,
    storage,
    log,
  };
  return {
    keeper: createFingerprintKeeper(deps),
    get,
    log,
    storage,
    advance: (ms: number) => {
      nowMs += ms;
    },
    at: (ms: number) => new Date(nowMs + ms).toISOString(),
  };
}

describe('fingerprint answers', () => {
  it.each([
    [{ token: 't', expiresAt: '2026-01-01T00:00:00Z', data: 'd' }, 'd'],
    [{ token: 't', expiresAt: '2026-01-01T00:00:00Z' }, ''],
  ])('accepts %j', (answer, data) => {
    expect(fingerprintFrom(answer)?.data).toBe(data);
  });
  it.each([null, 'token', {}, { token: '', expiresAt: '2026-01-01' }, { token: 't', expiresAt: 'soon' }])(
    'refuses %j',
    (answer) => {
      expect(fingerprintFrom(answer)).toBeNull();
    },
  );
});

describe('the fingerprint keeper', () => {
  it('keeps a token until it expires, then asks the provider again', async () => {
    const s = setup([]);
    const first = { token: 'one', expiresAt: s.at(HOUR), data: 'v' };
    const second = { token: 'two', expiresAt: s.at(2 * HOUR), data: 'v' };
    s.get.mockResolvedValueOnce(first).mockResolvedValueOnce(second);
    expect((await s.keeper.get())?.token).toBe('one');
    s.advance(HOUR - 60_000);
    expect((await s.keeper.get())?.token).toBe('one');
    s.advance(45_000); // within the 30 s margin of the expiry
    expect((await s.keeper.get())?.token).toBe('two');
    expect(s.get).toHaveBeenCalledTimes(2);
    expect(JSON.parse(s.storage.map.get(FINGERPRINT_STORAGE_KEY)!).token).toBe('two');
  });

  it('starts from a stored token that is still valid, and refreshes on request', async () => {
    const base = setup([]);
    const storage = memoryStorage({
      [FINGERPRINT_STORAGE_KEY]: JSON.stringify({ token: 'stored', expiresAt: base.at(HOUR), data: 'v' }),
    });
    const s = setup([() => ({ token: 'fresh', expiresAt: base.at(HOUR), data: 'v' })], storage);
    expect((await s.keeper.get())?.token).toBe('stored');
    expect((await s.keeper.get(true))?.token).toBe('fresh');
  });

  it('shares one provider call between callers', async () => {
    const s = setup([
      () => ({ token: 'one', expiresAt: new Date(Date.now() + 10 * HOUR).toISOString(), data: 'v' }),
    ]);
    const [a, b] = await Promise.all([s.keeper.get(), s.keeper.get()]);
    expect([a?.token, b?.token]).toEqual(['one', 'one']);
    expect(s.get).toHaveBeenCalledTimes(1);
  });

  it('logs incorrect answers and missing data, and stops after the failure cap', async () => {
    const s = setup([
      () => ({ nothing: true }),
      () => {
        throw new Error('down');
      },
      () => 'garbage',
      () => ({ token: 'never asked', expiresAt: '2030-01-01T00:00:00Z' }),
    ]);
    for (let i = 0; i < FINGERPRINT_FAILURE_CAP + 2; i += 1) expect(await s.keeper.get()).toBeNull();
    expect(s.get).toHaveBeenCalledTimes(FINGERPRINT_FAILURE_CAP);
    expect(s.log.mock.calls.map((call) => call[0])).toEqual([
      'incorrect fingerprint response',
      'fingerprint provider failed',
      'incorrect fingerprint response',
    ]);
  });

  it('logs missing data but uses the token', async () => {
    const s = setup([() => ({ token: 'bare', expiresAt: '2030-01-01T00:00:00Z' })]);
    expect((await s.keeper.get())?.token).toBe('bare');
    expect(s.log).toHaveBeenCalledWith('missing fingerprint data');
  });
});
