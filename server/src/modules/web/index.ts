/**
 * Web role: serves the built browser assets, answers micro-app fragment requests (/mf/<app>/…)
 * through the protocol of web/mf, and hands every other page request to the host shell, which
 * composes the document from fragments it loads through the same protocol (in-process here).
 * Pages render on worker threads (render-pool.ts, RENDER_THREADS) so a render never stalls this
 * event loop; guests' pages are micro-cached and re-rendered in the background (page-cache.ts).
 */
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { ApiFetch, ShellRequest } from '@parlay/mf/contract.ts';
import { frameOrigin, withFrameSources } from '@parlay/shell/content-security-policy.ts';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { Gauge } from 'prom-client';
import type { ModuleDeps } from '../../platform/module.ts';
import { CASINO_CATALOGUE_CHANGED_TOPIC } from '../casino/index.ts';
import { type ApiTextFetch, createApiTextFetch, jsonApi } from './api-fetch.ts';
import { createFragmentLoader, observeWith, registerFragmentRoutes } from './fragments.ts';
import { PageCache } from './page-cache.ts';
import { RenderPool } from './render-pool.ts';
import { RenderedPage } from './rendered-page.ts';
import { shellRequestOf } from './shell-request.ts';
import { loadWebBuild, type WebBuild } from './web-build.ts';

export { loadWebBuild, type WebBuild } from './web-build.ts';

/** Paths the shell never renders: they belong to the JSON APIs and infrastructure. */
const NON_PAGE_PREFIXES = [
  '/web-api/',
  '/bff-api/',
  '/limit-service-api/',
  '/blocks-api/',
  '/redirects-api/',
  '/social-api/',
  '/mf/',
  '/assets/',
  '/ws',
  '/openapi.json',
  '/docs',
  '/metrics',
  '/healthz',
  '/readyz',
  '/robots.txt',
];

const PAGE_CACHE_ENTRIES = 2_000;
/** An expired guest page is served stale while it is re-rendered, for at most this many TTLs. */
const PAGE_STALE_TTLS = 10;
const PAGE_MAX_STALE_MS = 30_000;
/** Operators' changes after which rendered pages and cached API answers are dropped in every process. */
const OPERATOR_CHANGE_TOPICS = [
  'config:changed',
  'blocks:changed',
  'redirects:changed',
  'seo:changed',
  // A game switched off, re-sorted or badged in the back office leaves the lobby's pages at once.
  CASINO_CATALOGUE_CHANGED_TOPIC,
];
const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

export interface WebModuleOptions {
  deps: ModuleDeps;
  /** Dispatches a request through the whole application (in-process HTTP). */
  inject: (options: InjectOptions) => Promise<LightMyRequestResponse>;
}

export async function webModule(app: FastifyInstance, { deps, inject }: WebModuleOptions): Promise<void> {
  // A relative WEB_DIST_DIR is relative to the repository, not to wherever the process was started.
  const distDir = path.resolve(REPO_ROOT, deps.config.webDistDir);
  const build = await loadWebBuild(distDir);

  await app.register(fastifyStatic, {
    root: path.join(distDir, 'client', 'assets'),
    prefix: '/assets/',
    immutable: true,
    maxAge: '365d',
    index: false,
    wildcard: false,
  });

  const apiText = createApiTextFetch(deps, inject, OPERATOR_CHANGE_TOPICS);
  const api = jsonApi(apiText);
  registerFragmentRoutes(app, build, api, deps);
  const render = await pageRenderer(app, { deps, inject, build, distDir, api, apiText });

  const { pageCacheMs } = deps.config;
  // External game studios' pages open in an iframe of the game page: their origins may be framed.
  const frameOrigins = deps.config.casinoProviders
    .map((provider) => frameOrigin(provider.baseUrl))
    .filter((origin): origin is string => origin !== null);
  const pageCache = new PageCache<RenderedPage>(deps.clock, {
    ttlMs: pageCacheMs,
    maxStaleMs: Math.min(pageCacheMs * PAGE_STALE_TTLS, PAGE_MAX_STALE_MS),
    maxEntries: PAGE_CACHE_ENTRIES,
  });
  for (const topic of OPERATOR_CHANGE_TOPICS) deps.bus.subscribe(topic, () => pageCache.clear());

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    schema: { hide: true },
    // Pages compress themselves: a micro-cached page is encoded once, not once per request.
    compress: false,
    handler: async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (NON_PAGE_PREFIXES.some((p) => pathname.startsWith(p))) return reply.callNotFound();
      const shellRequest = shellRequestOf(request);
      const key = deps.config.pageCacheMs > 0 ? (build.shell.pageCacheKey?.(shellRequest) ?? null) : null;
      let page =
        key === null
          ? await render(shellRequest)
          : await pageCache
              .get(key, async () => cacheablePage(await render(shellRequest)))
              .catch((err: unknown) => {
                if (err instanceof UncacheableResponse) return err.page;
                throw err;
              });
      // A page in lent memory (page-slots.ts) gives it back once its response has gone or failed;
      // for a visitor who left while it rendered (no close event to come), at once, as a copy.
      if (page.isLent && reply.raw.closed) page = page.kept();
      else if (page.isLent) {
        const lent = page;
        reply.raw.once('finish', () => lent.release());
        reply.raw.once('close', () => lent.release());
      }
      const result = page.head;
      if (result.kind === 'redirect') return reply.redirect(result.location, result.status);
      reply.header('cache-control', 'private, no-cache').type('text/html; charset=utf-8');
      // The shell may override both, e.g. sitemap.xml answers application/xml.
      for (const [name, value] of Object.entries(result.headers ?? {})) {
        const framed = name === 'content-security-policy' && typeof value === 'string';
        reply.header(name, framed ? withFrameSources(value, frameOrigins) : value);
      }
      const encoding = page.bytes.length >= COMPRESS_MIN_BYTES ? pickEncoding(request.headers) : null;
      reply.header('vary', 'accept-encoding');
      if (encoding) reply.header('content-encoding', encoding);
      return reply.status(result.status).send(encoding ? await page.encoded(encoding) : page.bytes);
    },
  });
}

