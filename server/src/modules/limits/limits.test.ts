/**
 * The limits service over HTTP (site-shell §3, §4, §7): the API, deposit limits and their approval,
 * self-exclusion, time-out, the session limit and the reality check.
 */
import { describe, expect, it } from 'vitest';
import {
  app,
  BASE,
  clock,
  codeOf,
  DELAY,
  errorOf,
  key,
  limits,
  newPlayer,
  Player,
  setUpLimitsApp,
} from './test-support.ts';

setUpLimitsApp();

describe('limits API', () => {
  it('lists every limit type; no limit is -1, and 999999999 for deposits', async () => {
    const p = await newPlayer();
    const list = await p.limitsList();
    expect(list.map((l) => l.limitType)).toEqual([1, 2, 3, 10, 11, 12, 20, 21, 22, 30, 31, 32, 33]);
    expect(list.find((l) => l.limitType === 1)).toMatchObject({
      limitValue: -1,
      limitState: 'INACTIVE',
      currency: 'RUB',
    });
    expect(list.find((l) => l.limitType === 20)).toMatchObject({
      limitValue: 999_999_999,
      needApprove: false,
    });
    expect(Object.keys((list.find((l) => l.limitType === 32) as { optionsMap: object }).optionsMap)).toEqual([
      '5',
      '10',
      '15',
      '30',
      '45',
      '60',
    ]);
    expect((await new Player().call('GET', `${BASE}/limits`)).statusCode).toBe(401);
    expect(errorOf(await p.set(32, 7)).code).toBe('LIMIT_VALUE_NOT_ALLOWED');
    expect(errorOf(await p.set(31, 25)).code).toBe('LIMIT_VALUE_NOT_ALLOWED');
    expect(errorOf(await p.set(99, 1)).code).toBe('VALIDATION_FAILED');
  });

  it('documents its routes in the OpenAPI document', async () => {
    const doc = (await app.inject({ url: '/openapi.json' })).json();
    for (const path of ['limits', 'limit', 'limitaction', 'ping', 'stats'])
      expect(doc.paths).toHaveProperty(`${BASE}/${path}`);
    expect(doc.paths).toHaveProperty('/web-api/api/web/user/v1/reality-check');
  });
});

describe('deposit limits', () => {
  it('refuses the deposit that would pass a 24 h limit, until the first leaves the window (23:59:59 vs 24:00:00)', async () => {
    const p = await newPlayer();
    expect((await p.set(20, 1000)).json()).toMatchObject({
      status: 'applied',
      data: { limitValue: 1000, limitState: 'ACTIVE' },
    });
    // Paid, so it counts for the whole window (an unpaid one would stop counting at its expiry).
    await p.paidDeposit('600', key());
    const refused = await p.deposit('500', key());
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({
      code: 'LIMIT_DEPOSIT_EXCEEDED',
      details: { limitType: 20, remainingMinor: '40000' },
    });
    expect((await p.limit(20)).limitBalance).toBe(400);
    clock.advance((DELAY - 1) * 1000);
    await p.signIn();
    expect(errorOf(await p.deposit('500', key())).code).toBe('LIMIT_DEPOSIT_EXCEEDED');
    clock.advance(1000);
    expect((await p.deposit('500', key())).statusCode).toBe(200);
    // A replay of an accepted deposit is not counted twice.
    const k = key();
    await p.set(21, 1500);
    expect((await p.deposit('100', k)).statusCode).toBe(200);
    expect((await p.deposit('100', k)).statusCode).toBe(200);
    expect((await p.limit(21)).limitBalance).toBe(1500 - 600 - 500 - 100);
  });

  it('a looser deposit limit waits for the delay, then for approval; reject keeps the old one', async () => {
    const p = await newPlayer();
    await p.set(22, 1000);
    const looser = await p.set(22, 5000);
    expect(looser.json()).toMatchObject({
      status: 'pending',
      data: {
        limitValue: 1000,
        pendingValue: 5000,
        limitState: 'PENDING',
        needApprove: false,
        hoursLeft: 24,
      },
    });
    expect(errorOf(await p.call('POST', `${BASE}/limitaction?action=approve`)).code).toBe(
      'LIMIT_NOTHING_PENDING',
    );
    clock.advance((DELAY - 1) * 1000);
    expect((await p.limit(22)).needApprove).toBe(false);
    clock.advance(1000);
    await p.signIn();
    expect((await p.limit(22)).needApprove).toBe(true);
    const approved = await p.call('POST', `${BASE}/limitaction?action=approve`);
    expect(approved.json()).toMatchObject({ status: 'ok', limitTypes: [22] });
    expect(await p.limit(22)).toMatchObject({ limitValue: 5000, limitState: 'ACTIVE', needApprove: false });
    // Removal is pending too; cancelling it (DELETE, the reject path) keeps the limit.
    expect((await p.set(22, 999_999_999)).json().status).toBe('pending');
    expect((await p.call('DELETE', `${BASE}/limit?limitType=22`)).json().data).toMatchObject({
      limitValue: 5000,
      pendingValue: null,
    });
    expect((await p.set(22, -1)).json().status).toBe('pending');
    clock.advance(DELAY * 1000);
    await p.signIn();
    expect((await p.call('POST', `${BASE}/limitaction?action=reject&limitType=22`)).statusCode).toBe(200);
    expect((await p.limit(22)).limitValue).toBe(5000);
    // A tighter one applies at once.
    expect((await p.set(22, 100)).json().data.limitValue).toBe(100);
  });

  it('20 parallel deposits straddling the limit: exactly as many pass as fit', async () => {
    const p = await newPlayer();
    await p.set(20, 1000);
    const answers = await Promise.all(Array.from({ length: 20 }, () => p.deposit('100', key())));
    const passed = answers.filter((a) => a.statusCode === 200).length;
    const refused = answers.filter(
      (a) => a.statusCode === 403 && errorOf(a).code === 'LIMIT_DEPOSIT_EXCEEDED',
    ).length;
    expect(passed).toBe(10);
    expect(refused).toBe(10);
    expect((await p.limit(20)).limitBalance).toBe(0);
  });
});

