/**
 * For the back office's API tests (../backoffice-*.test.ts): one test app a file with the sandbox
 * payments provider, its manual clock, the ledger and payments service, operators made directly and
 * signed in over HTTP, and a funded withdrawal waiting for a decision. Call withBackofficeApp() at the
 * top of a test file; t, ledger and payments are live bindings set by its beforeAll.
 */
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { ManualClock } from '../../../platform/clock.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { Ledger } from '../../accounts/index.ts';
import {
  createPaymentsService,
  type PaymentsService,
  type SandboxProvider,
  SIGNATURE_HEADER,
} from '../../payments/index.ts';
import { createOperator } from '../operators.ts';
import type { OperatorRole } from '../permissions.ts';
import { totpCode } from '../totp.ts';

const SECRET = 'test-sandbox-secret-0123456789';
export const clock = new ManualClock(new Date('2026-11-27T10:00:00Z'));
export let t: TestApp;
export let ledger: Ledger;
export let payments: PaymentsService;
let nextUser = 9000n;
const CLI = { operatorId: null, login: 'cli', ip: 'cli' };

/** The file's app: made before its tests, closed after them; the ledger balances after each test. */
export function withBackofficeApp(): void {
  beforeAll(async () => {
    t = await createTestApp({
      roles: 'api',
      clock,
      env: { PAYMENTS_SANDBOX_SECRET: SECRET, WITHDRAWAL_AUTO_APPROVE: 'RUB:1000' },
    });
    ledger = new Ledger(t.deps.db.db, clock);
    payments = createPaymentsService(t.deps, ledger);
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(async () => {
    expect((await ledger.check()).differences).toEqual([]);
  });
}

export interface Op {
  id: bigint;
  login: string;
  password: string;
  secret: string;
}

export async function newOperator(login: string, role: OperatorRole): Promise<Op> {
  const c = await createOperator(t.deps.db.db, clock, CLI, { login, role });
  return { id: c.operatorId, login, password: c.password, secret: c.totpSecret };
}

export function cookieOf(res: { cookies: { name: string; value: string }[] }): string {
  const c = res.cookies.find((x) => x.name === 'parlay_backoffice');
  if (!c) throw new Error('no back-office cookie');
  return `parlay_backoffice=${c.value}`;
}

export function call(method: string, url: string, cookie?: string, payload?: unknown) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** Both steps; the clock moves one TOTP step first so the operator's previous code is not replayed. */
export async function signIn(op: Op): Promise<string> {
  clock.advance(30_000);
  const first = await call('POST', '/backoffice-api/v1/sign-in', undefined, {
    login: op.login,
    password: op.password,
  });
  expect(first.statusCode).toBe(200);
  const cookie = cookieOf(first);
  const second = await call('POST', '/backoffice-api/v1/sign-in/code', cookie, {
    code: totpCode(op.secret, clock.nowMs()),
  });
  expect(second.statusCode).toBe(200);
  return cookie;
}

/** A new player who deposited twice the amount (sandbox card) and asked to withdraw the amount. */
export async function fundedWithdrawal(amountMinor: bigint) {
  nextUser += 1n;
  const account = await ledger.openAccount(nextUser, 'RUB');
  const p = { userId: nextUser, accountId: account.id };
  const card = (await payments.methods({ direction: 'deposit', currency: 'RUB' })).find(
    (m) => m.code === 'card',
  )!;
  const { payment } = await payments.startDeposit({
    ...p,
    methodId: card.id,
    amountMinor: amountMinor * 2n,
    idempotencyKey: `fund-${p.userId}`,
    lng: 'ru',
  });
  const n = (payments.provider as SandboxProvider).notification(payment, 'success');
  await t.app.inject({
    method: 'POST',
    url: '/payments-api/v1/notify/sandbox',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: n.signature },
    payload: n.raw,
  });
  const out = (await payments.methods({ direction: 'withdrawal', currency: 'RUB' })).find(
    (m) => m.code === 'card',
  )!;
  const w = await payments.requestWithdrawal({
    ...p,
    methodId: out.id,
    amountMinor,
    idempotencyKey: `wd-${p.userId}`,
    lng: 'ru',
    destination: '4111111111111111',
  });
  expect(w.state).toBe('requested');
  return { player: p, withdrawal: w };
}

export const balanceOf = async (p: { userId: bigint; accountId: bigint }) =>
  (await ledger.account(p.userId, p.accountId)).moneyMinor;
