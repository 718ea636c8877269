/**
 * The absolute URLs of a page (canonical link, hreflang alternates, og:url) name the host and scheme
 * the visitor asked for. X-Forwarded-Host and -Proto count only from a proxy TRUST_PROXY names: any
 * client could send them, and a forged host in the canonical link of a micro-cached page would be
 * served to every guest (and indexed).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { seedCatalogue } from '../sportsbook/index.ts';

const FORGED = { host: 'parlay.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };

/** Whether a page names the forged host anywhere (a boolean: a failure does not print the page). */
const namesForgedHost = (body: string) => body.includes('evil.example');
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1];

/** The absolute URLs of a page's head: canonical, hreflang alternates and og:url. */
function headUrls(html: string): string[] {
  const head = html.slice(0, html.indexOf('</head>'));
  const urls = [
    ...head.matchAll(/<link rel="(?:canonical|alternate)"[^>]*href="([^"]+)"/g),
    ...head.matchAll(/<meta property="og:url" content="([^"]+)"/g),
  ].map((m) => m[1]!);
  expect(urls.length).toBeGreaterThan(3);
  return urls;
}

async function withApp(env: Record<string, string>, body: (t: TestApp) => Promise<void>) {
  // The guest page cache stays on: a forged header must not reach a page other guests are served.
  const t = await createTestApp({ env });
  try {
    await seedCatalogue(t.deps.db.db);
    await body(t);
  } finally {
    await t.close();
  }
}

describe('page origin behind and without a proxy', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
    await seedCatalogue(plain.deps.db.db);
  });
  afterAll(async () => {
    await plain.close();
  });

  it('ignores a forged X-Forwarded-Host and -Proto with TRUST_PROXY off, from any peer', async () => {
    for (const remoteAddress of ['203.0.113.9', '127.0.0.1']) {
      const res = await plain.app.inject({ method: 'GET', url: '/en/', headers: FORGED, remoteAddress });
      expect(res.statusCode).toBe(200);
      expect(namesForgedHost(res.body)).toBe(false);
      for (const url of headUrls(res.body)) expect(url, remoteAddress).toMatch(/^http:\/\/parlay\.example\//);
      expect(canonicalOf(res.body)).toBe('http://parlay.example/en/');
    }
    // Nor does it reach the page the next, honest guest gets from the cache.
    const honest = await plain.app.inject({
      method: 'GET',
      url: '/en/',
      headers: { host: 'parlay.example' },
    });
    expect(namesForgedHost(honest.body)).toBe(false);
  });

  it('ignores them in the sitemap too', async () => {
    const res = await plain.app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: FORGED,
      remoteAddress: '203.0.113.9',
    });
    expect(res.statusCode).toBe(200);
    expect(namesForgedHost(res.body)).toBe(false);
    expect(res.body.includes('<loc>http://parlay.example/en/</loc>')).toBe(true);
  });

  it('takes them from a proxy TRUST_PROXY names, and only from it', async () => {
    await withApp({ TRUST_PROXY: '203.0.113.0/24' }, async (t) => {
      const proxied = await t.app.inject({
        method: 'GET',
        url: '/en/',
        headers: { ...FORGED, 'x-forwarded-host': 'bets.example' },
        remoteAddress: '203.0.113.9',
      });
      expect(canonicalOf(proxied.body)).toBe('https://bets.example/en/');
      for (const url of headUrls(proxied.body)) expect(url).toMatch(/^https:\/\/bets\.example\//);

      const direct = await t.app.inject({
        method: 'GET',
        url: '/en/',
        headers: FORGED,
        remoteAddress: '198.51.100.7',
      });
      expect(namesForgedHost(direct.body)).toBe(false);
      expect(canonicalOf(direct.body)).toBe('http://parlay.example/en/');
    });
  });
});
