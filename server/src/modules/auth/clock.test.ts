import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { lastCode, TestClient } from '../../testing/test-client.ts';

const clock = new ManualClock(new Date('2026-11-22T10:00:00Z'));
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ roles: 'api', env: { AUTH_TOKEN_TTL_SECONDS: '900', DEV_TOOLS: 'on' }, clock });
});
afterAll(async () => {
  await t.close();
});

async function register(email: string, ip: string) {
  const c = new TestClient(t.app, ip);
  const res = await c.post('/web-api/auth/v1/registration/full', {
    email,
    password: 'first password',
    firstName: 'Tim',
    lastName: 'Ekeeper',
    birthDate: '1970-01-01',
    countryId: 1,
    currency: 'RUB',
  });
  expect(res.statusCode, res.body).toBe(200);
  return c;
}

describe('with the clock moving', () => {
  it('password recovery tells a wrong code from an expired one, and a reset ends every session', async () => {
    const c = await register('forgot@example.com', '10.8.0.1');
    const guest = new TestClient(t.app, '10.8.0.2');
    const target = { channel: 'email', email: 'forgot@example.com' };
    expect((await guest.post('/web-api/auth/v1/password/forgot', target)).json()).toEqual({ result: true });
    expect(
      (
        await guest.post('/web-api/auth/v1/password/forgot', {
          channel: 'email',
          email: 'nobody@example.com',
        })
      ).json(),
    ).toEqual({
      result: true,
    });
    const code = await lastCode(t.app, 'forgot@example.com');
    const reset = (body: Record<string, unknown>) =>
      guest.post('/web-api/auth/v1/password/reset', { ...target, ...body });
    const wrong = await reset({
      code: code === '123456' ? '654321' : '123456',
      newPassword: 'second password',
    });
    expect([wrong.statusCode, wrong.json().error.code]).toEqual([400, 'WRONG_CODE']);
    const short = await reset({ code, newPassword: 'short' });
    expect(short.json().error.code).toBe('PASSWORD_TOO_SHORT');
    clock.advance(15 * 60_000 + 1);
    const late = await reset({ code, newPassword: 'second password' });
    expect([late.statusCode, late.json().error.code]).toEqual([400, 'CODE_TIME_UP']);

    await guest.post('/web-api/auth/v1/password/forgot', target);
    const fresh = await lastCode(t.app, 'forgot@example.com');
    expect((await reset({ code: fresh, newPassword: 'second password' })).json()).toEqual({ result: true });
    expect((await reset({ code: fresh, newPassword: 'third password' })).json().error.code).toBe(
      'WRONG_CODE',
    );
    expect((await c.get('/web-api/session')).json().user_id).toBeNull();
    const signed = await new TestClient(t.app, '10.8.0.3').post('/web-api/auth/v1/login', {
      login: 'forgot@example.com',
      password: 'second password',
    });
    expect(signed.json().result).toBe('ok');
  });

  it('stops accepting a code after five wrong tries', async () => {
    await register('tries@example.com', '10.8.1.1');
    const guest = new TestClient(t.app, '10.8.1.2');
    const target = { channel: 'email', email: 'tries@example.com' };
    await guest.post('/web-api/auth/v1/password/forgot', target);
    const code = await lastCode(t.app, 'tries@example.com');
    const other = code === '000000' ? '111111' : '000000';
    const codes: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      codes.push(
        (
          await guest.post('/web-api/auth/v1/password/reset', {
            ...target,
            code: other,
            newPassword: 'new password',
          })
        ).json().error.code,
      );
    }
    expect(codes).toEqual(['WRONG_CODE', 'WRONG_CODE', 'WRONG_CODE', 'WRONG_CODE', 'CODE_ATTEMPTS_EXCEEDED']);
    const right = await guest.post('/web-api/auth/v1/password/reset', {
      ...target,
      code,
      newPassword: 'new password',
    });
    expect(right.json().error.code).toBe('CODE_ATTEMPTS_EXCEEDED');
  });

  it('an expired token answers 401 until renewed; the session status still knows the user; an ended session cannot renew', async () => {
    const c = await register('token@example.com', '10.8.2.1');
    const userId = (await c.get('/web-api/session')).json().user_id;
    clock.advance(901_000);
    expect((await c.get('/web-api/user/config')).statusCode).toBe(401);
    expect((await c.get('/web-api/auth/v1/session')).json().userId).toBe(userId);
    const renewed = await c.get('/web-api/user/gettoken?force_refresh=true');
    expect(renewed.statusCode).toBe(200);
    expect(new Date(renewed.json().data.expiresAt).getTime()).toBe(clock.nowMs() + 900_000);
    expect((await c.get('/web-api/user/config')).statusCode).toBe(200);
    clock.advance(31 * 86_400_000);
    expect((await c.get('/web-api/user/gettoken')).statusCode).toBe(401);
    expect((await c.get('/web-api/auth/v1/session')).json().userId).toBeNull();
  });

  it('asks for re-authentication before two-step or contact changes after 5 minutes', async () => {
    const c = await register('reauth@example.com', '10.8.3.1');
    clock.advance(5 * 60_000 + 1);
    await c.get('/web-api/user/gettoken?force_refresh=true');
    const stale = await c.post('/web-api/auth/v1/two-step/setup');
    expect([stale.statusCode, stale.json().error.code]).toEqual([403, 'REAUTH_REQUIRED']);
    const changeMail = await c.post('/web-api/auth/v1/contacts/email', { email: 'new-reauth@example.com' });
    expect(changeMail.json().error.code).toBe('REAUTH_REQUIRED');
    const wrong = await c.post('/web-api/auth/v1/reauth', { password: 'not the password' });
    expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS');
    expect((await c.post('/web-api/auth/v1/reauth', { password: 'first password' })).json()).toEqual({
      result: true,
    });
    expect((await c.post('/web-api/auth/v1/two-step/setup')).statusCode).toBe(200);
    expect(
      (await c.post('/web-api/auth/v1/contacts/email', { email: 'new-reauth@example.com' })).json(),
    ).toEqual({ result: true });
    const code = await lastCode(t.app, 'new-reauth@example.com');
    expect((await c.post('/web-api/auth/v1/contacts/confirm', { channel: 'email', code })).json()).toEqual({
      result: true,
    });
    expect((await c.get('/web-api/user/config')).json().result.user_email).toBe('new-reauth@example.com');
  });

  it('an SMS sign-in code is over after 5 minutes', async () => {
    const c = await register('sms-time@example.com', '10.8.4.1');
    clock.advance(1);
    const phone = { phoneCode: '44', phoneNumber: '7700900123' };
    expect((await c.post('/web-api/auth/v1/contacts/phone', phone)).json()).toEqual({ result: true });
    await c.post('/web-api/auth/v1/contacts/confirm', {
      channel: 'phone',
      code: await lastCode(t.app, '+447700900123'),
    });
    expect((await c.get('/web-api/user/config')).json().result).toMatchObject({
      phone_code: '+44',
      activation_type: 1,
    });
    const guest = new TestClient(t.app, '10.8.4.2');
    await guest.post('/web-api/auth/v1/sms/send', { ...phone, purpose: 'login' });
    const code = await lastCode(t.app, '+447700900123');
    clock.advance(5 * 60_000 + 1);
    const late = await guest.post('/web-api/auth/v1/login/sms', { ...phone, code });
    expect(late.json().error.code).toBe('CODE_TIME_UP');
  });
});
