/** Operators' sign-in (password, then a TOTP code), sessions, idle timeout, origin and address checks. */
import { encodeBase32 } from '@parlay/domain/auth/base32.ts';
import { describe, expect, it } from 'vitest';
import { call, clock, cookieOf, newOperator, signIn, t, withBackofficeApp } from './api-test/test-support.ts';
import { totpCode } from './totp.ts';

withBackofficeApp();

describe('two-step sign-in', () => {
  it('computes the RFC 6238 test vectors (SHA-1, 8 digits)', async () => {
    const secret = encodeBase32(new TextEncoder().encode('12345678901234567890'));
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [seconds, code] of vectors) {
      expect(totpCode(secret, seconds * 1000, 8)).toBe(code);
    }
  });

  it('needs the password and then a fresh code; a replayed code is refused', async () => {
    const op = await newOperator('signer', 'support');
    const wrong = await call('POST', '/backoffice-api/v1/sign-in', undefined, {
      login: 'signer',
      password: 'nope',
    });
    expect(wrong.json().error.code).toBe('BACKOFFICE_INVALID_CREDENTIALS');
    const unknown = await call('POST', '/backoffice-api/v1/sign-in', undefined, {
      login: 'ghost',
      password: 'x',
    });
    expect(unknown.json().error.code).toBe('BACKOFFICE_INVALID_CREDENTIALS');
    clock.advance(30_000);
    const first = await call('POST', '/backoffice-api/v1/sign-in', undefined, {
      login: 'signer',
      password: op.password,
    });
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Secure/);
    const cookie = cookieOf(first);
    // Between the steps the session opens nothing.
    expect((await call('GET', '/backoffice-api/v1/me', cookie)).statusCode).toBe(401);
    const badCode = String((Number(totpCode(op.secret, clock.nowMs())) + 1) % 1_000_000).padStart(6, '0');
    expect(
      (await call('POST', '/backoffice-api/v1/sign-in/code', cookie, { code: badCode })).json().error.code,
    ).toBe('BACKOFFICE_WRONG_CODE');
    const code = totpCode(op.secret, clock.nowMs());
    expect((await call('POST', '/backoffice-api/v1/sign-in/code', cookie, { code })).statusCode).toBe(200);
    expect((await call('GET', '/backoffice-api/v1/me', cookie)).json().login).toBe('signer');
    // The same code again, in a second sign-in within the same 30 s: refused.
    const again = await call('POST', '/backoffice-api/v1/sign-in', undefined, {
      login: 'signer',
      password: op.password,
    });
    const replay = await call('POST', '/backoffice-api/v1/sign-in/code', cookieOf(again), { code });
    expect(replay.json().error.code).toBe('BACKOFFICE_WRONG_CODE');
    // The next step's code works.
    clock.advance(30_000);
    const next = await call('POST', '/backoffice-api/v1/sign-in/code', cookieOf(again), {
      code: totpCode(op.secret, clock.nowMs()),
    });
    expect(next.statusCode).toBe(200);
  });

  it('ends a session idle for the timeout; activity keeps it alive', async () => {
    const op = await newOperator('idler', 'support');
    const cookie = await signIn(op);
    clock.advance(14 * 60_000);
    expect((await call('GET', '/backoffice-api/v1/me', cookie)).statusCode).toBe(200);
    clock.advance(14 * 60_000);
    expect((await call('GET', '/backoffice-api/v1/me', cookie)).statusCode).toBe(200);
    clock.advance(15 * 60_000);
    expect((await call('GET', '/backoffice-api/v1/me', cookie)).json().error.code).toBe(
      'BACKOFFICE_NOT_SIGNED_IN',
    );
  });

  it('lists sessions; an admin revokes one, disables an operator and resets a TOTP', async () => {
    const admin = await signIn(await newOperator('boss', 'admin'));
    const op = await newOperator('worker', 'payments');
    const a = await signIn(op);
    const b = await signIn(op);
    const own = (await call('GET', '/backoffice-api/v1/sessions', b)).json().sessions;
    expect(own).toHaveLength(2);
    expect(own.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    // Another operator's session is not theirs to revoke.
    const other = await signIn(await newOperator('nosy', 'payments'));
    expect((await call('POST', `/backoffice-api/v1/sessions/${own[1].id}/revoke`, other)).statusCode).toBe(
      403,
    );
    const listed = (await call('GET', `/backoffice-api/v1/operators/${op.id}/sessions`, admin)).json()
      .sessions;
    expect(listed).toHaveLength(2);
    expect((await call('POST', `/backoffice-api/v1/sessions/${own[1].id}/revoke`, admin)).statusCode).toBe(
      200,
    );
    expect((await call('GET', '/backoffice-api/v1/me', a)).statusCode).toBe(401);
    expect((await call('GET', '/backoffice-api/v1/me', b)).statusCode).toBe(200);
    const reset = await call('POST', `/backoffice-api/v1/operators/${op.id}/reset-totp`, admin);
    expect(reset.json().otpauthUri).toMatch(/^otpauth:\/\/totp\/Parlay%20back%20office%3Aworker\?secret=/);
    expect((await call('GET', '/backoffice-api/v1/me', b)).statusCode).toBe(401);
    const c = await signIn({ ...op, secret: reset.json().totpSecret });
    expect((await call('POST', `/backoffice-api/v1/operators/${op.id}/disable`, admin)).statusCode).toBe(200);
    expect((await call('GET', '/backoffice-api/v1/me', c)).statusCode).toBe(401);
    const denied = await call('POST', '/backoffice-api/v1/sign-in', undefined, {
      login: 'worker',
      password: op.password,
    });
    expect(denied.json().error.code).toBe('BACKOFFICE_INVALID_CREDENTIALS');
    const created = await call('POST', '/backoffice-api/v1/operators', admin, {
      login: 'newbie',
      role: 'content',
    });
    expect(created.json()).toMatchObject({ login: 'newbie', role: 'content' });
    expect(
      (await call('POST', '/backoffice-api/v1/operators', admin, { login: 'newbie', role: 'admin' })).json()
        .error.code,
    ).toBe('BACKOFFICE_LOGIN_TAKEN');
    expect(
      (await call('POST', '/backoffice-api/v1/operators', admin, { login: 'x', role: 'boss' })).statusCode,
    ).toBe(400);
  });

  it('refuses cross-site requests and never takes the player session for an operator one', async () => {
    const op = await newOperator('careful', 'admin');
    const cookie = await signIn(op);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/backoffice-api/v1/operators',
      headers: { cookie, origin: 'https://evil.example' },
      payload: { login: 'planted', role: 'admin' },
    });
    expect([foreign.statusCode, foreign.json().error.code]).toEqual([403, 'ORIGIN_FORBIDDEN']);
    const planted = await t.deps.db.db
      .selectFrom('backoffice_operators')
      .select('id')
      .where('login', '=', 'planted')
      .execute();
    expect(planted).toEqual([]);
    const token = cookie.split('=')[1];
    const asPlayer = await call('GET', '/backoffice-api/v1/me', `user_token=${token}`);
    expect(asPlayer.statusCode).toBe(401);
    const bearer = await t.app.inject({
      method: 'GET',
      url: '/backoffice-api/v1/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bearer.statusCode).toBe(401);
  });

  it('keeps addresses off the allow-list out', async () => {
    const admin = await signIn(await newOperator('gatekeeper', 'admin'));
    const lockout = await call('PUT', '/backoffice-api/v1/settings', admin, {
      idleTimeoutMinutes: 15,
      ipAllowList: ['10.0.0.0/8'],
    });
    expect(lockout.statusCode).toBe(400);
    const set = await call('PUT', '/backoffice-api/v1/settings', admin, {
      idleTimeoutMinutes: 15,
      ipAllowList: ['127.0.0.1', '10.0.0.0/8'],
    });
    expect(set.statusCode).toBe(200);
    expect((await call('GET', '/backoffice-api/v1/me', admin)).statusCode).toBe(200);
    const outside = await t.app.inject({
      method: 'GET',
      url: '/backoffice-api/v1/me',
      headers: { cookie: admin },
      remoteAddress: '192.0.2.7',
    });
    expect(outside.json().error.code).toBe('BACKOFFICE_IP_NOT_ALLOWED');
    const inside = await t.app.inject({
      method: 'GET',
      url: '/backoffice-api/v1/me',
      headers: { cookie: admin },
      remoteAddress: '10.1.2.3',
    });
    expect(inside.statusCode).toBe(200);
    await call('PUT', '/backoffice-api/v1/settings', admin, { idleTimeoutMinutes: 15, ipAllowList: [] });
  });
});
