import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { isAllowedOrigin } from '../../platform/origin-check.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { solveImageCaptcha, solvePowCaptcha, TestClient } from '../../testing/test-client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    roles: 'api',
    // Counters are kept in fixed clock-minute windows: on the system clock a burst that crossed a
    // minute boundary was counted in two windows and its 31st attempt was not refused.
    clock: new ManualClock(Date.UTC(2026, 10, 24, 12, 0, 10)),
    env: { CAPTCHA_POW_BITS: '8', PUBLIC_ORIGIN: 'https://parlay.example', DEV_TOOLS: 'on' },
  });
  const res = await new TestClient(t.app, '10.9.9.9').post('/web-api/auth/v1/registration/full', {
    email: 'guard@example.com',
    password: 'right password',
    firstName: 'G',
    lastName: 'Uard',
    birthDate: '1980-01-01',
    countryId: 1,
    currency: 'RUB',
  });
  expect(res.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});

const attempt = (c: TestClient, password: string, captcha?: string) =>
  c.post(
    '/web-api/auth/v1/login',
    { login: 'guard@example.com', password },
    captcha ? { 'x-captcha': captcha } : {},
  );
const details = (res: { json(): { error: { code: string; details?: unknown } } }) => [
  res.json().error.code,
  res.json().error.details,
];

describe('captcha after repeated failures', () => {
  it('asks for an image captcha after 3 failures (100), tells wrong (111) from used (112), and passes a solved one', async () => {
    const c = new TestClient(t.app, '10.2.0.1');
    for (let i = 0; i < 3; i += 1)
      expect((await attempt(c, 'wrong password')).json().error.code).toBe('INVALID_CREDENTIALS');
    const required = await attempt(c, 'right password');
    expect(required.statusCode).toBe(400);
    expect(details(required)).toEqual(['CAPTCHA_REQUIRED', { errorCode: 100, captchaType: 'image' }]);

    const solved = await solveImageCaptcha(t.app);
    const [id, answer] = solved.split(':') as [string, string];
    const wrongAnswer = await attempt(c, 'right password', `${id}:${Number(answer) + 1}`);
    expect(details(wrongAnswer)).toEqual(['CAPTCHA_REQUIRED', { errorCode: 111, captchaType: 'image' }]);
    const checked = await c.post('/captcha-api/v1/validate', { id, answer });
    expect(checked.json()).toMatchObject({ success: true, type: 'image', error_message: null });
    const passed = await attempt(c, 'right password', solved);
    expect(passed.json().result).toBe('ok');
    const unknown = await attempt(c, 'wrong password', 'AAAAAAAAAAAAAAAAAAAAAA:5');
    expect(details(unknown)).toEqual(['INVALID_CREDENTIALS', undefined]);

    // Success cleared the account's failures; three more bring the captcha back, and a used one is 112.
    for (let i = 0; i < 2; i += 1) await attempt(c, 'wrong password');
    const used = await attempt(c, 'right password', solved);
    expect(details(used)).toEqual(['CAPTCHA_REQUIRED', { errorCode: 112, captchaType: 'image' }]);
  });

  it('asks for proof of work after 10 failures (113), which a solved time captcha passes', async () => {
    const c = new TestClient(t.app, '10.2.0.2');
    await t.deps.db.db.deleteFrom('auth_counters').execute();
    for (let i = 0; i < 10; i += 1) {
      const captcha = i >= 3 ? await solveImageCaptcha(t.app) : undefined;
      expect((await attempt(c, 'wrong password', captcha)).json().error.code).toBe('INVALID_CREDENTIALS');
    }
    const image = await attempt(c, 'right password', await solveImageCaptcha(t.app));
    expect(details(image)).toEqual(['CAPTCHA_REQUIRED', { errorCode: 113, captchaType: 'pow' }]);
    const none = await attempt(c, 'right password');
    expect(details(none)).toEqual(['CAPTCHA_REQUIRED', { errorCode: 113, captchaType: 'pow' }]);
    const pow = await solvePowCaptcha(t.app);
    expect(
      (await c.post('/captcha-api/v1/validate', { id: pow.split(':')[0], answer: 'zz' })).json(),
    ).toMatchObject({
      success: false,
      type: 'pow',
      error_message: 'wrong answer',
    });
    const passed = await attempt(c, 'right password', pow);
    expect(passed.json().result).toBe('ok');
  });

  it('counts failures across addresses per account and per address across accounts', async () => {
    await t.deps.db.db.deleteFrom('auth_counters').execute();
    for (let i = 0; i < 10; i += 1) {
      await new TestClient(t.app, '10.3.0.1').post('/web-api/auth/v1/login', {
        login: `x${i}@example.com`,
        password: 'whatever1',
      });
    }
    const fromAddress = await new TestClient(t.app, '10.3.0.1').post('/web-api/auth/v1/login', {
      login: 'fresh@example.com',
      password: 'whatever1',
    });
    expect(details(fromAddress)).toEqual(['CAPTCHA_REQUIRED', { errorCode: 100, captchaType: 'image' }]);
  });

  it('refuses a burst of more than 30 attempts a minute from one address with 429', async () => {
    await t.deps.db.db.deleteFrom('auth_counters').execute();
    const c = new TestClient(t.app, '10.4.0.1');
    const codes: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      codes.push(
        (await c.post('/web-api/auth/v1/login', { login: 'nobody@example.com', password: 'x' })).statusCode,
      );
    }
    expect(codes.at(-1)).toBe(429);
    expect(codes.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect((await new TestClient(t.app, '10.4.0.2').get('/web-api/auth/v1/session')).statusCode).toBe(200);
  });

  it('asks registration for a captcha after 3 registrations from one address in an hour', async () => {
    const c = new TestClient(t.app, '10.5.0.1');
    for (let i = 0; i < 3; i += 1) {
      expect(
        (await c.post('/web-api/auth/v1/registration/fast', { countryId: 1, currency: 'RUB' })).statusCode,
      ).toBe(200);
    }
    const fourth = await c.post('/web-api/auth/v1/registration/fast', { countryId: 1, currency: 'RUB' });
    expect(details(fourth)).toEqual(['CAPTCHA_REQUIRED', { errorCode: 100, captchaType: 'image' }]);
    const solved = await c.post(
      '/web-api/auth/v1/registration/fast',
      { countryId: 1, currency: 'RUB' },
      { 'x-captcha': await solveImageCaptcha(t.app) },
    );
    expect(solved.statusCode).toBe(200);
  });

  it('asks password recovery for a captcha after 2 requests for one account', async () => {
    const c = new TestClient(t.app, '10.6.0.1');
    const ask = (headers?: Record<string, string>) =>
      c.post('/web-api/auth/v1/password/forgot', { channel: 'email', email: 'guard@example.com' }, headers);
    expect((await ask()).json()).toEqual({ result: true });
    expect((await ask()).json()).toEqual({ result: true });
    expect(details(await ask())).toEqual(['CAPTCHA_REQUIRED', { errorCode: 100, captchaType: 'image' }]);
    expect((await ask({ 'x-captcha': await solveImageCaptcha(t.app) })).json()).toEqual({ result: true });
  });
});

