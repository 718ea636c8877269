import { decodeBase32 } from '@parlay/domain/auth/base32.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  fullRegistration,
  lastCode,
  lastMessage,
  registerFullPlayer,
  TestClient,
} from '../../testing/test-client.ts';
import { SiteConfigService } from '../config/index.ts';
import { TermsService } from './index.ts';
import { totp } from './totp.ts';

let t: TestApp;
let ipCounter = 0;
/** Each client gets its own address, so per-address limits of one test do not touch another. */
const client = () => {
  ipCounter += 1;
  return new TestClient(t.app, `10.1.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`);
};

const full = (email: string, extra: Record<string, unknown> = {}) =>
  fullRegistration(email, { countryCode: 'ru', ...extra });

const registerFull = (email: string) => registerFullPlayer(client(), email, { countryCode: 'ru' });

async function login(c: TestClient, loginName: string, password: string) {
  return c.post('/web-api/auth/v1/login', { login: loginName, password, remember: true });
}

beforeAll(async () => {
  t = await createTestApp({ roles: 'api', env: { DEV_TOOLS: 'on' } });
});
afterAll(async () => {
  await t.close();
});

describe('registration', () => {
  it('full registration signs in, e-mails a confirmation code, and the code activates the e-mail', async () => {
    const { c, userId } = await registerFull('ada@example.com');
    const status = await c.get('/web-api/auth/v1/session');
    expect(status.json()).toEqual({
      userId,
      banLevel: 0,
      banVersion: 1,
      isTermsChanged: false,
      termsUpdatedAt: null,
    });
    const before = (await c.get('/web-api/user/config')).json().result;
    expect(before).toMatchObject({
      user_id: userId,
      user_email: 'ada@example.com',
      user_name: 'Ada Lovelace',
      activation_type: 1,
      remaining_days_to_activate: 30,
      protection_level: 0,
      ban_level: 0,
      verification_status: 1,
      has_deposit: false,
      disallow_line_sport: [],
      user_data: { date_birthday: '1990-12-10', name: 'Ada', surname: 'Lovelace' },
    });
    expect((await lastMessage(t.app, 'ada@example.com')).template).toBe('confirm_email');
    const wrong = await c.post('/web-api/auth/v1/contacts/confirm', { channel: 'email', code: '000000' });
    expect(wrong.json().error.code).toBe(wrong.statusCode === 400 ? 'WRONG_CODE' : 'x');
    const code = await lastCode(t.app, 'ada@example.com');
    const ok = await c.post('/web-api/auth/v1/contacts/confirm', { channel: 'email', code });
    expect(ok.json()).toEqual({ result: true });
    const after = (await c.get('/web-api/user/config')).json().result;
    expect(after.remaining_days_to_activate).toBeNull();
    expect(after.protection_methods.enable_email_auth).toBe(true);
    expect(after.protection_level).toBe(20);
  });

  it('one-click registration answers an account number and password that sign in, and e-mails them on request', async () => {
    const c = client();
    const res = await c.post('/web-api/auth/v1/registration/fast', { countryId: 1, currency: 'USD' });
    expect(res.statusCode).toBe(200);
    const { accountNumber, password, userId } = res.json();
    expect(accountNumber).toMatch(/^\d{10}$/);
    expect(password).toHaveLength(12);
    const wrongPassword = await c.post('/web-api/auth/v1/registration/credentials/email', {
      email: 'me@example.com',
      password: 'not the password',
    });
    expect(wrongPassword.json().error.code).toBe('INVALID_CREDENTIALS');
    const mailed = await c.post('/web-api/auth/v1/registration/credentials/email', {
      email: 'me@example.com',
      password,
    });
    expect(mailed.json()).toEqual({ result: true });
    expect((await lastMessage(t.app, 'me@example.com')).body).toContain(accountNumber);
    const other = client();
    const signed = await login(other, accountNumber, password);
    expect(signed.json()).toEqual({ result: 'ok', userId, twoStepToken: null });
  });

  it('phone registration with an SMS code, then SMS-code and phone-password sign-in', async () => {
    const c = client();
    const phone = { phoneCode: '+7', phoneNumber: '912 345-67-89' };
    await c.post('/web-api/auth/v1/sms/send', { ...phone, purpose: 'registration' });
    const code = await lastCode(t.app, '+79123456789');
    const wrong = await c.post('/web-api/auth/v1/registration/phone', {
      ...phone,
      code: code === '111111' ? '222222' : '111111',
      password: 'phone password',
      countryId: 1,
      currency: 'RUB',
    });
    expect(wrong.json().error.code).toBe('WRONG_CODE');
    const res = await c.post('/web-api/auth/v1/registration/phone', {
      ...phone,
      code,
      password: 'phone password',
      countryId: 1,
      currency: 'RUB',
    });
    expect(res.statusCode, res.body).toBe(200);
    const config = (await c.get('/web-api/user/config')).json().result;
    expect(config).toMatchObject({ phone_code: '+7', phone_number: '9123456789', activation_type: 3 });
    expect(config.remaining_days_to_activate).toBeNull();

    const other = client();
    const again = await other.post('/web-api/auth/v1/sms/send', { ...phone, purpose: 'login' });
    expect(again.json()).toEqual({ result: true, resendAfterSeconds: 60 });
    const smsCode = await lastCode(t.app, '+79123456789');
    const signed = await other.post('/web-api/auth/v1/login/sms', { ...phone, code: smsCode });
    expect(signed.json().result).toBe('ok');
    const byPassword = await client().post('/web-api/auth/v1/login/phone', {
      ...phone,
      password: 'phone password',
    });
    expect(byPassword.json().result).toBe('ok');
    const tooSoon = await other.post('/web-api/auth/v1/sms/send', { ...phone, purpose: 'login' });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().error.code).toBe('RATE_LIMITED');
    const unknownPhone = await other.post('/web-api/auth/v1/sms/send', {
      phoneCode: '7',
      phoneNumber: '9000000000',
      purpose: 'login',
    });
    expect(unknownPhone.json()).toEqual({ result: true, resendAfterSeconds: 60 });
  });

  it('refuses bad input with stable codes and creates nothing', async () => {
    const count = async () => (await t.deps.db.db.selectFrom('users').select('id').execute()).length;
    const before = await count();
    const cases: [Record<string, unknown>, number, string][] = [
      [full('short@example.com', { password: '1234567' }), 400, 'PASSWORD_TOO_SHORT'],
      [full('long@example.com', { password: 'x'.repeat(129) }), 400, 'PASSWORD_TOO_LONG'],
      [full('young@example.com', { birthDate: '2015-01-01' }), 400, 'UNDERAGE'],
      [full('date@example.com', { birthDate: '1990-02-30' }), 400, 'VALIDATION_FAILED'],
      [full('not-an-email'), 400, 'VALIDATION_FAILED'],
      [full('cur@example.com', { currency: 'XXX' }), 400, 'VALIDATION_FAILED'],
      [full('extra@example.com', { isAdmin: true }), 400, 'VALIDATION_FAILED'],
      [full('ada@example.com'), 409, 'EMAIL_TAKEN'],
    ];
    for (const [body, status, code] of cases) {
      const res = await client().post('/web-api/auth/v1/registration/full', body);
      expect([res.statusCode, res.json().error.code]).toEqual([status, code]);
    }
    const ok64 = await client().post(
      '/web-api/auth/v1/registration/full',
      full('p64@example.com', { password: 'y'.repeat(64) }),
    );
    expect(ok64.statusCode).toBe(200);
    expect(await count()).toBe(before + 1);
  });

  it('is refused while registration is closed, or for a type that is not offered', async () => {
    const service = new SiteConfigService(t.deps.db.db, t.deps.bus, t.deps.clock);
    await service.set('registration.isRegistrationAllowed', false);
    try {
      const closed = await client().post('/web-api/auth/v1/registration/fast', {
        countryId: 1,
        currency: 'RUB',
      });
      expect([closed.statusCode, closed.json().error.code]).toEqual([403, 'REGISTRATION_DISABLED']);
    } finally {
      await service.reset('registration.isRegistrationAllowed');
    }
    await service.set('registration.registrationTypes', ['full']);
    try {
      const type = await client().post('/web-api/auth/v1/registration/fast', {
        countryId: 1,
        currency: 'RUB',
      });
      expect([type.statusCode, type.json().error.code]).toEqual([403, 'REGISTRATION_TYPE_DISABLED']);
    } finally {
      await service.reset('registration.registrationTypes');
    }
  });
});

