/**
 * Device fingerprint (token from the in-house provider, kept on the session row, refused when forged
 * or expired, logged when missing), referral cookies stored at registration, the phone countries and
 * masks lists, and the conversion countdown of one-click accounts (remaining_days_to_activate).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { lastCode, TestClient } from '../../testing/test-client.ts';
import { DEV_PROVIDER_SCRIPT, FINGERPRINT_HEADER } from './device-fingerprint.ts';

const clock = new ManualClock(new Date('2026-11-22T10:00:00Z'));
const VISITOR = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
let t: TestApp;
let ipCounter = 0;
const client = () => {
  ipCounter += 1;
  return new TestClient(t.app, `10.9.0.${ipCounter}`);
};

beforeAll(async () => {
  t = await createTestApp({ roles: 'api', env: { DEV_TOOLS: 'on' }, clock });
});
afterAll(async () => {
  await t.close();
});

async function fingerprintToken(c: TestClient, data = VISITOR): Promise<string> {
  const res = await c.post('/web-api/auth/v1/fingerprint', { data });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { token: string; expiresAt: string; data: string };
  expect(body.data).toBe(data);
  expect(Date.parse(body.expiresAt)).toBe(Math.floor(clock.nowMs() / 1000) * 1000 + 3_600_000);
  return body.token;
}

async function sessionRows(userId: number) {
  return t.deps.db.db
    .selectFrom('auth_sessions')
    .select(['device_fingerprint', 'fingerprint_status', 'method'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

async function registerFast(c: TestClient, headers: Record<string, string> = {}) {
  const res = await c.post('/web-api/auth/v1/registration/fast', { countryId: 1, currency: 'RUB' }, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { userId: number; accountNumber: string; password: string };
}

describe('device fingerprint', () => {
  it('serves the development provider script', async () => {
    const res = await client().get('/web-api/auth/v1/fingerprint/provider.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.body).toBe(DEV_PROVIDER_SCRIPT);
    expect(res.body).toContain('window.parlayFingerprint');
  });

  it('keeps the visitor id on the session of a registration and of a sign-in', async () => {
    const c = client();
    const token = await fingerprintToken(c);
    const { userId, accountNumber, password } = await registerFast(c, { [FINGERPRINT_HEADER]: token });
    const other = client();
    const login = await other.post(
      '/web-api/auth/v1/login',
      { login: accountNumber, password, remember: false },
      { [FINGERPRINT_HEADER]: await fingerprintToken(other, 'ff'.repeat(16)) },
    );
    expect(login.statusCode, login.body).toBe(200);
    expect(await sessionRows(userId)).toEqual([
      { device_fingerprint: VISITOR, fingerprint_status: 'ok', method: 'registration' },
      { device_fingerprint: 'ff'.repeat(16), fingerprint_status: 'ok', method: 'password' },
    ]);
  });

  it('signs in without one (recorded as missing) and refuses a forged or expired one', async () => {
    const c = client();
    const { userId, accountNumber, password } = await registerFast(c);
    const body = { login: accountNumber, password, remember: false };
    const forged = await client().post('/web-api/auth/v1/login', body, {
      [FINGERPRINT_HEADER]: `${await fingerprintToken(c)}x`,
    });
    expect([forged.statusCode, forged.json().error.code]).toEqual([400, 'FINGERPRINT_INVALID']);
    const token = await fingerprintToken(c);
    clock.advance(3_600_001);
    const expired = await client().post('/web-api/auth/v1/login', body, { [FINGERPRINT_HEADER]: token });
    expect([expired.statusCode, expired.json().error.code]).toEqual([400, 'FINGERPRINT_INVALID']);
    const fresh = await client().post('/web-api/auth/v1/login', body, {
      [FINGERPRINT_HEADER]: await fingerprintToken(c),
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect((await sessionRows(userId)).map((r) => r.fingerprint_status)).toEqual(['missing', 'ok']);
  });

  it('refuses a visitor id that is not a hash', async () => {
    const res = await client().post('/web-api/auth/v1/fingerprint', { data: 'not a hash' });
    expect([res.statusCode, res.json().error.code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});

describe('referral cookies at registration', () => {
  it('stores every referral cookie and the referrer', async () => {
    const referrer = await registerFast(client());
    const c = client();
    const cookie = `refererid=${referrer.userId}; bf_id=bf-7; reflinkid=link_1; partner_id=p9; postback=pb1; subid=s.2; lng=en`;
    const { userId } = await registerFast(c, { cookie });
    const row = await t.deps.db.db
      .selectFrom('user_referrals')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect({ ...row, referer_id: Number(row.referer_id), created_at: undefined }).toEqual({
      user_id: userId,
      referer_id: referrer.userId,
      bf_id: 'bf-7',
      reflink_id: 'link_1',
      partner_id: 'p9',
      postback: 'pb1',
      sub_id: 's.2',
      created_at: undefined,
    });
    const config = (await c.get('/web-api/user/config')).json().result;
    expect(config.user_ref_id).toBe(referrer.userId);
  });

  it('stores nothing without cookies and ignores malformed ones', async () => {
    const plain = await registerFast(client());
    const odd = await registerFast(client(), { cookie: 'refererid=abc; subid=a b' });
    const rows = await t.deps.db.db
      .selectFrom('user_referrals')
      .select('user_id')
      .where('user_id', 'in', [plain.userId, odd.userId])
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('phone countries and masks', () => {
  it('lists the site countries with calling codes and a mask for each', async () => {
    const countries = (await client().get('/web-api/auth/v1/phone/countries?lang=en')).json().items;
    const masks = (await client().get('/web-api/auth/v1/phone/masks')).json().items;
    expect(countries[0]).toEqual({ id: 1, name: 'Russia', country_code: 'ru', tel_code: '+7' });
    expect(masks[0]).toEqual({ CountryId: 1, Mask: '(###) ###-##-##', Min: 10, Max: 10 });
    expect(masks.map((m: { CountryId: number }) => m.CountryId)).toEqual(
      countries.map((c: { id: number }) => c.id),
    );
    for (const mask of masks as { Mask: string; Min: number; Max: number }[]) {
      expect(mask.Min).toBeLessThanOrEqual(mask.Max);
      expect(mask.Mask.split('#').length - 1).toBeGreaterThanOrEqual(mask.Min);
    }
    const ru = (await client().get('/web-api/auth/v1/phone/countries')).json().items;
    expect(ru[0].name).toBe('Россия');
  });
});

describe('conversion of a one-click account', () => {
  it('counts down 30 days until a contact is confirmed', async () => {
    const c = client();
    const { password } = await registerFast(c);
    expect((await c.get('/web-api/user/config')).json().result.remaining_days_to_activate).toBe(30);
    clock.advance(86_400_000 + 1000);
    // The signed token lives 15 minutes; the remembered session renews it.
    expect((await c.get('/web-api/user/gettoken?force_refresh=true')).statusCode).toBe(200);
    expect((await c.get('/web-api/user/config')).json().result.remaining_days_to_activate).toBe(29);
    expect((await c.post('/web-api/auth/v1/reauth', { password })).statusCode).toBe(200);
    const phone = `9${String(Date.now()).slice(-9)}`;
    expect(
      (await c.post('/web-api/auth/v1/contacts/phone', { phoneCode: '+7', phoneNumber: phone })).statusCode,
    ).toBe(200);
    const code = await lastCode(t.app, `+7${phone}`);
    const confirmed = await c.post('/web-api/auth/v1/contacts/confirm', { channel: 'phone', code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await c.get('/web-api/user/config')).json().result.remaining_days_to_activate).toBeNull();
  });
});
