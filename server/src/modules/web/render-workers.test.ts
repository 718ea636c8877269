/**
 * Pages rendered on worker threads (RENDER_THREADS): the same answer as the main-thread render for
 * the real web build; a worker that crashes or hangs answers 500 and is replaced; an expired guest
 * page is served stale while one background render replaces it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { ManualClock } from '../../platform/clock.ts';
import { createMetrics } from '../../platform/metrics.ts';
import { createTestApp, type TestApp, testConfig } from '../../testing/test-app.ts';
import { SiteConfigService } from '../config/index.ts';
import { seedCatalogue } from '../sportsbook/index.ts';
import { renderTimeoutMs } from './index.ts';
import { PAGE_SLOT_BYTES } from './page-slots.ts';
import { RenderPool } from './render-pool.ts';
import type { RenderedPage } from './rendered-page.ts';

const COMPARED_HEADERS = [
  'content-type',
  'cache-control',
  'vary',
  'content-encoding',
  'location',
  'set-cookie',
];

/** The page as sent, decoded; the sports app stamps its render time (Date.now) into its props. */
function pageText(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  const raw = res.rawPayload;
  const bytes = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
  return bytes.toString('utf8').replace(/"renderedAtMs":\d+/g, '"renderedAtMs":0');
}

describe('render workers: the real web build', () => {
  let t: TestApp;
  let threaded: FastifyInstance;
  beforeAll(async () => {
    // No feed workers (prices would move between the two renders); one database for both apps.
    t = await createTestApp({ roles: 'web,api', env: { PAGE_CACHE_MS: '0' } });
    await seedCatalogue(t.deps.db.db);
    threaded = await buildApp({
      ...t.deps,
      config: testConfig({ PARLAY_ROLES: 'web,api', PAGE_CACHE_MS: '0', RENDER_THREADS: '1' }),
      metrics: createMetrics({ collectDefaults: false }),
    });
  });
  afterAll(async () => {
    await threaded?.close();
    await t?.close();
  });

  it.each([
    ['/en/', {}],
    ['/ru/', { 'accept-encoding': 'br' }],
    ['/en/information/contacts?x=1', { 'accept-encoding': 'gzip' }],
    ['/en/no/such/page', {}],
    ['/information/contacts', {}],
    ['/sitemap.xml', {}],
    ['/en/', { cookie: 'user_token=not-a-token; theme=dark', 'user-agent': 'Mozilla/5.0 (iPhone)' }],
  ])('GET %s %j: the worker answers as the main thread', async (url, headers) => {
    const onMain = await t.app.inject({ method: 'GET', url, headers });
    const onWorker = await threaded.inject({ method: 'GET', url, headers });
    expect(onWorker.statusCode).toBe(onMain.statusCode);
    for (const name of COMPARED_HEADERS) expect(onWorker.headers[name], name).toEqual(onMain.headers[name]);
    expect(pageText(onWorker)).toBe(pageText(onMain));
    expect(onMain.statusCode).toBeLessThan(500);
  });

  it('answers HEAD like GET without a body', async () => {
    const res = await threaded.inject({ method: 'HEAD', url: '/en/information/contacts' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toBe('');
  });
});

/**
 * A tiny web build whose shell misbehaves on request: /crash throws outside the render (the worker
 * dies), /hang never yields, /fails rejects; /slow takes 200 ms (or ?ms=); /api and /fragment cross to the
 * main thread's API and to a micro-app rendered in the worker; /wait-api waits for the API answer
 * of /wait. Every page counts its renders.
 */
const FAKE_SHELL = `
import { isMainThread } from 'node:worker_threads';
let renders = 0;
let running = 0;
let mostRunning = 0;
export default {
  pageCacheKey: (request) => (request.cookies.user_token ? null : request.url),
  async renderPage({ request, api, loadFragment }) {
    const path = request.url.split('?')[0];
    if (path === '/crash') {
      setImmediate(() => { throw new Error('render worker crash (test)'); });
      return new Promise(() => {});
    }
    if (path === '/hang') for (;;) {}
    if (path === '/fails') throw new Error('render failed (test)');
    let body = '';
    if (path === '/slow') {
      running += 1;
      mostRunning = Math.max(mostRunning, running);
      const ms = Number(new URL(request.url, 'http://x').searchParams.get('ms') ?? 200);
      await new Promise((resolve) => setTimeout(resolve, ms));
      running -= 1;
      if (request.url.includes('gauge')) body = 'at most ' + mostRunning + ' at once';
    }
    if (path === '/echo') {
      const times = Number(new URL(request.url, 'http://x').searchParams.get('times') ?? 1);
      body = request.url.repeat(times);
    }
    if (path === '/api') {
      const answer = await api('/healthz');
      body = answer.status + ' ' + JSON.stringify(await answer.json());
    }
    if (path === '/wait-api') {
      const answer = await api('/wait' + request.url.slice(path.length));
      body = 'waited ' + answer.status;
    }
    if (path === '/config') {
      const answer = await api('/bff-api/config/all.json?lang=en');
      body = 'snow ' + (await answer.json()).features.isSnowEnabled;
    }
    if (path === '/fragment') {
      const context = { lng: 'en', timeZone: 99, device: 'mobile', geoCountry: 'de', userToken: 'tok', forceSpa: false };
      const answer = await loadFragment('echo', '/x é?y=1', { context, timeoutMs: 1000 });
      body = answer.status + ' ' + answer.fragment.body;
    }
    renders += 1;
    const where = isMainThread ? 'main thread' : 'worker';
    return { kind: 'html', status: 200, html: '<p>' + where + ' render ' + renders + ': ' + body + '</p>' };
  },
};
`;
const FAKE_REMOTE = `
export default {
  appName: 'echo',
  async render({ url, context }) {
    const body = [url, context.lng, context.timeZone, context.device, context.geoCountry, context.userToken].join(' ');
    return { status: 203, fragment: { appName: 'echo', title: '', body, style: '', cssToLoad: [], codeToEval: '', scriptsToLoad: [], head: '' } };
  },
};
`;

function writeFakeBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'parlay-fake-web-'));
  mkdirSync(path.join(dir, 'server'));
  mkdirSync(path.join(dir, 'client', 'assets'), { recursive: true });
  const manifest = {
    version: 'test',
    importMap: { imports: {} },
    sharedPreload: [],
    apps: { echo: { entry: '/assets/echo.js', css: [], preload: [] } },
  };
  writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(path.join(dir, 'server', 'package.json'), '{"type":"module"}');
  writeFileSync(path.join(dir, 'server', 'shell.js'), FAKE_SHELL);
  writeFileSync(path.join(dir, 'server', 'echo.js'), FAKE_REMOTE);
  return dir;
}

