import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { PageCache } from './page-cache.ts';

const TTL_MS = 1000;
const MAX_STALE_MS = 10_000;

/** A render that finishes when the test says so, counting how often it was started. */
function controlledRenders() {
  const started: { resolve(value: string): void; reject(error: Error): void }[] = [];
  return {
    started,
    render: () =>
      new Promise<string>((resolve, reject) => {
        started.push({ resolve, reject });
      }),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

function setup() {
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  const cache = new PageCache<string>(clock, { ttlMs: TTL_MS, maxStaleMs: MAX_STALE_MS, maxEntries: 3 });
  return { clock, cache, ...controlledRenders() };
}

describe('guest page cache with stale-while-revalidate', () => {
  it('shares the first render between concurrent visitors and keeps it for the TTL', async () => {
    const { clock, cache, started, render } = setup();
    const first = cache.get('/en/', render);
    const second = cache.get('/en/', render);
    expect(started).toHaveLength(1);
    started[0]?.resolve('v1');
    expect(await first).toBe('v1');
    expect(await second).toBe('v1');
    clock.advance(TTL_MS - 1);
    expect(await cache.get('/en/', render)).toBe('v1');
    expect(started).toHaveLength(1);
  });

  it('serves the stale copy at once while one background render replaces it', async () => {
    const { clock, cache, started, render } = setup();
    const first = cache.get('/en/', render);
    started[0]?.resolve('v1');
    await first;
    clock.advance(TTL_MS);
    expect(await cache.get('/en/', render)).toBe('v1');
    expect(await cache.get('/en/', render)).toBe('v1');
    expect(started).toHaveLength(2);
    started[1]?.resolve('v2');
    await settle();
    expect(await cache.get('/en/', render)).toBe('v2');
    expect(started).toHaveLength(2);
    // The new copy is fresh for a whole TTL from when its render finished.
    clock.advance(TTL_MS - 1);
    expect(await cache.get('/en/', render)).toBe('v2');
    expect(started).toHaveLength(2);
  });

  it('keeps the stale copy when the background render fails, and tries again on the next visit', async () => {
    const { clock, cache, started, render } = setup();
    const first = cache.get('/en/', render);
    started[0]?.resolve('v1');
    await first;
    clock.advance(TTL_MS);
    expect(await cache.get('/en/', render)).toBe('v1');
    started[1]?.reject(new Error('5xx'));
    await settle();
    expect(await cache.get('/en/', render)).toBe('v1');
    expect(started).toHaveLength(3);
  });

  it('makes the visitor wait for a fresh render once the copy is older than the stale bound', async () => {
    const { clock, cache, started, render } = setup();
    const first = cache.get('/en/', render);
    started[0]?.resolve('v1');
    await first;
    clock.advance(TTL_MS + MAX_STALE_MS);
    const next = cache.get('/en/', render);
    started[1]?.resolve('v2');
    expect(await next).toBe('v2');
  });

  it('clear() drops every copy and discards the background renders already running', async () => {
    const { clock, cache, started, render } = setup();
    const first = cache.get('/en/', render);
    started[0]?.resolve('v1');
    await first;
    clock.advance(TTL_MS);
    expect(await cache.get('/en/', render)).toBe('v1');
    cache.clear();
    started[1]?.resolve('rendered before the change');
    await settle();
    const after = cache.get('/en/', render);
    expect(started).toHaveLength(3);
    started[2]?.resolve('v3');
    expect(await after).toBe('v3');
  });

  it('does not keep a failed first render', async () => {
    const { cache, started, render } = setup();
    const first = cache.get('/en/', render);
    started[0]?.reject(new Error('5xx'));
    await expect(first).rejects.toThrow('5xx');
    const second = cache.get('/en/', render);
    started[1]?.resolve('v2');
    expect(await second).toBe('v2');
  });

  it('holds at most maxEntries pages, the oldest leaving first', async () => {
    const { cache, started, render } = setup();
    for (const key of ['a', 'b', 'c', 'd']) {
      const page = cache.get(key, render);
      started.at(-1)?.resolve(key);
      await page;
    }
    expect(await cache.get('d', render)).toBe('d');
    expect(started).toHaveLength(4);
    const a = cache.get('a', render);
    expect(started).toHaveLength(5);
    started[4]?.resolve('a again');
    expect(await a).toBe('a again');
  });

  it('drops the pages past their stale bound when it keeps a new one', async () => {
    const { clock, cache, started, render } = setup();
    for (const key of ['a', 'b']) {
      const page = cache.get(key, render);
      started.at(-1)?.resolve(key);
      await page;
    }
    clock.advance(TTL_MS + MAX_STALE_MS - 1);
    const c = cache.get('c', render);
    expect(cache.size).toBe(3);
    started.at(-1)?.resolve('c');
    await c;
    clock.advance(1);
    const d = cache.get('d', render);
    expect(cache.size).toBe(2);
    started.at(-1)?.resolve('d');
    expect(await d).toBe('d');
    expect(await cache.get('c', render)).toBe('c');
  });
});
