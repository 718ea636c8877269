/**
 * Development tools (the inbox that shows every e-mail and SMS code, the identity provider that hands
 * out any identity, anything else under /dev) are off unless DEV_TOOLS=on, and even then answer only
 * to a client on this machine: the socket's peer is a loopback address and no proxy forwarded the
 * request. A forwarded header never makes a client local.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { loadConfig } from './config.ts';
import { isLoopbackAddress } from './local-client.ts';

const authorize = new URLSearchParams({
  client_id: 'parlay-dev',
  redirect_uri: '/en/auth/callback',
  response_type: 'code',
  nonce: 'nonce-12345678',
});
/** One request to each development tool, as its user would make it. */
const DEV_TOOL_REQUESTS: InjectOptions[] = [
  { method: 'GET', url: '/dev/inbox' },
  { method: 'GET', url: '/dev/inbox.json' },
  { method: 'GET', url: '/dev/captcha?id=AAAAAAAAAAAAAAAAAAAAAA' },
  { method: 'GET', url: '/dev-idp/.well-known/openid-configuration' },
  { method: 'GET', url: '/dev-idp/jwks' },
  { method: 'GET', url: `/dev-idp/authorize?${authorize}` },
  {
    method: 'GET',
    url: `/dev-idp/authorize/approve?${authorize}&sub=dev-alice&email=alice%40dev.parlay.test&name=Alice`,
  },
  {
    method: 'POST',
    url: '/dev-idp/token',
    payload: {
      grant_type: 'authorization_code',
      code: 'no-such-code',
      client_id: 'parlay-dev',
      redirect_uri: '/en/auth/callback',
    },
  },
];
const label = (r: InjectOptions) => `${r.method} ${r.url}`;

describe('with DEV_TOOLS=on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ roles: 'api', env: { DEV_TOOLS: 'on', TRUST_PROXY: '203.0.113.0/24' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves every development tool to a loopback client', async () => {
    for (const request of DEV_TOOL_REQUESTS) {
      for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
        const res = await t.app.inject({ ...request, remoteAddress });
        expect(res.statusCode, `${label(request)} from ${remoteAddress}`).not.toBe(404);
        expect(res.statusCode, label(request)).toBeLessThan(500);
      }
    }
  });

  it('answers 404 to a client that is not on this machine, whatever it forwards', async () => {
    for (const request of DEV_TOOL_REQUESTS) {
      for (const headers of [{}, { 'x-forwarded-for': '127.0.0.1' }, { forwarded: 'for=127.0.0.1' }]) {
        const res = await t.app.inject({ ...request, remoteAddress: '203.0.113.9', headers });
        expect(res.statusCode, label(request)).toBe(404);
        expect(res.json().error.code).toBe('ROUTE_NOT_FOUND');
      }
    }
  });

  it('answers 404 to a request a proxy on this machine forwarded for someone else', async () => {
    for (const request of DEV_TOOL_REQUESTS) {
      const res = await t.app.inject({
        ...request,
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '198.51.100.20' },
      });
      expect(res.statusCode, label(request)).toBe(404);
    }
  });

  it('guards every route under /dev and /dev-idp, not only the known ones', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const devPaths = Object.keys(doc.paths).filter((p) => /^\/dev(\/|-idp\/)/.test(p));
    expect(devPaths.length).toBeGreaterThanOrEqual(DEV_TOOL_REQUESTS.length);
    for (const path of devPaths) {
      for (const method of Object.keys(doc.paths[path]!)) {
        const url = path.replaceAll(/\{[^}]+\}/g, 'x');
        const res = await t.app.inject({
          method: method.toUpperCase() as 'GET',
          url,
          remoteAddress: '198.51.100.3',
        });
        expect(res.statusCode, `${method} ${path}`).toBe(404);
      }
    }
  });
});

describe('without DEV_TOOLS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ roles: 'api' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves no development tool to anyone, loopback included', async () => {
    for (const request of DEV_TOOL_REQUESTS) {
      for (const remoteAddress of ['127.0.0.1', '203.0.113.9']) {
        const res = await t.app.inject({ ...request, remoteAddress });
        expect(res.statusCode, label(request)).toBe(404);
      }
    }
    const dev = await t.app.inject({ method: 'GET', url: '/social-api/oauth/dev/clientId' });
    expect(dev.statusCode).toBe(404);
    const providers = await t.app.inject({ method: 'GET', url: '/social-api/providers' });
    expect(providers.json()).toEqual({ providers: [] });
  });

  it('is the default, in development too, and is refused in production', () => {
    expect(loadConfig({}).devTools).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).devTools).toBe(false);
    expect(loadConfig({ DEV_TOOLS: 'on' }).devTools).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_TOOLS: 'on' })).toThrow(
      /^invalid configuration: DEV_TOOLS = "on": [^\n]+$/,
    );
  });
});

describe('isLoopbackAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['0:0:0:0:0:0:0:1', true],
    ['10.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['128.0.0.1', false],
    ['1127.0.0.1', false],
    ['fe80::1', false],
    ['', false],
    [undefined, false],
  ])('%s → %s', (address, expected) => {
    expect(isLoopbackAddress(address)).toBe(expected);
  });
});
