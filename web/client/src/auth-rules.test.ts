import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import {
  captchaNeedOf,
  createIdleTimer,
  createTokenRefresher,
  hasLeadingZeroBits,
  nextStep,
  solveProofOfWork,
} from './auth-rules.ts';

const captchaBody = (errorCode: number, captchaType = 'image') => ({
  error: { code: 'CAPTCHA_REQUIRED', message: 'x', details: { errorCode, captchaType } },
});

describe('nextStep (site-shell §5, §7, §8)', () => {
  const fresh = { refreshed: false, captchaRounds: 0, mayRefresh: true };
  it.each([
    [401, {}, fresh, 'refresh-and-retry'],
    [401, {}, { ...fresh, refreshed: true }, 'done'],
    [401, {}, { ...fresh, mayRefresh: false }, 'done'],
    [
      451,
      { error: { code: 'TERMS_NOT_CONFIRMED', message: '', details: { exception_code: 1 } } },
      fresh,
      'confirm-terms',
    ],
    [451, { error: { code: 'OTHER', message: '' } }, fresh, 'done'],
    [400, captchaBody(100), fresh, 'captcha'],
    [400, captchaBody(111), fresh, 'captcha'],
    [400, captchaBody(112), fresh, 'captcha'],
    [400, captchaBody(113, 'pow'), fresh, 'captcha'],
    [400, captchaBody(100), { ...fresh, captchaRounds: 4 }, 'done'],
    [400, captchaBody(999), fresh, 'done'],
    [400, { error: { code: 'INVALID_CREDENTIALS', message: '' } }, fresh, 'done'],
    [200, {}, fresh, 'done'],
  ])('%i %j %j → %s', (status, body, state, kind) => {
    expect(nextStep(status, body, state).kind).toBe(kind);
  });

  it('reads the captcha type, 113 always a proof of work', () => {
    expect(captchaNeedOf(400, captchaBody(100))).toEqual({ errorCode: 100, captchaType: 'image' });
    expect(captchaNeedOf(400, captchaBody(113, 'image'))).toEqual({ errorCode: 113, captchaType: 'pow' });
    expect(captchaNeedOf(429, captchaBody(100))).toBeNull();
  });
});

describe('createTokenRefresher (one refresh shared for 60 s)', () => {
  it('shares one request for 60 s, then asks again', async () => {
    let now = 0;
    const fetchToken = vi.fn(async () => 'token');
    const refresher = createTokenRefresher(fetchToken, () => now);
    await Promise.all([refresher.refresh(), refresher.refresh(), refresher.refresh()]);
    now = 59_999;
    await refresher.refresh();
    expect(fetchToken).toHaveBeenCalledTimes(1);
    now = 60_000;
    await refresher.refresh();
    expect(fetchToken).toHaveBeenCalledTimes(2);
  });

  it('does not share a failed refresh', async () => {
    const fetchToken = vi.fn(async () => null);
    const refresher = createTokenRefresher(fetchToken, () => 0);
    await refresher.refresh();
    await refresher.refresh();
    expect(fetchToken).toHaveBeenCalledTimes(2);
  });

  it('reset forgets the shared refresh', async () => {
    const fetchToken = vi.fn(async () => 't');
    const refresher = createTokenRefresher(fetchToken, () => 0);
    await refresher.refresh();
    refresher.reset();
    await refresher.refresh();
    expect(fetchToken).toHaveBeenCalledTimes(2);
  });
});

describe('proof of work (captcha 113)', () => {
  const digest = async (text: string) => new Uint8Array(createHash('sha256').update(text).digest());
  it.each([
    [[0, 0, 0x7f], 17, true],
    [[0, 0, 0x80], 17, false],
    [[0, 0x0f], 12, true],
    [[0, 0x10], 12, false],
    [[1], 0, true],
  ])('hasLeadingZeroBits(%j, %i) = %s', (bytes, bits, expected) => {
    expect(hasLeadingZeroBits(new Uint8Array(bytes), bits)).toBe(expected);
  });

  it('finds a nonce the server accepts and reports progress', async () => {
    const progress: number[] = [];
    const nonce = await solveProofOfWork('challenge-id', 10, {
      digest,
      batchSize: 64,
      onProgress: (tries) => progress.push(tries),
    });
    const hash = createHash('sha256').update(`challenge-id:${nonce}`).digest();
    expect(hasLeadingZeroBits(hash, 10)).toBe(true);
    expect(progress.every((tries, i) => i === 0 || tries > progress[i - 1]!)).toBe(true);
  });

  it('stops when cancelled', async () => {
    const abort = new AbortController();
    abort.abort();
    await expect(solveProofOfWork('x', 20, { digest, signal: abort.signal })).rejects.toThrow('cancelled');
  });
});

describe('createIdleTimer (auto-logoff)', () => {
  function setup(timeoutMs: number, mediaPlaying = () => false) {
    let now = 0;
    const timers: { at: number; run: () => void; id: number }[] = [];
    let nextId = 0;
    const onIdle = vi.fn();
    const timer = createIdleTimer({
      timeoutMs,
      now: () => now,
      setTimeout: (run, ms) => {
        nextId += 1;
        timers.push({ at: now + ms, run, id: nextId });
        return nextId;
      },
      clearTimeout: (id) => {
        const index = timers.findIndex((t) => t.id === id);
        if (index >= 0) timers.splice(index, 1);
      },
      isMediaPlaying: mediaPlaying,
      onIdle,
    });
    const advance = (ms: number) => {
      const end = now + ms;
      for (;;) {
        timers.sort((a, b) => a.at - b.at);
        const due = timers[0];
        if (!due || due.at > end) break;
        timers.shift();
        now = due.at;
        due.run();
      }
      now = end;
    };
    return { timer, onIdle, advance, setNow: (ms: number) => (now = ms) };
  }

  it('fires after the idle minutes', () => {
    const { onIdle, advance } = setup(60_000);
    advance(59_999);
    expect(onIdle).not.toHaveBeenCalled();
    advance(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('activity postpones it', () => {
    const { timer, onIdle, advance } = setup(60_000);
    advance(50_000);
    timer.activity();
    advance(50_000);
    expect(onIdle).not.toHaveBeenCalled();
    advance(10_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('throttles activity to one reset per 100 ms', () => {
    const { timer, onIdle, advance } = setup(1_000);
    timer.activity();
    advance(50);
    timer.activity(); // within 100 ms of the last reset: ignored
    advance(950);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('never fires while media plays', () => {
    let playing = true;
    const { onIdle, advance } = setup(60_000, () => playing);
    advance(180_000);
    expect(onIdle).not.toHaveBeenCalled();
    playing = false;
    advance(60_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });
});