describe('sign-in', () => {
  it('answers an unknown account exactly like a wrong password, in similar time', async () => {
    await registerFull('enum@example.com');
    const time = async (loginName: string) => {
      const started = performance.now();
      const res = await login(client(), loginName, 'wrong password!');
      return { ms: performance.now() - started, status: res.statusCode, body: res.body };
    };
    await time('warmup@example.com');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const a = await time('enum@example.com');
      const b = await time(`nobody${i}@example.com`);
      expect(b.status).toBe(a.status);
      expect(b.body).toBe(a.body);
      expect(JSON.parse(a.body).error.code).toBe('INVALID_CREDENTIALS');
      known.push(a.ms);
      unknown.push(b.ms);
    }
    const median = (xs: number[]) => xs.sort((x, y) => x - y)[1]!;
    const ratio = median(known) / median(unknown);
    expect(ratio).toBeGreaterThan(1 / 3);
    expect(ratio).toBeLessThan(3);
  });

  it('needs a session for the user config', async () => {
    const res = await client().get('/web-api/user/config');
    expect([res.statusCode, res.json().error.code]).toEqual([401, 'NOT_AUTHENTICATED']);
  });

  it('token sign-in: a link works once, and a forged one never', async () => {
    const { c, userId } = await registerFull('link@example.com');
    const link = (await c.get('/web-api/auth/v1/login-token?methodId=1')).json();
    expect(link).toMatchObject({ methodId: 1, userId });
    const other = client();
    const ok = await other.post('/web-api/auth/v1/login/token', {
      ...link,
      expiresAt: undefined,
      lang: 'en',
    });
    expect(ok.json()).toEqual({ result: 'ok', userId, redirectUrl: '/en/' });
    expect((await other.get('/web-api/session')).json().user_id).toBe(userId);
    const replay = await client().post('/web-api/auth/v1/login/token', {
      ...link,
      expiresAt: undefined,
      lang: 'en',
    });
    expect(replay.json().error.code).toBe('TOKEN_LOGIN_INVALID');
    const forged = await client().post('/web-api/auth/v1/login/token', {
      methodId: 1,
      userId: userId + 1,
      time: link.time,
      sign: link.sign,
      lang: 'en',
    });
    expect(forged.json().error.code).toBe('TOKEN_LOGIN_INVALID');
  });
});

