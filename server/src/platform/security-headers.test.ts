/**
 * Security headers on every answer: the site's Content-Security-Policy (pages add their inline
 * scripts by hash, see web/shell/src/content-security-policy.test.ts), the usual hardening headers,
 * and HSTS whenever the site is served over https: PUBLIC_ORIGIN says so, or the request came over
 * https (through a trusted proxy's X-Forwarded-Proto).
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const HSTS = 'max-age=31536000; includeSubDomains';
const directive = (policy: unknown, name: string) =>
  String(policy)
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([key]) => key === name)
    ?.slice(1);

describe('security headers', () => {
  let plain: TestApp;
  let proxied: TestApp;
  let https: TestApp;
  beforeAll(async () => {
    plain = await createTestApp({ roles: 'api' });
    proxied = await createTestApp({ roles: 'api', env: { TRUST_PROXY: '127.0.0.1' } });
    https = await createTestApp({ roles: 'api', env: { PUBLIC_ORIGIN: 'https://parlay.example' } });
  });
  afterAll(async () => {
    await plain.close();
    await proxied.close();
    await https.close();
  });

  it('sends the site policy and hardening headers on API answers, errors included', async () => {
    for (const url of ['/healthz', '/web-api/nothing-here', '/docs']) {
      const res = await plain.app.inject({ method: 'GET', url });
      const policy = res.headers['content-security-policy'];
      expect(directive(policy, 'script-src'), url).toEqual(["'self'"]);
      expect(directive(policy, 'object-src'), url).toEqual(["'none'"]);
      expect(directive(policy, 'frame-ancestors'), url).toEqual(["'self'"]);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
    }
  });

  it('sends no HSTS over plain http, nor for a forwarded https it does not trust', async () => {
    expect(
      (await plain.app.inject({ method: 'GET', url: '/healthz' })).headers['strict-transport-security'],
    ).toBe(undefined);
    const forged = await plain.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS when PUBLIC_ORIGIN is https', async () => {
    const res = await https.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['strict-transport-security']).toBe(HSTS);
  });

  it('sends HSTS for a request a trusted proxy received over https', async () => {
    const over = (proto: string) =>
      proxied.app.inject({
        method: 'GET',
        url: '/healthz',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-proto': proto },
      });
    expect((await over('https')).headers['strict-transport-security']).toBe(HSTS);
    expect((await over('http')).headers['strict-transport-security']).toBeUndefined();
  });
});

describe('security headers of a page', () => {
  let site: TestApp;
  beforeAll(async () => {
    site = await createTestApp({
      roles: 'web,api',
      env: {
        FEED_PROVIDER: 'none',
        // An external game studio: its game pages open in an iframe of the site's game page.
        CASINO_PROVIDERS: 'far-studio|https://games.far-studio.example/launch|aaaaaaaaaaaaaaaa',
      },
    });
  });
  afterAll(async () => {
    await site.close();
  });

  it('lets the site frame its own pages and the connected studios’ game pages, nothing else', async () => {
    const res = await site.app.inject({ method: 'GET', url: '/en/' });
    expect(directive(res.headers['content-security-policy'], 'frame-src')).toEqual([
      "'self'",
      'https://games.far-studio.example',
    ]);
    // API answers frame nothing (default-src 'self').
    const api = await site.app.inject({ method: 'GET', url: '/healthz' });
    expect(directive(api.headers['content-security-policy'], 'frame-src')).toBeUndefined();
  });

  it('lets exactly the inline scripts of the page run, the import map among them', async () => {
    const res = await site.app.inject({ method: 'GET', url: '/en/' });
    expect(res.statusCode).toBe(200);
    const allowed = directive(res.headers['content-security-policy'], 'script-src') ?? [];
    expect(allowed).not.toContain("'unsafe-inline'");
    const inline = [...res.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attributes]) => !/\bsrc=|application\/json/.test(attributes!),
    );
    expect(inline.some(([, attributes]) => attributes!.includes('importmap'))).toBe(true);
    for (const [, , text] of inline) {
      const hash = `'sha256-${createHash('sha256').update(text!, 'utf8').digest('base64')}'`;
      expect(allowed, text!.slice(0, 60)).toContain(hash);
    }
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
