/**
 * Property: whatever sequence of deposits, withdrawals, cancellations, operator decisions, stakes
 * and reversals happens, every transfer's postings sum to zero per currency, every balance equals
 * the sum of its postings, and each player's balance equals a simple model of what was accepted.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { Ledger, runLedgerCommand } from '../accounts/index.ts';
import {
  createPaymentsService,
  type PaymentsService,
  type SandboxProvider,
  SIGNATURE_HEADER,
  TEST_CARDS,
} from './index.ts';

let t: TestApp;
let ledger: Ledger;
let payments: PaymentsService;
let sandbox: SandboxProvider;
let depositMethod = 0;
let withdrawalMethod = 0;
let nextUser = 900_000n;

type Op =
  | {
      kind: 'deposit';
      user: number;
      amount: number;
      card: 'success' | 'declined' | 'pending';
      replays: number;
    }
  | { kind: 'withdraw'; user: number; amount: number; declined: boolean }
  | { kind: 'cancel'; user: number }
  | { kind: 'approve'; user: number }
  | { kind: 'reject'; user: number }
  | { kind: 'stake'; user: number; amount: number; outcome: 'capture' | 'release' }
  | { kind: 'reverse'; user: number };

const USERS = 3;
const user = fc.integer({ min: 0, max: USERS - 1 });
// Amounts in minor units: 100.00 to 3000.00 RUB; auto-approval up to 1000.00.
const amount = fc.integer({ min: 10_000, max: 300_000 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('deposit' as const),
    user,
    amount,
    card: fc.constantFrom('success' as const, 'declined' as const, 'pending' as const),
    replays: fc.integer({ min: 0, max: 3 }),
  }),
  fc.record({ kind: fc.constant('withdraw' as const), user, amount, declined: fc.boolean() }),
  fc.record({ kind: fc.constant('cancel' as const), user }),
  fc.record({ kind: fc.constant('approve' as const), user }),
  fc.record({ kind: fc.constant('reject' as const), user }),
  fc.record({
    kind: fc.constant('stake' as const),
    user,
    amount,
    outcome: fc.constantFrom('capture' as const, 'release' as const),
  }),
  fc.record({ kind: fc.constant('reverse' as const), user }),
);

async function expectRefusal(promise: Promise<unknown>, codes: string[]): Promise<boolean> {
  try {
    await promise;
    return true;
  } catch (err) {
    if (err instanceof AppError && codes.includes(err.code)) return false;
    throw err;
  }
}

async function notify(raw: Buffer, signature: string): Promise<void> {
  await payments.applyNotification('sandbox', raw, { [SIGNATURE_HEADER]: signature });
}

interface Player {
  userId: bigint;
  accountId: bigint;
  model: bigint;
  requested: bigint[];
  deposits: { transferId: bigint; amount: bigint }[];
}

async function apply(o: Op, players: Player[], step: number): Promise<void> {
  const p = players[o.user]!;
  const key = `${p.userId}-${step}`;
  switch (o.kind) {
    case 'deposit': {
      const { payment } = await payments.startDeposit({
        userId: p.userId,
        accountId: p.accountId,
        methodId: depositMethod,
        amountMinor: BigInt(o.amount),
        idempotencyKey: key,
        lng: 'ru',
      });
      const status = o.card === 'success' ? 'success' : o.card === 'declined' ? 'failed' : 'pending';
      const n = sandbox.notification(payment, status);
      for (let i = 0; i <= o.replays; i += 1) await notify(n.raw, n.signature);
      const late = sandbox.notification(payment, 'pending');
      await notify(late.raw, late.signature);
      if (status === 'success') {
        p.model += BigInt(o.amount);
        const stored = await payments.getPayment(payment.id);
        p.deposits.push({ transferId: stored.transferId!, amount: BigInt(o.amount) });
      }
      return;
    }
    case 'withdraw': {
      const input = {
        userId: p.userId,
        accountId: p.accountId,
        methodId: withdrawalMethod,
        amountMinor: BigInt(o.amount),
        idempotencyKey: key,
        lng: 'ru',
        destination: o.declined ? TEST_CARDS.declined : '4111111111111111',
      };
      try {
        const w = await payments.requestWithdrawal(input);
        if (w.state !== 'failed') p.model -= BigInt(o.amount);
        if (w.state === 'requested') p.requested.push(w.id);
      } catch (err) {
        if (!(err instanceof AppError && err.code === 'INSUFFICIENT_FUNDS')) throw err;
        expect(p.model).toBeLessThan(BigInt(o.amount));
      }
      return;
    }
    case 'cancel':
    case 'reject': {
      const id = p.requested.pop();
      if (id === undefined) return;
      const w =
        o.kind === 'cancel'
          ? await payments.cancelWithdrawal(p.userId, id)
          : await payments.rejectWithdrawal(id);
      expect(w.state).toBe(o.kind === 'cancel' ? 'cancelled' : 'rejected');
      p.model += w.amountMinor;
      return;
    }
    case 'approve': {
      const id = p.requested.pop();
      if (id === undefined) return;
      const w = await payments.approveWithdrawal(id);
      if (w.state === 'failed') p.model += w.amountMinor;
      else expect(w.state).toBe('success');
      return;
    }
    case 'stake': {
      try {
        const r = await ledger.reserve({
          idempotencyKey: `stake-${key}`,
          accountId: p.accountId,
          amountMinor: BigInt(o.amount),
          reason: 'stake_reserve',
        });
        if (o.outcome === 'capture') {
          await ledger.capture(r.id, {
            to: [{ account: { system: 'house' }, amountMinor: r.amountMinor }],
            reason: 'stake',
          });
          p.model -= r.amountMinor;
        } else {
          await ledger.release(r.id, 'stake_release');
        }
      } catch (err) {
        if (!(err instanceof AppError && err.code === 'INSUFFICIENT_FUNDS')) throw err;
      }
      return;
    }
    case 'reverse': {
      const deposit = p.deposits.pop();
      if (!deposit) return;
      if (await expectRefusal(ledger.reverse(deposit.transferId), ['INSUFFICIENT_FUNDS']))
        p.model -= deposit.amount;
      return;
    }
  }
}

beforeAll(async () => {
  t = await createTestApp({ roles: 'api', env: { WITHDRAWAL_AUTO_APPROVE: 'RUB:1000' } });
  ledger = new Ledger(t.deps.db.db, t.deps.clock);
  payments = createPaymentsService(t.deps, ledger);
  sandbox = payments.provider as SandboxProvider;
  depositMethod = (await payments.methods({ direction: 'deposit', currency: 'RUB' })).find(
    (m) => m.code === 'card',
  )!.id;
  withdrawalMethod = (await payments.methods({ direction: 'withdrawal', currency: 'RUB' })).find(
    (m) => m.code === 'sbp',
  )!.id;
});
afterAll(async () => {
  const lines: string[] = [];
  expect(
    await runLedgerCommand(ledger, ['check'], { log: (l) => lines.push(l), error: (l) => lines.push(l) }),
  ).toBe(0);
  expect(lines.at(-1)).toBe('ledger check: no difference');
  await t.close();
});

describe('money property', () => {
  it('keeps the books exact over random sequences of payments, stakes and reversals', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        const players: Player[] = [];
        for (let i = 0; i < USERS; i += 1) {
          nextUser += 1n;
          const account = await ledger.openAccount(nextUser, 'RUB');
          players.push({ userId: nextUser, accountId: account.id, model: 0n, requested: [], deposits: [] });
        }
        for (const [step, o] of ops.entries()) await apply(o, players, step);
        for (const p of players)
          expect((await ledger.account(p.userId, p.accountId)).moneyMinor).toBe(p.model);
        expect((await ledger.check()).differences).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });
});
