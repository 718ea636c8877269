/**
 * Reconciliation (`parlay payments reconcile`): payments whose notification was lost, whose payout
 * call never reached the provider, or that the player abandoned are settled from the provider's
 * own records exactly once, however often and concurrently it runs; the ledger stays balanced.
 */
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { Ledger } from '../accounts/index.ts';
import {
  createPaymentsService,
  DEPOSIT_EXPIRES_AFTER_MS,
  type PaymentProvider,
  PaymentsService,
  runPaymentsCommand,
  type SandboxProvider,
  SandboxRecords,
  SIGNATURE_HEADER,
} from './index.ts';

const SECRET = 'test-sandbox-secret-0123456789';
let t: TestApp;
let ledger: Ledger;
let payments: PaymentsService;
let records: SandboxRecords;
let nextUser = 9000n;

async function methodId(direction: 'deposit' | 'withdrawal', code: string): Promise<number> {
  const found = (await payments.methods({ direction, currency: 'RUB' })).find((m) => m.code === code);
  if (!found) throw new Error(`no ${code}`);
  return found.id;
}

async function newPlayer() {
  nextUser += 1n;
  const account = await ledger.openAccount(nextUser, 'RUB');
  return { userId: nextUser, accountId: account.id };
}

const balance = async (p: { userId: bigint; accountId: bigint }) =>
  (await ledger.account(p.userId, p.accountId)).moneyMinor;

async function startDeposit(p: { userId: bigint; accountId: bigint }, amountMinor: bigint, key: string) {
  const { payment } = await payments.startDeposit({
    ...p,
    methodId: await methodId('deposit', 'card'),
    amountMinor,
    idempotencyKey: key,
    lng: 'en',
  });
  return payment;
}

/** Every open payment, however recent. */
const reconcileNow = () => payments.reconcile({ olderThanMs: 0 });

beforeAll(async () => {
  t = await createTestApp({
    roles: 'api',
    env: { PAYMENTS_SANDBOX_SECRET: SECRET, WITHDRAWAL_AUTO_APPROVE: 'RUB:1000' },
  });
  ledger = new Ledger(t.deps.db.db, t.deps.clock);
  payments = createPaymentsService(t.deps, ledger);
  records = new SandboxRecords(t.deps.db.db, t.deps.clock);
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  expect((await ledger.check()).differences).toEqual([]);
});

