/**
 * Sign-ins racing the end of every session (issue 16, item 11). A password change, a self-exclusion
 * or "end other sessions" ends the account's sessions; a sign-in that read the credentials (or passed
 * the sign-in checks) before that must not leave a usable session behind. Each round fires the
 * logins in parallel with the change, then tries every session it opened.
 *
 * The race is made certain rather than likely: a sign-in check installed last (after the limits
 * module's) holds each racing login that got that far until the change has answered, and the change
 * starts once the first login is held. Logins that had not got that far run on freely.
 */

import { decodeBase32 } from '@parlay/domain/auth/base32.ts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { TestClient } from '../../testing/test-client.ts';
import type { AuthService } from './auth-service.ts';
import { totp } from './totp.ts';

const ROUNDS = 4;
const LOGINS = 22;
const LIMITS = '/limit-service-api/api/external/web/v3';

let t: TestApp;
let ipCounter = 0;
/** Each client has its own address: the per-address limits and captchas stay out of the race. */
const client = () => {
  ipCounter += 1;
  return new TestClient(t.app, `10.7.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`);
};

/** The user whose logins are held, the first login's arrival, and the end of the hold. */
let hold: { userId: number; held: number; reached: () => void; released: Promise<void> } | null = null;

beforeAll(async () => {
  t = await createTestApp({ roles: 'api' });
  const auth = (t.app as unknown as Record<symbol, AuthService>)[Symbol.for('parlay.auth')]!;
  auth.onSignIn(async (userId) => {
    if (hold?.userId !== userId) return;
    hold.held += 1;
    hold.reached();
    await hold.released;
  });
});

/**
 * Fires the logins, starts `change` once the first of them passed the sign-in checks, and lets the
 * held ones go on when it answered; answers the change's answer, the logins' answers and how many
 * logins were held (passed every sign-in check before the change).
 */
async function race<T>(userId: number, logins: (() => Promise<T>)[], change: () => Promise<T>) {
  let reached!: () => void;
  let release!: () => void;
  const first = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const gate = { userId, held: 0, reached, released: new Promise<void>((resolve) => (release = resolve)) };
  hold = gate;
  const answers = Promise.all(logins.map((login) => login()));
  await first;
  const changed = await change();
  release();
  hold = null;
  return { changed, logins: await answers, held: gate.held };
}
afterAll(async () => {
  await t.close();
});

/** A one-click player, signed in on `owner`. */
async function newPlayer() {
  const owner = client();
  const res = await owner.post('/web-api/auth/v1/registration/fast', { countryId: 1, currency: 'RUB' });
  expect(res.statusCode, res.body).toBe(200);
  const { userId, accountNumber, password } = res.json() as {
    userId: number;
    accountNumber: string;
    password: string;
  };
  return { owner, userId, login: accountNumber, password };
}

const logIn = (c: TestClient, login: string, password: string) =>
  c.post('/web-api/auth/v1/login', { login, password, remember: true });

/** Whether the client's session still works: for reading, for renewing its token, and for changing. */
async function usable(c: TestClient): Promise<{ read: boolean; renew: boolean; change: boolean }> {
  if (!c.token) return { read: false, renew: false, change: false };
  const token = c.token;
  const read = (await c.get('/web-api/session')).json().user_id !== null;
  c.token = token;
  const renew = (await c.get('/web-api/user/gettoken?force_refresh=true')).statusCode === 200;
  c.token = token;
  const settings = await c.call('PUT', '/web-api/user/settings', { hideLeft: 1 });
  c.token = token;
  return { read, renew, change: settings.statusCode === 200 };
}

const dead = { read: false, renew: false, change: false };
const alive = { read: true, renew: true, change: true };

