import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { seedCatalogue } from '../sportsbook/index.ts';

const MF = { 'mf-render-mode': 'json', 'mf-api-version': 'v2', 'mf-language': 'en' };

describe('web role: shell composition and micro-app protocol', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedCatalogue(t.deps.db.db);
  });
  afterAll(async () => {
    await t.close();
  });

  it('redirects / to the default language root', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/ru/');
  });

  it('redirects a path without a language prefix and keeps the query', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/information/contacts?x=1' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/ru/information/contacts?x=1');
  });

  it('sends pages compressed by the encoding the client takes, the same bytes as uncompressed', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/en/information/contacts' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip;q=1, br;q=0', 'gzip', gunzipSync],
    ] as const) {
      // Twice: the second answer comes from the guest page cache with its encoded copy.
      for (let i = 0; i < 2; i += 1) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/en/information/contacts',
          headers: { 'accept-encoding': accept },
        });
        expect(res.headers['content-encoding'], accept).toBe(encoding);
        expect(decode(res.rawPayload).toString('utf8')).toBe(plain.body);
      }
    }
  });

  it('server-renders /en/ with the sports read from the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/en/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toMatch(/^<!doctype html>/i);
    expect(res.body).toContain('<html lang="en"');
    expect(res.body).toContain('<script type="importmap">');
    expect(res.body).toContain('Football');
    expect(res.body).toContain('Table tennis');
    expect(res.body).toContain('data-mf-app="sports"');
  });

  it('renders Russian names on /ru/', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ru/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="ru"');
    expect(res.body).toContain('Футбол');
  });

  it('answers 404 with "This page could not be found" for unknown pages', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/en/no/such/page' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('This page could not be found');
  });

  it('serves a micro-app fragment as JSON through the protocol', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/mf/info/en/information/contacts', headers: MF });
    expect(res.statusCode).toBe(200);
    const fragment = res.json();
    expect(Object.keys(fragment).sort()).toEqual(
      ['appName', 'body', 'codeToEval', 'cssToLoad', 'head', 'scriptsToLoad', 'style', 'title'].sort(),
    );
    expect(fragment.appName).toBe('info');
    expect(fragment.scriptsToLoad[0]).toMatch(/^\/assets\//);
    const script = await t.app.inject({ method: 'GET', url: fragment.scriptsToLoad[0] });
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toContain('immutable');
  });

  it('renders named components for the POST components request', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/mf/footer/en/',
      headers: MF,
      payload: { components: ['footer'] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().appName).toBe('footer');
    expect(res.json().body.length).toBeGreaterThan(0);
  });

  it('refuses fragment requests without the protocol headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/mf/info/en/information/contacts' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('MF_VERSION_UNSUPPORTED');
  });

  it('answers 404 UNKNOWN_APP for a micro-app that does not exist', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/mf/nosuchapp/en/', headers: MF });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('UNKNOWN_APP');
  });

  it('answers a malformed JSON body with 400 MALFORMED_JSON and a stable shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/mf/footer/en/',
      headers: { ...MF, 'content-type': 'application/json' },
      payload: '{"components": [',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'MALFORMED_JSON',
        message: 'The request body is not valid JSON',
        key: 'errors.malformed_json',
      },
    });
  });

  it('validates the components body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/mf/footer/en/',
      headers: MF,
      payload: { components: 'footer' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('keeps JSON 404s for unknown API paths even with the web role', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/web-api/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('ROUTE_NOT_FOUND');
  });
});