describe('payments reconcile', () => {
  it('credits a paid deposit whose notification was lost exactly once, even run in parallel', async () => {
    const p = await newPlayer();
    const payment = await startDeposit(p, 250_000n, 'lost-note');
    // The player paid on the provider's page; the provider knows, the notification never came.
    await records.record(payment, 'success', null);
    expect(await balance(p)).toBe(0n);
    const reports = await Promise.all([reconcileNow(), reconcileNow(), reconcileNow()]);
    expect(reports.reduce((n, r) => n + r.outcomes.applied, 0)).toBe(1);
    expect(await balance(p)).toBe(250_000n);
    expect((await payments.getPayment(payment.id)).state).toBe('success');
    expect(await payments.hasDeposit(p.userId)).toBe(true);
    // The late notification and another round change nothing.
    const late = (payments.provider as SandboxProvider).notification(payment, 'success');
    const answer = await t.app.inject({
      method: 'POST',
      url: '/payments-api/v1/notify/sandbox',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: late.signature },
      payload: late.raw,
    });
    expect(answer.json().outcome).toBe('ignored');
    const again = await reconcileNow();
    expect(again.settled.find((s) => s.id === payment.id)).toBeUndefined();
    expect(await balance(p)).toBe(250_000n);
  });

  it('leaves pending deposits waiting and fails them when the provider says so', async () => {
    const p = await newPlayer();
    const payment = await startDeposit(p, 30_000n, 'pending-then-failed');
    await records.record(payment, 'pending', null);
    await reconcileNow();
    expect((await payments.getPayment(payment.id)).state).toBe('pending');
    expect((await reconcileNow()).outcomes.waiting).toBeGreaterThanOrEqual(1);
    await records.record(payment, 'failed', 'card_declined');
    await reconcileNow();
    const failed = await payments.getPayment(payment.id);
    expect(failed.state).toBe('failed');
    expect(failed.failureReason).toBe('card_declined');
    expect(await balance(p)).toBe(0n);
  });

  it('expires a deposit the provider never heard of at its expiry, not before', async () => {
    const p = await newPlayer();
    const payment = await startDeposit(p, 30_000n, 'abandoned');
    expect(payment.expiresAt?.getTime()).toBe(payment.createdAt.getTime() + DEPOSIT_EXPIRES_AFTER_MS);
    await reconcileNow();
    expect((await payments.getPayment(payment.id)).state).toBe('created');
    await sql`update payments set expires_at = now() - interval '1 second' where id = ${payment.id}`.execute(
      t.deps.db.db,
    );
    const report = await reconcileNow();
    expect(report.settled).toContainEqual({ id: payment.id, state: 'expired' });
    expect((await payments.getPayment(payment.id)).failureReason).toBe('expired');
  });

  it('an approval job a crash left open is run exactly once by the worker, reconcile and a replay at once', async () => {
    const p = await newPlayer();
    const funding = await startDeposit(p, 100_000n, 'fund-jobs');
    await records.record(funding, 'success', null);
    await reconcileNow();
    // A process that dies right after the withdrawal's transaction commits (the crash test does
    // this with SIGKILL): its first transaction commits, nothing after it runs.
    class DyingLedger extends Ledger {
      #transactions = 0;
      override transaction<T>(work: Parameters<Ledger['transaction']>[0]): Promise<T> {
        this.#transactions += 1;
        if (this.#transactions > 1) return Promise.reject(new Error('process died'));
        return super.transaction(work) as Promise<T>;
      }
    }
    const dying = new PaymentsService(
      t.deps.db.db,
      new DyingLedger(t.deps.db.db, t.deps.clock),
      t.deps.clock,
      {
        provider: payments.provider,
        autoApprove: 'RUB:1000',
        requiresVerification: false,
      },
    );
    const input = {
      ...p,
      methodId: await methodId('withdrawal', 'card'),
      amountMinor: 20_000n,
      idempotencyKey: 'job-left-open',
      lng: 'en',
      destination: '4242424242424242',
    };
    await expect(dying.requestWithdrawal(input)).rejects.toThrow('process died');
    const [left] = (
      await payments.allPayments({ direction: 'withdrawal', states: ['requested'] })
    ).entities.filter((x) => x.userId === p.userId);
    expect(left).toBeDefined();
    expect(await balance(p)).toBe(80_000n);

    // The workers role's job run (twice, as two processes would), reconciliation and the player's
    // replay all at once: one approval, one payout.
    const [byWorker, byOther, report, replay] = await Promise.all([
      payments.runJobs(),
      payments.runJobs(),
      reconcileNow(),
      payments.requestWithdrawal(input),
    ]);
    expect(byWorker.length + byOther.length + report.jobs).toBeLessThanOrEqual(1);
    expect(replay.id).toBe(left!.id);
    const paid = await payments.getPayment(left!.id);
    expect(paid.state).toBe('success');
    expect(paid.details.approvedBy).toBe('auto');
    const jobs = await t.deps.db.db
      .selectFrom('payment_jobs')
      .select(['outcome'])
      .where('payment_id', '=', left!.id)
      .execute();
    expect(jobs).toEqual([{ outcome: 'approved' }]);
    const captures = await t.deps.db.db
      .selectFrom('ledger_reservations')
      .select(['state', 'captured_amount'])
      .where('id', '=', paid.reservationId!)
      .executeTakeFirstOrThrow();
    expect(captures).toEqual({ state: 'captured', captured_amount: 20_000n });
    expect(await balance(p)).toBe(80_000n);
    expect(await payments.runJobs()).toEqual([]);
  });

  it('pays a withdrawal stuck in processing once and captures its reservation', async () => {
    const p = await newPlayer();
    const funding = await startDeposit(p, 100_000n, 'fund-stuck');
    await records.record(funding, 'success', null);
    await reconcileNow();
    // A provider whose payout call fails on the way: the withdrawal stays in processing.
    const sandbox = payments.provider as SandboxProvider;
    const broken: PaymentProvider = {
      name: sandbox.name,
      startDeposit: (x) => sandbox.startDeposit(x),
      startPayout: async () => {
        throw new Error('connection reset');
      },
      readNotification: (raw, headers) => sandbox.readNotification(raw, headers),
      lookup: (x) => sandbox.lookup(x),
    };
    const crashing = new PaymentsService(t.deps.db.db, ledger, t.deps.clock, {
      provider: broken,
      autoApprove: 'RUB:1000',
      requiresVerification: false,
    });
    await expect(
      crashing.requestWithdrawal({
        ...p,
        methodId: await methodId('withdrawal', 'card'),
        amountMinor: 40_000n,
        idempotencyKey: 'stuck-wd',
        lng: 'en',
        destination: '4242424242424242',
      }),
    ).rejects.toThrow('connection reset');
    const stuck = (
      await payments.allPayments({ direction: 'withdrawal', states: ['processing'] })
    ).entities.find((x) => x.userId === p.userId);
    expect(stuck).toBeDefined();
    expect(await balance(p)).toBe(60_000n);
    const lines: string[] = [];
    const out = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(l) };
    const codes = await Promise.all([
      runPaymentsCommand(payments, ['reconcile', '--older-than', '0'], out),
      runPaymentsCommand(payments, ['reconcile', '--older-than', '0'], out),
    ]);
    expect(codes).toEqual([0, 0]);
    expect(lines.join('\n')).toMatch(/reconciled \d+ open payment/);
    const paid = await payments.getPayment(stuck!.id);
    expect(paid.state).toBe('success');
    expect(await balance(p)).toBe(60_000n);
    const captured = await t.deps.db.db
      .selectFrom('ledger_reservations')
      .select(['state', 'captured_amount'])
      .where('id', '=', paid.reservationId!)
      .executeTakeFirstOrThrow();
    expect(captured).toEqual({ state: 'captured', captured_amount: 40_000n });
    expect(await runPaymentsCommand(payments, ['reconcile', '--older-than', 'soon'], out)).toBe(1);
  });
});
