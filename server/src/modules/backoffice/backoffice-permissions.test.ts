/** The back office's permission table over HTTP: every route, every role; 401 without a session, 403 audited. */
import { describe, expect, it } from 'vitest';
import { call, newOperator, signIn, t, withBackofficeApp } from './api-test/test-support.ts';
import { verifyAuditChain } from './audit-log.ts';
import { BACKOFFICE_ACTIONS, type BackofficeAction, mayDo, OPERATOR_ROLES } from './permissions.ts';

withBackofficeApp();

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
