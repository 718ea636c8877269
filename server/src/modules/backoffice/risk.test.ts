import { describe, expect, it } from 'vitest';
import {
  type BettingTestApp,
  createGame,
  fundedPlayer,
  place,
  setUpBettingTestApp,
  singleCoupon,
} from '../betting/test-support.ts';
import { evaluateAlerts } from './alerts.ts';
import { verifyAuditChain } from './audit-log.ts';
import { createOperator } from './operators.ts';
import type { OperatorRole } from './permissions.ts';
import { totpCode } from './totp.ts';

let t: BettingTestApp;
setUpBettingTestApp((app) => {
  t = app;
});

const P = '/backoffice-api/v1';
const LIMITS = '/limit-service-api/api/external/web/v3';
let nextOperator = 1;

async function operator(role: OperatorRole) {
  const login = `risk-${role}-${nextOperator++}`;
  const c = await createOperator(
    t.db,
    t.clock,
    { operatorId: null, login: 'cli', ip: 'cli' },
    { login, role },
  );
  t.clock.advance(30_000);
  const first = await t.app.inject({
    method: 'POST',
    url: `${P}/sign-in`,
    payload: { login, password: c.password },
  });
  const cookie = `parlay_backoffice=${first.cookies.find((x) => x.name === 'parlay_backoffice')!.value}`;
  const second = await t.app.inject({
    method: 'POST',
    url: `${P}/sign-in/code`,
    headers: { cookie },
    payload: { code: totpCode(c.totpSecret, t.clock.nowMs()) },
  });
  expect(second.statusCode).toBe(200);
  return (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `${P}${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });
}

const auditCount = async (action: string) =>
  (await t.db.selectFrom('backoffice_audit').select('seq').where('action', '=', action).execute()).length;

/** The site's RUB maximum bet (500 000.00) in minor units. */
const SITE_MAX_MINOR = 50_000_000n;

describe('stake factors', () => {
  it("refuses a stake above the player's factor-scaled maximum, allows one under it, and the slip shows it", async () => {
    const risk = await operator('risk');
    const p = await fundedPlayer(t, 100_000_000n);
    const g = await createGame(t, [2000, 1800]);
    const set = await risk('POST', '/risk/factors', {
      scope: 'player',
      targetId: p.userId.toString(),
      factorMilli: 100,
      reason: 'sharp player',
    });
    expect(set.statusCode).toBe(200);
    const max = SITE_MAX_MINOR / 10n;
    const over = (
      await place(p.client, singleCoupon(p.accountId, g.outcomeIds[0]!, 2, String(max + 1n)))
    ).json();
    expect(over).toMatchObject({
      status: 'rejected',
      code: 'STAKE_TOO_HIGH',
      details: { limitKind: 'stake_factor', maxMinor: String(max) },
    });
    const under = (await place(p.client, singleCoupon(p.accountId, g.outcomeIds[0]!, 2, String(max)))).json();
    expect(under.status).toBe('accepted');
    // The slip's maximum reflects the factor.
    const quote = await p.client.post('/web-api/betting/v1/coupons/quote', {
      typeId: 0,
      currency: 'RUB',
      bets: [{ outcomeId: g.outcomeIds[0]!.toString() }],
    });
    expect([quote.statusCode, quote.json().maxAmountMinor]).toEqual([200, String(max)]);
    // A market factor multiplies: 0.1 × 0.5.
    await risk('POST', '/risk/factors', {
      scope: 'market',
      targetId: g.marketId.toString(),
      factorMilli: 500,
      reason: 'thin market',
    });
    const both = (
      await place(p.client, singleCoupon(p.accountId, g.outcomeIds[1]!, 1.8, String(max)))
    ).json();
    expect(both).toMatchObject({ code: 'STAKE_TOO_HIGH', details: { maxMinor: String(max / 2n) } });
    // Factor 0: no betting at all.
    await risk('POST', '/risk/factors', {
      scope: 'player',
      targetId: p.userId.toString(),
      factorMilli: 0,
      reason: 'closed',
    });
    const none = (await place(p.client, singleCoupon(p.accountId, g.outcomeIds[0]!, 2, '1000'))).json();
    expect(none).toMatchObject({ code: 'STAKE_TOO_HIGH', details: { maxMinor: '0' } });
    // Removed: the normal maximum again (the market's factor alone still halves it).
    const removed = await risk('POST', '/risk/factors', {
      scope: 'player',
      targetId: p.userId.toString(),

      reason: 'reviewed',
    });
    expect([removed.statusCode, removed.json()]).toEqual([200, { previousMilli: 0 }]);
    const again = (await place(p.client, singleCoupon(p.accountId, g.outcomeIds[0]!, 2, String(max)))).json();
    expect([again.status, again.code, again.details]).toEqual(['accepted', undefined, undefined]);
    const listed = (await risk('GET', `/risk/factors?scope=market&targetId=${g.marketId}`)).json().factors;
    expect(listed).toEqual([
      expect.objectContaining({ scope: 'market', factorMilli: 500, reason: 'thin market' }),
    ]);
    expect(await auditCount('risk.factor')).toBeGreaterThanOrEqual(4);
  });

  it('in parallel placements none exceeds the factor-scaled maximum (a sport factor)', async () => {
    const trader = await operator('trader');
    const players = await Promise.all([1, 2, 3].map(() => fundedPlayer(t, 100_000_000n)));
    const g = await createGame(t, [2000, 1800]);
    await trader('POST', '/risk/factors', {
      scope: 'sport',
      targetId: '1',
      factorMilli: 20,
      reason: 'risky sport',
    });
    const max = (SITE_MAX_MINOR * 20n) / 1000n;
    const stakes = [max - 500n, max, max + 1n, max * 2n, 1000n, max + 100n];
    const answers = await Promise.all(
      players.flatMap((p) =>
        stakes.map(async (stake) => ({
          stake,
          answer: (
            await place(p.client, singleCoupon(p.accountId, g.outcomeIds[0]!, 2, String(stake)))
          ).json(),
        })),
      ),
    );
    const accepted = answers.filter((a) => a.answer.status === 'accepted');
    expect(accepted.length).toBe(9);
    expect(accepted.every((a) => a.stake <= max)).toBe(true);
    for (const a of answers.filter((x) => x.stake > max)) expect(a.answer.code).toBe('STAKE_TOO_HIGH');
    const written = await t.db
      .selectFrom('bets')
      .select('stake')
      .where('status', '=', 'accepted')
      .where(
        'user_id',
        'in',
        players.map((p) => p.userId),
      )
      .execute();
    expect(written.every((b) => BigInt(b.stake) <= max)).toBe(true);
    await trader('POST', '/risk/factors', {
      scope: 'sport',
      targetId: '1',

      reason: 'done',
    });
  });

  it('refuses bad input (400), unknown targets (404) and roles without risk.manage (403)', async () => {
    const risk = await operator('risk');
    const bad = await risk('POST', '/risk/factors', {
      scope: 'player',
      targetId: '1',
      factorMilli: 1500,
      reason: 'x y z',
    });
    expect([bad.statusCode, bad.json().error.code]).toEqual([400, 'VALIDATION_FAILED']);
    const missing = await risk('POST', '/risk/factors', {
      scope: 'player',
      targetId: '99999999',
      factorMilli: 100,
      reason: 'nobody',
    });
    expect([missing.statusCode, missing.json().error.code]).toEqual([404, 'BACKOFFICE_PLAYER_NOT_FOUND']);
    const support = await operator('support');
    const refused = await support('POST', '/risk/factors', {
      scope: 'sport',
      targetId: '1',
      factorMilli: 0,
      reason: 'try',
    });
    expect([refused.statusCode, refused.json().error.code]).toEqual([403, 'BACKOFFICE_FORBIDDEN']);
  });
});

describe('operator money limits', () => {
  it('the player cannot loosen or remove the operator limit (code) but can tighten it', async () => {
    const compliance = await operator('compliance');
    const p = await fundedPlayer(t, 0n);
    // The player's own looser limit first (pending loosening would be dropped).
    expect((await p.client.post(`${LIMITS}/limit`, { limitType: 20, limitValue: 5000 })).statusCode).toBe(
      200,
    );
    const imposed = await compliance('POST', `/players/${p.userId}/operator-limits`, {
      limitType: 20,
      value: 1000,
      reason: 'affordability check',
    });
    expect(imposed.statusCode).toBe(200);
    expect(imposed.json()).toMatchObject({ limitType: 20, limitValue: 1000, operatorLimit: { value: 1000 } });
    const office = (await p.client.get(`${LIMITS}/limits`)).json().data;
    expect(office.find((l: { limitType: number }) => l.limitType === 20)).toMatchObject({
      limitValue: 1000,
      operatorLimit: { value: 1000 },
    });
    const raise = await p.client.post(`${LIMITS}/limit`, { limitType: 20, limitValue: 2000 });
    expect([raise.statusCode, raise.json().error.code]).toEqual([409, 'LIMIT_OPERATOR_LOCKED']);
    expect(raise.json().error.details).toMatchObject({ limitType: 20, maxValue: 1000 });
    const remove = await p.client.post(`${LIMITS}/limit`, { limitType: 20, limitValue: 999_999_999 });
    expect(remove.json().error.code).toBe('LIMIT_OPERATOR_LOCKED');
    const tighter = await p.client.post(`${LIMITS}/limit`, { limitType: 20, limitValue: 500 });
    expect(tighter.json()).toMatchObject({ status: 'applied', data: { limitValue: 500 } });
    // Back up to the operator's value is still within the lock (a loosening: pending, as ever).
    const back = await p.client.post(`${LIMITS}/limit`, { limitType: 20, limitValue: 1000 });
    expect(back.json().status).toBe('pending');
    const locks = (await compliance('GET', `/players/${p.userId}/operator-limits`)).json().limits;
    expect(locks).toEqual([
      expect.objectContaining({ limitType: 20, value: 1000, reason: 'affordability check' }),
    ]);
    expect(await auditCount('player.operator_limit')).toBeGreaterThanOrEqual(1);
    // Lifted: the player's own limit stays, and may be loosened again (after its delay).
    const lift = await compliance('POST', `/players/${p.userId}/operator-limits/20/lift`, {
      reason: 'documents seen',
    });
    expect(lift.statusCode).toBe(200);
    expect((await p.client.post(`${LIMITS}/limit`, { limitType: 20, limitValue: 2000 })).json().status).toBe(
      'pending',
    );
  });

  it('refuses non-money limit types (400) and roles without limits.manage (403)', async () => {
    const risk = await operator('risk');
    const p = await fundedPlayer(t, 0n);
    const bad = await risk('POST', `/players/${p.userId}/operator-limits`, {
      limitType: 31,
      value: 2,
      reason: 'hours',
    });
    expect([bad.statusCode, bad.json().error.code]).toEqual([400, 'VALIDATION_FAILED']);
    const trader = await operator('trader');
    const refused = await trader('POST', `/players/${p.userId}/operator-limits`, {
      limitType: 10,
      value: 100,
      reason: 'not mine',
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('alert thresholds', () => {
  it('the thresholds change which alerts the job raises', async () => {
    // Three night stakes today (01:00 UTC of the next day), counted by the limits module as placements do.
    t.clock.advance(Date.parse('2026-06-02T01:00:00Z') - t.clock.nowMs());
    const admin = await operator('admin');
    const p = await fundedPlayer(t, 0n);
    for (const n of [1, 2, 3]) {
      await t.limits.assertStakeAllowed({
        userId: p.userId,
        currency: 'RUB',
        amountMinor: 1000n,
        reference: `night:${n}`,
      });
    }
    const casesOf = async () =>
      (
        await t.db
          .selectFrom('backoffice_alert_cases')
          .select('rule')
          .where('user_id', '=', p.userId)
          .execute()
      ).map((c) => c.rule);
    await evaluateAlerts(t.db, t.clock);
    expect(await casesOf()).not.toContain('night_play');
    const defaults = (await admin('GET', '/alerts/settings')).json();
    expect(defaults).toMatchObject({ nightStakes: 5, deposits24hMinor: '10000000' });
    const changed = await admin('POST', '/alerts/settings', { ...pick(defaults), nightStakes: 3 });
    expect(changed.statusCode).toBe(200);
    await evaluateAlerts(t.db, t.clock);
    expect(await casesOf()).toContain('night_play');
    expect(await auditCount('alerts.settings')).toBe(1);
    const bad = await admin('POST', '/alerts/settings', { ...pick(defaults), nightStakes: 0 });
    expect([bad.statusCode, bad.json().error.code]).toEqual([400, 'VALIDATION_FAILED']);
    const risk = await operator('risk');
    expect((await risk('POST', '/alerts/settings', pick(defaults))).statusCode).toBe(403);
    await admin('POST', '/alerts/settings', pick(defaults));
    expect((await verifyAuditChain(t.db)).ok).toBe(true);
  });
});

function pick(v: Record<string, unknown>) {
  const { deposits24hMinor, lossesMinMinor, lossesRatioPercent, nightStakes, loosenedLimits } = v;
  return { deposits24hMinor, lossesMinMinor, lossesRatioPercent, nightStakes, loosenedLimits };
}

describe('payments desk', () => {
  it('searches payments and shows reconciliation results; auditors read, support is refused', async () => {
    const auditor = await operator('auditor');
    const found = await auditor('GET', '/payments?direction=deposit&minAmount=100');
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({
      payments: expect.any(Array),
      next: null,
      methods: expect.any(Array),
    });
    const rec = await auditor('GET', '/payments/reconciliation');
    expect(rec.json()).toMatchObject({ applied: [], expired: [] });
    const bad = await auditor('GET', '/payments?minAmount=-5');
    expect(bad.statusCode).toBe(400);
    const support = await operator('support');
    expect((await support('GET', '/payments')).statusCode).toBe(403);
  });
});
