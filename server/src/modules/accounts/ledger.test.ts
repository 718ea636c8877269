import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-app.ts';
import { Ledger, SHARDS } from './index.ts';

let database: TestDatabase;
let ledger: Ledger;
const clock = new ManualClock(new Date('2026-03-01T10:00:00Z'));
let nextUser = 1000n;

async function errorCode(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
  return 'no error';
}

/** A new player with a RUB main account holding amountMinor, deposited from the provider. */
async function player(amountMinor: bigint, currency = 'RUB'): Promise<{ userId: bigint; accountId: bigint }> {
  nextUser += 1n;
  const account = await ledger.openAccount(nextUser, currency);
  if (amountMinor > 0n) {
    await ledger.move({
      idempotencyKey: `seed:${account.id}`,
      reason: 'deposit',
      currency,
      from: { system: 'provider' },
      to: account.id,
      amountMinor,
      userId: nextUser,
    });
  }
  return { userId: nextUser, accountId: account.id };
}

beforeAll(async () => {
  database = await createTestDatabase({ migrated: true });
  ledger = new Ledger(database.handle.db, clock);
});
afterAll(async () => {
  await database.drop();
});
afterEach(async () => {
  expect((await ledger.check()).differences).toEqual([]);
});

describe('players accounts (coupon-accounts §3)', () => {
  it('opens one active main account and lists it with the spec fields', async () => {
    const first = await ledger.openAccount(1n, 'RUB');
    const again = await ledger.openAccount(1n, 'USD');
    expect(again.id).toBe(first.id);
    expect(await ledger.balances(1n)).toEqual([
      {
        id: first.id,
        iso: 'RUB',
        symbol: '₽',
        label: 'main_account',
        moneyMinor: 0n,
        type: 0,
        currencyId: 643,
        isActive: true,
        points: 0n,
        isFrozen: false,
      },
    ]);
    expect(await errorCode(ledger.openAccount(1n, 'XXX'))).toBe('UNKNOWN_CURRENCY');
  });

  it('adds a currency, refuses a duplicate, switches the active account with main_account_will_set', async () => {
    const usd = await ledger.addCurrency(1n, 'USD');
    expect(usd).toMatchObject({ type: 9, iso: 'USD', currencyId: 840, isActive: false });
    expect(await errorCode(ledger.addCurrency(1n, 'USD'))).toBe('CURRENCY_ALREADY_ADDED');
    expect(await errorCode(ledger.addCurrency(1n, 'RUB'))).toBe('CURRENCY_ALREADY_ADDED');
    expect(await errorCode(ledger.addCurrency(99n, 'USD'))).toBe('ACCOUNT_NOT_FOUND');
    expect(await ledger.setActiveAccount(1n, usd.id)).toEqual({
      activeAccountId: usd.id,
      messageKey: 'main_account_will_set',
    });
    const view = await ledger.accounts(1n);
    expect(view.activeAccount?.id).toBe(usd.id);
    expect(view.mainAccount?.iso).toBe('RUB');
    expect(view.accounts.filter((a) => a.isActive)).toHaveLength(1);
    expect(await errorCode(ledger.setActiveAccount(2n, usd.id))).toBe('ACCOUNT_NOT_FOUND');
  });

  it('removes only an empty currency account, and the main account becomes active again', async () => {
    const view = await ledger.accounts(1n);
    const usd = view.accounts.find((a) => a.iso === 'USD')!;
    expect(await errorCode(ledger.removeCurrency(1n, view.mainAccount!.id))).toBe('ACCOUNT_NOT_REMOVABLE');
    await ledger.move({
      idempotencyKey: 'usd-in',
      reason: 'deposit',
      currency: 'USD',
      from: { system: 'provider' },
      to: usd.id,
      amountMinor: 500n,
    });
    expect(await errorCode(ledger.removeCurrency(1n, usd.id))).toBe('ACCOUNT_NOT_REMOVABLE');
    await ledger.move({
      idempotencyKey: 'usd-out',
      reason: 'withdrawal',
      currency: 'USD',
      from: usd.id,
      to: { system: 'provider' },
      amountMinor: 500n,
    });
    await ledger.removeCurrency(1n, usd.id);
    const after = await ledger.accounts(1n);
    expect(after.accounts.map((a) => a.iso)).toEqual(['RUB']);
    expect(after.activeAccount?.id).toBe(after.mainAccount?.id);
    expect(
      await errorCode(
        ledger.move({
          idempotencyKey: 'closed',
          reason: 'deposit',
          currency: 'USD',
          from: { system: 'provider' },
          to: usd.id,
          amountMinor: 1n,
        }),
      ),
    ).toBe('ACCOUNT_NOT_FOUND');
    const readded = await ledger.addCurrency(1n, 'USD');
    expect(readded.id).not.toBe(usd.id);
  });

  it('limits the number of currency accounts', async () => {
    await ledger.openAccount(5n, 'RUB');
    for (const iso of ['USD', 'EUR', 'UAH', 'KZT', 'BYN', 'UZS', 'AZN', 'TRY', 'INR', 'BRL'])
      await ledger.addCurrency(5n, iso);
    expect(await errorCode(ledger.addCurrency(5n, 'PLN'))).toBe('TOO_MANY_ACCOUNTS');
  });
});

