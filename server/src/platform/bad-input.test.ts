/**
 * The bad inputs of issue 16 item 12, each of which answered 5xx: every one is now a 4xx with a
 * stable code from the catalogue, and nothing is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { registerFullPlayer, TestClient } from '../testing/test-client.ts';

describe('bad input answers 4xx with a stable code (issue 16 item 12)', () => {
  let t: TestApp;
  let player: TestClient;
  let accountId: string;

  beforeAll(async () => {
    t = await createTestApp({ roles: 'api', env: { DEV_TOOLS: 'on' } });
    player = new TestClient(t.app, '10.16.12.1');
    await registerFullPlayer(player, 'bad-input@example.com');
    const accounts = (await player.get('/web-api/accounts/v1/accounts')).json();
    accountId = String(accounts.mainAccount?.id ?? accounts.accounts[0].id);
  });
  afterAll(async () => {
    await t.close();
  });

  const key = { 'idempotency-key': 'bad-input-0001' };
  const coupon = (extra: Record<string, unknown>) => ({
    typeId: 0,
    amount: '1000',
    accountId,
    bets: [{ outcomeId: '1', coef: 1.5 }],
    ...extra,
  });

  const cases: {
    name: string;
    send: () => Promise<{ statusCode: number; json(): { error?: { code: string } } }>;
    code: string;
    status?: number;
  }[] = [
    {
      name: 'a bet id past 2^63 in the path',
      send: () => player.get('/web-api/betting/v1/bets/9223372036854775808'),
      code: 'VALIDATION_FAILED',
    },
    {
      name: 'a bet id past 2^63 in a cash-out path',
      send: () => player.post('/web-api/betting/v1/bets/9223372036854775808/cashout', {}, key),
      code: 'VALIDATION_FAILED',
    },
    {
      name: 'an outcome id past 2^63 as a string',
      send: () =>
        player.post(
          '/web-api/betting/v1/coupons',
          coupon({ bets: [{ outcomeId: '9223372036854775808', coef: 1.5 }] }),
          key,
        ),
      code: 'VALIDATION_FAILED',
    },
    {
      name: 'an account id past 2^63 in a quote',
      send: () =>
        player.post('/web-api/betting/v1/coupons/quote', coupon({ accountId: '9223372036854775808' })),
      code: 'VALIDATION_FAILED',
    },
    {
      name: 'an outcome id past 2^53 as a JSON number',
      send: () =>
        player.call(
          'POST',
          '/web-api/betting/v1/coupons',
          `{"typeId":0,"amount":"1000","accountId":"${accountId}","bets":[{"outcomeId":9223372036854775808,"coef":1.5}]}`,
          { ...key, 'content-type': 'application/json' },
        ),
      code: 'VALIDATION_FAILED',
    },
    {
      name: 'a payment method id of 2^53',
      send: () =>
        player.post(
          '/web-api/payments/v1/deposits',
          { accountId, methodId: 9007199254740992, amount: '100', lng: 'en' },
          key,
        ),
      code: 'VALIDATION_FAILED',
    },
    {
      name: 'a payment method id past the 32-bit range',
      send: () =>
        player.post(
          '/web-api/payments/v1/deposits',
          { accountId, methodId: 2 ** 31, amount: '100', lng: 'en' },
          key,
        ),
      code: 'VALIDATION_FAILED',
    },
    {
      name: 'limit=1e309 on the line',
      send: () => t.app.inject({ method: 'GET', url: '/web-api/sportsbook/v1/line?limit=1e309' }),
      code: 'VALIDATION_FAILED',
    },
    {
      name: 'limit=-1e309 in search',
      send: () => t.app.inject({ method: 'GET', url: '/web-api/sportsbook/v1/search?q=ab&limit=-1e309' }),
      code: 'VALIDATION_FAILED',
    },
    {
      name: 'a game id of Infinity',
      send: () => t.app.inject({ method: 'GET', url: '/web-api/sportsbook/v1/games/Infinity' }),
      code: 'VALIDATION_FAILED',
    },
    {
      name: 'an object where a map of amounts is expected',
      send: () =>
        player.post(
          '/web-api/betting/v1/coupons',
          coupon({ typeId: 10001, amountByBetId: { $gt: '' } }),
          key,
        ),
      code: 'VALIDATION_FAILED',
    },
    {
      name: 'a map of amounts keyed by something other than an outcome id',
      send: () =>
        player.post(
          '/web-api/betting/v1/coupons',
          coupon({ typeId: 10001, amountByBetId: { ':': '0' } }),
          key,
        ),
      code: 'VALIDATION_FAILED',
    },
    {
      name: 'a NUL byte in a login',
      send: () =>
        t.app.inject({
          method: 'POST',
          url: '/web-api/auth/v1/login',
          payload: { login: '\u0000', password: 'whatever-password' },
        }),
      code: 'VALIDATION_FAILED',
    },
    {
      name: 'a NUL byte in a query parameter',
      send: () =>
        t.app.inject({ method: 'GET', url: '/dev/inbox.json?to=%00&limit=1', remoteAddress: '127.0.0.1' }),
      code: 'VALIDATION_FAILED',
    },
    {
      name: 'a reality-check time past 2^53',
      send: () =>
        player.post('/web-api/api/web/user/v1/reality-check', {
          data: {
            attributes: { action: 'nothing', do_not_show_again: false, popup_show_at: 9007199254740992 },
          },
        }),
      code: 'VALIDATION_FAILED',
    },
    {
      name: 'multipart without a boundary on social sign-in',
      send: () =>
        t.app.inject({
          method: 'POST',
          url: '/social-api/oauth/dev',
          headers: { 'content-type': 'multipart/form-data' },
          payload: '--x\r\ncontent-disposition: form-data; name="credential"\r\n\r\nabc\r\n--x--',
        }),
      code: 'MALFORMED_BODY',
    },
    {
      name: 'a multipart body that is not one',
      send: () =>
        t.app.inject({
          method: 'POST',
          url: '/social-api/oauth/dev',
          headers: { 'content-type': 'multipart/form-data; boundary=x' },
          payload: 'null',
        }),
      code: 'MALFORMED_BODY',
    },
    {
      name: 'a notification from an unknown payment provider',
      send: () =>
        t.app.inject({
          method: 'POST',
          url: '/payments-api/v1/notify/nosuchprovider',
          headers: { 'content-type': 'application/json' },
          payload: '{}',
        }),
      code: 'PAYMENT_PROVIDER_UNKNOWN',
      status: 404,
    },
    {
      name: 'a redirect question about a URL that does not parse',
      send: () =>
        t.app.inject({
          method: 'POST',
          url: '/redirects-api/api/v1/redirect-light',
          payload: { url: 'http://' },
        }),
      code: 'VALIDATION_FAILED',
    },
    {
      name: 'a referrer id past the 32-bit range',
      send: () =>
        new TestClient(t.app, '10.16.12.2').post('/web-api/auth/v1/registration/fast', {
          countryId: 1,
          currency: 'RUB',
          refId: 2 ** 31,
        }),
      code: 'VALIDATION_FAILED',
    },
    {
      name: 'a user id past the 32-bit range in an activation link',
      send: () => player.post('/web-api/auth/v1/activation/link', { userId: 2 ** 31, code: '000000' }),
      code: 'VALIDATION_FAILED',
    },
    {
      name: 'a reality-check time after year 9999',
      send: () =>
        player.post('/web-api/api/web/user/v1/reality-check', {
          data: {
            attributes: {
              action: 'nothing',
              do_not_show_again: false,
              popup_show_at: '+010000-01-01T00:00:00Z',
            },
          },
        }),
      code: 'VALIDATION_FAILED',
    },
    {
      name: 'a broken percent-escape in the path',
      send: () => t.app.inject({ method: 'GET', url: '/web-api/betting/v1/bets/%E0%A4%A' }),
      code: 'MALFORMED_URL',
    },
    {
      name: 'a path parameter past the longest the router takes',
      send: () => t.app.inject({ method: 'GET', url: `/web-api/betting/v1/coupon-codes/${'a'.repeat(600)}` }),
      code: 'URL_TOO_LONG',
      status: 414,
    },
    {
      name: 'a gzip body that does not decompress',
      send: () =>
        t.app.inject({
          method: 'POST',
          url: '/web-api/auth/v1/login',
          headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
          payload: '{"login":"a","password":"b"}',
        }),
      code: 'MALFORMED_BODY',
    },
    {
      name: 'a content encoding the server does not know',
      send: () =>
        t.app.inject({
          method: 'POST',
          url: '/web-api/auth/v1/login',
          headers: { 'content-type': 'application/json', 'content-encoding': 'zstd-nope' },
          payload: '{"login":"a","password":"b"}',
        }),
      code: 'UNSUPPORTED_MEDIA_TYPE',
      status: 415,
    },
  ];

  for (const c of cases) {
    it(c.name, async () => {
      const res = await c.send();
      expect(res.statusCode).toBe(c.status ?? 400);
      expect(res.json().error?.code).toBe(c.code);
    });
  }
});
