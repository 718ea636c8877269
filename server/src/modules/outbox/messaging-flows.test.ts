/**
 * The site's code flows finished with codes that really left the building: the app (development
 * tools off, so no inbox to peek at) with SMTP_URL pointing at an SMTP server started here (with
 * AUTH) and SMS_WEBHOOK_URL at an HTTP endpoint started here; the workers' delivery loop
 * (startMessaging) runs beside it. Registration confirmed with the e-mailed code, a password
 * recovered with the e-mailed code, a phone registered and signed in with SMS codes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { fullRegistration, lastCode, TestClient } from '../../testing/test-client.ts';
import { startMessaging } from './index.ts';
import {
  codeIn,
  startTestSmsEndpoint,
  startTestSmtpServer,
  type TestSmsEndpoint,
  type TestSmtpServer,
} from './test-support.ts';

const clock = new ManualClock(new Date('2026-11-27T09:00:00Z'));
let t: TestApp;
let smtp: TestSmtpServer;
let sms: TestSmsEndpoint;
let stop: () => Promise<void>;
const logged: string[] = [];
const log = {
  info: (o: object, m: string) => logged.push(`${m} ${JSON.stringify(o)}`),
  warn: (o: object, m: string) => logged.push(`${m} ${JSON.stringify(o)}`),
  error: (o: object, m: string) => logged.push(`${m} ${JSON.stringify(o)}`),
};
const codesSeen: string[] = [];

beforeAll(async () => {
  smtp = await startTestSmtpServer('parlay-mailer', 'smtp password 1');
  sms = await startTestSmsEndpoint();
  t = await createTestApp({
    roles: 'api',
    clock,
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Parlay <no-reply@parlay.test>',
      MAIL_REPLY_TO: 'support@parlay.test',
      SMS_WEBHOOK_URL: sms.url,
      SMS_WEBHOOK_AUTH: 'Basic c21zOmdhdGV3YXk=',
      SMS_WEBHOOK_BODY: 'phone={to}&message={text}&sender=Parlay',
      SMS_WEBHOOK_FORMAT: 'form',
    },
  });
  stop = startMessaging(t.deps, log, 20);
});
afterAll(async () => {
  await stop();
  await t.close();
  await smtp.close();
  await sms.close();
});

describe('codes delivered by e-mail and SMS finish the flows', () => {
  it('has no development inbox to read codes from', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/inbox.json', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(404);
  });

  it('registers in full and confirms the e-mail with the code from the e-mail', async () => {
    const c = new TestClient(t.app, '10.23.0.1');
    const res = await c.post(
      '/web-api/auth/v1/registration/full',
      fullRegistration('ada@parlay.test', { lang: 'en' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { accountNumber } = res.json() as { accountNumber: string };
    const [mail] = await smtp.waitForMail('ada@parlay.test');
    expect(mail!.subject).toBe('Confirm your e-mail');
    expect(mail!.headers.get('reply-to')).toContain('support@parlay.test');
    expect(mail!.text).toContain(`Your account number is ${accountNumber}.`);
    expect(mail!.html).toContain(`<b>${accountNumber}</b>`);
    const code = codeIn(mail!.text);
    codesSeen.push(code);
    const ok = await c.post('/web-api/auth/v1/contacts/confirm', { channel: 'email', code });
    expect(ok.json()).toEqual({ result: true });
    const config = (await c.get('/web-api/user/config')).json().result;
    expect(config.protection_methods.enable_email_auth).toBe(true);
  });

  it('recovers a password with the code from the e-mail, in the account language', async () => {
    const c = new TestClient(t.app, '10.23.0.2');
    const registered = await c.post(
      '/web-api/auth/v1/registration/full',
      fullRegistration('boris@parlay.test', { lang: 'ru' }),
    );
    expect(registered.statusCode, registered.body).toBe(200);
    await smtp.waitForMail('boris@parlay.test');
    const guest = new TestClient(t.app, '10.23.0.3');
    const target = { channel: 'email', email: 'boris@parlay.test' };
    expect((await guest.post('/web-api/auth/v1/password/forgot', target)).json()).toEqual({ result: true });
    const mails = await smtp.waitForMail('boris@parlay.test', 2);
    const recovery = mails[1]!;
    expect(recovery.subject).toBe('Восстановление пароля');
    const code = codeIn(recovery.text);
    codesSeen.push(code);
    const reset = await guest.post('/web-api/auth/v1/password/reset', {
      ...target,
      code,
      newPassword: 'a brand new password',
    });
    expect(reset.json()).toEqual({ result: true });
    const signed = await new TestClient(t.app, '10.23.0.4').post('/web-api/auth/v1/login', {
      login: 'boris@parlay.test',
      password: 'a brand new password',
    });
    expect(signed.json().result).toBe('ok');
  });

  it('registers a phone with the SMS code and signs in with an SMS code', async () => {
    const c = new TestClient(t.app, '10.23.0.5');
    const phone = { phoneCode: '+7', phoneNumber: '912 000-11-22' };
    expect(
      (await c.post('/web-api/auth/v1/sms/send', { ...phone, purpose: 'registration' })).statusCode,
    ).toBe(200);
    const [first] = await sms.waitForSms('+79120001122');
    expect(first!.headers.authorization).toBe('Basic c21zOmdhdGV3YXk=');
    expect(first!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(new URLSearchParams(first!.body).get('sender')).toBe('Parlay');
    const registrationCode = codeIn(first!.text);
    codesSeen.push(registrationCode);
    const registered = await c.post('/web-api/auth/v1/registration/phone', {
      ...phone,
      code: registrationCode,
      password: 'phone password',
      countryId: 1,
      currency: 'RUB',
    });
    expect(registered.statusCode, registered.body).toBe(200);

    const other = new TestClient(t.app, '10.23.0.6');
    expect((await other.post('/web-api/auth/v1/sms/send', { ...phone, purpose: 'login' })).statusCode).toBe(
      200,
    );
    const messages = await sms.waitForSms('+79120001122', 2);
    const loginCode = codeIn(messages[1]!.text);
    codesSeen.push(loginCode);
    const signed = await other.post('/web-api/auth/v1/login/sms', { ...phone, code: loginCode });
    expect(signed.json().result).toBe('ok');
  });

  it('marks every message sent with one logged attempt, and logs no code', async () => {
    const db = t.deps.db.db;
    const rows = await db.selectFrom('outbox_messages').select(['id', 'status', 'attempts']).execute();
    expect(rows.length).toBe(5);
    // The loop marks after the provider answered: wait for the marks, not for a guessed time.
    for (let i = 0; i < 200; i += 1) {
      const pending = await db
        .selectFrom('outbox_messages')
        .select('id')
        .where('status', '!=', 'sent')
        .execute();
      if (pending.length === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const after = await db.selectFrom('outbox_messages').select(['status', 'attempts']).execute();
    expect(
      after.every((r) => r.status === 'sent' && r.attempts === 1),
      JSON.stringify(after),
    ).toBe(true);
    const attempts = await db.selectFrom('outbox_deliveries').select(['outcome', 'provider']).execute();
    expect(attempts.filter((a) => a.outcome === 'sent')).toHaveLength(5);
    expect(new Set(attempts.map((a) => a.provider))).toEqual(new Set(['smtp', 'sms-webhook']));
    expect(codesSeen).toHaveLength(4);
    expect(logged.some((line) => line.startsWith('outbox: message delivered'))).toBe(true);
    for (const code of codesSeen) expect(logged.join('\n')).not.toContain(code);
  });
});

describe('without a provider (development)', () => {
  let dev: TestApp;
  let stopDev: () => Promise<void>;
  const devLog: string[] = [];

  beforeAll(async () => {
    dev = await createTestApp({ roles: 'api', clock, env: { DEV_TOOLS: 'on' } });
    const note = (o: object, m: string) => devLog.push(`${m} ${JSON.stringify(o)}`);
    stopDev = startMessaging(dev.deps, { info: note, warn: note, error: note }, 20);
  });
  afterAll(async () => {
    await stopDev();
    await dev.close();
  });

  it('delivers nothing, and the development inbox shows the code, which finishes the flow', async () => {
    expect(devLog).toEqual([
      expect.stringMatching(/^outbox: delivery providers .*"email":"none","sms":"none"/),
    ]);
    const c = new TestClient(dev.app, '10.23.1.1');
    const phone = { phoneCode: '+7', phoneNumber: '912 000-33-44' };
    expect(
      (await c.post('/web-api/auth/v1/sms/send', { ...phone, purpose: 'registration' })).statusCode,
    ).toBe(200);
    const inbox = await dev.app.inject({
      method: 'GET',
      url: '/dev/inbox.json?to=%2B79120003344',
      remoteAddress: '127.0.0.1',
    });
    const [message] = inbox.json().data;
    expect(message).toMatchObject({
      channel: 'sms',
      template: 'registration_code',
      lang: 'ru',
      status: 'pending',
      attempts: 0,
    });
    expect(message.body).toMatch(/^Parlay: ваш код регистрации \d{6}\./);
    const registered = await c.post('/web-api/auth/v1/registration/phone', {
      ...phone,
      code: await lastCode(dev.app, '+79120003344'),
      password: 'phone password',
      countryId: 1,
      currency: 'RUB',
    });
    expect(registered.statusCode, registered.body).toBe(200);
    expect(sms.messages.filter((m) => m.to === '+79120003344')).toEqual([]);
  });
});
