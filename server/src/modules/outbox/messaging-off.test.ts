/**
 * MESSAGING=off: the flows that need a delivered code (SMS sign-in and phone registration codes,
 * password recovery by e-mail or SMS) answer 403 MESSAGING_OFF and store nothing: no message in the
 * outbox, no code issued, no rate-limit counted; the site config says features.isMessagingEnabled
 * false. The flows that need no code (one-click and full registration, sign-in by password) still
 * work. With messaging on the same requests pass the gate.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { fullRegistration, TestClient } from '../../testing/test-client.ts';

const AUTH = '/web-api/auth/v1';
const PHONE = { phoneCode: '7', phoneNumber: '9991234567' };

/** Every code flow with a valid body. */
const CODE_FLOWS: [string, Record<string, unknown>][] = [
  [`${AUTH}/sms/send`, { ...PHONE, purpose: 'login' }],
  [`${AUTH}/sms/send`, { ...PHONE, purpose: 'registration' }],
  [`${AUTH}/login/sms`, { ...PHONE, code: '123456', remember: true }],
  [
    `${AUTH}/registration/phone`,
    { countryId: 1, currency: 'RUB', ...PHONE, code: '123456', password: 'long enough 1' },
  ],
  [`${AUTH}/password/forgot`, { channel: 'email', email: 'someone@parlay.test' }],
  [`${AUTH}/password/forgot`, { channel: 'sms', ...PHONE }],
  [
    `${AUTH}/password/reset`,
    { channel: 'email', email: 'someone@parlay.test', code: '123456', newPassword: 'long enough 2' },
  ],
];

async function stored(t: TestApp) {
  const db = t.deps.db.db;
  const count = async (table: 'outbox_messages' | 'auth_codes') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { messages: await count('outbox_messages'), codes: await count('auth_codes') };
}

describe('MESSAGING=off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ roles: 'api', env: { MESSAGING: 'off' } });
  });
  afterAll(async () => t.close());

  it('tells the web (features.isMessagingEnabled false)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/bff-api/config/all.json?lang=en' });
    expect(res.json().features.isMessagingEnabled).toBe(false);
  });

  it('refuses every flow that needs a code with 403 MESSAGING_OFF, storing nothing', async () => {
    const before = await stored(t);
    let ip = 0;
    for (const [url, body] of CODE_FLOWS) {
      ip += 1;
      const c = new TestClient(t.app, `10.29.0.${ip}`);
      const res = await c.post(url, body);
      expect([res.statusCode, res.json().error?.code], `${url} ${res.body}`).toEqual([403, 'MESSAGING_OFF']);
    }
    expect(await stored(t)).toEqual(before);
  });

  it('still answers bad input with 400 first (the schema runs before the gate)', async () => {
    const c = new TestClient(t.app, '10.29.1.1');
    const res = await c.post(`${AUTH}/sms/send`, { ...PHONE, purpose: 'spam' });
    expect([res.statusCode, res.json().error.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('keeps the flows that need no code: one-click and full registration', async () => {
    const c = new TestClient(t.app, '10.29.2.1');
    expect((await c.post(`${AUTH}/registration/fast`, { countryId: 1, currency: 'RUB' })).statusCode).toBe(
      200,
    );
    const d = new TestClient(t.app, '10.29.2.2');
    const full = await d.post(`${AUTH}/registration/full`, fullRegistration('off@parlay.test'));
    expect(full.statusCode, full.body).toBe(200);
  });
});

describe('MESSAGING=on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ roles: 'api' });
  });
  afterAll(async () => t.close());

  it('lets the same requests through the gate', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/bff-api/config/all.json?lang=en' });
    expect(res.json().features.isMessagingEnabled).toBe(true);
    const c = new TestClient(t.app, '10.29.3.1');
    const sent = await c.post(`${AUTH}/sms/send`, { ...PHONE, purpose: 'registration' });
    expect(sent.statusCode, sent.body).toBe(200);
    const forgot = await new TestClient(t.app, '10.29.3.2').post(`${AUTH}/password/forgot`, {
      channel: 'email',
      email: 'nobody@parlay.test',
    });
    expect(forgot.json().error?.code).not.toBe('MESSAGING_OFF');
    expect((await stored(t)).messages).toBeGreaterThan(0);
  });
});
