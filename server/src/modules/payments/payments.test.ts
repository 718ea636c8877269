import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { Ledger } from '../accounts/index.ts';
import {
  createPaymentsService,
  type PaymentsService,
  SandboxProvider,
  SIGNATURE_HEADER,
  TEST_CARDS,
} from './index.ts';

const SECRET = 'test-sandbox-secret-0123456789';
let t: TestApp;
let ledger: Ledger;
let payments: PaymentsService;
let sandbox: SandboxProvider;
let nextUser = 5000n;

async function errorCode(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
  return 'no error';
}

async function methodId(
  direction: 'deposit' | 'withdrawal',
  code: string,
  currency: string,
): Promise<number> {
  const found = (await payments.methods({ direction, currency })).find((m) => m.code === code);
  if (!found) throw new Error(`no ${code} ${direction} in ${currency}`);
  return found.id;
}

async function newPlayer(currency = 'RUB'): Promise<{ userId: bigint; accountId: bigint }> {
  nextUser += 1n;
  const account = await ledger.openAccount(nextUser, currency);
  return { userId: nextUser, accountId: account.id };
}

async function balance(p: { userId: bigint; accountId: bigint }): Promise<bigint> {
  return (await ledger.account(p.userId, p.accountId)).moneyMinor;
}

function notify(raw: Buffer, signature: string) {
  return t.app.inject({
    method: 'POST',
    url: '/payments-api/v1/notify/sandbox',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
    payload: raw,
  });
}

/** A funded player: deposit confirmed through the sandbox notification. */
async function fundedPlayer(amountMinor: bigint, currency = 'RUB') {
  const p = await newPlayer(currency);
  const { payment } = await payments.startDeposit({
    ...p,
    methodId: await methodId('deposit', 'card', currency),
    amountMinor,
    idempotencyKey: `fund-${p.userId}`,
    lng: 'ru',
  });
  const n = sandbox.notification(payment, 'success');
  expect((await notify(n.raw, n.signature)).json().outcome).toBe('applied');
  return p;
}

beforeAll(async () => {
  t = await createTestApp({
    roles: 'api',
    env: { PAYMENTS_SANDBOX_SECRET: SECRET, WITHDRAWAL_AUTO_APPROVE: 'RUB:1000,USD:200' },
  });
  ledger = new Ledger(t.deps.db.db, t.deps.clock);
  payments = createPaymentsService(t.deps, ledger);
  sandbox = payments.provider as SandboxProvider;
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  expect((await ledger.check()).differences).toEqual([]);
});

describe('payment-method catalogue', () => {
  it('offers methods by country and currency with limits and fees', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/web-api/payments/v1/methods?direction=deposit&currency=RUB&country=ru',
    });
    expect(res.statusCode).toBe(200);
    const methods = res.json().methods as {
      code: string;
      min: string;
      max: string;
      minMinor: string;
      feeBasisPoints: number;
    }[];
    expect(methods.map((m) => m.code)).toEqual(['card', 'sbp', 'mobile_cash']);
    expect(methods[0]).toMatchObject({ min: '100.00', max: '600000.00', minMinor: '10000' });
    const kz = await t.app.inject({
      method: 'GET',
      url: '/web-api/payments/v1/methods?direction=deposit&currency=KZT&country=KZ',
    });
    expect(kz.json().methods.map((m: { code: string }) => m.code)).toEqual(['card', 'kaspi']);
    const out = await payments.methods({ direction: 'withdrawal', currency: 'RUB', country: 'ru' });
    expect(out.find((m) => m.code === 'card')?.feeBasisPoints).toBe(150);
    expect(
      (await t.app.inject({ method: 'GET', url: '/web-api/payments/v1/methods?direction=sideways' }))
        .statusCode,
    ).toBe(400);
  });
});