describe('transfers (ARCHITECTURE.md §5)', () => {
  it('moves money, records immutable postings summing to zero, and refuses to go below zero', async () => {
    const a = await player(10_000n);
    const b = await player(0n);
    const t = await ledger.move({
      idempotencyKey: 'p2p-1',
      reason: 'stake',
      currency: 'RUB',
      from: a.accountId,
      to: b.accountId,
      amountMinor: 2_500n,
    });
    expect(t.postings).toEqual([
      { accountId: a.accountId, currency: 'RUB', amountMinor: -2_500n },
      { accountId: b.accountId, currency: 'RUB', amountMinor: 2_500n },
    ]);
    expect(t.createdAt).toEqual(clock.now());
    expect((await ledger.account(a.userId, a.accountId)).moneyMinor).toBe(7_500n);
    expect(
      await errorCode(
        ledger.move({
          idempotencyKey: 'p2p-2',
          reason: 'stake',
          currency: 'RUB',
          from: b.accountId,
          to: a.accountId,
          amountMinor: 2_501n,
        }),
      ),
    ).toBe('INSUFFICIENT_FUNDS');
    expect((await ledger.account(b.userId, b.accountId)).moneyMinor).toBe(2_500n);
    await expect(
      sql`update ledger_transfers set reason = 'bonus' where id = ${t.id}`.execute(database.handle.db),
    ).rejects.toThrow(/immutable/);
    await expect(
      sql`delete from ledger_postings where transfer_id = ${t.id}`.execute(database.handle.db),
    ).rejects.toThrow(/immutable/);
  });

  it('refuses unbalanced, zero, cross-currency and malformed transfers before touching anything', async () => {
    const a = await player(1_000n);
    const usd = await player(1_000n, 'USD');
    const base = { idempotencyKey: 'bad', reason: 'stake', currency: 'RUB' };
    expect(
      await errorCode(
        ledger.transfer({
          ...base,
          postings: [
            { account: a.accountId, amountMinor: -5n },
            { account: { system: 'house' }, amountMinor: 4n },
          ],
        }),
      ),
    ).toBe('LEDGER_INVARIANT');
    expect(
      await errorCode(
        ledger.transfer({
          ...base,
          postings: [
            { account: a.accountId, amountMinor: 0n },
            { account: { system: 'house' }, amountMinor: 0n },
          ],
        }),
      ),
    ).toBe('INVALID_AMOUNT');
    expect(
      await errorCode(ledger.transfer({ ...base, postings: [{ account: a.accountId, amountMinor: -5n }] })),
    ).toBe('LEDGER_INVARIANT');
    expect(
      await errorCode(
        ledger.move({ ...base, from: usd.accountId, to: { system: 'house' }, amountMinor: 5n }),
      ),
    ).toBe('CURRENCY_MISMATCH');
    expect(
      await errorCode(
        ledger.move({
          ...base,
          reason: 'Bad Reason',
          from: a.accountId,
          to: { system: 'house' },
          amountMinor: 5n,
        }),
      ),
    ).toBe('VALIDATION_FAILED');
    expect(
      await errorCode(
        ledger.move({
          ...base,
          idempotencyKey: '',
          from: a.accountId,
          to: { system: 'house' },
          amountMinor: 5n,
        }),
      ),
    ).toBe('VALIDATION_FAILED');
    expect(
      await errorCode(ledger.move({ ...base, from: 999_999n, to: { system: 'house' }, amountMinor: 5n })),
    ).toBe('ACCOUNT_NOT_FOUND');
    // The database refuses every malformed call even if the service check were bypassed: two
    // postings (checked by an expression) and three (checked by a query).
    const id = a.accountId.toString();
    const raw = (currencies: string[], amounts: (string | null)[]) =>
      sql`select * from ledger_post('raw', 'h', 'stake', null, null, '{}', now(), ${amounts.map(() => id)}::bigint[], ${currencies}::text[], ${amounts}::bigint[])`.execute(
        database.handle.db,
      );
    for (const [currencies, amounts] of [
      [
        ['RUB', 'RUB'],
        ['-5', '4'],
      ],
      [
        ['RUB', 'RUB'],
        ['0', '0'],
      ],
      [
        ['RUB', 'RUB'],
        [null, '5'],
      ],
      [
        ['RUB', 'RUB'],
        ['-5', null],
      ],
      [
        ['RUB', 'USD'],
        ['-5', '5'],
      ],
      [
        ['RUB', 'RUB', 'RUB'],
        ['-5', '4', '2'],
      ],
      [
        ['RUB', 'RUB', 'RUB'],
        ['-5', '5', '0'],
      ],
    ] as [string[], (string | null)[]][]) {
      await expect(raw(currencies, amounts), `${currencies} ${amounts}`).rejects.toThrow(/sum to zero/);
    }
    expect((await ledger.account(a.userId, a.accountId)).moneyMinor).toBe(1_000n);
  });

  it('lets a frozen account receive but not pay', async () => {
    const a = await player(1_000n);
    await ledger.setFrozen(a.userId, true);
    expect((await ledger.accounts(a.userId)).isAccountFrozen).toBe(true);
    expect(
      await errorCode(
        ledger.move({
          idempotencyKey: 'frozen-out',
          reason: 'stake',
          currency: 'RUB',
          from: a.accountId,
          to: { system: 'house' },
          amountMinor: 1n,
        }),
      ),
    ).toBe('ACCOUNT_FROZEN');
    await ledger.move({
      idempotencyKey: 'frozen-in',
      reason: 'payout',
      currency: 'RUB',
      from: { system: 'house' },
      to: a.accountId,
      amountMinor: 1n,
    });
    await ledger.setFrozen(a.userId, false);
    await ledger.move({
      idempotencyKey: 'frozen-out',
      reason: 'stake',
      currency: 'RUB',
      from: a.accountId,
      to: { system: 'house' },
      amountMinor: 1n,
    });
  });

  it('spreads house traffic over the shards', async () => {
    const a = await player(100_000n);
    for (let i = 0; i < 64; i += 1) {
      await ledger.move({
        idempotencyKey: `house-${i}`,
        reason: 'stake',
        currency: 'RUB',
        from: a.accountId,
        to: { system: 'house' },
        amountMinor: 10n,
      });
    }
    const { rows } = await sql<{ n: bigint }>`select count(distinct p.account_id) as n from ledger_postings p
      join ledger_accounts a on a.id = p.account_id where a.kind = 'house' and a.currency = 'RUB'`.execute(
      database.handle.db,
    );
    expect(Number(rows[0]!.n)).toBeGreaterThan(SHARDS / 2);
  });
});

