/**
 * Web role: serves the built browser assets, answers micro-app fragment requests (/mf/<app>/…)
 * through the protocol of web/mf, and hands every other page request to the host shell, which
 * composes the document from fragments it loads through the same protocol (in-process here).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type {
  ApiFetch,
  RemoteServerModule,
  ShellRequest,
  ShellResponse,
  ShellServerModule,
  WebManifest,
} from '@parlay/mf/contract.ts';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { CachedMap } from '../../platform/cached.ts';
import { AppError } from '../../platform/errors.ts';
import type { ModuleDeps } from '../../platform/module.ts';
import { createFragmentLoader, registerFragmentRoutes } from './fragments.ts';
import { SharedApiCache } from './shared-api-cache.ts';

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
const OPERATOR_CHANGE_TOPICS = ['config:changed', 'blocks:changed', 'redirects:changed', 'seo:changed'];
const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

export interface WebBuild {
  manifest: WebManifest;
  shell: ShellServerModule;
  remotes: Map<string, RemoteServerModule>;
}

export async function loadWebBuild(distDir: string): Promise<WebBuild> {
  const manifestPath = path.join(distDir, 'manifest.json');
  if (!existsSync(manifestPath)) {
    throw new Error(`web assets are not built (${manifestPath} is missing): run npm run build`);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as WebManifest;
  const serverDir = path.join(distDir, 'server');
  const importDefault = async <T>(file: string): Promise<T> =>
    ((await import(pathToFileURL(path.join(serverDir, file)).href)) as { default: T }).default;
  const shell = await importDefault<ShellServerModule>('shell.js');
  const remotes = new Map<string, RemoteServerModule>();
  for (const file of readdirSync(serverDir)) {
    if (!file.endsWith('.js') || file === 'shell.js') continue;
    const remote = await importDefault<RemoteServerModule>(file);
    if (remote && typeof remote.render === 'function') remotes.set(remote.appName, remote);
  }
  return { manifest, shell, remotes };
}

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

  const api = createApiFetch(deps, inject);
  registerFragmentRoutes(app, build, api, deps);
  const loadFragment = createFragmentLoader(inject, deps);

  const pageCache = new CachedMap<RenderedPage>(deps.clock, deps.config.pageCacheMs, PAGE_CACHE_ENTRIES);
  for (const topic of OPERATOR_CHANGE_TOPICS) deps.bus.subscribe(topic, () => pageCache.clear());
  const render = (shellRequest: ShellRequest) =>
    build.shell.renderPage({ request: shellRequest, manifest: build.manifest, api, loadFragment });

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    schema: { hide: true },
    // Pages compress themselves: a micro-cached page is encoded once, not once per request.
    compress: false,
    handler: async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (NON_PAGE_PREFIXES.some((p) => pathname.startsWith(p))) return reply.callNotFound();
      const shellRequest: ShellRequest = {
        url: request.url,
        headers: request.headers as Record<string, string | undefined>,
        cookies: request.cookies ?? {},
      };
      const key = deps.config.pageCacheMs > 0 ? (build.shell.pageCacheKey?.(shellRequest) ?? null) : null;
      const page =
        key === null
          ? new RenderedPage(await render(shellRequest))
          : await pageCache
              .get(key, () => renderCacheable(render, shellRequest))
              .catch((err: unknown) => {
                if (err instanceof UncacheableResponse) return new RenderedPage(err.response);
                throw err;
              });
      const result = page.response;
      if (result.kind === 'redirect') return reply.redirect(result.location, result.status);
      reply.header('cache-control', 'private, no-cache').type('text/html; charset=utf-8');
      // The shell may override both, e.g. sitemap.xml answers application/xml.
      for (const [name, value] of Object.entries(result.headers ?? {})) reply.header(name, value);
      const encoding = page.bytes.length >= COMPRESS_MIN_BYTES ? pickEncoding(request.headers) : null;
      reply.header('vary', 'accept-encoding');
      if (encoding) reply.header('content-encoding', encoding);
      return reply.status(result.status).send(encoding ? await page.encoded(encoding) : page.bytes);
    },
  });
}

const COMPRESS_MIN_BYTES = 1024;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

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

/** A rendered page with its UTF-8 bytes, and each compressed form made once when first asked for. */
class RenderedPage {
  readonly response: ShellResponse;
  readonly bytes: Buffer;
  readonly #encoded = new Map<'br' | 'gzip', Promise<Buffer>>();

  constructor(response: ShellResponse) {
    this.response = response;
    this.bytes = response.kind === 'html' ? Buffer.from(response.html, 'utf8') : Buffer.alloc(0);
  }

  encoded(encoding: 'br' | 'gzip'): Promise<Buffer> {
    let body = this.#encoded.get(encoding);
    if (!body) {
      // Brotli at a dynamic-content quality, as app.ts does for the APIs.
      body =
        encoding === 'br'
          ? brotli(this.bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
          : gzip(this.bytes, { level: 6 });
      this.#encoded.set(encoding, body);
    }
    return body;
  }
}

/** A server error is never kept: the next guest gets a fresh attempt. */
async function renderCacheable(
  render: (request: ShellRequest) => Promise<ShellResponse>,
  request: ShellRequest,
): Promise<RenderedPage> {
  const result = await render(request);
  if (result.kind === 'html' && result.status >= 500) throw new UncacheableResponse(result);
  return new RenderedPage(result);
}

class UncacheableResponse extends Error {
  readonly response: ShellResponse;
  constructor(response: ShellResponse) {
    super('uncacheable response');
    this.response = response;
  }
}

function createApiFetch(deps: ModuleDeps, inject: WebModuleOptions['inject']): ApiFetch {
  const remoteBase = deps.config.roles.includes('api') ? null : deps.config.apiInternalUrl;
  const sharedCache = new SharedApiCache(deps.clock);
  // Operator changes must show on the next render, not when the shared copy expires.
  for (const topic of OPERATOR_CHANGE_TOPICS) deps.bus.subscribe(topic, () => sharedCache.clear());
  return async (apiPath, init = {}) => {
    if (!apiPath.startsWith('/')) throw new AppError('INTERNAL', `api path must start with /: ${apiPath}`);
    const method = (init.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = { accept: 'application/json', ...(init.headers ?? {}) };
    if (remoteBase) {
      const response = await fetch(new URL(apiPath, remoteBase), {
        method,
        headers: init.body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      return { status: response.status, json: () => response.json() as Promise<unknown> };
    }
    const shareable = method === 'GET' && !('cookie' in headers) && !('authorization' in headers);
    const key = `${apiPath} ${headers['x-language'] ?? ''}`;
    const hit = shareable ? sharedCache.get(key) : null;
    if (hit) return { status: hit.status, json: async () => JSON.parse(hit.body) as unknown };
    const response = await inject({
      method: method as InjectOptions['method'],
      url: apiPath,
      headers,
      ...(init.body === undefined ? {} : { payload: init.body as object }),
    });
    if (shareable) {
      const cacheControl = response.headers['cache-control'];
      sharedCache.store(
        key,
        { status: response.statusCode, body: response.body },
        String(cacheControl ?? ''),
      );
    }
    return { status: response.statusCode, json: async () => response.json() as unknown };
  };
}
