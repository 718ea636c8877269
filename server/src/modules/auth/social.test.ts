import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { TestClient } from '../../testing/test-client.ts';
import { DEV_CLIENT_ID } from './index.ts';
import { signRs256 } from './signed-token.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ roles: 'api', env: { DEV_TOOLS: 'on' } });
});
afterAll(async () => {
  await t.close();
});

function multipart(fields: Record<string, string>) {
  const boundary = '----parlay-test-boundary';
  const body = `${Object.entries(fields)
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('')}--${boundary}--\r\n`;
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Walks the development IdP as a browser would: authorize page, pick an identity, exchange the code. */
async function idTokenFor(identity: 'dev-alice' | 'dev-bob', nonce: string, clientId = DEV_CLIENT_ID) {
  const query = new URLSearchParams({
    client_id: clientId,
    redirect_uri: '/en/auth/callback',
    response_type: 'code',
    nonce,
    state: 's1',
  });
  const page = await t.app.inject({ method: 'GET', url: `/dev-idp/authorize?${query}` });
  expect(page.statusCode).toBe(200);
  const href = new RegExp(`href="(/dev-idp/authorize/approve\\?[^"]*sub=${identity}[^"]*)"`)
    .exec(page.body)![1]!
    .replaceAll('&amp;', '&');
  const approved = await t.app.inject({ method: 'GET', url: href });
  expect(approved.statusCode).toBe(302);
  const location = new URL(approved.headers.location as string);
  expect(location.pathname).toBe('/en/auth/callback');
  expect(location.searchParams.get('state')).toBe('s1');
  const token = await t.app.inject({
    method: 'POST',
    url: '/dev-idp/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      code: location.searchParams.get('code')!,
      client_id: clientId,
      redirect_uri: '/en/auth/callback',
    }).toString(),
  });
  expect(token.statusCode, token.body).toBe(200);
  return token.json().id_token as string;
}

async function startSignIn(c: TestClient) {
  const res = await c.get('/social-api/oauth/dev/clientId');
  expect(res.json()).toMatchObject({ clientId: DEV_CLIENT_ID, authorizeUrl: '/dev-idp/authorize' });
  return res.json().nonce as string;
}

async function submit(c: TestClient, credential: string, extra: Record<string, string> = {}) {
  const form = multipart({ credential, language: 'en', currency: 'EUR', countryId: '3', ...extra });
  return c.call('POST', '/social-api/oauth/dev', form.body, form.headers);
}