describe('sessions', () => {
  it('renews the token, lists and ends sessions, and logs out', async () => {
    const { c } = await registerFull('sessions@example.com');
    const second = client();
    await login(second, 'sessions@example.com', 'correct horse battery');
    const first = (await c.get('/web-api/user/gettoken')).json().data.token;
    expect(first).toBe(c.token);
    const renewed = (await c.get('/web-api/user/gettoken?force_refresh=true')).json().data.token;
    expect(renewed).not.toBe(first);
    expect(c.token).toBe(renewed);

    const list = (await c.get('/web-api/auth/v1/sessions')).json().data;
    expect(list).toHaveLength(2);
    const theirs = list.find((s: { isCurrent: boolean }) => !s.isCurrent);
    const missing = await c.call('DELETE', '/web-api/auth/v1/sessions/AAAAAAAAAAAAAAAAAAAAAAAA');
    expect([missing.statusCode, missing.json().error.code]).toEqual([404, 'SESSION_NOT_FOUND']);
    expect((await c.call('DELETE', `/web-api/auth/v1/sessions/${theirs.id}`)).json()).toEqual({
      result: true,
    });
    const ended = await second.get('/web-api/user/gettoken');
    expect([ended.statusCode, ended.json().error.code]).toEqual([401, 'NOT_AUTHENTICATED']);

    const token = c.token;
    const out = await c.post('/web-api/auth/v1/disconnect');
    expect(out.json()).toEqual({ result: true });
    expect(c.token).toBeNull();
    const old = await t.app.inject({
      method: 'GET',
      url: '/web-api/session',
      cookies: { user_token: token! },
    });
    expect(old.json().user_id).toBeNull();
  });

  it('a password change ends the other sessions and only the new password works', async () => {
    const { c } = await registerFull('change@example.com');
    const second = client();
    await login(second, 'change@example.com', 'correct horse battery');
    const wrong = await c.post('/web-api/auth/v1/password/change', {
      currentPassword: 'not it at all',
      newPassword: 'a new long password',
    });
    expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS');
    const res = await c.post('/web-api/auth/v1/password/change', {
      currentPassword: 'correct horse battery',
      newPassword: 'a new long password',
    });
    expect(res.json()).toEqual({ result: true, endedSessions: 1 });
    expect((await second.get('/web-api/session')).json().user_id).toBeNull();
    expect((await c.get('/web-api/session')).json().user_id).not.toBeNull();
    expect((await login(client(), 'change@example.com', 'correct horse battery')).json().error.code).toBe(
      'INVALID_CREDENTIALS',
    );
    expect((await login(client(), 'change@example.com', 'a new long password')).json().result).toBe('ok');
    const config = (await c.get('/web-api/user/config')).json().result;
    expect(config.protection_methods.is_changed_password).toBe(true);
  });
});

