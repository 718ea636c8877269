/**
 * What counts against the limits besides deposits over HTTP: deposits that never arrive give their
 * room back, bet stakes and losses, casino rounds, and marketing stopping during an exclusion.
 */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { Ledger } from '../accounts/index.ts';
import { createPaymentsService, TEST_CARDS } from '../payments/index.ts';
import { depositLimitsFor, runFxCommand } from './index.ts';
import {
  app,
  BASE,
  clock,
  codeOf,
  database,
  deps,
  errorOf,
  key,
  limits,
  newPlayer,
  setUpLimitsApp,
} from './test-support.ts';

setUpLimitsApp();

describe('deposits that never arrive give their room back', () => {
  it('a declined deposit frees the room it took under the deposit limit', async () => {
    const p = await newPlayer();
    await p.set(20, 1000);
    const first = await p.deposit('800', key());
    expect(first.statusCode).toBe(200);
    expect(errorOf(await p.deposit('300', key())).code).toBe('LIMIT_DEPOSIT_EXCEEDED');
    const declined = await app.inject({
      method: 'POST',
      url: first.json().redirectUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `card=${TEST_CARDS.declined}&action=pay`,
    });
    expect(declined.headers.location).toBe('/en/onpay/fail');
    expect((await p.limit(20)).limitBalance).toBe(1000);
    expect((await p.deposit('300', key())).statusCode).toBe(200);
    expect((await p.limit(20)).limitBalance).toBe(700);
  });

  it('a cancelled deposit frees its room too; a confirmed one keeps it', async () => {
    const p = await newPlayer();
    await p.set(21, 500);
    const pay = (url: string, form: string) =>
      app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form,
      });
    const cancelled = await p.deposit('500', key());
    expect((await p.limit(21)).limitBalance).toBe(0);
    expect((await pay(cancelled.json().redirectUrl, 'action=cancel')).headers.location).toBe(
      '/en/onpay/cancel',
    );
    expect((await p.limit(21)).limitBalance).toBe(500);
    const confirmed = await p.deposit('200', key());
    const paid = await pay(confirmed.json().redirectUrl, `card=${TEST_CARDS.success}&action=pay`);
    expect(paid.headers.location).toBe('/en/onpay/success');
    expect((await p.limit(21)).limitBalance).toBe(300);
  });

  it("a deposit the operator's reconcile expires frees its room (parlay payments reconcile wiring)", async () => {
    const p = await newPlayer();
    await p.set(21, 1000);
    expect((await p.deposit('800', key())).statusCode).toBe(200);
    expect((await p.limit(21)).limitBalance).toBe(200);
    // The CLI's service, a day and an hour later: the unpaid deposit is abandoned and expires.
    const later = new ManualClock(clock.nowMs() + 25 * 3_600_000);
    const cliDeps = { config: deps.config, db: deps.db, clock: later };
    const payments = createPaymentsService(cliDeps, new Ledger(deps.db.db, later));
    payments.provideDepositLimits(depositLimitsFor(cliDeps));
    const report = await payments.reconcile({});
    expect(report.outcomes.expired).toBeGreaterThanOrEqual(1);
    // Still inside the 7-day window by the app's clock: only the release gives the room back.
    expect((await p.limit(21)).limitBalance).toBe(1000);
  });
});

describe('stakes and losses (the functions bet placement calls)', () => {
  it('wager limits count stakes over the window; parallel stakes never pass together', async () => {
    const p = await newPlayer();
    await p.set(1, 500);
    const userId = BigInt(p.userId);
    const stake = (n: number) =>
      limits.assertStakeAllowed({
        userId,
        currency: 'RUB',
        amountMinor: 100_00n,
        reference: `bet:${p.userId}:${n}`,
      });
    const codes = await Promise.all(Array.from({ length: 8 }, (_, i) => codeOf(stake(i))));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(5);
    expect(codes.filter((c) => c === 'LIMIT_WAGER_EXCEEDED')).toHaveLength(3);
    expect(await codeOf(stake(codes.indexOf('ok')))).toBe('ok'); // a replay of a counted stake
    // A stake in another currency counts through the rate: 1 USD = 92.50 RUB does not fit in 0.
    const quiet = { log: () => {}, error: () => {} };
    expect(await runFxCommand(database.handle.db, clock, ['set', 'USD', 'RUB', '92.5'], quiet)).toBe(0);
    expect(
      await codeOf(
        limits.assertStakeAllowed({ userId, currency: 'USD', amountMinor: 1_00n, reference: 'usd' }),
      ),
    ).toBe('LIMIT_WAGER_EXCEEDED');
  });

  it('loss limits: settled net losses plus the stake may not pass the limit', async () => {
    const p = await newPlayer();
    await p.set(11, 1000);
    const userId = BigInt(p.userId);
    await limits.recordSettlement({
      userId,
      currency: 'RUB',
      stakeMinor: 900_00n,
      payoutMinor: 100_00n,
      reference: 'b1',
    });
    const stake = (minor: bigint, ref: string) =>
      codeOf(limits.assertStakeAllowed({ userId, currency: 'RUB', amountMinor: minor, reference: ref }));
    expect(await stake(200_01n, 's1')).toBe('LIMIT_LOSS_EXCEEDED');
    expect(await stake(200_00n, 's2')).toBe('ok');
    await limits.recordSettlement({
      userId,
      currency: 'RUB',
      stakeMinor: 100_00n,
      payoutMinor: 400_00n,
      reference: 'b2',
    });
    expect(await stake(300_00n, 's3')).toBe('ok');
    const stats = (await p.call('GET', `${BASE}/stats`)).json();
    expect(stats.today.netMinor).toBe(String(-(900_00 - 100_00) + (400_00 - 100_00)));
  });
});