describe('self-exclusion, time-out and session limit', () => {
  it('self-exclusion ends every session, refuses sign-in with the end date until it passes; deposits and stakes stop', async () => {
    const p = await newPlayer();
    const other = new Player();
    Object.assign(other, { login: p.login, password: p.password });
    await other.signIn();
    const set = await p.set(30, 1);
    expect(set.json()).toMatchObject({ status: 'applied', data: { limitState: 'ACTIVE', limitValue: 1 } });
    const endsAt = set.json().data.endsAt as number;
    expect(endsAt).toBe(Math.floor(clock.nowMs() / 1000) + 86_400);
    expect((await p.call('GET', `${BASE}/limits`)).statusCode).toBe(401);
    expect((await other.call('GET', `${BASE}/limits`)).statusCode).toBe(401);
    const refused = await p.signIn();
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({ code: 'LIMIT_SELF_EXCLUDED', details: { endsAt } });
    expect(refused.json().error.message).toContain(new Date(endsAt * 1000).toISOString());
    const userId = BigInt(p.userId);
    expect(
      await codeOf(limits.assertDepositAllowed({ userId, currency: 'RUB', amountMinor: 1n, reference: 'x' })),
    ).toBe('LIMIT_SELF_EXCLUDED');
    expect(
      await codeOf(limits.assertStakeAllowed({ userId, currency: 'RUB', amountMinor: 1n, reference: 'y' })),
    ).toBe('LIMIT_SELF_EXCLUDED');
    expect(await limits.isLocked(userId)).toBe(true);
    clock.advance((86_400 - 1) * 1000);
    expect((await p.signIn()).statusCode).toBe(403);
    clock.advance(1000);
    expect((await p.signIn()).statusCode).toBe(200);
  });

  it('time-out cannot be cancelled while it runs and refuses sign-in', async () => {
    const p = await newPlayer();
    const shadow = new Player();
    Object.assign(shadow, { login: p.login, password: p.password });
    await p.set(33, 7);
    expect(errorOf(await shadow.signIn())).toMatchObject({ code: 'LIMIT_TIME_OUT' });
    expect(await codeOf(limits.change(BigInt(p.userId), 'RUB', 33, 1))).toBe('LIMIT_LOCKED');
  });

  it('session limit: pings count session time; at the limit every session ends, "visit tomorrow"', async () => {
    const p = await newPlayer();
    await p.set(31, 1);
    let last = await p.call('POST', `${BASE}/ping`);
    for (let i = 0; i < 119; i += 1) {
      clock.advance(30_000);
      last = await p.call('POST', `${BASE}/ping`);
      expect(last.statusCode).toBe(200);
    }
    expect(last.json().sessionSecondsLeft).toBe(30);
    expect((await p.call('GET', `${BASE}/stats`)).json().today.sessionSeconds).toBe(3570);
    clock.advance(30_000);
    const ended = await p.call('POST', `${BASE}/ping`);
    expect(ended.statusCode).toBe(403);
    expect(errorOf(ended).code).toBe('LIMIT_SESSION_ENDED');
    expect((await p.call('GET', `${BASE}/limits`)).statusCode).toBe(401);
    expect(errorOf(await p.signIn()).code).toBe('LIMIT_SESSION_ENDED');
    clock.advance(86_400 * 1000);
    expect((await p.signIn()).statusCode).toBe(200);
  });
});

describe('reality check', () => {
  it('keeps the answer; log_out ends the session; bad bodies are refused', async () => {
    const p = await newPlayer();
    const body = (action: string) => ({
      data: { attributes: { action, do_not_show_again: false, popup_show_at: clock.nowMs() } },
    });
    expect((await p.call('POST', '/web-api/api/web/user/v1/reality-check', body('continue'))).json()).toEqual(
      { result: true },
    );
    expect((await p.call('POST', '/web-api/api/web/user/v1/reality-check', body('later'))).statusCode).toBe(
      400,
    );
    expect((await p.call('POST', '/web-api/api/web/user/v1/reality-check', body('log_out'))).statusCode).toBe(
      200,
    );
    expect((await p.call('GET', `${BASE}/limits`)).statusCode).toBe(401);
  });
});
