/**
 * A deposit started before a self-exclusion and paid after it (issue 16 item 7). The money the
 * player really paid is credited (never lost) and, because the player is excluded, returned to
 * where it came from at once, through the provider, exactly once: nothing stays to play with, and
 * the excluded player needs no sign-in to get it back. A time-out is a short break: a deposit paid
 * during one is credited and waits for the player. Over HTTP on the injected clock.
 */
import { describe, expect, it } from 'vitest';
import { Ledger } from '../accounts/index.ts';
import { depositLimitsFor } from '../limits/index.ts';
import {
  app,
  clock,
  deps,
  errorOf,
  key,
  newPlayer,
  type Player,
  setUpLimitsApp,
} from '../limits/test-support.ts';
import { createPaymentsService, runPaymentsCommand, SandboxRecords, TEST_CARDS } from './index.ts';

setUpLimitsApp();

const DAY_MS = 86_400_000;

function payOnSandboxPage(url: string) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `card=${TEST_CARDS.success}&action=pay`,
  });
}

const accountOf = async (p: Player) =>
  (await p.call('GET', '/web-api/accounts/v1/accounts')).json().accounts[0] as {
    moneyMinor: string;
  };

async function history(p: Player) {
  const res = await p.call('GET', '/web-api/payments/v1/payments');
  expect(res.statusCode).toBe(200);
  return res.json().entities as {
    id: string;
    direction: string;
    state: string;
    amountMinor: string;
    refundOf: string | null;
    isCancellable: boolean;
  }[];
}

describe('a deposit paid after the player excluded themselves', () => {
  it('is credited and returned to its source at once, exactly once; nothing is left to play', async () => {
    const p = await newPlayer();
    const started = await p.deposit('500', key());
    expect(started.statusCode).toBe(200);
    const depositId = started.json().payment.id as string;
    expect((await p.set(30, 1)).statusCode).toBe(200); // self-exclusion for a day: sessions end

    // The player finishes paying on the provider's page; the provider notifies.
    const paid = await payOnSandboxPage(started.json().redirectUrl);
    expect(paid.statusCode).toBe(303);
    // A repeated visit changes nothing.
    await payOnSandboxPage(started.json().redirectUrl);

    const ledger = new Ledger(deps.db.db, clock);
    const payments = createPaymentsService(deps, ledger);
    const deposit = await payments.getPayment(BigInt(depositId));
    expect(deposit.state).toBe('success');
    const refunds = (await payments.allPayments({ direction: 'withdrawal' })).entities.filter(
      (x) => x.userId === BigInt(p.userId),
    );
    expect(refunds).toHaveLength(1);
    const refund = refunds[0]!;
    expect(refund).toMatchObject({ state: 'success', amountMinor: 500_00n, feeMinor: 0n });
    expect(refund.details).toMatchObject({ refundOf: depositId, approvedBy: 'self_exclusion_refund' });
    // The provider paid it back: its own record of the refund.
    const record = await new SandboxRecords(deps.db.db, clock).read(refund.reference);
    expect(record?.status).toBe('success');
    expect((await ledger.check()).differences).toEqual([]);

    // Signed in again after the exclusion: nothing to play with, both movements in the history.
    clock.advance(DAY_MS);
    expect((await p.signIn()).statusCode).toBe(200);
    expect((await accountOf(p)).moneyMinor).toBe('0');
    const entries = await history(p);
    expect(entries.find((e) => e.id === depositId)).toMatchObject({ state: 'success', refundOf: null });
    expect(entries.find((e) => e.id === refund.id.toString())).toMatchObject({
      direction: 'withdrawal',
      state: 'success',
      amountMinor: '50000',
      refundOf: depositId,
      isCancellable: false,
    });
    // The refunded deposit does not count against a deposit limit set now.
    await p.set(20, 600);
    expect((await p.deposit('500', key())).statusCode).toBe(200);
    expect(errorOf(await p.deposit('100.01', key())).code).toBe('LIMIT_DEPOSIT_EXCEEDED');
    expect((await p.deposit('100', key())).statusCode).toBe(200);
    expect((await ledger.check()).differences).toEqual([]);
  });

  it('a lost notification settled by parlay payments reconcile refunds the same way, once', async () => {
    const p = await newPlayer();
    const started = await p.deposit('400', key());
    const depositId = BigInt(started.json().payment.id);
    expect((await p.set(30, 7)).statusCode).toBe(200);
    // The provider took the money; its notification never arrived.
    const ledger = new Ledger(deps.db.db, clock);
    const payments = createPaymentsService(deps, ledger);
    payments.provideDepositLimits(depositLimitsFor(deps));
    await new SandboxRecords(deps.db.db, clock).record(await payments.getPayment(depositId), 'success', null);
    const quiet = { log: () => {}, error: () => {} };
    const codes = await Promise.all([
      runPaymentsCommand(payments, ['reconcile', '--older-than', '0'], quiet),
      runPaymentsCommand(payments, ['reconcile', '--older-than', '0'], quiet),
    ]);
    expect(codes).toEqual([0, 0]);
    expect((await payments.getPayment(depositId)).state).toBe('success');
    const refunds = (await payments.allPayments({ direction: 'withdrawal' })).entities.filter(
      (x) => x.userId === BigInt(p.userId),
    );
    expect(refunds.map((r) => [r.state, r.amountMinor, r.details.refundOf])).toEqual([
      ['success', 400_00n, depositId.toString()],
    ]);
    const account = await ledger.account(BigInt(p.userId), BigInt(p.accountId));
    expect(account.moneyMinor).toBe(0n);
    expect((await ledger.check()).differences).toEqual([]);
    clock.advance(7 * DAY_MS);
  });

  it('during a time-out (a short break) it is credited and waits for the player', async () => {
    const p = await newPlayer();
    const started = await p.deposit('300', key());
    expect((await p.set(33, 1)).statusCode).toBe(200);
    await payOnSandboxPage(started.json().redirectUrl);
    clock.advance(DAY_MS);
    expect((await p.signIn()).statusCode).toBe(200);
    expect((await accountOf(p)).moneyMinor).toBe('30000');
    expect((await history(p)).filter((e) => e.direction === 'withdrawal')).toEqual([]);
    expect((await new Ledger(deps.db.db, clock).check()).differences).toEqual([]);
  });
});