describe('social sign-in through the development identity provider', () => {
  it('registers on first sign-in, signs the same person in afterwards, and uses each nonce once', async () => {
    const c = new TestClient(t.app, '127.7.0.1');
    const nonce = await startSignIn(c);
    const credential = await idTokenFor('dev-alice', nonce);
    const first = await submit(c, credential, { returnUrl: '/en/office/account' });
    expect(first.json()).toEqual({ redirectUrl: '/en/office/account' });
    const config = (await c.get('/web-api/user/config')).json().result;
    expect(config).toMatchObject({ user_email: 'alice@dev.parlay.test', user_name: 'Alice Dev' });
    expect(config.protection_methods.enable_email_auth).toBe(true);

    const replay = await submit(new TestClient(t.app, '127.7.0.2'), credential);
    expect(replay.json().error.code).toBe('SOCIAL_TOKEN_INVALID');

    const d = new TestClient(t.app, '127.7.0.3');
    const again = await submit(d, await idTokenFor('dev-alice', await startSignIn(d)), {
      returnUrl: '//evil.example',
    });
    expect(again.json()).toEqual({ redirectUrl: '/en/' });
    expect((await d.get('/web-api/session')).json().user_id).toBe(config.user_id);
  });

  it('refuses tokens with a wrong audience, a forged signature, another key, or an unknown nonce', async () => {
    const c = new TestClient(t.app, '127.7.0.4');
    const wrongAudience = await idTokenFor('dev-bob', await startSignIn(c), 'someone-else');
    expect((await submit(c, wrongAudience)).json().error.message).toContain('wrong audience');

    const good = await idTokenFor('dev-bob', await startSignIn(c));
    const [head, payload] = good.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const tampered = `${head}.${Buffer.from(JSON.stringify({ ...claims, sub: 'dev-alice' })).toString('base64url')}.${good.split('.')[2]}`;
    expect((await submit(c, tampered)).json().error.message).toContain('bad signature');

    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const otherKey = signRs256({ ...claims, nonce: await startSignIn(c) }, privateKey, 'dev-idp-1');
    expect((await submit(c, otherKey)).json().error.message).toContain('bad signature');

    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    expect((await submit(c, none)).json().error.code).toBe('SOCIAL_TOKEN_INVALID');

    const unknownNonce = await idTokenFor('dev-bob', 'never-issued-nonce');
    expect((await submit(c, unknownNonce)).json().error.message).toContain('nonce');
    expect((await c.get('/web-api/session')).json().user_id).toBeNull();
  });

  it('answers 404 for an unknown provider and 400 for a form without a credential', async () => {
    const c = new TestClient(t.app, '127.7.0.5');
    expect((await c.get('/social-api/oauth/nope/clientId')).json().error.code).toBe(
      'SOCIAL_PROVIDER_UNKNOWN',
    );
    const form = multipart({ language: 'en', currency: 'EUR', countryId: '3' });
    const res = await c.call('POST', '/social-api/oauth/dev', form.body, form.headers);
    expect([res.statusCode, res.json().error.code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});

describe('the development provider is offered only where it works', () => {
  it('lists it, hands out its client id and takes its tokens for a client on this machine only', async () => {
    const local = await t.app.inject({ method: 'GET', url: '/social-api/providers' });
    expect(local.statusCode).toBe(200);
    expect(local.headers['cache-control']).toBe('no-store');
    expect(local.json()).toEqual({ providers: [{ name: 'dev', authorizeUrl: '/dev-idp/authorize' }] });
    const credential = await idTokenFor('dev-alice', await startSignIn(new TestClient(t.app)));

    const elsewhere: [string, Record<string, string>][] = [
      ['203.0.113.9', {}],
      ['203.0.113.9', { 'x-forwarded-for': '127.0.0.1' }],
      // A proxy on this machine forwarding for someone else.
      ['127.0.0.1', { 'x-forwarded-for': '198.51.100.20' }],
    ];
    for (const [remoteAddress, headers] of elsewhere) {
      const at = `${remoteAddress} ${JSON.stringify(headers)}`;
      const listed = await t.app.inject({
        method: 'GET',
        url: '/social-api/providers',
        remoteAddress,
        headers,
      });
      expect(listed.json(), at).toEqual({ providers: [] });
      const client = await t.app.inject({
        method: 'GET',
        url: '/social-api/oauth/dev/clientId',
        remoteAddress,
        headers,
      });
      expect([client.statusCode, client.json().error?.code], at).toEqual([404, 'SOCIAL_PROVIDER_UNKNOWN']);
      const form = multipart({ credential, language: 'en', currency: 'EUR', countryId: '3' });
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/social-api/oauth/dev',
        payload: form.body,
        headers: { ...form.headers, ...headers },
        remoteAddress,
      });
      expect([signIn.statusCode, signIn.json().error?.code], at).toEqual([404, 'SOCIAL_PROVIDER_UNKNOWN']);
    }
  });
});

describe('development pages in production', () => {
  it('serves neither the development IdP nor the inbox with NODE_ENV=production', async () => {
    const prod = await createTestApp({
      roles: 'api',
      env: {
        NODE_ENV: 'production',
        MESSAGING: 'off',
        AUTH_SECRET: 'a-production-auth-secret-0123456789abcdefghij',
      },
    });
    try {
      for (const url of ['/dev-idp/jwks', '/dev/inbox', '/dev/inbox.json']) {
        expect((await prod.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
      expect(
        (await prod.app.inject({ method: 'GET', url: '/social-api/oauth/dev/clientId' })).statusCode,
      ).toBe(404);
      const listed = await prod.app.inject({ method: 'GET', url: '/social-api/providers' });
      expect(listed.json()).toEqual({ providers: [] });
    } finally {
      await prod.close();
    }
  });

  it('shows the development inbox as a page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/inbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});