describe('deposits through the sandbox page', () => {
  it('pays with the success card, returns to /onpay/success and credits once', async () => {
    const p = await newPlayer();
    expect(await payments.hasDeposit(p.userId)).toBe(false);
    const { payment, redirectUrl } = await payments.startDeposit({
      ...p,
      methodId: await methodId('deposit', 'card', 'RUB'),
      amountMinor: 150_000n,
      idempotencyKey: 'dep-1',
      lng: 'en',
    });
    expect(payment.state).toBe('created');
    const page = await t.app.inject({ method: 'GET', url: redirectUrl });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('1 500.00 ₽');
    expect(page.body).toContain(TEST_CARDS.declined);
    const paid = await t.app.inject({
      method: 'POST',
      url: redirectUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `card=${TEST_CARDS.success}&action=pay`,
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('/en/onpay/success');
    expect(await balance(p)).toBe(150_000n);
    expect(await payments.hasDeposit(p.userId)).toBe(true);
    const again = await t.app.inject({
      method: 'POST',
      url: redirectUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `card=${TEST_CARDS.success}&action=pay`,
    });
    expect(again.headers.location).toBe('/en/onpay/success');
    expect(await balance(p)).toBe(150_000n);
    const replay = await payments.startDeposit({
      ...p,
      methodId: payment.methodId,
      amountMinor: 150_000n,
      idempotencyKey: 'dep-1',
      lng: 'en',
    });
    expect(replay.payment.id).toBe(payment.id);
    expect(
      await errorCode(
        payments.startDeposit({
          ...p,
          methodId: payment.methodId,
          amountMinor: 150_001n,
          idempotencyKey: 'dep-1',
          lng: 'en',
        }),
      ),
    ).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('declined, pending then paid, and cancelled payments return to their pages', async () => {
    const p = await newPlayer();
    const card = await methodId('deposit', 'card', 'RUB');
    const form = (body: string) => ({
      method: 'POST' as const,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: body,
    });
    const declined = await payments.startDeposit({
      ...p,
      methodId: card,
      amountMinor: 20_000n,
      idempotencyKey: 'dep-declined',
      lng: 'ru',
    });
    expect(
      (await t.app.inject({ ...form(`card=${TEST_CARDS.declined}`), url: declined.redirectUrl })).headers
        .location,
    ).toBe('/ru/onpay/fail');
    const pending = await payments.startDeposit({
      ...p,
      methodId: card,
      amountMinor: 30_000n,
      idempotencyKey: 'dep-pending',
      lng: 'ru',
    });
    expect(
      (await t.app.inject({ ...form(`card=${TEST_CARDS.pending}`), url: pending.redirectUrl })).headers
        .location,
    ).toBe('/ru/onpay/pending');
    expect(await balance(p)).toBe(0n);
    expect(
      (await t.app.inject({ ...form(`card=${TEST_CARDS.success}`), url: pending.redirectUrl })).headers
        .location,
    ).toBe('/ru/onpay/success');
    const cancelled = await payments.startDeposit({
      ...p,
      methodId: card,
      amountMinor: 40_000n,
      idempotencyKey: 'dep-cancel',
      lng: 'ru',
    });
    expect(
      (await t.app.inject({ ...form('action=cancel'), url: cancelled.redirectUrl })).headers.location,
    ).toBe('/ru/onpay/cancel');
    expect(await balance(p)).toBe(30_000n);
    expect((await payments.getPayment(declined.payment.id)).failureReason).toBe('card_declined');
  });

  it('refuses amounts outside the limits, another currency and bonus accounts', async () => {
    const p = await newPlayer();
    const card = await methodId('deposit', 'card', 'RUB');
    expect(
      await errorCode(
        payments.startDeposit({
          ...p,
          methodId: card,
          amountMinor: 9_999n,
          idempotencyKey: 'low',
          lng: 'ru',
        }),
      ),
    ).toBe('PAYMENT_AMOUNT_OUT_OF_LIMITS');
    expect(
      await errorCode(
        payments.startDeposit({
          ...p,
          methodId: await methodId('deposit', 'card', 'USD'),
          amountMinor: 10_000n,
          idempotencyKey: 'usd',
          lng: 'ru',
        }),
      ),
    ).toBe('CURRENCY_MISMATCH');
    const sbp = await methodId('deposit', 'sbp', 'RUB');
    expect(
      await errorCode(
        payments.startDeposit({
          ...p,
          methodId: sbp,
          amountMinor: 10_000n,
          idempotencyKey: 'sbp-kz',
          lng: 'ru',
          country: 'kz',
        }),
      ),
    ).toBe('PAYMENT_METHOD_NOT_FOUND');
    const bonus = await ledger.openAccount(p.userId, 'RUB', 4);
    expect(
      await errorCode(
        payments.startDeposit({
          userId: p.userId,
          accountId: bonus.id,
          methodId: card,
          amountMinor: 10_000n,
          idempotencyKey: 'bonus',
          lng: 'ru',
        }),
      ),
    ).toBe('VALIDATION_FAILED');
  });
});

describe('provider notifications', () => {
  it('credits once when notifications are replayed three times, reordered and late', async () => {
    const p = await newPlayer();
    const { payment } = await payments.startDeposit({
      ...p,
      methodId: await methodId('deposit', 'card', 'RUB'),
      amountMinor: 50_000n,
      idempotencyKey: 'dep-replay',
      lng: 'ru',
    });
    const pending = sandbox.notification(payment, 'pending');
    const success = sandbox.notification(payment, 'success');
    const secondSuccess = sandbox.notification(payment, 'success');
    const lateFailure = sandbox.notification(payment, 'failed');
    const outcomes: string[] = [];
    for (const n of [success, success, success, pending, pending, secondSuccess, lateFailure]) {
      const res = await notify(n.raw, n.signature);
      expect(res.statusCode).toBe(200);
      outcomes.push(res.json().outcome);
    }
    expect(outcomes).toEqual([
      'applied',
      'duplicate',
      'duplicate',
      'ignored',
      'duplicate',
      'ignored',
      'ignored',
    ]);
    expect(await balance(p)).toBe(50_000n);
    expect((await payments.getPayment(payment.id)).state).toBe('success');
    const credits = await ledger.transactions(p.userId, { reasons: ['deposit'] });
    expect(credits.totalCount).toBe(1);
  });

  it('credits once when the same notification arrives three times at once', async () => {
    const p = await newPlayer();
    const { payment } = await payments.startDeposit({
      ...p,
      methodId: await methodId('deposit', 'card', 'RUB'),
      amountMinor: 70_000n,
      idempotencyKey: 'dep-parallel',
      lng: 'ru',
    });
    const a = sandbox.notification(payment, 'success');
    const b = sandbox.notification(payment, 'success');
    const results = await Promise.all([
      notify(a.raw, a.signature),
      notify(b.raw, b.signature),
      notify(a.raw, a.signature),
      notify(b.raw, b.signature),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(results.filter((r) => r.json().outcome === 'applied')).toHaveLength(1);
    expect(await balance(p)).toBe(70_000n);
  });

  it('refuses a bad signature and ignores a mismatched amount', async () => {
    const p = await newPlayer();
    const { payment } = await payments.startDeposit({
      ...p,
      methodId: await methodId('deposit', 'card', 'RUB'),
      amountMinor: 60_000n,
      idempotencyKey: 'dep-sig',
      lng: 'ru',
    });
    const n = sandbox.notification(payment, 'success');
    const forged = await notify(
      n.raw,
      n.signature.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
    );
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error.code).toBe('PAYMENT_SIGNATURE_INVALID');
    const other = new SandboxProvider('another-secret-0123456789').notification(payment, 'success');
    expect((await notify(other.raw, other.signature)).statusCode).toBe(401);
    const wrongAmount = sandbox.notification({ ...payment, amountMinor: 6_000_000n }, 'success');
    expect((await notify(wrongAmount.raw, wrongAmount.signature)).json().outcome).toBe('amount_mismatch');
    const unknown = sandbox.notification({ ...payment, reference: 'pay_unknownunknown' }, 'success');
    expect((await notify(unknown.raw, unknown.signature)).json().outcome).toBe('unknown_payment');
    expect(await balance(p)).toBe(0n);
    expect((await payments.getPayment(payment.id)).state).toBe('created');
  });
});

describe('withdrawals', () => {
  it('pays a small withdrawal at once: provider gets amount minus fee, the house the fee', async () => {
    const p = await fundedPlayer(100_000n);
    const card = await methodId('withdrawal', 'card', 'RUB');
    const w = await payments.requestWithdrawal({
      ...p,
      methodId: card,
      amountMinor: 10_000n,
      idempotencyKey: 'wd-small',
      lng: 'ru',
      destination: '4111 1111 1111 1111',
    });
    expect(w).toMatchObject({ state: 'success', feeMinor: 150n });
    expect(await balance(p)).toBe(90_000n);
    const transfer = await ledger.getTransfer(w.transferId!);
    expect(transfer.postings.map((x) => x.amountMinor).sort()).toEqual([-10_000n, 150n, 9_850n].sort());
    const replay = await payments.requestWithdrawal({
      ...p,
      methodId: card,
      amountMinor: 10_000n,
      idempotencyKey: 'wd-small',
      lng: 'ru',
      destination: '4111 1111 1111 1111',
    });
    expect(replay.id).toBe(w.id);
    expect(await balance(p)).toBe(90_000n);
  });

  it('holds a large withdrawal for the operator; the player may cancel it until it is paid', async () => {
    const p = await fundedPlayer(500_000n);
    const card = await methodId('withdrawal', 'card', 'RUB');
    const input = { ...p, methodId: card, lng: 'ru', destination: '4111111111111111' };
    const w1 = await payments.requestWithdrawal({
      ...input,
      amountMinor: 200_000n,
      idempotencyKey: 'wd-big-1',
    });
    expect(w1.state).toBe('requested');
    expect(await balance(p)).toBe(300_000n);
    expect(
      await errorCode(
        payments.requestWithdrawal({ ...input, amountMinor: 300_001n, idempotencyKey: 'wd-too-much' }),
      ),
    ).toBe('INSUFFICIENT_FUNDS');
    expect((await payments.payments(p.userId, { direction: 'withdrawal' })).totalCount).toBe(1);
    const cancelled = await payments.cancelWithdrawal(p.userId, w1.id);
    expect(cancelled.state).toBe('cancelled');
    expect((await payments.cancelWithdrawal(p.userId, w1.id)).state).toBe('cancelled');
    expect(await balance(p)).toBe(500_000n);
    expect(await errorCode(payments.approveWithdrawal(w1.id))).toBe('PAYMENT_STATE_CONFLICT');
    expect(await errorCode(payments.cancelWithdrawal(p.userId + 1n, w1.id))).toBe('PAYMENT_NOT_FOUND');

    const w2 = await payments.requestWithdrawal({
      ...input,
      amountMinor: 200_000n,
      idempotencyKey: 'wd-big-2',
    });
    const paid = await payments.approveWithdrawal(w2.id);
    expect(paid.state).toBe('success');
    expect(await errorCode(payments.cancelWithdrawal(p.userId, w2.id))).toBe('PAYMENT_STATE_CONFLICT');
    expect(await balance(p)).toBe(300_000n);

    const w3 = await payments.requestWithdrawal({
      ...input,
      amountMinor: 150_000n,
      idempotencyKey: 'wd-big-3',
    });
    expect((await payments.rejectWithdrawal(w3.id, 'aml_check')).state).toBe('rejected');
    expect(await balance(p)).toBe(300_000n);
  });

  it('releases the money when the provider declines the payout', async () => {
    const p = await fundedPlayer(50_000n);
    const w = await payments.requestWithdrawal({
      ...p,
      methodId: await methodId('withdrawal', 'card', 'RUB'),
      amountMinor: 10_000n,
      idempotencyKey: 'wd-declined',
      lng: 'ru',
      destination: TEST_CARDS.declined,
    });
    expect(w).toMatchObject({ state: 'failed', failureReason: 'card_declined' });
    expect(await balance(p)).toBe(50_000n);
  });

  it('needs verification when so configured, and lists payments with filters and pages', async () => {
    const strict = createPaymentsService(
      { ...t.deps, config: { ...t.deps.config, withdrawalRequiresVerification: true } },
      ledger,
      async (userId) => userId % 2n === 0n,
    );
    const p = await fundedPlayer(50_000n);
    const input = {
      methodId: await methodId('withdrawal', 'card', 'RUB'),
      amountMinor: 10_000n,
      lng: 'ru',
      destination: '4111111111111111',
    };
    const odd = p.userId % 2n === 1n;
    const result = strict.requestWithdrawal({ ...p, ...input, idempotencyKey: 'wd-verify' });
    if (odd) expect(await errorCode(result)).toBe('VERIFICATION_REQUIRED');
    else expect((await result).state).toBe('success');
    const history = await payments.payments(p.userId, { pageSize: 1 });
    expect(history.entities).toHaveLength(1);
    expect(history.totalCount).toBe(odd ? 1 : 2);
    expect(
      (await payments.payments(p.userId, { direction: 'deposit', states: ['success'] })).totalCount,
    ).toBe(1);
    const route = await t.app.inject({ method: 'GET', url: '/web-api/payments/v1/payments' });
    expect(route.statusCode).toBe(401);
  });
});
