import { encodeBase32 } from '@parlay/domain/auth/base32.ts';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { Ledger } from '../accounts/index.ts';
import {
  createPaymentsService,
  type PaymentsService,
  type SandboxProvider,
  SIGNATURE_HEADER,
} from '../payments/index.ts';
import { verifyAuditChain } from './audit-log.ts';
import { createOperator } from './operators.ts';
import {
  BACKOFFICE_ACTIONS,
  type BackofficeAction,
  mayDo,
  OPERATOR_ROLES,
  type OperatorRole,
} from './permissions.ts';
import { totpCode } from './totp.ts';

const SECRET = 'test-sandbox-secret-0123456789';
const clock = new ManualClock(new Date('2026-11-27T10:00:00Z'));
let t: TestApp;
let ledger: Ledger;
let payments: PaymentsService;
let nextUser = 9000n;
const CLI = { operatorId: null, login: 'cli', ip: 'cli' };

interface Op {
  id: bigint;
  login: string;
  password: string;
  secret: string;
}

async function newOperator(login: string, role: OperatorRole): Promise<Op> {
  const c = await createOperator(t.deps.db.db, clock, CLI, { login, role });
  return { id: c.operatorId, login, password: c.password, secret: c.totpSecret };
}

function cookieOf(res: { cookies: { name: string; value: string }[] }): string {
  const c = res.cookies.find((x) => x.name === 'parlay_backoffice');
  if (!c) throw new Error('no back-office cookie');
  return `parlay_backoffice=${c.value}`;
}

