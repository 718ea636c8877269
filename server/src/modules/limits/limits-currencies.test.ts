/**
 * Limits across currencies: movements in another currency count through stored exchange rates
 * (`parlay fx`), converted at the time of the movement; no rate refuses with LIMIT_FX_RATE_MISSING.
 */
import { describe, expect, it } from 'vitest';
import { runFxCommand } from './index.ts';
import {
  clock,
  codeOf,
  database,
  errorOf,
  key,
  limits,
  newPlayer,
  setUpLimitsApp,
  usdCardMethod,
} from './test-support.ts';

setUpLimitsApp();

describe('limits count other currencies through exchange rates', () => {
  const out = {
    lines: [] as string[],
    log: (l: string) => out.lines.push(l),
    error: (l: string) => out.lines.push(l),
  };
  const fx = (...args: string[]) => runFxCommand(database.handle.db, clock, args, out);

  async function usdPlayer() {
    const p = await newPlayer();
    expect((await p.call('POST', '/web-api/accounts/v1/currencies', { currency: 'USD' })).statusCode).toBe(
      200,
    );
    const accounts = (await p.call('GET', '/web-api/accounts/v1/accounts')).json().accounts as {
      id: string;
      iso: string;
    }[];
    const usd = accounts.find((a) => a.iso === 'USD')!.id;
    const depositUsd = (amount: string, k = key()) =>
      p.call(
        'POST',
        '/web-api/payments/v1/deposits',
        { accountId: usd, methodId: usdCardMethod, amount, lng: 'en' },
        { 'idempotency-key': k },
      );
    return { p, depositUsd };
  }

  it('parlay fx set/list/remove keep integer rates; bad input is refused', async () => {
    expect(await fx('set', 'usd', 'rub', '92.5')).toBe(0);
    expect(out.lines.at(-1)).toBe('1 USD = 92.5 RUB');
    expect(await fx('set', 'USD', 'RUB', '92,5')).toBe(1);
    expect(await fx('set', 'USD', 'USD', '1')).toBe(1);
    expect(await fx('set', 'USD', 'XXX', '1')).toBe(1);
    expect(await fx('set', 'EUR', 'RUB', '100')).toBe(0);
    expect(await fx('remove', 'RUB', 'EUR')).toBe(0); // either direction
    expect(out.lines.at(-1)).toBe('RUB/EUR removed');
    expect(await fx('list')).toBe(0);
    expect(out.lines.at(-2)).toMatch(/^USD\tRUB\t92\.5\t/);
    expect(out.lines.at(-1)).toBe('1 rate(s)');
  });

  it('a USD deposit counts against a RUB limit at the rate of its time; a later rate leaves it', async () => {
    const { p, depositUsd } = await usdPlayer();
    await p.set(20, 10_000);
    expect((await depositUsd('50')).statusCode).toBe(200); // 4 625 RUB
    expect((await p.limit(20)).limitBalance).toBe(5375);
    const refused = await depositUsd('59'); // 5 457.50 RUB > 5 375
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({
      code: 'LIMIT_DEPOSIT_EXCEEDED',
      details: { remainingMinor: '537500' },
    });
    expect((await depositUsd('50')).statusCode).toBe(200); // 4 625 RUB more
    expect((await p.limit(20)).limitBalance).toBe(750);
    await fx('set', 'RUB', 'USD', '0.01'); // replaces USD/RUB: 1 USD = 100 RUB from now on
    try {
      expect((await p.limit(20)).limitBalance).toBe(750); // the counted deposits keep their old rate
      expect(errorOf(await depositUsd('8')).code).toBe('LIMIT_DEPOSIT_EXCEEDED'); // 800 RUB now (740 before)
      expect((await depositUsd('7')).statusCode).toBe(200);
      expect((await p.limit(20)).limitBalance).toBe(50);
    } finally {
      await fx('set', 'USD', 'RUB', '92.5');
    }
  });

  it('20 parallel USD deposits straddling a RUB limit: exactly as many pass as fit', async () => {
    const { p, depositUsd } = await usdPlayer();
    await p.set(20, 10_000);
    const answers = await Promise.all(Array.from({ length: 20 }, () => depositUsd('10'))); // 925 RUB each
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(10);
    expect(answers.filter((a) => errorOf(a)?.code === 'LIMIT_DEPOSIT_EXCEEDED')).toHaveLength(10);
    expect((await p.limit(20)).limitBalance).toBe(750);
  });

  it('no rate for the pair: refused with LIMIT_FX_RATE_MISSING; counted without a limit, converted later', async () => {
    const p = await newPlayer();
    const userId = BigInt(p.userId);
    const stake = (currency: string, minor: bigint, reference: string) =>
      codeOf(limits.assertStakeAllowed({ userId, currency, amountMinor: minor, reference }));
    // Without a limit nothing needs converting: a EUR stake passes and is kept in EUR.
    expect(await stake('EUR', 10_00n, 'eur-1')).toBe('ok');
    await p.set(1, 1000);
    expect(await stake('EUR', 1n, 'eur-2')).toBe('LIMIT_FX_RATE_MISSING');
    // The RUB stake is refused too: the EUR one in the window cannot be counted without a rate.
    expect(await stake('RUB', 1n, 'rub-1')).toBe('LIMIT_FX_RATE_MISSING');
    await fx('set', 'EUR', 'RUB', '100');
    expect((await p.limit(1)).limitBalance).toBe(0); // 10 EUR = 1 000 RUB at today's rate
    expect(await stake('RUB', 1n, 'rub-2')).toBe('LIMIT_WAGER_EXCEEDED');
    await fx('remove', 'EUR', 'RUB');
  });
});