describe('origin check', () => {
  it.each([
    ['GET', { origin: 'https://evil.example' }, true],
    ['POST', {}, true],
    ['POST', { origin: 'http://localhost' }, true],
    ['POST', { origin: 'https://parlay.example' }, true],
    ['POST', { origin: 'https://evil.example' }, false],
    ['DELETE', { origin: 'null' }, false],
    ['PUT', { 'sec-fetch-site': 'cross-site' }, false],
    ['PATCH', { 'sec-fetch-site': 'same-site' }, false],
    ['POST', { 'sec-fetch-site': 'same-origin' }, true],
    ['POST', { 'sec-fetch-site': 'none' }, true],
  ] as const)('%s with %o allowed: %s', (method, headers, allowed) => {
    expect(isAllowedOrigin(method, headers, 'http://localhost', 'https://parlay.example')).toBe(allowed);
  });

  it('refuses a state-changing request from another site with 403 ORIGIN_FORBIDDEN', async () => {
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/web-api/auth/v1/disconnect',
      headers: { origin: 'https://evil.example' },
    });
    expect([foreign.statusCode, foreign.json().error.code]).toEqual([403, 'ORIGIN_FORBIDDEN']);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/web-api/auth/v1/disconnect',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    for (const origin of ['http://localhost', 'https://parlay.example']) {
      const own = await t.app.inject({
        method: 'POST',
        url: '/web-api/auth/v1/disconnect',
        headers: { origin },
      });
      expect(own.statusCode).toBe(200);
    }
    expect((await t.app.inject({ method: 'POST', url: '/web-api/auth/v1/disconnect' })).statusCode).toBe(200);
  });
});

describe('documentation', () => {
  it('describes every auth, captcha and development route in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const paths = Object.keys(doc.paths);
    for (const path of [
      '/web-api/auth/v1/login',
      '/web-api/user/gettoken',
      '/web-api/session',
      '/social-api/oauth/{provider}',
      '/captcha-api/v1/validate',
      '/web-api/api-v3/v2/user/agreement-rules/status',
      '/web-api/user/config',
      '/dev-idp/token',
    ]) {
      expect(paths).toContain(path);
    }
    for (const [path, methods] of Object.entries(
      doc.paths as Record<string, Record<string, { summary?: string }>>,
    )) {
      if (!/auth|captcha|social|user|session|dev-idp|dev\/inbox|agreement/.test(path)) continue;
      for (const op of Object.values(methods)) expect(op.summary, path).toBeTruthy();
    }
  });
});

describe('one SMS a minute', () => {
  // A second before a clock minute ends: a fixed window would let the next send through a second later.
  const clock = new ManualClock(Date.UTC(2026, 10, 24, 12, 0, 59));
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ roles: 'api', clock });
  });
  afterAll(async () => {
    await app.close();
  });
  const send = (ip: string, phoneNumber: string) =>
    new TestClient(app.app, ip).post('/web-api/auth/v1/sms/send', {
      phoneCode: '+7',
      phoneNumber,
      purpose: 'registration',
    });

  it('counts the last 60 s, not a clock minute, and an early ask does not push the wait further', async () => {
    expect((await send('10.7.0.1', '9160000001')).statusCode).toBe(200);
    clock.advance(2_000);
    const early = await send('10.7.0.2', '9160000001');
    expect(early.statusCode).toBe(429);
    expect(early.json().error.code).toBe('RATE_LIMITED');
    clock.advance(57_000);
    expect((await send('10.7.0.3', '9160000001')).statusCode).toBe(429);
    // 60 s after the send that went out (the refused ones are not counted).
    clock.advance(1_000);
    expect((await send('10.7.0.4', '9160000001')).statusCode).toBe(200);
    // Another phone was never held up.
    expect((await send('10.7.0.5', '9160000002')).statusCode).toBe(200);
  });
});