// Renders overrun after renderTimeoutMs(500) = 5 s: room for a replacement worker to start on a busy machine.
const FRAGMENT_TIMEOUT_MS = 500;
const PAGE_CACHE_MS = 1000;

describe('render workers: failures and the stale-while-revalidate cache', () => {
  let t: TestApp;
  let distDir: string;
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  beforeAll(async () => {
    distDir = writeFakeBuild();
    t = await createTestApp({
      roles: 'web,api',
      clock,
      env: {
        WEB_DIST_DIR: distDir,
        RENDER_THREADS: '1',
        FRAGMENT_TIMEOUT_MS: String(FRAGMENT_TIMEOUT_MS),
        PAGE_CACHE_MS: String(PAGE_CACHE_MS),
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    if (distDir) rmSync(distDir, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  let visit = 0;
  /** A URL no guest asked for yet: the page cache cannot answer it. */
  const fresh = (pathname: string) => get(`${pathname}?visit=${++visit}`);

  it('renders in the worker, with API answers from the main thread', async () => {
    const res = await fresh('/api');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/^<p>worker render \d+: 200 \{"status":"ok","roles":\["web","api"\]\}<\/p>$/);
  });

  it('runs one render at a time in a worker busy rendering; the others wait their turn and all answer', async () => {
    const answers = await Promise.all(Array.from({ length: 4 }, () => fresh('/slow?gauge')));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const gauges = answers.map((a) => /at most (\d+) at once/.exec(a.body)?.[1]);
    expect(Math.max(...gauges.map(Number))).toBe(1);
  });

  it('keeps a shared API answer in the worker while it is fresh, and drops it on an operator change', async () => {
    const service = new SiteConfigService(t.deps.db.db, t.deps.bus, t.deps.clock);
    expect((await fresh('/config')).body).toMatch(/: snow false<\/p>$/);
    await service.set('features.isSnowEnabled', true);
    try {
      // The change is announced on the bus: the main thread's copy and the worker's both go.
      await expect.poll(async () => (await fresh('/config')).body).toMatch(/: snow true<\/p>$/);
    } finally {
      await service.reset('features.isSnowEnabled');
    }
    await expect.poll(async () => (await fresh('/config')).body).toMatch(/: snow false<\/p>$/);
  });

  it('renders micro-apps in the worker with the context the /mf route would read', async () => {
    const res = await fresh('/fragment');
    // As over HTTP: the path percent-encoded, the time zone out of range falls back to 3 and the
    // country is upper-cased.
    expect(res.body).toMatch(/: 203 \/x%20%C3%A9\?y=1 en 3 mobile DE tok<\/p>$/);
  });

  it('answers 500 when the render fails, and keeps nothing', async () => {
    const res = await get('/fails');
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe('INTERNAL');
    expect((await get('/fails')).statusCode).toBe(500);
    expect((await fresh('/api')).statusCode).toBe(200);
  });

  it('answers 500 when the worker crashes; the next request works on its replacement', async () => {
    const before = await fresh('/api');
    expect(before.body).not.toMatch(/^<p>worker render 1: /);
    const crashed = await fresh('/crash');
    expect(crashed.statusCode).toBe(500);
    expect(crashed.json().error.code).toBe('INTERNAL');
    const next = await fresh('/api');
    expect(next.statusCode).toBe(200);
    // A new worker: its render count started again.
    expect(next.body).toMatch(/^<p>worker render 1: 200 /);
  });

  it('answers 500 when the worker hangs; it is replaced and the next request works', async () => {
    const started = performance.now();
    const [hung, waiting] = await Promise.all([
      fresh('/hang'),
      // Sent while the worker is stuck: it waits for the replacement instead of failing.
      new Promise((resolve) => setTimeout(resolve, renderTimeoutMs(FRAGMENT_TIMEOUT_MS) + 50)).then(() =>
        fresh('/api'),
      ),
    ]);
    expect(hung.statusCode).toBe(500);
    expect(performance.now() - started).toBeGreaterThanOrEqual(renderTimeoutMs(FRAGMENT_TIMEOUT_MS) - 50);
    expect(waiting.statusCode).toBe(200);
    expect(waiting.body).toMatch(/^<p>worker render 1: 200 /);
    expect((await fresh('/api')).body).toMatch(/^<p>worker render 2: 200 /);
  });

  it('serves an expired guest page once stale, then the page of one background render', async () => {
    const first = await get('/slow');
    const firstBody = first.body;
    expect(firstBody).toMatch(/^<p>worker render \d+: <\/p>$/);
    clock.advance(PAGE_CACHE_MS);
    const stale = await get('/slow');
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(firstBody);
    // The background render takes 200 ms; meanwhile every visitor gets the stale copy at once.
    let fresh = stale.body;
    const deadline = Date.now() + 5000;
    while (fresh === firstBody && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      fresh = (await get('/slow')).body;
    }
    const renderOf = (body: string) => Number(/render (\d+)/.exec(body)?.[1]);
    expect(renderOf(fresh)).toBe(renderOf(firstBody) + 1);
    expect((await get('/slow')).body).toBe(fresh);
  });
});

describe('render workers: pages in shared page slots', () => {
  let distDir: string;
  let pool: RenderPool;
  let slots: number;
  beforeAll(async () => {
    distDir = writeFakeBuild();
    pool = await RenderPool.start({
      threads: 2,
      distDir,
      fragmentTimeoutMs: FRAGMENT_TIMEOUT_MS,
      renderTimeoutMs: renderTimeoutMs(FRAGMENT_TIMEOUT_MS),
      api: async () => ({ status: 200, text: '{}' }),
      observe: () => {},
      log: { error: () => {} },
    });
    slots = pool.freeSlots;
  });
  afterAll(async () => {
    await pool?.close();
    if (distDir) rmSync(distDir, { recursive: true, force: true });
  });

  const request = (url: string) => ({ url, headers: {}, cookies: {} });
  const bodyOf = (page: RenderedPage) => page.bytes.toString('utf8');

  it('lends a slot per page until it is released; with none free, pages are transferred; none is mixed up', async () => {
    const count = slots + 8;
    const pages = await Promise.all(
      Array.from({ length: count }, (_, i) => pool.render(request(`/echo?page=${i}&times=50`))),
    );
    // Every page is its own, whole, while all of them are held at once.
    pages.forEach((page, i) => {
      expect(bodyOf(page)).toMatch(
        new RegExp(`^<p>worker render \\d+: (/echo\\?page=${i}&times=50){50}</p>$`),
      );
    });
    expect(pages.filter((page) => page.isLent)).toHaveLength(slots);
    expect(pool.freeSlots).toBe(0);
    for (const page of pages) page.release();
    expect(pool.freeSlots).toBe(slots);
  });

  it('gives a slot back after the compression reading it has finished', async () => {
    const page = await pool.render(request('/echo?times=100'));
    expect(page.isLent).toBe(true);
    const compressed = page.encoded('gzip');
    page.release();
    expect(pool.freeSlots).toBe(slots - 1);
    expect(gunzipSync(await compressed).toString('utf8')).toBe(bodyOf(page));
    await expect.poll(() => pool.freeSlots).toBe(slots);
  });

  it('copies a page to be kept and gives its slot back at once', async () => {
    const page = await pool.render(request('/echo?kept'));
    const kept = page.kept();
    expect(kept.isLent).toBe(false);
    expect(pool.freeSlots).toBe(slots);
    expect(kept.bytes.toString('utf8')).toMatch(/: \/echo\?kept<\/p>$/);
    expect(kept.kept()).toBe(kept);
  });

  it('transfers a page larger than a slot, whole, and keeps no slot for it', async () => {
    const times = Math.ceil(PAGE_SLOT_BYTES / '/echo?times=99999'.length) + 1;
    const page = await pool.render(request(`/echo?times=${times}`));
    expect(page.isLent).toBe(false);
    expect(page.bytes.length).toBeGreaterThan(PAGE_SLOT_BYTES);
    expect(bodyOf(page).endsWith(`/echo?times=${times}</p>`)).toBe(true);
    expect(pool.freeSlots).toBe(slots);
  });

  it('gives the slot of a failed render back', async () => {
    await expect(pool.render(request('/fails'))).rejects.toThrow('render failed (test)');
    expect(pool.freeSlots).toBe(slots);
  });
});

describe('render workers: which worker a render goes to', () => {
  let distDir: string;
  let pool: RenderPool | undefined;
  /** The API answers the renders wait for, in the order asked. */
  const asked: { path: string; answer: () => void }[] = [];
  const start = async (threads: number) => {
    await pool?.close();
    pool = await RenderPool.start({
      threads,
      distDir,
      fragmentTimeoutMs: FRAGMENT_TIMEOUT_MS,
      renderTimeoutMs: renderTimeoutMs(FRAGMENT_TIMEOUT_MS),
      api: (apiPath) =>
        new Promise((resolve) => {
          asked.push({ path: apiPath, answer: () => resolve({ status: 200, text: '{}' }) });
        }),
      observe: () => {},
      log: { error: () => {} },
    });
    return pool;
  };
  beforeAll(() => {
    distDir = writeFakeBuild();
  });
  afterAll(async () => {
    await pool?.close();
    if (distDir) rmSync(distDir, { recursive: true, force: true });
  });
  const request = (url: string) => ({ url, headers: {}, cookies: {} });

  it('starts a second render in a worker whose render waits for an API answer, never a third', async () => {
    asked.length = 0;
    const pool = await start(1);
    const pages = [1, 2, 3].map((n) => pool.render(request(`/wait-api?n=${n}`)));
    await expect.poll(() => asked.length).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(asked.map((a) => a.path)).toEqual(['/wait?n=1', '/wait?n=2']);
    // An answer frees a place: the third render starts and asks in its turn.
    asked[0]?.answer();
    await expect.poll(() => asked.length).toBe(3);
    for (const call of asked) call.answer();
    const bodies = (await Promise.all(pages)).map((page) => page.bytes.toString('utf8'));
    for (const body of bodies) expect(body).toMatch(/: waited 200<\/p>$/);
  });

  it('leaves a render waiting for a free worker rather than behind one busy rendering', async () => {
    asked.length = 0;
    const pool = await start(2);
    // Two workers: one busy rendering for a second, the other held by two renders waiting on the API.
    const slow = pool.render(request('/slow?ms=1000'));
    const waiting = [1, 2].map((n) => pool.render(request(`/wait-api?n=${n}`)));
    await expect.poll(() => asked.length).toBe(2);
    // A fourth render goes to neither: it starts once an API answer lets a waiting render finish.
    const fourth = pool.render(request('/wait-api?n=4'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked.map((a) => a.path)).toEqual(['/wait?n=1', '/wait?n=2']);
    asked[0]?.answer();
    await expect.poll(() => asked.length).toBe(3);
    expect(asked[2]?.path).toBe('/wait?n=4');
    for (const call of asked) call.answer();
    await Promise.all([slow, ...waiting, fourth]);
  });
});

describe('render workers: pages sent over HTTP give their slots back', () => {
  let t: TestApp;
  let distDir: string;
  beforeAll(async () => {
    distDir = writeFakeBuild();
    t = await createTestApp({
      roles: 'web,api',
      env: { WEB_DIST_DIR: distDir, RENDER_THREADS: '1', PAGE_CACHE_MS: String(PAGE_CACHE_MS) },
    });
  });
  afterAll(async () => {
    t?.app.server.closeAllConnections();
    await t?.close();
    if (distDir) rmSync(distDir, { recursive: true, force: true });
  });

  let origin: string | null = null;
  const listening = async () => {
    origin ??= await t.app.listen({ port: 0, host: '127.0.0.1' });
    return origin;
  };
  const freeSlots = async () => {
    const text = await (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    return Number(/^parlay_render_page_slots_free (\d+)$/m.exec(text)?.[1]);
  };

  it('after the response has gone, cached or not, compressed or not, over a socket or in process', async () => {
    const all = await freeSlots();
    expect(all).toBeGreaterThan(0);
    const origin = await listening();
    const answers = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        // Signed in (not cached) and guests (cached: kept as a copy), br, gzip and identity.
        const headers: Record<string, string> = {
          'accept-encoding': ['br', 'gzip', 'identity'][i % 3] as string,
          ...(i % 2 === 0 ? { cookie: 'user_token=t' } : {}),
        };
        const url = `/echo?n=${i}&times=200`;
        const viaSocket = await fetch(origin + url, { headers });
        const inProcess = await t.app.inject({ method: 'GET', url, headers });
        return [await viaSocket.text(), pageText(inProcess)];
      }),
    );
    answers.forEach(([viaSocket, inProcess], i) => {
      expect(viaSocket).toMatch(new RegExp(`^<p>worker render \\d+: (/echo\\?n=${i}&times=200){200}</p>$`));
      expect(inProcess).toMatch(new RegExp(`(/echo\\?n=${i}&times=200){200}</p>$`));
    });
    await expect.poll(freeSlots).toBe(all);
  });

  it('when the visitor left while the page rendered', async () => {
    const all = await freeSlots();
    const origin = await listening();
    const gone = Array.from({ length: 4 }, async () => {
      const abort = new AbortController();
      const request = fetch(`${origin}/slow?left`, {
        headers: { cookie: 'user_token=t' },
        signal: abort.signal,
      }).catch((error: unknown) => error);
      setTimeout(() => abort.abort(), 50);
      return request;
    });
    expect((await Promise.all(gone)).every((outcome) => outcome instanceof Error)).toBe(true);
    // The renders (200 ms each) finish after their visitors left; every slot comes back.
    await expect.poll(freeSlots, { timeout: 5000 }).toBe(all);
    expect(all).toBeGreaterThan(0);
  });
});
