/**
 * Root-level files of the installable web app that the shell answers itself (the server hands every
 * non-API GET to renderPage): /manifest.webmanifest, /sw.js (a service worker must live at the root
 * to control every page) and /version.json (the build the server runs, for the new-version notice).
 */
import type { ShellResponse, WebManifest } from '@parlay/mf/contract.ts';
import { APP_BACKGROUND_COLOR, APP_THEME_COLOR } from './app-icon-colors.ts';

export const WEB_APP_MANIFEST_PATH = '/manifest.webmanifest';
export const SERVICE_WORKER_PATH = '/sw.js';
export const VERSION_PATH = '/version.json';

/** Hashed build assets only: never HTML, API answers, fragments or anything without a content hash. */
export function isCacheableAsset(url: URL, origin: string): boolean {
  if (url.origin !== origin || url.search !== '') return false;
  if (!url.pathname.startsWith('/assets/')) return false;
  if (url.pathname.startsWith('/assets/icons/')) return /\.png$/.test(url.pathname);
  return /-[A-Za-z0-9_-]{8,}\.(js|css|woff2?|png|svg|webp)$/.test(url.pathname);
}

/** The service worker: cache-first for hashed assets, everything else straight to the network. */
function serviceWorkerMain(
  sw: ServiceWorkerGlobalScopeLike,
  cacheable: (url: URL, origin: string) => boolean,
  maxEntries: number,
): void {
  const CACHE = 'parlay-assets-v1';
  sw.addEventListener('install', () => {
    void sw.skipWaiting();
  });
  sw.addEventListener('activate', (event) => {
    const trim = async () => {
      const cache = await sw.caches.open(CACHE);
      const keys = await cache.keys();
      await Promise.all(keys.slice(0, Math.max(0, keys.length - maxEntries)).map((key) => cache.delete(key)));
      await sw.clients.claim();
    };
    event.waitUntil(trim());
  });
  sw.addEventListener('fetch', (event) => {
    const request = event.request;
    if (request.method !== 'GET' || !cacheable(new URL(request.url), sw.location.origin)) return;
    const answer = async () => {
      const cache = await sw.caches.open(CACHE);
      const hit = await cache.match(request);
      if (hit) return hit;
      const response = await sw.fetch(request);
      if (response.ok) await cache.put(request, response.clone());
      return response;
    };
    event.respondWith(answer());
  });
}

/** The parts of ServiceWorkerGlobalScope the worker uses (the DOM lib has no worker types here). */
export interface ServiceWorkerGlobalScopeLike {
  addEventListener(type: 'install', listener: () => void): void;
  addEventListener(
    type: 'activate',
    listener: (event: { waitUntil(p: Promise<unknown>): void }) => void,
  ): void;
  addEventListener(
    type: 'fetch',
    listener: (event: { request: Request; respondWith(r: Promise<Response>): void }) => void,
  ): void;
  skipWaiting(): Promise<void>;
  caches: CacheStorage;
  clients: { claim(): Promise<void> };
  location: { origin: string };
  fetch: typeof fetch;
}

export const SERVICE_WORKER_MAX_ENTRIES = 300;

/** The worker's source: the two functions above, serialised; the build version names it. */
export function serviceWorkerSource(version: string): string {
  return [
    `// Parlay service worker, build ${JSON.stringify(version)}`,
    `const isCacheableAsset = ${isCacheableAsset.toString()};`,
    `(${serviceWorkerMain.toString()})(self, isCacheableAsset, ${SERVICE_WORKER_MAX_ENTRIES});`,
    '',
  ].join('\n');
}

/** The installable app's words in the page's language (namespace shell: app.description). */
export interface AppTexts {
  lng: string;
  description: string;
}

export function webAppManifest(manifest: WebManifest, texts: AppTexts): Record<string, unknown> {
  return {
    name: 'Parlay',
    short_name: 'Parlay',
    lang: texts.lng,
    description: texts.description,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: APP_THEME_COLOR,
    background_color: APP_BACKGROUND_COLOR,
    icons: (manifest.icons ?? []).map((icon) => ({
      src: icon.src,
      sizes: `${icon.size}x${icon.size}`,
      type: 'image/png',
      purpose: 'any maskable',
    })),
  };
}

const file = (body: string, contentType: string, extra: Record<string, string> = {}): ShellResponse => ({
  kind: 'html',
  status: 200,
  html: body,
  headers: { 'content-type': contentType, 'cache-control': 'no-cache', ...extra },
});

/**
 * The answer for a platform file path, or null for every other path. The web app manifest is written
 * in the language its link names (/manifest.webmanifest?lng=en, document-head.ts).
 */
export function answerPlatformFile(
  url: string,
  manifest: WebManifest,
  appTexts: (lng: string) => AppTexts,
): ShellResponse | null {
  const [pathname = '/', query = ''] = url.split('#', 1)[0]!.split('?', 2);
  switch (pathname) {
    case WEB_APP_MANIFEST_PATH: {
      const texts = appTexts(new URLSearchParams(query).get('lng') ?? '');
      return file(
        JSON.stringify(webAppManifest(manifest, texts)),
        'application/manifest+json; charset=utf-8',
      );
    }
    case SERVICE_WORKER_PATH:
      return file(serviceWorkerSource(manifest.version), 'text/javascript; charset=utf-8', {
        'service-worker-allowed': '/',
      });
    case VERSION_PATH:
      return file(JSON.stringify({ version: manifest.version }), 'application/json; charset=utf-8', {
        'cache-control': 'no-store',
      });
    default:
      return null;
  }
}