describe('idempotency', () => {
  it('returns the first transfer for a replay and refuses the key with other content', async () => {
    const a = await player(10_000n);
    const input = {
      idempotencyKey: 'idem-1',
      reason: 'stake',
      currency: 'RUB',
      from: a.accountId,
      to: { system: 'house' as const },
      amountMinor: 700n,
      metadata: { b: 1, a: 'x' },
    };
    const first = await ledger.move(input);
    clock.advance(5_000);
    const replay = await ledger.move({ ...input, metadata: { a: 'x', b: 1 } });
    expect(replay).toEqual(first);
    expect(await errorCode(ledger.move({ ...input, amountMinor: 701n }))).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await errorCode(ledger.move({ ...input, reason: 'bonus' }))).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await ledger.account(a.userId, a.accountId)).moneyMinor).toBe(9_300n);
  });

  it('50 parallel transfers with one key make one transfer and identical answers', async () => {
    const a = await player(10_000n);
    const input = {
      idempotencyKey: 'idem-par',
      reason: 'stake',
      currency: 'RUB',
      from: a.accountId,
      to: { system: 'house' as const },
      amountMinor: 100n,
    };
    const answers = await Promise.all(Array.from({ length: 50 }, () => ledger.move(input)));
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    const { rows } = await sql<{
      n: bigint;
    }>`select count(*) as n from ledger_transfers where idempotency_key = 'idem-par'`.execute(
      database.handle.db,
    );
    expect(rows[0]!.n).toBe(1n);
    expect((await ledger.account(a.userId, a.accountId)).moneyMinor).toBe(9_900n);
    const other = await Promise.allSettled(
      Array.from({ length: 10 }, () => ledger.move({ ...input, amountMinor: 200n })),
    );
    expect(
      other.every((o) => o.status === 'rejected' && (o.reason as AppError).code === 'IDEMPOTENCY_KEY_REUSED'),
    ).toBe(true);
    expect(new AppError('IDEMPOTENCY_KEY_REUSED').status).toBe(422);
  });
});