/** Sessions of the user that are not revoked and belong to the account's current epoch. */
async function liveSessions(userId: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from auth_sessions s join users u on u.id = s.user_id
    where s.user_id = ${userId} and s.revoked_at is null and s.user_epoch = u.session_epoch`.execute(
    t.deps.db.db,
  );
  return rows[0]!.n;
}

const codeOf = (res: { statusCode: number; json(): unknown }) =>
  res.statusCode === 200 ? 'ok' : (res.json() as { error: { code: string } }).error.code;

describe('sign-ins racing a password change', () => {
  it(`leaves no session opened with the old password (${ROUNDS} rounds of ${LOGINS} logins)`, async () => {
    let readOldPassword = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const { owner, userId, login, password } = await newPlayer();
      const racers = Array.from({ length: LOGINS }, client);
      const newPassword = `the new password ${round}`;
      const { changed: change, logins } = await race(
        userId,
        racers.map((c) => () => logIn(c, login, password)),
        () => owner.post('/web-api/auth/v1/password/change', { currentPassword: password, newPassword }),
      );
      expect(change.statusCode, change.body).toBe(200);
      readOldPassword += logins.filter((res) => codeOf(res) !== 'INVALID_CREDENTIALS').length;
      for (const [i, racer] of racers.entries()) {
        expect(await usable(racer), `login ${i} of round ${round}: ${codeOf(logins[i]!)}`).toEqual(dead);
      }
      expect(await usable(owner)).toEqual(alive);
      const listed = (await owner.get('/web-api/auth/v1/sessions')).json().data;
      expect(listed).toHaveLength(1);
      expect(await liveSessions(userId)).toBe(1);

      const after = client();
      expect(codeOf(await logIn(after, login, newPassword))).toBe('ok');
      expect(await usable(after)).toEqual(alive);
      expect(await liveSessions(userId)).toBe(2);
    }
    // The race was run: logins did read the old password, not only the new one.
    expect(readOldPassword).toBeGreaterThan(0);
  });
});

describe('sign-ins racing a self-exclusion', () => {
  it(`leaves no session open during the exclusion (${ROUNDS} rounds of ${LOGINS} logins)`, async () => {
    let held = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const { owner, userId, login, password } = await newPlayer();
      const racers = Array.from({ length: LOGINS }, client);
      const { changed: exclusion, held: heldNow } = await race(
        userId,
        racers.map((c) => () => logIn(c, login, password)),
        () => owner.post(`${LIMITS}/limit`, { limitType: 30, limitValue: 1 }),
      );
      expect(exclusion.statusCode, exclusion.body).toBe(200);
      held += heldNow;
      for (const [i, racer] of [owner, ...racers].entries()) {
        expect(await usable(racer), `client ${i} of round ${round}`).toEqual(dead);
      }
      expect(await liveSessions(userId)).toBe(0);
      expect(codeOf(await logIn(client(), login, password))).toBe('LIMIT_SELF_EXCLUDED');
    }
    // The race was run: logins passed the sign-in checks before the exclusion and went on after it.
    expect(held).toBeGreaterThan(0);
  });
});

describe('the session epoch', () => {
  it('refuses on every use a session of an older epoch, even one never revoked', async () => {
    const { owner, userId } = await newPlayer();
    expect(await usable(owner)).toEqual(alive);
    await t.deps.db.db
      .updateTable('users')
      .set((eb) => ({ session_epoch: eb('session_epoch', '+', 1) }))
      .where('id', '=', userId)
      .execute();
    expect(await usable(owner)).toEqual(dead);
  });

  it('"end other sessions" keeps the current one and ends sign-ins racing it', async () => {
    const { owner, userId, login, password } = await newPlayer();
    const racers = Array.from({ length: LOGINS }, client);
    const { changed: ended } = await race(
      userId,
      racers.map((c) => () => logIn(c, login, password)),
      () => owner.post('/web-api/auth/v1/sessions/end-others'),
    );
    expect(ended.statusCode).toBe(200);
    expect(await usable(owner)).toEqual(alive);
    const survivors = (await Promise.all(racers.map(usable))).filter((u) => u.read).length;
    // Logins that finished after "end other sessions" keep theirs; every surviving one is listed.
    expect(await liveSessions(userId)).toBe(1 + survivors);
    expect((await owner.get('/web-api/auth/v1/sessions')).json().data).toHaveLength(1 + survivors);
  });

  it('a two-step challenge answered after a password change opens no session', async () => {
    const { owner, login, password } = await newPlayer();
    const setup = (await owner.post('/web-api/auth/v1/two-step/setup')).json();
    const secret = decodeBase32(setup.secret)!;
    const on = await owner.post('/web-api/auth/v1/two-step/confirm', { code: totp(secret, Date.now()) });
    expect(on.statusCode, on.body).toBe(200);
    const other = client();
    const first = (await logIn(other, login, password)).json();
    expect(first.result).toBe('two_step_required');
    const changed = await owner.post('/web-api/auth/v1/password/change', {
      currentPassword: password,
      newPassword: 'a brand new password',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const second = await other.post('/web-api/auth/v1/login/two-step', {
      twoStepToken: first.twoStepToken,
      code: totp(secret, Date.now() + 30_000),
    });
    expect(codeOf(second)).not.toBe('ok');
    expect(await usable(other)).toEqual(dead);
  });
});
