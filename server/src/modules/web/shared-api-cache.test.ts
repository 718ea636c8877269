import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { InProcessBus } from '../../platform/bus.ts';
import { ManualClock } from '../../platform/clock.ts';
import type { ModuleDeps } from '../../platform/module.ts';
import { createApiTextFetch } from './api-fetch.ts';
import {
  createSharedApiCache,
  MAX_SHARED_MS,
  sharedAnswerKey,
  sharedLifetime,
  sharedMaxAgeSeconds,
} from './shared-api-cache.ts';

describe('sharedMaxAgeSeconds', () => {
  it.each([
    [undefined, 0],
    ['no-store', 0],
    ['private, max-age=60', 0],
    ['max-age=60', 0],
    ['public, max-age=600', 600],
    ['public, max-age=0, s-maxage=2', 2],
    ['s-maxage=3', 3],
    ['public, no-cache, max-age=5', 0],
  ])('%s → %i', (header, seconds) => {
    expect(sharedMaxAgeSeconds(header)).toBe(seconds);
  });
});

describe('sharedAnswerKey', () => {
  it('shares nothing asked with credentials', () => {
    expect(sharedAnswerKey('/a', 'GET', { cookie: 'user_token=t' })).toBeNull();
    expect(sharedAnswerKey('/a', 'POST', { Authorization: 'Bearer t' }, { url: '/' })).toBeNull();
  });

  it('tells questions apart by method, path, headers sent and body, not by accept or header order', () => {
    const block = (headers: Record<string, string>, url = '/en/') =>
      sharedAnswerKey('/blocks-api/api/v2/block', 'post', headers, { auth: false, url });
    const chrome = block({ 'user-agent': 'Chrome', 'x-geo-country': 'GB' });
    expect(block({ 'x-geo-country': 'GB', 'User-Agent': 'Chrome', accept: 'application/json' })).toBe(chrome);
    expect(block({ 'user-agent': 'MSIE 10', 'x-geo-country': 'GB' })).not.toBe(chrome);
    expect(block({ 'user-agent': 'Chrome', 'x-geo-country': 'DE' })).not.toBe(chrome);
    expect(block({ 'user-agent': 'Chrome' })).not.toBe(chrome);
    expect(block({ 'user-agent': 'Chrome', 'x-geo-country': 'GB' }, '/ru/')).not.toBe(chrome);
    expect(sharedAnswerKey('/a', 'GET', {})).not.toBe(sharedAnswerKey('/a', 'POST', {}));
    expect(sharedAnswerKey('/a', 'GET', { 'x-language': 'en' })).not.toBe(
      sharedAnswerKey('/a', 'GET', { 'x-language': 'ru' }),
    );
  });
});

describe('the shared cache of render API answers', () => {
  it('keeps a shareable answer for its age, at most the cap, and never an error', async () => {
    const clock = new ManualClock(0);
    const cache = createSharedApiCache(clock);
    const keep = (key: string, status: number, text: string, cacheControl: string) =>
      cache.get(key, async () => ({ status, text, cacheControl }));
    /** What the cache answers for key without waiting for a fetch: fresh, stale or nothing. */
    const lookup = async (key: string) => {
      const answer = await keep(key, 0, 'fetched', '');
      return answer.text === 'fetched' ? null : { fresh: cache.freshForMs(key) > 0, answer };
    };
    await keep('a', 200, '1', 'public, max-age=600');
    await keep('b', 200, '2', 's-maxage=1');
    await keep('c', 500, '3', 'public, max-age=600');
    expect(await lookup('a')).toMatchObject({ fresh: true, answer: { text: '1' } });
    expect(await lookup('c')).toBeNull();
    clock.advance(1000);
    expect((await lookup('b'))?.fresh).toBe(false);
    expect(await lookup('a')).toMatchObject({ fresh: true, answer: { text: '1' } });
    clock.advance(MAX_SHARED_MS - 1000);
    expect((await lookup('a'))?.fresh).toBe(false);
  });

  it('keeps a stale answer for as long again as its age, then none', () => {
    expect(sharedLifetime({ status: 200, text: '', cacheControl: 's-maxage=2' })).toEqual({
      ttlMs: 2000,
      maxStaleMs: 2000,
    });
    expect(sharedLifetime({ status: 200, text: '', cacheControl: 'public, max-age=600' }).maxStaleMs).toBe(
      MAX_SHARED_MS,
    );
    expect(sharedLifetime({ status: 404, text: '', cacheControl: 's-maxage=2' }).ttlMs).toBe(0);
  });
});