const COMPRESS_MIN_BYTES = 1024;

/** br when the client takes it, else gzip, else none (a q=0 entry refuses an encoding). */
export function pickEncoding(headers: Record<string, unknown>): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of String(headers['accept-encoding'] ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  for (const encoding of ['br', 'gzip'] as const) if ((accepted.get(encoding) ?? 0) > 0) return encoding;
  return null;
}

/**
 * A rendered page as the guest cache keeps it: owning its bytes, and already compressed for browsers
 * (br), so that when it replaces a stale copy no visitor waits for its compression (3–5 ms for the
 * home page, once a second under load). A server error is never kept: the next guest gets a fresh
 * attempt.
 */
export async function cacheablePage(rendered: RenderedPage): Promise<RenderedPage> {
  const page = rendered.kept();
  if (page.head.kind === 'html' && page.head.status >= 500) throw new UncacheableResponse(page);
  if (page.head.kind === 'html' && page.bytes.length >= COMPRESS_MIN_BYTES) {
    // A failed compression is not kept (rendered-page.ts): the visitor who needs it tries again.
    await page.encoded('br').catch(() => {});
  }
  return page;
}

export class UncacheableResponse extends Error {
  readonly page: RenderedPage;
  constructor(page: RenderedPage) {
    super('uncacheable response');
    this.page = page;
  }
}

/**
 * Renders pages on RENDER_THREADS worker threads (render-pool.ts), so a render never stalls this
 * event loop; with 0, on this thread with the fragments loaded through in-process requests.
 */
async function pageRenderer(
  app: FastifyInstance,
  options: WebModuleOptions & { build: WebBuild; distDir: string; api: ApiFetch; apiText: ApiTextFetch },
): Promise<(request: ShellRequest) => Promise<RenderedPage>> {
  const { deps, inject, build, distDir, api, apiText } = options;
  const { renderThreads, fragmentTimeoutMs } = deps.config;
  if (renderThreads === 0) {
    const loadFragment = createFragmentLoader(inject, deps);
    return async (request) =>
      RenderedPage.of(await build.shell.renderPage({ request, manifest: build.manifest, api, loadFragment }));
  }
  const pool = await RenderPool.start({
    threads: renderThreads,
    distDir,
    fragmentTimeoutMs,
    renderTimeoutMs: renderTimeoutMs(fragmentTimeoutMs),
    api: apiText,
    observe: observeWith(deps.metrics),
    log: app.log,
  });
  app.addHook('onClose', () => pool.close());
  new Gauge({
    name: 'parlay_render_page_slots_free',
    help: 'Slots of shared page memory free for render workers to write pages into',
    registers: [deps.metrics.registry],
    collect() {
      this.set(pool.freeSlots);
    },
  });
  new Gauge({
    name: 'parlay_render_threads_heap_bytes',
    help: "The render threads' JavaScript heaps, summed (kind: used or total, the heap's committed size)",
    labelNames: ['kind'],
    registers: [deps.metrics.registry],
    async collect() {
      const { usedBytes, totalBytes } = await pool.heapStatistics();
      this.set({ kind: 'used' }, usedBytes);
      this.set({ kind: 'total' }, totalBytes);
    },
  });
  for (const topic of OPERATOR_CHANGE_TOPICS) deps.bus.subscribe(topic, () => pool.clearApiCopies());
  return (request) => pool.render(request);
}

/** Room for the API calls before the fragments, the fragments themselves and the document. */
export function renderTimeoutMs(fragmentTimeoutMs: number): number {
  return 2 * fragmentTimeoutMs + 4000;
}