describe('concurrency', () => {
  it('200 concurrent debits of 60 % of the balance: exactly one is accepted', async () => {
    const a = await player(100_000n);
    const b = await player(0n);
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        ledger.move({
          idempotencyKey: `debit60-${i}`,
          reason: 'stake',
          currency: 'RUB',
          from: a.accountId,
          to: i % 2 === 0 ? { system: 'house' } : b.accountId,
          amountMinor: 60_000n,
        }),
      ),
    );
    const accepted = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(accepted).toHaveLength(1);
    expect(refused.every((r) => (r.reason as AppError).code === 'INSUFFICIENT_FUNDS')).toBe(true);
    expect((await ledger.account(a.userId, a.accountId)).moneyMinor).toBe(40_000n);
  });

  it('transfers in both directions between the same accounts do not deadlock', async () => {
    const a = await player(50_000n);
    const b = await player(50_000n);
    await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        ledger.move({
          idempotencyKey: `swap-${i}`,
          reason: 'stake',
          currency: 'RUB',
          from: i % 2 ? a.accountId : b.accountId,
          to: i % 2 ? b.accountId : a.accountId,
          amountMinor: 100n,
        }),
      ),
    );
    expect((await ledger.account(a.userId, a.accountId)).moneyMinor).toBe(50_000n);
  });
});

describe('reservations and reversals', () => {
  it('reserves, captures part (the rest returns) and refuses to release after capture', async () => {
    const a = await player(10_000n);
    const r = await ledger.reserve({
      idempotencyKey: 'bet-1',
      accountId: a.accountId,
      amountMinor: 3_000n,
      reason: 'stake_reserve',
    });
    expect(r.state).toBe('pending');
    expect(
      await ledger.reserve({
        idempotencyKey: 'bet-1',
        accountId: a.accountId,
        amountMinor: 3_000n,
        reason: 'stake_reserve',
      }),
    ).toEqual(r);
    expect(
      await errorCode(
        ledger.reserve({
          idempotencyKey: 'bet-1',
          accountId: a.accountId,
          amountMinor: 3_001n,
          reason: 'stake_reserve',
        }),
      ),
    ).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await ledger.account(a.userId, a.accountId)).moneyMinor).toBe(7_000n);
    const captured = await ledger.capture(r.id, {
      to: [{ account: { system: 'house' }, amountMinor: 2_000n }],
      reason: 'stake',
    });
    expect(captured).toMatchObject({ state: 'captured', capturedMinor: 2_000n });
    expect((await ledger.account(a.userId, a.accountId)).moneyMinor).toBe(8_000n);
    expect(
      (
        await ledger.capture(r.id, {
          to: [{ account: { system: 'house' }, amountMinor: 2_000n }],
          reason: 'stake',
        })
      ).settleTransferId,
    ).toBe(captured.settleTransferId);
    expect(await errorCode(ledger.release(r.id, 'stake_release'))).toBe('RESERVATION_NOT_PENDING');
    expect(
      await errorCode(
        ledger.reserve({
          idempotencyKey: 'bet-2',
          accountId: a.accountId,
          amountMinor: 8_001n,
          reason: 'stake_reserve',
        }),
      ),
    ).toBe('INSUFFICIENT_FUNDS');
  });

  it('releases a reservation once, and a pending reservation keeps a currency account from closing', async () => {
    const a = await player(1_000n);
    const eur = await ledger.addCurrency(a.userId, 'EUR');
    await ledger.move({
      idempotencyKey: 'eur-in',
      reason: 'deposit',
      currency: 'EUR',
      from: { system: 'provider' },
      to: eur.id,
      amountMinor: 300n,
    });
    const r = await ledger.reserve({
      idempotencyKey: 'wd-eur',
      accountId: eur.id,
      amountMinor: 300n,
      reason: 'withdrawal_reserve',
    });
    expect(await errorCode(ledger.removeCurrency(a.userId, eur.id))).toBe('ACCOUNT_NOT_REMOVABLE');
    const released = await Promise.all([
      ledger.release(r.id, 'withdrawal_release'),
      ledger.release(r.id, 'withdrawal_release'),
    ]);
    expect(released[0]).toEqual(released[1]);
    expect((await ledger.account(a.userId, eur.id)).moneyMinor).toBe(300n);
    expect(
      await errorCode(
        ledger.capture(r.id, {
          to: [{ account: { system: 'provider' }, amountMinor: 300n }],
          reason: 'withdrawal',
        }),
      ),
    ).toBe('RESERVATION_NOT_PENDING');
  });

  it('corrects by reversal only once, and never below zero', async () => {
    const a = await player(0n);
    const credit = await ledger.move({
      idempotencyKey: 'bonus-1',
      reason: 'bonus',
      currency: 'RUB',
      from: { system: 'house' },
      to: a.accountId,
      amountMinor: 900n,
    });
    const reversal = await ledger.reverse(credit.id);
    expect(reversal.reversesId).toBe(credit.id);
    expect(reversal.postings.map((p) => p.amountMinor)).toEqual(credit.postings.map((p) => -p.amountMinor));
    expect(await ledger.reverse(credit.id)).toEqual(reversal);
    expect(await errorCode(ledger.reverse(credit.id, { idempotencyKey: 'another' }))).toBe(
      'TRANSFER_ALREADY_REVERSED',
    );
    const spent = await ledger.move({
      idempotencyKey: 'bonus-2',
      reason: 'bonus',
      currency: 'RUB',
      from: { system: 'house' },
      to: a.accountId,
      amountMinor: 500n,
    });
    await ledger.move({
      idempotencyKey: 'spend',
      reason: 'stake',
      currency: 'RUB',
      from: a.accountId,
      to: { system: 'house' },
      amountMinor: 400n,
    });
    expect(await errorCode(ledger.reverse(spent.id))).toBe('INSUFFICIENT_FUNDS');
    expect(await errorCode(ledger.reverse(123_456_789n))).toBe('TRANSFER_NOT_FOUND');
  });
});

