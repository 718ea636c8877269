import { inflateSync } from 'node:zlib';
import type { WebManifest } from '@parlay/mf/contract.ts';
import { describe, expect, it, vi } from 'vitest';
import { APP_ICON_SIZES, appIconPng } from './app-icon.ts';
import { answerPlatformFile, isCacheableAsset, serviceWorkerSource } from './platform-files.ts';

const ORIGIN = 'https://parlay.example';
const manifest: WebManifest = {
  version: 'abc123',
  importMap: { imports: {} },
  sharedPreload: [],
  apps: {},
  icons: APP_ICON_SIZES.map((size) => ({ size, src: `/assets/icons/icon-${size}-0123abcd.png` })),
};

describe('service worker caches hashed assets only', () => {
  it.each([
    ['/assets/shared/react-BbggMMhK.js', true],
    ['/assets/shell/shell-bI-iTL0H.css', true],
    ['/assets/icons/icon-192-0123abcd.png', true],
    ['/assets/shell/shell.js', false],
    ['/en/', false],
    ['/bff-api/config/all.json?lang=en', false],
    ['/mf/info/en/information/contacts', false],
    ['/version.json', false],
    ['/sw.js', false],
    ['/assets/shared/react-BbggMMhK.js?v=1', false],
  ])('%s → %s', (path, cached) => {
    expect(isCacheableAsset(new URL(path, ORIGIN), ORIGIN)).toBe(cached);
  });

  it('ignores other origins', () => {
    expect(isCacheableAsset(new URL('https://cdn.example/assets/a-12345678.js'), ORIGIN)).toBe(false);
  });

  it('is valid JavaScript that answers only asset requests', async () => {
    const listeners = new Map<string, (event: unknown) => void>();
    const self = {
      addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
      skipWaiting: async () => {},
      location: { origin: ORIGIN },
      caches: {},
      clients: { claim: async () => {} },
      fetch: async () => new Response('x'),
    };
    new Function('self', serviceWorkerSource('abc123'))(self);
    expect([...listeners.keys()].sort()).toEqual(['activate', 'fetch', 'install']);
    const respondWith = vi.fn();
    const fetchHandler = listeners.get('fetch')!;
    fetchHandler({ request: new Request(`${ORIGIN}/en/`), respondWith });
    fetchHandler({ request: new Request(`${ORIGIN}/bff-api/config/all.json?lang=en`), respondWith });
    expect(respondWith).not.toHaveBeenCalled();
  });
});

const appTexts = (lng: string) => ({ lng, description: `${lng}: Parlay` });

describe('platform files', () => {
  it('answers the web app manifest with every icon size', () => {
    const answer = answerPlatformFile('/manifest.webmanifest?lng=ru', manifest, appTexts);
    expect(answer?.kind).toBe('html');
    if (answer?.kind !== 'html') return;
    expect(answer.headers?.['content-type']).toContain('application/manifest+json');
    const body = JSON.parse(answer.html) as {
      lang: string;
      description: string;
      start_url: string;
      icons: { sizes: string }[];
      theme_color: string;
    };
    expect([body.lang, body.description]).toEqual(['ru', 'ru: Parlay']);
    expect(body.start_url).toBe('/');
    expect(body.theme_color).toMatch(/^#/);
    expect(body.icons.map((icon) => icon.sizes)).toEqual(APP_ICON_SIZES.map((size) => `${size}x${size}`));
  });

  it('answers the running version without caching', () => {
    const answer = answerPlatformFile('/version.json', manifest, appTexts);
    expect(answer?.kind === 'html' && JSON.parse(answer.html)).toEqual({ version: 'abc123' });
    expect(answer?.kind === 'html' && answer.headers?.['cache-control']).toBe('no-store');
  });

  it('answers the service worker from the root scope', () => {
    const answer = answerPlatformFile('/sw.js', manifest, appTexts);
    expect(answer?.kind === 'html' && answer.headers?.['service-worker-allowed']).toBe('/');
    expect(answerPlatformFile('/en/', manifest, appTexts)).toBeNull();
  });
});

describe('app icons', () => {
  it('are valid PNG files of the right size with the mark in the middle', () => {
    const png = appIconPng(72);
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(72);
    expect(png.readUInt32BE(20)).toBe(72);
    const idatLength = png.readUInt32BE(33);
    const rows = inflateSync(png.subarray(41, 41 + idatLength));
    expect(rows.length).toBe(72 * (72 * 4 + 1));
    const pixel = (x: number, y: number) => rows.subarray(y * 289 + 1 + x * 4, y * 289 + 1 + x * 4 + 3);
    expect([...pixel(1, 1)]).toEqual([0x4e, 0xa1, 0xff]);
    expect([...pixel(30, 36)]).toEqual([0x06, 0x12, 0x1f]);
  });
});