function call(method: string, url: string, cookie?: string, payload?: unknown) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** Both steps; the clock moves one TOTP step first so the operator's previous code is not replayed. */
async function signIn(op: Op): Promise<string> {
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

async function fundedWithdrawal(amountMinor: bigint) {
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

const balanceOf = async (p: { userId: bigint; accountId: bigint }) =>
  (await ledger.account(p.userId, p.accountId)).moneyMinor;

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

/** Every route, the action that guards it, and a request that passes validation. */
const ROUTES: { method: string; url: string; action: BackofficeAction; body?: unknown }[] = [
  { method: 'GET', url: '/backoffice-api/v1/me', action: 'dashboard.view' },
  { method: 'GET', url: '/backoffice-api/v1/sessions', action: 'dashboard.view' },
  { method: 'GET', url: '/backoffice-api/v1/operators', action: 'operators.view' },
  { method: 'GET', url: '/backoffice-api/v1/operators/1/sessions', action: 'operators.view' },
  {
    method: 'POST',
    url: '/backoffice-api/v1/operators',
    action: 'operators.manage',
    body: { login: 'root', role: 'admin' },
  },
  { method: 'POST', url: '/backoffice-api/v1/operators/999999/disable', action: 'operators.manage' },
  { method: 'POST', url: '/backoffice-api/v1/operators/999999/reset-totp', action: 'operators.manage' },
  { method: 'GET', url: '/backoffice-api/v1/withdrawals', action: 'withdrawals.view' },
  { method: 'POST', url: '/backoffice-api/v1/withdrawals/999999/approve', action: 'withdrawals.decide' },
  {
    method: 'POST',
    url: '/backoffice-api/v1/withdrawals/999999/reject',
    action: 'withdrawals.decide',
    body: { reason: 'duplicate' },
  },
  { method: 'GET', url: '/backoffice-api/v1/audit?action=session', action: 'audit.view' },
  { method: 'GET', url: '/backoffice-api/v1/audit/export.csv', action: 'audit.export' },
  { method: 'GET', url: '/backoffice-api/v1/settings', action: 'settings.view' },
  {
    method: 'PUT',
    url: '/backoffice-api/v1/settings',
    action: 'settings.manage',
    body: { idleTimeoutMinutes: 15, ipAllowList: [] },
  },
  { method: 'GET', url: '/backoffice-api/v1/players?q=ada', action: 'players.view' },
  { method: 'GET', url: '/backoffice-api/v1/players/999999', action: 'players.view' },
  { method: 'GET', url: '/backoffice-api/v1/adjustments', action: 'players.view' },
  {
    method: 'POST',
    url: '/backoffice-api/v1/players/999999/notes',
    action: 'players.manage',
    body: { text: 'called' },
  },
  {
    method: 'POST',
    url: '/backoffice-api/v1/players/999999/exclusion',
    action: 'players.manage',
    body: { limitType: 33, days: 7, reason: 'review' },
  },
  {
    method: 'POST',
    url: '/backoffice-api/v1/players/999999/documents/999999/decide',
    action: 'players.manage',
    body: { decision: 'approve' },
  },
  {
    method: 'POST',
    url: '/backoffice-api/v1/adjustments',
    action: 'adjustments.propose',
    body: { userId: '999999', accountId: '999999', amountMinor: '100', reason: 'goodwill' },
  },
  { method: 'POST', url: '/backoffice-api/v1/adjustments/999999/approve', action: 'adjustments.approve' },
  {
    method: 'POST',
    url: '/backoffice-api/v1/adjustments/999999/reject',
    action: 'adjustments.approve',
    body: { note: 'not due' },
  },
  { method: 'GET', url: '/backoffice-api/v1/alerts', action: 'alerts.view' },
  {
    method: 'POST',
    url: '/backoffice-api/v1/alerts/999999',
    action: 'alerts.manage',
    body: { status: 'closed' },
  },
  { method: 'GET', url: '/backoffice-api/v1/support', action: 'support.view' },
  { method: 'GET', url: '/backoffice-api/v1/support/999999', action: 'support.view' },
  {
    method: 'POST',
    url: '/backoffice-api/v1/support/999999/answer',
    action: 'support.answer',
    body: { text: 'hello' },
  },
  { method: 'POST', url: '/backoffice-api/v1/support/999999/close', action: 'support.answer' },
  { method: 'GET', url: '/backoffice-api/v1/trading/liability?lang=en', action: 'trading.view' },
  { method: 'POST', url: '/backoffice-api/v1/trading/live-ticket', action: 'trading.view' },
  { method: 'GET', url: '/backoffice-api/v1/trading/games/999999', action: 'trading.view' },
  { method: 'GET', url: '/backoffice-api/v1/trading/markets/999999', action: 'trading.view' },
  {
    method: 'POST',
    url: '/backoffice-api/v1/trading/suspend',
    action: 'trading.manage',
    body: { scope: 'game', id: '999999', suspend: true },
  },
  {
    method: 'POST',
    url: '/backoffice-api/v1/trading/outcomes/999999/price',
    action: 'trading.manage',
    body: { oddsMilli: 2000 },
  },
  {
    method: 'PUT',
    url: '/backoffice-api/v1/trading/markets/999999/max-stake',
    action: 'trading.manage',
    body: { maxStakeMinor: '1000' },
  },
  {
    method: 'POST',
    url: '/backoffice-api/v1/trading/markets/999999/result-preview',
    action: 'results.manage',
    body: { results: [{ outcomeId: '1', result: 'win' }] },
  },
  {
    method: 'POST',
    url: '/backoffice-api/v1/trading/markets/999999/result',
    action: 'results.manage',
    body: { version: '1', results: [{ outcomeId: '1', result: 'win' }], reason: 'entered late' },
  },
  { method: 'GET', url: '/backoffice-api/v1/bets?status=won', action: 'bets.view' },
  { method: 'GET', url: '/backoffice-api/v1/bets/999999', action: 'bets.view' },
  { method: 'GET', url: '/backoffice-api/v1/dashboards/figures', action: 'dashboard.figures' },
  { method: 'GET', url: '/backoffice-api/v1/dashboards/live', action: 'dashboard.figures' },
  {
    method: 'POST',
    url: '/backoffice-api/v1/bets/999999/void',
    action: 'results.manage',
    body: { reason: 'palpable error' },
  },
  { method: 'GET', url: '/backoffice-api/v1/risk/factors?scope=sport', action: 'risk.view' },
  {
    method: 'POST',
    url: '/backoffice-api/v1/risk/factors',
    action: 'risk.manage',
    body: { scope: 'market', targetId: '999999', factorMilli: 100, reason: 'sharp' },
  },
  {
    method: 'POST',
    url: '/backoffice-api/v1/players/999999/operator-limits',
    action: 'limits.manage',
    body: { limitType: 20, value: 1000, reason: 'affordability' },
  },
  {
    method: 'POST',
    url: '/backoffice-api/v1/alerts/settings',
    action: 'alerts.settings',
    body: {
      deposits24hMinor: '10000000',
      lossesMinMinor: '1000000',
      lossesRatioPercent: 200,
      nightStakes: 5,
      loosenedLimits: 1,
    },
  },
  { method: 'GET', url: '/backoffice-api/v1/payments?direction=deposit', action: 'payments.view' },
  { method: 'GET', url: '/backoffice-api/v1/payments/reconciliation', action: 'payments.view' },
  { method: 'GET', url: '/backoffice-api/v1/casino/games?q=dice', action: 'casino.view' },
  {
    method: 'POST',
    url: '/backoffice-api/v1/casino/games/999999',
    action: 'casino.manage',
    body: { enabled: false },
  },
  { method: 'GET', url: '/backoffice-api/v1/bonuses/campaigns', action: 'bonuses.view' },
  {
    method: 'POST',
    url: '/backoffice-api/v1/bonuses/campaigns/no-such/pause',
    action: 'bonuses.manage',
  },
  { method: 'GET', url: '/backoffice-api/v1/content/items?type=news&lang=en', action: 'content.view' },
  {
    method: 'POST',
    url: '/backoffice-api/v1/content/unpublish',
    action: 'content.manage',
    body: { type: 'news', lang: 'en', slug: 'no-such-item' },
  },
];

describe('permissions', () => {
  it('lists a route for every action', () => {
    expect(new Set(ROUTES.map((r) => r.action))).toEqual(new Set(BACKOFFICE_ACTIONS));
  });

  it('refuses every route without a session (401) and changes nothing', async () => {
    for (const r of ROUTES) {
      const res = await call(r.method, r.url, undefined, r.body);
      expect([r.url, res.statusCode, res.json().error.code]).toEqual([
        r.url,
        401,
        'BACKOFFICE_NOT_SIGNED_IN',
      ]);
    }
  });

  it('answers each role on each route as the permission table says; refusals are 403 and audited', async () => {
    await newOperator('root', 'admin');
    for (const role of OPERATOR_ROLES) {
      const op = await newOperator(`perm-${role}`, role);
      const cookie = await signIn(op);
      for (const r of ROUTES) {
        const before = await t.deps.db.db
          .selectFrom('backoffice_audit')
          .select((eb) => eb.fn.countAll<bigint>().as('n'))
          .where('outcome', '=', 'forbidden')
          .executeTakeFirstOrThrow();
        const res = await call(r.method, r.url, cookie, r.body);
        const after = await t.deps.db.db
          .selectFrom('backoffice_audit')
          .select((eb) => eb.fn.countAll<bigint>().as('n'))
          .where('outcome', '=', 'forbidden')
          .where('operator_login', '=', op.login)
          .where('action', '=', r.action)
          .executeTakeFirstOrThrow();
        if (mayDo(role, r.action)) {
          expect([
            role,
            r.url,
            res.statusCode < 500 && res.statusCode !== 401 && res.statusCode !== 403,
          ]).toEqual([role, r.url, true]);
        } else {
          expect([role, r.url, res.statusCode, res.json().error.code]).toEqual([
            role,
            r.url,
            403,
            'BACKOFFICE_FORBIDDEN',
          ]);
          expect(after.n).toBeGreaterThan(0n);
          expect(Number(after.n)).toBeLessThanOrEqual(Number(before.n) + 1);
        }
      }
    }
    const me = await call(
      'GET',
      '/backoffice-api/v1/me',
      await signIn(await newOperator('perm-trader2', 'trader')),
    );
    expect(me.json().sections).toEqual(['dashboard', 'trading', 'bets']);
    expect((await verifyAuditChain(t.deps.db.db)).ok).toBe(true);
    // Every role against every route (some 400 requests): past the default minute on a busy machine.
  }, 240_000);
});

describe('two-step sign-in', () => {
  it('computes the RFC 6238 test vectors (SHA-1, 8 digits)', async () => {
    const secret = encodeBase32(new TextEncoder().encode('12345678901234567890'));
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [seconds, code] of vectors) {
      expect(totpCode(secret, seconds * 1000, 8)).toBe(code);
    }
  });

  it('needs the password and then a fresh code; a replayed code is refused', async () => {
    const op = await newOperator('signer', 'support');
    const wrong = await call('POST', '/backoffice-api/v1/sign-in', undefined, {
      login: 'signer',
      password: 'nope',
    });
    expect(wrong.json().error.code).toBe('BACKOFFICE_INVALID_CREDENTIALS');
    const unknown = await call('POST', '/backoffice-api/v1/sign-in', undefined, {
      login: 'ghost',
      password: 'x',
    });
    expect(unknown.json().error.code).toBe('BACKOFFICE_INVALID_CREDENTIALS');
    clock.advance(30_000);
    const first = await call('POST', '/backoffice-api/v1/sign-in', undefined, {
      login: 'signer',
      password: op.password,
    });
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Secure/);
    const cookie = cookieOf(first);
    // Between the steps the session opens nothing.
    expect((await call('GET', '/backoffice-api/v1/me', cookie)).statusCode).toBe(401);
    const badCode = String((Number(totpCode(op.secret, clock.nowMs())) + 1) % 1_000_000).padStart(6, '0');
    expect(
      (await call('POST', '/backoffice-api/v1/sign-in/code', cookie, { code: badCode })).json().error.code,
    ).toBe('BACKOFFICE_WRONG_CODE');
    const code = totpCode(op.secret, clock.nowMs());
    expect((await call('POST', '/backoffice-api/v1/sign-in/code', cookie, { code })).statusCode).toBe(200);
    expect((await call('GET', '/backoffice-api/v1/me', cookie)).json().login).toBe('signer');
    // The same code again, in a second sign-in within the same 30 s: refused.
    const again = await call('POST', '/backoffice-api/v1/sign-in', undefined, {
      login: 'signer',
      password: op.password,
    });
    const replay = await call('POST', '/backoffice-api/v1/sign-in/code', cookieOf(again), { code });
    expect(replay.json().error.code).toBe('BACKOFFICE_WRONG_CODE');
    // The next step's code works.
    clock.advance(30_000);
    const next = await call('POST', '/backoffice-api/v1/sign-in/code', cookieOf(again), {
      code: totpCode(op.secret, clock.nowMs()),
    });
    expect(next.statusCode).toBe(200);
  });

  it('ends a session idle for the timeout; activity keeps it alive', async () => {
    const op = await newOperator('idler', 'support');
    const cookie = await signIn(op);
    clock.advance(14 * 60_000);
    expect((await call('GET', '/backoffice-api/v1/me', cookie)).statusCode).toBe(200);
    clock.advance(14 * 60_000);
    expect((await call('GET', '/backoffice-api/v1/me', cookie)).statusCode).toBe(200);
    clock.advance(15 * 60_000);
    expect((await call('GET', '/backoffice-api/v1/me', cookie)).json().error.code).toBe(
      'BACKOFFICE_NOT_SIGNED_IN',
    );
  });

  it('lists sessions; an admin revokes one, disables an operator and resets a TOTP', async () => {
    const admin = await signIn(await newOperator('boss', 'admin'));
    const op = await newOperator('worker', 'payments');
    const a = await signIn(op);
    const b = await signIn(op);
    const own = (await call('GET', '/backoffice-api/v1/sessions', b)).json().sessions;
    expect(own).toHaveLength(2);
    expect(own.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    // Another operator's session is not theirs to revoke.
    const other = await signIn(await newOperator('nosy', 'payments'));
    expect((await call('POST', `/backoffice-api/v1/sessions/${own[1].id}/revoke`, other)).statusCode).toBe(
      403,
    );
    const listed = (await call('GET', `/backoffice-api/v1/operators/${op.id}/sessions`, admin)).json()
      .sessions;
    expect(listed).toHaveLength(2);
    expect((await call('POST', `/backoffice-api/v1/sessions/${own[1].id}/revoke`, admin)).statusCode).toBe(
      200,
    );
    expect((await call('GET', '/backoffice-api/v1/me', a)).statusCode).toBe(401);
    expect((await call('GET', '/backoffice-api/v1/me', b)).statusCode).toBe(200);
    const reset = await call('POST', `/backoffice-api/v1/operators/${op.id}/reset-totp`, admin);
    expect(reset.json().otpauthUri).toMatch(/^otpauth:\/\/totp\/Parlay%20back%20office%3Aworker\?secret=/);
    expect((await call('GET', '/backoffice-api/v1/me', b)).statusCode).toBe(401);
    const c = await signIn({ ...op, secret: reset.json().totpSecret });
    expect((await call('POST', `/backoffice-api/v1/operators/${op.id}/disable`, admin)).statusCode).toBe(200);
    expect((await call('GET', '/backoffice-api/v1/me', c)).statusCode).toBe(401);
    const denied = await call('POST', '/backoffice-api/v1/sign-in', undefined, {
      login: 'worker',
      password: op.password,
    });
    expect(denied.json().error.code).toBe('BACKOFFICE_INVALID_CREDENTIALS');
    const created = await call('POST', '/backoffice-api/v1/operators', admin, {
      login: 'newbie',
      role: 'content',
    });
    expect(created.json()).toMatchObject({ login: 'newbie', role: 'content' });
    expect(
      (await call('POST', '/backoffice-api/v1/operators', admin, { login: 'newbie', role: 'admin' })).json()
        .error.code,
    ).toBe('BACKOFFICE_LOGIN_TAKEN');
    expect(
      (await call('POST', '/backoffice-api/v1/operators', admin, { login: 'x', role: 'boss' })).statusCode,
    ).toBe(400);
  });

  it('refuses cross-site requests and never takes the player session for an operator one', async () => {
    const op = await newOperator('careful', 'admin');
    const cookie = await signIn(op);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/backoffice-api/v1/operators',
      headers: { cookie, origin: 'https://evil.example' },
      payload: { login: 'planted', role: 'admin' },
    });
    expect([foreign.statusCode, foreign.json().error.code]).toEqual([403, 'ORIGIN_FORBIDDEN']);
    const planted = await t.deps.db.db
      .selectFrom('backoffice_operators')
      .select('id')
      .where('login', '=', 'planted')
      .execute();
    expect(planted).toEqual([]);
    const token = cookie.split('=')[1];
    const asPlayer = await call('GET', '/backoffice-api/v1/me', `user_token=${token}`);
    expect(asPlayer.statusCode).toBe(401);
    const bearer = await t.app.inject({
      method: 'GET',
      url: '/backoffice-api/v1/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bearer.statusCode).toBe(401);
  });

  it('keeps addresses off the allow-list out', async () => {
    const admin = await signIn(await newOperator('gatekeeper', 'admin'));
    const lockout = await call('PUT', '/backoffice-api/v1/settings', admin, {
      idleTimeoutMinutes: 15,
      ipAllowList: ['10.0.0.0/8'],
    });
    expect(lockout.statusCode).toBe(400);
    const set = await call('PUT', '/backoffice-api/v1/settings', admin, {
      idleTimeoutMinutes: 15,
      ipAllowList: ['127.0.0.1', '10.0.0.0/8'],
    });
    expect(set.statusCode).toBe(200);
    expect((await call('GET', '/backoffice-api/v1/me', admin)).statusCode).toBe(200);
    const outside = await t.app.inject({
      method: 'GET',
      url: '/backoffice-api/v1/me',
      headers: { cookie: admin },
      remoteAddress: '192.0.2.7',
    });
    expect(outside.json().error.code).toBe('BACKOFFICE_IP_NOT_ALLOWED');
    const inside = await t.app.inject({
      method: 'GET',
      url: '/backoffice-api/v1/me',
      headers: { cookie: admin },
      remoteAddress: '10.1.2.3',
    });
    expect(inside.statusCode).toBe(200);
    await call('PUT', '/backoffice-api/v1/settings', admin, { idleTimeoutMinutes: 15, ipAllowList: [] });
  });
});

describe('withdrawals through the back office', () => {
  it('lists the queue with player and amount; approves once through the payments service', async () => {
    const desk = await signIn(await newOperator('cashier', 'payments'));
    const { player, withdrawal } = await fundedWithdrawal(200_000n);
    expect(await balanceOf(player)).toBe(200_000n);
    const queue = (await call('GET', '/backoffice-api/v1/withdrawals', desk)).json();
    expect(queue.items).toContainEqual(
      expect.objectContaining({
        id: withdrawal.id.toString(),
        userId: player.userId.toString(),
        amountMinor: '200000',
        currency: 'RUB',
      }),
    );
    const approved = await call('POST', `/backoffice-api/v1/withdrawals/${withdrawal.id}/approve`, desk);
    expect(approved.json()).toEqual({ id: withdrawal.id.toString(), state: 'success' });
    expect(await balanceOf(player)).toBe(200_000n);
    expect((await payments.getPayment(withdrawal.id)).details.approvedBy).toMatch(/^backoffice:cashier:/);
    const twice = await call('POST', `/backoffice-api/v1/withdrawals/${withdrawal.id}/approve`, desk);
    expect(twice.json().error.code).toBe('BACKOFFICE_ALREADY_DECIDED');
    const audit = await t.deps.db.db
      .selectFrom('backoffice_audit')
      .selectAll()
      .where('target', '=', `payment:${withdrawal.id}`)
      .orderBy('seq')
      .execute();
    expect(audit.map((a) => [a.action, a.outcome])).toEqual([
      ['withdrawal.approve', 'ok'],
      ['withdrawal.approve', 'refused'],
    ]);
    expect(audit[0]!.details).toMatchObject({
      amountMinor: '200000',
      currency: 'RUB',
      userId: player.userId.toString(),
    });
  });

  it('two parallel approvals of one withdrawal: one succeeds, the money moves once', async () => {
    const one = await signIn(await newOperator('cashier-a', 'payments'));
    const two = await signIn(await newOperator('cashier-b', 'payments'));
    const { player, withdrawal } = await fundedWithdrawal(300_000n);
    const answers = await Promise.all(
      [one, two, one, two].map((c) =>
        call('POST', `/backoffice-api/v1/withdrawals/${withdrawal.id}/approve`, c),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect((await payments.getPayment(withdrawal.id)).state).toBe('success');
    expect(await balanceOf(player)).toBe(300_000n);
    const ok = await t.deps.db.db
      .selectFrom('backoffice_audit')
      .select('seq')
      .where('target', '=', `payment:${withdrawal.id}`)
      .where('outcome', '=', 'ok')
      .execute();
    expect(ok).toHaveLength(1);
  });

  it('rejects with a reason: the reserved money returns', async () => {
    const desk = await signIn(await newOperator('cashier-r', 'payments'));
    const { player, withdrawal } = await fundedWithdrawal(150_000n);
    expect(await balanceOf(player)).toBe(150_000n);
    const noReason = await call('POST', `/backoffice-api/v1/withdrawals/${withdrawal.id}/reject`, desk, {
      reason: '',
    });
    expect(noReason.statusCode).toBe(400);
    const res = await call('POST', `/backoffice-api/v1/withdrawals/${withdrawal.id}/reject`, desk, {
      reason: 'documents needed',
    });
    expect(res.json().state).toBe('rejected');
    expect(await balanceOf(player)).toBe(300_000n);
    const other = await call('POST', `/backoffice-api/v1/withdrawals/${withdrawal.id}/reject`, desk, {
      reason: 'another reason',
    });
    expect(other.json().error.code).toBe('BACKOFFICE_ALREADY_DECIDED');
    const second = await fundedWithdrawal(150_000n);
    const both = await Promise.all(
      ['first reason', 'second reason'].map((reason) =>
        call('POST', `/backoffice-api/v1/withdrawals/${second.withdrawal.id}/reject`, desk, { reason }),
      ),
    );
    expect(both.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await balanceOf(second.player)).toBe(300_000n);
    const auditor = await signIn(await newOperator('watcher', 'auditor'));
    const refused = await call('POST', `/backoffice-api/v1/withdrawals/${withdrawal.id}/approve`, auditor);
    expect(refused.statusCode).toBe(403);
  });
});

describe('audit log', () => {
  it('searches by operator, action and time, and exports CSV', async () => {
    const auditor = await signIn(await newOperator('reader', 'auditor'));
    const found = (
      await call('GET', '/backoffice-api/v1/audit?operator=cashier&action=withdrawal.approve', auditor)
    ).json();
    expect(found.records.map((r: { action: string; outcome: string }) => [r.action, r.outcome])).toEqual([
      ['withdrawal.approve', 'refused'],
      ['withdrawal.approve', 'ok'],
    ]);
    const future = new Date(clock.nowMs() + 60_000).toISOString();
    expect((await call('GET', `/backoffice-api/v1/audit?from=${future}`, auditor)).json().records).toEqual(
      [],
    );
    const csv = await call(
      'GET',
      '/backoffice-api/v1/audit/export.csv?operator=cashier&action=withdrawal',
      auditor,
    );
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('seq,at,operator,action,target,outcome,details,ip,hash');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/,cashier,withdrawal.approve,payment:\d+,refused,/);
    const exported = await call('GET', '/backoffice-api/v1/audit?action=audit.export', auditor);
    expect(exported.json().records[0].operator).toBe('reader');
  });

  it('keeps one chain under concurrent appends; an edited or deleted row breaks verification', async () => {
    const { appendAuditNow } = await import('./audit-log.ts');
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        appendAuditNow(t.deps.db.db, clock.now(), {
          operatorId: null,
          operatorLogin: 'cli',
          action: 'test.append',
          target: `n:${i}`,
          outcome: 'ok',
          details: { i },
          ip: 'cli',
        }),
      ),
    );
    const intact = await verifyAuditChain(t.deps.db.db);
    expect(intact.ok).toBe(true);
    const rows = await t.deps.db.db.selectFrom('backoffice_audit').select('seq').orderBy('seq').execute();
    const middle = rows[Math.floor(rows.length / 2)]!.seq;
    await sql`update backoffice_audit set details = '{"i": 99}' where seq = ${middle}`.execute(t.deps.db.db);
    const edited = await verifyAuditChain(t.deps.db.db);
    expect(edited).toMatchObject({ ok: false, brokenAt: middle });
    const deleted = rows[5]!.seq;
    await sql`delete from backoffice_audit where seq = ${deleted}`.execute(t.deps.db.db);
    const report = await verifyAuditChain(t.deps.db.db);
    expect(report).toMatchObject({ ok: false, brokenAt: deleted + 1n });
    if (!report.ok) expect(report.reason).toMatch(new RegExp(`record ${deleted} is missing`));
  });
});