describe('the render fetch over the shared cache', () => {
  /** An API whose answers are released by the test, counting the requests it got. */
  function gatedApi() {
    const calls: string[] = [];
    const gates: ((body: string) => void)[] = [];
    const inject = (options: { url?: string | object }) =>
      new Promise<LightMyRequestResponse>((resolve) => {
        calls.push(String(options.url));
        gates.push((body) =>
          resolve({
            statusCode: 200,
            body,
            headers: { 'cache-control': 'public, max-age=0, s-maxage=2' },
          } as unknown as LightMyRequestResponse),
        );
      });
    return {
      calls,
      answer(body: string) {
        for (const open of gates.splice(0)) open(body);
      },
      inject: inject as unknown as Parameters<typeof createApiTextFetch>[1],
    };
  }
  const turn = () => new Promise((resolve) => setImmediate(resolve));

  function setUp() {
    const clock = new ManualClock(0);
    const bus = new InProcessBus({ error: () => {} });
    const api = gatedApi();
    const deps = {
      config: { roles: ['web', 'api'], apiInternalUrl: '' },
      bus,
      clock,
    } as unknown as ModuleDeps;
    return { clock, bus, api, fetch: createApiTextFetch(deps, api.inject, ['config:changed']) };
  }

  it('sends one request for renders missing the same answer, and serves a stale answer while one refresh replaces it', async () => {
    const { clock, api, fetch } = setUp();
    const first = [fetch('/a'), fetch('/a'), fetch('/a')];
    await turn();
    expect(api.calls).toEqual(['/a']);
    api.answer('"v1"');
    expect((await Promise.all(first)).map((a) => a.text)).toEqual(['"v1"', '"v1"', '"v1"']);
    // Past its age (2 s): served at once, as it is, while one request replaces it.
    clock.advance(2500);
    expect((await fetch('/a')).text).toBe('"v1"');
    expect((await fetch('/a')).text).toBe('"v1"');
    await turn();
    expect(api.calls).toEqual(['/a', '/a']);
    api.answer('"v2"');
    await turn();
    expect((await fetch('/a')).text).toBe('"v2"');
    // A fresh answer says how long a render worker may keep its copy: until the answer's last quarter.
    expect((await fetch('/a')).freshForMs).toBe(1500);
    // Unused for twice its age: no stale copy, the render waits for the answer.
    clock.advance(4000);
    const waited = fetch('/a');
    await turn();
    expect(api.calls).toHaveLength(3);
    api.answer('"v3"');
    expect((await waited).text).toBe('"v3"');
  });

  it('fetches an answer in use again in its last quarter, serving it as fresh meanwhile', async () => {
    const { clock, api, fetch } = setUp();
    const first = fetch('/b');
    await turn();
    api.answer('"v1"');
    expect((await first).freshForMs).toBe(1500);
    // A copy kept 1.5 s asks again: still fresh for 0.5 s, which it may keep, and one fetch starts.
    clock.advance(1500);
    const inWindow = await fetch('/b');
    expect(inWindow).toMatchObject({ text: '"v1"', freshForMs: 500 });
    expect((await fetch('/b')).text).toBe('"v1"');
    await turn();
    expect(api.calls).toEqual(['/b', '/b']);
    api.answer('"v2"');
    await turn();
    // Replaced before it went stale: the next question gets the new answer, fresh for its full age.
    clock.advance(100);
    expect(await fetch('/b')).toMatchObject({ text: '"v2"', freshForMs: 1400 });
    expect(api.calls).toHaveLength(2);
  });

  it('shares a POST answer its API marks shareable only between the same questions without credentials', async () => {
    const { api, fetch } = setUp();
    const ask = (url: string, headers: Record<string, string> = {}) =>
      fetch('/redirects-api/api/v1/redirect-light', { method: 'POST', body: { url }, headers });
    const first = [ask('/en/'), ask('/en/'), ask('/ru/'), ask('/en/', { cookie: 'user_token=t' })];
    await turn();
    expect(api.calls).toHaveLength(3);
    api.answer('{"redirect":false}');
    await Promise.all(first);
    expect((await ask('/en/')).freshForMs).toBe(1500);
    expect((await ask('/ru/')).freshForMs).toBe(1500);
    const withCookie = ask('/en/', { cookie: 'user_token=t' });
    await turn();
    expect(api.calls).toHaveLength(4);
    api.answer('{"redirect":false}');
    expect((await withCookie).freshForMs).toBeUndefined();
  });

  it('drops every copy on an operator change, and keeps no answer fetched before it', async () => {
    const { bus, api, fetch } = setUp();
    const before = fetch('/b');
    await turn();
    await bus.publish('config:changed', {});
    api.answer('"old"');
    expect((await before).text).toBe('"old"');
    // The answer that was in flight during the change is not kept.
    const after = fetch('/b');
    await turn();
    expect(api.calls).toEqual(['/b', '/b']);
    api.answer('"new"');
    expect((await after).text).toBe('"new"');
  });
});

describe('the render fetch of a web process without the api role (API_INTERNAL_URL)', () => {
  it('shares answers from the API process as from its own, and never one asked with credentials', async () => {
    const asked: string[] = [];
    const api = createServer((request, response) => {
      asked.push(`${request.method} ${request.url} ${request.headers.cookie ?? ''}`);
      response.setHeader('content-type', 'application/json');
      response.setHeader(
        'cache-control',
        request.url === '/shared' ? 'public, max-age=0, s-maxage=2' : 'no-store',
      );
      response.end(JSON.stringify({ url: request.url, n: asked.length }));
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = api.address() as AddressInfo;
      const deps = {
        config: { roles: ['web'], apiInternalUrl: `http://127.0.0.1:${port}` },
        bus: new InProcessBus({ error: () => {} }),
        clock: new ManualClock(0),
      } as unknown as ModuleDeps;
      const inject = (() => {
        throw new Error('no api in this process');
      }) as unknown as Parameters<typeof createApiTextFetch>[1];
      const fetchText = createApiTextFetch(deps, inject, []);
      const shared = await Promise.all([fetchText('/shared'), fetchText('/shared'), fetchText('/shared')]);
      expect(shared.map((a) => JSON.parse(a.text))).toEqual([
        { url: '/shared', n: 1 },
        { url: '/shared', n: 1 },
        { url: '/shared', n: 1 },
      ]);
      expect(shared[0]?.freshForMs).toBe(1500);
      await fetchText('/private');
      await fetchText('/private');
      await fetchText('/shared', { headers: { cookie: 'user_token=t' } });
      expect(asked).toEqual(['GET /shared ', 'GET /private ', 'GET /private ', 'GET /shared user_token=t']);
    } finally {
      await new Promise((resolve) => api.close(resolve));
    }
  });
});
