import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

describe('platform routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ roles: 'api,realtime' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers liveness with the roles it runs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', roles: ['api', 'realtime'] });
  });

  it('answers readiness after asking the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: t.database.url ? 'postgres' : 'pglite' });
  });

  it('reports not ready with a stable code when the database is gone', async () => {
    const broken = await createTestApp({ roles: 'api' });
    await broken.database.handle.close();
    const res = await broken.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('NOT_READY');
    await broken.app.close();
    await broken.database.drop().catch(() => {});
  });

  it('exposes Prometheus metrics including request counts', async () => {
    await t.app.inject({ method: 'GET', url: '/healthz' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(/parlay_http_requests_total\{method="GET",route="\/healthz",status="200"\} \d+/);
  });

  it('publishes an OpenAPI document listing every JSON route with its schema', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/healthz', '/readyz', '/web-api/sportsbook/v1/sports']),
    );
    expect(doc.paths['/web-api/sportsbook/v1/sports'].get.responses['200']).toBeDefined();
  });

  it('renders a human-readable API reference', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<code>/web-api/sportsbook/v1/sports</code>');
    expect(res.body).toContain('List sports');
  });

  it('answers unknown API routes with a JSON 404 and a stable code', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/web-api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({ code: 'ROUTE_NOT_FOUND', key: 'errors.route_not_found' });
  });

  it('answers the session status of a guest', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/web-api/auth/v1/session' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      userId: null,
      banLevel: 0,
      banVersion: 1,
      isTermsChanged: false,
      termsUpdatedAt: null,
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('compresses large answers for clients that accept it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/openapi.json',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    const plain = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body).openapi).toBe('3.1.0');
  });

  it('sets baseline security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

describe('/metrics is not public', () => {
  const TOKEN = 'scrape-token-0123456789abcdef';
  let open: TestApp;
  let tokened: TestApp;
  beforeAll(async () => {
    open = await createTestApp({ roles: 'api' });
    tokened = await createTestApp({ roles: 'api', env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => {
    await open.close();
    await tokened.close();
  });
  const scrape = (app: TestApp, remoteAddress: string, headers: Record<string, string> = {}) =>
    app.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

  it('answers a client on this machine without a token, and 404 to anyone else', async () => {
    expect((await scrape(open, '127.0.0.1')).statusCode).toBe(200);
    expect((await scrape(open, '::1')).statusCode).toBe(200);
    const remote = await scrape(open, '203.0.113.4');
    expect(remote.statusCode).toBe(404);
    expect(remote.body).not.toContain('parlay_');
    // A local reverse proxy forwarding a visitor's request does not make the visitor local.
    expect((await scrape(open, '127.0.0.1', { 'x-forwarded-for': '203.0.113.4' })).statusCode).toBe(404);
    expect((await scrape(open, '203.0.113.4', { authorization: 'Bearer anything' })).statusCode).toBe(404);
  });

  it('answers a scraper elsewhere that shows METRICS_TOKEN as a bearer token', async () => {
    const ok = await scrape(tokened, '198.51.100.8', { authorization: `Bearer ${TOKEN}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('parlay_http_requests_total');
    for (const authorization of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN, 'Basic abc', '']) {
      expect((await scrape(tokened, '198.51.100.8', { authorization })).statusCode, authorization).toBe(404);
    }
    expect((await scrape(tokened, '198.51.100.8')).statusCode).toBe(404);
    expect((await scrape(tokened, '127.0.0.1')).statusCode).toBe(200);
  });
});