describe('two-step sign-in', () => {
  it('turns on with a TOTP code, signs in with codes and single-use backup codes, and turns off', async () => {
    const { c } = await registerFull('totp@example.com');
    const second = client();
    await login(second, 'totp@example.com', 'correct horse battery');
    const early = await c.post('/web-api/auth/v1/two-step/confirm', { code: '123456' });
    expect(early.json().error.code).toBe('TWO_STEP_NOT_STARTED');
    const setup = (await c.post('/web-api/auth/v1/two-step/setup')).json();
    expect(setup.otpauthUri).toContain(`secret=${setup.secret}`);
    const secret = decodeBase32(setup.secret)!;
    const bad = await c.post('/web-api/auth/v1/two-step/confirm', {
      code: totp(secret, Date.now() - 600_000),
    });
    expect(bad.json().error.code).toBe('TWO_STEP_INVALID');
    const confirmed = await c.post('/web-api/auth/v1/two-step/confirm', { code: totp(secret, Date.now()) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { backupCodes } = confirmed.json();
    expect(backupCodes).toHaveLength(10);
    expect((await second.get('/web-api/session')).json().user_id).toBeNull();
    expect((await c.post('/web-api/auth/v1/two-step/setup')).json().error.code).toBe(
      'TWO_STEP_ALREADY_ENABLED',
    );

    const d = client();
    const first = (await login(d, 'totp@example.com', 'correct horse battery')).json();
    expect(first).toMatchObject({ result: 'two_step_required', userId: null });
    expect(d.token).toBeNull();
    const wrong = await d.post('/web-api/auth/v1/login/two-step', {
      twoStepToken: first.twoStepToken,
      code: '000000',
    });
    expect(wrong.json().error.code).toBe('TWO_STEP_INVALID');
    const next = totp(secret, Date.now() + 30_000);
    const ok = await d.post('/web-api/auth/v1/login/two-step', {
      twoStepToken: first.twoStepToken,
      code: next,
    });
    expect(ok.json().result).toBe('ok');
    const reused = await client().post('/web-api/auth/v1/login/two-step', {
      twoStepToken: first.twoStepToken,
      code: next,
    });
    expect(reused.json().error.code).toBe('TWO_STEP_INVALID');

    const e = client();
    const challenge = (await login(e, 'totp@example.com', 'correct horse battery')).json().twoStepToken;
    const byBackup = await e.post('/web-api/auth/v1/login/two-step', {
      twoStepToken: challenge,
      code: backupCodes[0],
    });
    expect(byBackup.json().result).toBe('ok');
    const again = await client().post('/web-api/auth/v1/login/two-step', {
      twoStepToken: challenge,
      code: backupCodes[0],
    });
    expect(again.json().error.code).toBe('TWO_STEP_INVALID');

    const config = (await e.get('/web-api/user/config')).json().result;
    expect(config.protection_methods.enable_two_factor_auth).toBe(true);
    const off = await e.post('/web-api/auth/v1/two-step/disable', { code: backupCodes[1] });
    expect(off.json()).toEqual({ result: true });
    expect(
      (await e.post('/web-api/auth/v1/two-step/disable', { code: backupCodes[2] })).json().error.code,
    ).toBe('TWO_STEP_NOT_ENABLED');
    expect((await login(client(), 'totp@example.com', 'correct horse battery')).json().result).toBe('ok');
  });
});

describe('terms and settings', () => {
  it('stores global settings, refusing bad values unchanged', async () => {
    const { c, userId } = await registerFull('settings@example.com');
    const defaults = (await c.get('/web-api/user/settings')).json().result;
    expect(defaults).toMatchObject({
      userId,
      appTheme: 0,
      isAccumulatorOfDay: 1,
      timeZone: 3,
      isUserTermsChanged: false,
    });
    const changed = await c.call('PUT', '/web-api/user/settings', {
      appTheme: 1,
      coefViewId: 2,
      hideLeft: 1,
    });
    expect(changed.json().result).toMatchObject({ appTheme: 1, coefViewId: 2, hideLeft: 1 });
    for (const bad of [{ appTheme: 2 }, { coefViewId: 3 }, { nope: 1 }, {}, { appTheme: 0, timeZone: 99 }]) {
      const res = await c.call('PUT', '/web-api/user/settings', bad);
      expect([res.statusCode, res.json().error.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect((await c.get('/web-api/user/settings')).json().result).toMatchObject({ appTheme: 1, timeZone: 3 });
    expect((await client().get('/web-api/user/settings')).statusCode).toBe(401);
  });

  it('after new terms, state-changing calls answer 451 with exception_code 1 until the user confirms', async () => {
    const { c } = await registerFull('terms@example.com');
    const published = await new TermsService(t.deps.db.db, t.deps.clock).publish('new rules');
    // Another TermsService instance published; the app's cache holds for 10 s, so ask it directly.
    const app = t.app as unknown as { [key: symbol]: { terms: TermsService } };
    await app[Symbol.for('parlay.auth')]!.terms.publish('and again');
    const status = (await c.get('/web-api/api-v3/v2/user/agreement-rules/status')).json();
    expect(status.result).toBe(true);
    expect(new Date(status.updatedAt).getTime()).toBeGreaterThanOrEqual(published.getTime());
    const blocked = await c.call('PUT', '/web-api/user/settings', { appTheme: 1 });
    expect(blocked.statusCode).toBe(451);
    expect(blocked.json().error).toMatchObject({
      code: 'TERMS_NOT_CONFIRMED',
      details: { exception_code: 1 },
    });
    expect((await c.get('/web-api/user/settings')).statusCode).toBe(200);
    expect((await c.get('/web-api/auth/v1/session')).json().isTermsChanged).toBe(true);
    const confirmed = await c.post('/web-api/api-v3/v2/user/agreement-rules/confirm');
    expect(confirmed.json()).toEqual({ result: true });
    expect((await c.get('/web-api/api-v3/v2/user/agreement-rules/status')).json().result).toBe(false);
    expect((await c.call('PUT', '/web-api/user/settings', { appTheme: 1 })).statusCode).toBe(200);
    expect((await client().get('/web-api/api-v3/v2/user/agreement-rules/status')).json().result).toBe(false);
  });

  it('terms published with a later effective date count only from that moment, and never backdated', async () => {
    const clock = new ManualClock(Date.now());
    const terms = new TermsService(t.deps.db.db, clock);
    const before = await terms.latest();
    const effective = new Date(clock.nowMs() + 3_600_000);
    expect(await terms.publish('from next hour', effective)).toEqual(effective);
    expect(await terms.latest()).toEqual(before);
    clock.advance(3_600_000);
    expect(await terms.latest()).toEqual(effective);
    await expect(terms.publish('backdated', new Date(clock.nowMs() - 1000))).rejects.toThrow(/in the past/);
  });
});