describe('history and checks', () => {
  it('lists a player’s transactions newest first with filters and pages', async () => {
    const a = await player(0n);
    for (let i = 0; i < 5; i += 1) {
      clock.advance(60_000);
      await ledger.move({
        idempotencyKey: `h-${i}`,
        reason: i % 2 ? 'bonus' : 'deposit',
        currency: 'RUB',
        from: { system: 'house' },
        to: a.accountId,
        amountMinor: BigInt(100 + i),
      });
    }
    const page1 = await ledger.transactions(a.userId, { pageSize: 2 });
    expect(page1.totalCount).toBe(5);
    expect(page1.entities.map((e) => e.amountMinor)).toEqual([104n, 103n]);
    const page3 = await ledger.transactions(a.userId, { pageSize: 2, page: 3 });
    expect(page3.entities.map((e) => [e.reason, e.amountMinor])).toEqual([['deposit', 100n]]);
    const bonuses = await ledger.transactions(a.userId, { reasons: ['bonus'] });
    expect(bonuses.entities.map((e) => e.amountMinor)).toEqual([103n, 101n]);
    const recent = await ledger.transactions(a.userId, { from: new Date(clock.nowMs() - 90_000) });
    expect(recent.totalCount).toBe(2);
    expect(await errorCode(ledger.transactions(a.userId, { pageSize: 101 }))).toBe('VALIDATION_FAILED');
  });

  it('the check reports a balance that differs from its postings', async () => {
    const a = await player(1_000n);
    await sql`update ledger_accounts set balance = balance + 1 where id = ${a.accountId}`.execute(
      database.handle.db,
    );
    const report = await ledger.check();
    expect(report.differences).toEqual([
      {
        rule: 'balance equals the sum of its postings',
        subject: a.accountId.toString(),
        detail: 'balance 1001, postings 1000',
      },
    ]);
    await sql`update ledger_accounts set balance = balance - 1 where id = ${a.accountId}`.execute(
      database.handle.db,
    );
    expect((await ledger.check()).transfers).toBeGreaterThan(0);
  });
});

describe('work after a money transaction commits (afterCommit)', () => {
  it('runs once the transaction committed, with its change visible, and never after a rollback', async () => {
    const seen: string[] = [];
    await ledger.transaction(async (trx) => {
      ledger.afterCommit(trx, () => seen.push('committed'));
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual(['committed']);
    await expect(
      ledger.transaction(async (trx) => {
        ledger.afterCommit(trx, () => seen.push('rolled back'));
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(seen).toEqual(['committed']);
  });
});
