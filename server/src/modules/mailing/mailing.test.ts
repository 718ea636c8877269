/**
 * Mailing preferences and the signed one-click unsubscribe: defaults, changes, bad input, a forged,
 * a replayed and a mail client's form (RFC 8058) unsubscribe, and the key from NEWSLETTER_SECRET.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { TestClient } from '../../testing/test-client.ts';
import { createAuthService } from '../auth/index.ts';
import { SiteConfigService } from '../config/index.ts';
import { createMailingService, DEFAULT_PREFERENCES, type MailingService } from './index.ts';

const BASE = '/web-api/mailing/v1';
let t: TestApp;
let mailing: MailingService;
let ip = 10;

async function player() {
  ip += 1;
  const client = new TestClient(t.app, `10.18.0.${ip}`);
  expect(
    (await client.post('/web-api/auth/v1/registration/fast', { countryId: 1, currency: 'RUB' })).statusCode,
  ).toBe(200);
  const userId = BigInt((await client.get('/web-api/user/config')).json().result.user_id);
  return { client, userId };
}

beforeAll(async () => {
  t = await createTestApp({ roles: 'api' });
  const auth = createAuthService(t.deps, new SiteConfigService(t.deps.db.db, t.deps.bus, t.deps.clock));
  mailing = createMailingService({ db: t.deps.db.db, clock: t.deps.clock, newsletterSecret: null }, auth);
});
afterAll(async () => {
  await t?.close();
});

const put = (client: TestClient, body: unknown) => client.call('PUT', `${BASE}/preferences`, body);

describe('mailing preferences', () => {
  it('answers the defaults, changes a subset and refuses bad input', async () => {
    const { client } = await player();
    expect((await client.get(`${BASE}/preferences`)).json()).toEqual(DEFAULT_PREFERENCES);
    const changed = await put(client, { smsNews: true, marketingConsent: true });
    expect(changed.json()).toEqual({ ...DEFAULT_PREFERENCES, smsNews: true, marketingConsent: true });
    for (const body of [{}, { smsNews: 'yes' }, { unknown: true }]) {
      const res = await put(client, body);
      expect([JSON.stringify(body), res.statusCode, res.json().error?.code]).toEqual([
        JSON.stringify(body),
        400,
        'VALIDATION_FAILED',
      ]);
    }
    expect((await client.get(`${BASE}/preferences`)).json().smsNews).toBe(true);
    expect((await new TestClient(t.app, '10.18.1.1').get(`${BASE}/preferences`)).statusCode).toBe(401);
  });

  it('a signed link unsubscribes from everything, again harmlessly; a forged one is refused', async () => {
    const { client, userId } = await player();
    await put(client, { smsNews: true, marketingConsent: true });
    const link = new URL(await mailing.unsubscribeLink('https://parlay.example', 'ru', userId));
    expect(link.pathname).toBe('/ru/user/stopnewsletter');
    const u = link.searchParams.get('u')!;
    const s = link.searchParams.get('s')!;
    const guest = new TestClient(t.app, '10.18.2.1');
    for (const [body, code] of [
      [{ u, s: `${s.slice(0, -1)}${s.endsWith('A') ? 'B' : 'A'}` }, 'MAILING_LINK_INVALID'],
      [{ u: String(userId + 1n), s }, 'MAILING_LINK_INVALID'],
      [{ u: 'x', s }, 'MAILING_LINK_INVALID'],
      [{}, 'MAILING_LINK_INVALID'],
    ] as const) {
      const res = await guest.post(`${BASE}/stopnewsletter`, body);
      expect([res.statusCode, res.json().error.code]).toEqual([400, code]);
    }
    expect((await client.get(`${BASE}/preferences`)).json().smsNews).toBe(true);
    expect((await guest.post(`${BASE}/stopnewsletter`, { u, s })).json()).toEqual({ ok: true });
    const after = (await client.get(`${BASE}/preferences`)).json();
    expect(after).toMatchObject({
      emailNews: false,
      smsNews: false,
      promoOffers: false,
      marketingConsent: true,
    });
    expect(after.unsubscribedAt).not.toBeNull();
    // The mail client's one-click POST: a form body, u and s in the query.
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `${BASE}/stopnewsletter?u=${u}&s=${s}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.json()).toEqual({ ok: true });
    expect((await client.get(`${BASE}/preferences`)).json().unsubscribedAt).toBe(after.unsubscribedAt);
    expect(await mailing.mayReceive(userId, 'email')).toBe(false);
  });

  it('signs with NEWSLETTER_SECRET when set, so links of another key fail', async () => {
    const { userId } = await player();
    const other = createMailingService(
      { db: t.deps.db.db, clock: t.deps.clock, newsletterSecret: 'k'.repeat(32) },
      { keys: undefined as never },
    );
    const link = new URL(await other.unsubscribeLink('https://parlay.example', 'en', userId));
    await expect(
      mailing.unsubscribe(link.searchParams.get('u')!, link.searchParams.get('s')!),
    ).rejects.toThrow('not valid');
    await other.unsubscribe(link.searchParams.get('u')!, link.searchParams.get('s')!);
    expect((await other.get(userId)).emailNews).toBe(false);
  });
});
