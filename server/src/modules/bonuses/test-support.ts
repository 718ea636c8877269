/**
 * For tests of the bonuses module (and of modules that need bonuses): the whole app over a fresh
 * database on a manual clock, the casino catalogue seeded, a bonus service over the same database
 * (state lives in the database, so it acts as the app's own), players registered and signed in
 * through the auth routes, deposits credited through the sandbox's signed notification.
 */

import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import type { Database } from '../../platform/schema.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { TestClient } from '../../testing/test-client.ts';
import { Ledger } from '../accounts/index.ts';
import { createAuthService } from '../auth/index.ts';
import { seedCasinoCatalogue } from '../casino/index.ts';
import { SiteConfigService } from '../config/index.ts';
import { createLimitsService } from '../limits/index.ts';
import { createPaymentsService, type SandboxProvider, SIGNATURE_HEADER } from '../payments/index.ts';
import { BonusService } from './bonus-service.ts';
import { createBonusService } from './index.ts';

const SECRET = 'bonus-sandbox-secret-0123456789';
export const BONUS_API = '/web-api/bonuses/v1';

export async function bonusTestApp() {
  const clock = new ManualClock(new Date('2026-06-01T12:00:00Z'));
  const { app, deps, close } = await createTestApp({
    roles: 'api',
    clock,
    env: { PAYMENTS_SANDBOX_SECRET: SECRET },
  });
  const db = deps.db.db;
  await seedCasinoCatalogue(db);
  const ledger = new Ledger(db, clock);
  const siteConfig = new SiteConfigService(db, deps.bus, clock);
  const limits = createLimitsService(deps, createAuthService(deps, siteConfig));
  const bonuses = createBonusService(deps, { ledger, siteConfig, checks: limits });
  const payments = createPaymentsService(deps, ledger);
  const sandbox = payments.provider as SandboxProvider;
  return { app, deps, db, clock, ledger, siteConfig, limits, bonuses, payments, sandbox, close };
}

export type BonusTestApp = Awaited<ReturnType<typeof bonusTestApp>>;

/** One app per test file; the ledger's invariants are asserted after every test. */
export function setUpBonusTestApp(ready: (t: BonusTestApp) => void) {
  let t: BonusTestApp | undefined;
  beforeAll(async () => {
    t = await bonusTestApp();
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
export const newKey = () => `bonus-key-${process.pid}-${nextKey++}`;

/** A player registered (fast, RUB, optionally with a promo code) and signed in on its own client. */
export async function newPlayer(t: BonusTestApp, extra: Record<string, unknown> = {}) {
  const client = new TestClient(t.app, `10.7.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`);
  const res = await client.post('/web-api/auth/v1/registration/fast', {
    countryId: 1,
    currency: 'RUB',
    ...extra,
  });
  if (res.statusCode !== 200) throw new Error(`registration: ${res.body}`);
  const accounts = (await client.get('/web-api/accounts/v1/accounts')).json();
  const accountId = BigInt(accounts.mainAccount?.id ?? accounts.accounts[0].id);
  const userId = BigInt(res.json().userId);
  return { client, accountId, userId };
}

/** A deposit started and credited through the sandbox's notification to the app (its payments hook). */
export async function deposit(
  t: BonusTestApp,
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

export async function balanceOf(t: BonusTestApp, userId: bigint, type: 0 | 4): Promise<bigint> {
  const accounts = await t.ledger.balances(userId);
  return accounts.filter((a) => a.type === type && a.iso === 'RUB').reduce((s, a) => s + a.moneyMinor, 0n);
}

const quietBus = { publish: async () => {}, subscribe: () => () => {}, close: async () => {} };

/** A bonus service over a database alone (the crash tests' parent side): no bus, every check passing. */
export function bareBonusService(db: Kysely<Database>, clock: ManualClock): BonusService {
  return new BonusService({
    db,
    clock,
    ledger: new Ledger(db, clock),
    bus: quietBus,
    siteConfig: new SiteConfigService(db, quietBus, clock),
    checks: { isSelfExcluded: async () => false, marketingAllowed: async () => true },
  });
}
