/**
 * For tests of the referrals module: the app (api role) over a fresh database on a manual clock,
 * a referral service over the same database (state lives in the database, so it acts as the app's
 * own) with the real signals of auth and payments, players registered through the auth routes
 * (optionally with the bf_id cookie and a device fingerprint), deposits credited through the
 * sandbox's signed notification (the app's payments hook).
 */
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { TestClient } from '../../testing/test-client.ts';
import { Ledger } from '../accounts/index.ts';
import { createAuthService } from '../auth/index.ts';
import { SiteConfigService } from '../config/index.ts';
import { createPaymentsService, type SandboxProvider, SIGNATURE_HEADER } from '../payments/index.ts';
import { createReferralService, type ReferralSignals, referralSignalsFrom } from './index.ts';

const SECRET = 'referral-sandbox-secret-0123456789';
export const REFERRAL_API = '/web-api/referrals/v1';
/** auth's device fingerprint header (auth/device-fingerprint.ts). */
const FINGERPRINT_HEADER = 'x-device-fingerprint';

export async function referralTestApp() {
  const clock = new ManualClock(new Date('2026-11-20T12:00:00Z'));
  const { app, deps, close } = await createTestApp({
    roles: 'api',
    clock,
    env: { PAYMENTS_SANDBOX_SECRET: SECRET, DEV_TOOLS: 'on' },
  });
  const db = deps.db.db;
  const ledger = new Ledger(db, clock);
  const payments = createPaymentsService(deps, ledger);
  const auth = createAuthService(deps, new SiteConfigService(db, deps.bus, clock));
  const signals = referralSignalsFrom(auth, payments);
  const referrals = createReferralService(deps, { ledger, signals });
  const withSignals = (over: Partial<ReferralSignals>) =>
    createReferralService(deps, { ledger, signals: { ...signals, ...over } });
  const sandbox = payments.provider as SandboxProvider;
  return { app, deps, db, clock, ledger, payments, referrals, withSignals, sandbox, close };
}

export type ReferralTestApp = Awaited<ReturnType<typeof referralTestApp>>;

/** One app per test file; the ledger's invariants are asserted after every test. */
export function setUpReferralTestApp(ready: (t: ReferralTestApp) => void) {
  let t: ReferralTestApp | undefined;
  beforeAll(async () => {
    t = await referralTestApp();
    ready(t);
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    expect((await t!.ledger.check()).differences).toEqual([]);
  });
}

let nextIp = 1;
let nextKey = 1;
export const newKey = () => `referral-key-${process.pid}-${nextKey++}`;

/** A device id token from the development fingerprint provider. */
export async function deviceToken(client: TestClient, visitorId: string): Promise<string> {
  const res = await client.post('/web-api/auth/v1/fingerprint', { data: visitorId });
  if (res.statusCode !== 200) throw new Error(`fingerprint: ${res.body}`);
  return (res.json() as { token: string }).token;
}

/** A player registered (fast, RUB) and signed in on its own client, optionally by a friend's link. */
export async function newPlayer(
  t: ReferralTestApp,
  options: { bfId?: string; visitorId?: string; firstName?: string } = {},
) {
  const client = new TestClient(t.app, `10.8.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`);
  const headers: Record<string, string> = {};
  if (options.bfId) headers.cookie = `bf_id=${options.bfId}`;
  if (options.visitorId) headers[FINGERPRINT_HEADER] = await deviceToken(client, options.visitorId);
  const res = await client.post(
    '/web-api/auth/v1/registration/fast',
    { countryId: 1, currency: 'RUB' },
    headers,
  );
  if (res.statusCode !== 200) throw new Error(`registration: ${res.body}`);
  const userId = BigInt(res.json().userId);
  if (options.firstName)
    await t.db
      .updateTable('users')
      .set({ first_name: options.firstName })
      .where('id', '=', Number(userId))
      .execute();
  const accounts = (await client.get('/web-api/accounts/v1/accounts')).json();
  const accountId = BigInt(accounts.mainAccount?.id ?? accounts.accounts[0].id);
  return { client, accountId, userId };
}

/** A deposit started and credited through the sandbox's notification to the app (its payments hook). */
export async function deposit(
  t: ReferralTestApp,
  p: { userId: bigint; accountId: bigint },
  amountMinor: bigint,
) {
  const method = (await t.payments.methods({ direction: 'deposit', currency: 'RUB' })).find(
    (m) => m.code === 'card',
  );
  if (!method) throw new Error('no card deposit method');
  const { payment } = await t.payments.startDeposit({
    userId: p.userId,
    accountId: p.accountId,
    methodId: method.id,
    amountMinor,
    idempotencyKey: newKey(),
    lng: 'ru',
  });
  const n = t.sandbox.notification(payment, 'success');
  const res = await t.app.inject({
    method: 'POST',
    url: '/payments-api/v1/notify/sandbox',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: n.signature },
    payload: n.raw,
  });
  expect(res.json().outcome).toBe('applied');
  return payment;
}

let nextBet = 9_000_000n;
/** A settled bet as betting's settlement hook tells it (inside the settlement transaction). */
export async function settledBet(t: ReferralTestApp, userId: bigint, stakeMinor: bigint, betId = nextBet++) {
  await t.db
    .transaction()
    .execute((trx) => t.referrals.betSettled(trx, { betId, userId, currency: 'RUB', stakeMinor }));
  return betId;
}

export async function referralRow(t: ReferralTestApp, friendId: bigint) {
  return t.db.selectFrom('referrals').selectAll().where('friend_id', '=', friendId).executeTakeFirst();
}

export async function balanceOf(t: ReferralTestApp, userId: bigint): Promise<bigint> {
  const accounts = await t.ledger.balances(userId);
  return accounts.filter((a) => a.type === 0).reduce((s, a) => s + a.moneyMinor, 0n);
}