describe('casino rounds (the one call a casino module makes)', () => {
  it('counts stakes for wagering and losses per round; refuses like a bet; a rolled-back round counts nothing', async () => {
    const p = await newPlayer();
    await p.set(1, 500); // wagering per 24 h
    await p.set(10, 300); // losses per 24 h
    const userId = BigInt(p.userId);
    const round = (roundId: string, stakeMinor: bigint, payoutMinor?: bigint) =>
      codeOf(
        limits.casinoRound({
          userId,
          currency: 'RUB',
          stakeMinor,
          roundId,
          ...(payoutMinor === undefined ? {} : { payoutMinor }),
        }),
      );
    expect(await round('slots:1', 200_00n, 0n)).toBe('ok'); // instant round lost: wager 200, loss 200
    expect(await round('slots:2', 200_00n)).toBe('LIMIT_LOSS_EXCEEDED'); // 200 lost + 200 at risk > 300
    expect(await round('slots:2', 100_00n)).toBe('ok'); // opens: wager 300, at risk 300
    expect(await round('slots:2', 100_00n, 250_00n)).toBe('ok'); // closes with a win of 150: loss 50
    expect((await p.limit(1)).limitBalance).toBe(200);
    expect((await p.limit(10)).limitBalance).toBe(250);
    // Inside the casino's transaction: a round that rolls back is not counted.
    await expect(
      database.handle.db.transaction().execute(async (trx) => {
        await limits.casinoRound({ userId, currency: 'RUB', stakeMinor: 200_00n, roundId: 'slots:3' }, trx);
        throw new Error('debit failed');
      }),
    ).rejects.toThrow('debit failed');
    expect((await p.limit(1)).limitBalance).toBe(200);
    expect(await round('slots:4', 200_00n, 0n)).toBe('ok'); // wager 500 = the limit
    expect(await round('slots:5', 1n)).toBe('LIMIT_WAGER_EXCEEDED');
    const stats = (await p.call('GET', `${BASE}/stats`)).json();
    expect(stats.today.netMinor).toBe(String(-(200_00 - 150_00 + 200_00)));
    // A time-out stops new rounds; a round opened before may still close.
    expect(await round('slots:6', 0n)).toBe('ok');
    await p.set(33, 1);
    expect(await round('slots:7', 1n)).toBe('LIMIT_TIME_OUT');
    expect(await round('slots:6', 0n, 0n)).toBe('ok');
    clock.advance(86_400 * 1000);
  });
});

describe('marketing stops during a self-exclusion or time-out', () => {
  it('marketingAllowed is false until the end; the exclusion answer leaves the end in the marketing cookie', async () => {
    const p = await newPlayer();
    const userId = BigInt(p.userId);
    expect(await limits.marketingAllowed(userId)).toBe(true);
    const set = await p.set(33, 7);
    const endsAt = set.json().data.endsAt as number;
    const cookie = set.cookies.find((c) => c.name === 'parlay_marketing_off');
    expect(cookie).toMatchObject({ value: String(endsAt), path: '/', sameSite: 'Lax' });
    expect(cookie?.httpOnly).toBeFalsy();
    expect(new Date(cookie!.expires!).getTime()).toBe(endsAt * 1000);
    expect(await limits.marketingAllowed(userId)).toBe(false);
    expect(await limits.lockedUntilSec(userId)).toBe(endsAt);
    clock.advance((7 * 86_400 - 1) * 1000);
    expect(await limits.marketingAllowed(userId)).toBe(false);
    clock.advance(1000);
    expect(await limits.marketingAllowed(userId)).toBe(true);
    // A looser or any other limit sets no marketing cookie.
    expect((await p.signIn()).statusCode).toBe(200);
    const other = await p.set(20, 100);
    expect(other.cookies.some((c) => c.name === 'parlay_marketing_off')).toBe(false);
  });
});
