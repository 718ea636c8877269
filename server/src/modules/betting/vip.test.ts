import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../testing/test-client.ts';
import { runBetsCommand, runBettingWorkersOnce, settleResultedBets, type VipMessage } from './index.ts';
import {
  type BettingTestApp,
  balanceOf,
  bettingTestApp,
  createGame,
  fundedPlayer,
  newKey,
  place,
  resultMarket,
  setOdds,
} from './test-support.ts';
import { VIP_REQUEST_TTL_MS } from './vip-requests.ts';

let t: BettingTestApp;
const VIP = '/web-api/betting/v1/vip-requests';

beforeAll(async () => {
  t = await bettingTestApp();
  // A maximum of 1 000.00 RUB (100 000 minor) keeps the stakes of the test small.
  await t.ctx.siteConfig.set('coupon.maxBetAmountByCurrency', { RUB: '1000' });
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  expect((await t.ledger.check()).differences).toEqual([]);
});

async function bets(...args: string[]) {
  const lines: string[] = [];
  const out = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(`ERR ${l}`) };
  const code = await runBetsCommand(t.ctx, args, out);
  return { code, text: lines.join('\n') };
}

const single = (accountId: bigint, outcomeId: bigint, coef: number, amount: string, extra = {}) => ({
  typeId: 0,
  accountId: accountId.toString(),
  amount,
  bets: [{ outcomeId: outcomeId.toString(), coef }],
  ...extra,
});

function request(client: Parameters<typeof place>[0], body: Record<string, unknown>, key = newKey()) {
  return client.post(VIP, body, { 'idempotency-key': key });
}

/** The vip messages published on the player's topic while `work` runs. */
async function messagesDuring(userId: bigint, work: () => Promise<unknown>) {
  const seen: unknown[] = [];
  const stop = t.deps.bus.subscribe(`user:${userId}`, (m) => {
    if ((m as { type?: string }).type === 'vip') seen.push(m);
  });
  try {
    await work();
  } finally {
    stop();
  }
  return seen;
}

describe('VIP bet requests', () => {
  it('are taken only above the maximum on line coupons, reserve the stake and replay by key', async () => {
    const p = await fundedPlayer(t, 1_000_000n);
    const g = await createGame(t, [2000, 1800]);
    const live = await createGame(t, [2000, 1800], { live: true });
    const code = async (body: Record<string, unknown>) => (await request(p.client, body)).json().error?.code;
    expect(await code(single(p.accountId, g.outcomeIds[0]!, 2, '100000'))).toBe('VIP_BET_NOT_AVAILABLE');
    expect(await code(single(p.accountId, live.outcomeIds[0]!, 2, '200000'))).toBe('VIP_BET_NOT_AVAILABLE');
    const singles = {
      typeId: 10001,
      accountId: p.accountId.toString(),
      amount: '200000',
      bets: [{ outcomeId: g.outcomeIds[0]!.toString(), coef: 2 }],
    };
    expect(await code(singles)).toBe('VIP_BET_NOT_AVAILABLE');
    expect(await code(single(p.accountId, g.outcomeIds[0]!, 2, '2000000'))).toBe('INSUFFICIENT_FUNDS');
    expect((await place(p.client, single(p.accountId, g.outcomeIds[0]!, 2, '200000'))).json().code).toBe(
      'STAKE_TOO_HIGH',
    );
    const key = newKey();
    const body = single(p.accountId, g.outcomeIds[0]!, 2, '200000');
    const filed = await request(p.client, body, key);
    expect(filed.statusCode).toBe(200);
    expect(filed.json()).toMatchObject({
      status: 'pending',
      stakeMinor: '200000',
      currency: 'RUB',
      betId: null,
    });
    expect(await balanceOf(t, p.accountId)).toBe(800_000n);
    expect((await request(p.client, body, key)).json().id).toBe(filed.json().id);
    expect((await request(p.client, { ...body, amount: '300000' }, key)).statusCode).toBe(422);
    expect(await balanceOf(t, p.accountId)).toBe(800_000n);
    const listed = (await p.client.get(VIP)).json().requests;
    expect(listed).toEqual([expect.objectContaining({ id: filed.json().id, status: 'pending' })]);
    expect((await bets('vip', 'list')).text).toContain(`#${filed.json().id}`);
    expect((await p.client.post(VIP, body)).statusCode).toBe(400);
    await bets('vip', 'reject', filed.json().id);
  });

  it('approve places the bet at the current odds, tells the player, and the bet settles', async () => {
    const p = await fundedPlayer(t, 1_000_000n);
    const g = await createGame(t, [2000, 1800]);
    const filed = (await request(p.client, single(p.accountId, g.outcomeIds[0]!, 2, '200000'))).json();
    await setOdds(t, g.outcomeIds[0]!, 2100);
    const approved = await bets('vip', 'approve', filed.id);
    expect(approved).toMatchObject({ code: 0 });
    expect(approved.text).toContain('accepted at 2.100');
    const request_ = (await p.client.get(VIP)).json().requests[0];
    expect(request_).toMatchObject({ status: 'approved', reasonCode: null });
    const bet = (await p.client.get(`/web-api/betting/v1/bets/${request_.betId}`)).json();
    expect(bet).toMatchObject({ status: 'accepted', stakeMinor: '200000', coefMilli: 2100 });
    expect(await balanceOf(t, p.accountId)).toBe(800_000n);
    const told = await messagesDuring(p.userId, () => runBettingWorkersOnce(t.ctx, { resettleWindowMs: 1 }));
    expect(told).toContainEqual({
      type: 'vip',
      requestId: filed.id,
      status: 'approved',
      betId: request_.betId,
    } satisfies VipMessage);
    expect(
      await messagesDuring(p.userId, () => runBettingWorkersOnce(t.ctx, { resettleWindowMs: 1 })),
    ).toEqual([]);
    expect((await bets('vip', 'approve', filed.id)).text).toContain('VIP_REQUEST_DECIDED');
    await resultMarket(t, g.marketId, [[g.outcomeIds[0]!, 'win']]);
    expect(await settleResultedBets(t.ctx, { resettleWindowMs: 86_400_000 })).toBe(1);
    expect(await balanceOf(t, p.accountId)).toBe(800_000n + 420_000n);
  });

  it('approve refuses a coupon whose odds moved against its changeCoefAction, and releases the stake', async () => {
    const p = await fundedPlayer(t, 1_000_000n);
    const g = await createGame(t, [2000, 1800]);
    const filed = (
      await request(p.client, single(p.accountId, g.outcomeIds[0]!, 2, '200000', { changeCoefAction: 1 }))
    ).json();
    await setOdds(t, g.outcomeIds[0]!, 1900);
    expect((await bets('vip', 'approve', filed.id)).text).toContain('ODDS_LOWERED');
    expect((await p.client.get(VIP)).json().requests[0]).toMatchObject({
      status: 'rejected',
      reasonCode: 'ODDS_LOWERED',
    });
    expect(await balanceOf(t, p.accountId)).toBe(1_000_000n);
  });

  it('reject and 15 minutes without a decision release the stake and tell the player', async () => {
    const p = await fundedPlayer(t, 1_000_000n);
    const g = await createGame(t, [2000, 1800]);
    const rejected = (await request(p.client, single(p.accountId, g.outcomeIds[0]!, 2, '200000'))).json();
    const late = (await request(p.client, single(p.accountId, g.outcomeIds[1]!, 1.8, '300000'))).json();
    expect(await balanceOf(t, p.accountId)).toBe(500_000n);
    expect((await bets('vip', 'reject', rejected.id)).code).toBe(0);
    expect((await bets('vip', 'reject', rejected.id)).text).toContain('VIP_REQUEST_DECIDED');
    expect((await bets('vip', 'reject', '999999')).text).toContain('VIP_REQUEST_NOT_FOUND');
    expect((await bets('vip', 'approve')).code).toBe(1);
    expect(await balanceOf(t, p.accountId)).toBe(700_000n);
    t.clock.advance(VIP_REQUEST_TTL_MS - 1);
    let told = await messagesDuring(p.userId, () => runBettingWorkersOnce(t.ctx, { resettleWindowMs: 1 }));
    expect(told).toEqual([
      { type: 'vip', requestId: rejected.id, status: 'rejected', code: 'VIP_REQUEST_REJECTED' },
    ]);
    expect(await balanceOf(t, p.accountId)).toBe(700_000n);
    t.clock.advance(1);
    told = await messagesDuring(p.userId, () => runBettingWorkersOnce(t.ctx, { resettleWindowMs: 1 }));
    expect(told).toEqual([
      { type: 'vip', requestId: late.id, status: 'expired', code: 'VIP_REQUEST_EXPIRED' },
    ]);
    expect(await balanceOf(t, p.accountId)).toBe(1_000_000n);
    expect((await bets('vip', 'approve', late.id)).text).toContain('VIP_REQUEST_DECIDED');
    const rows = await t.db
      .selectFrom('vip_requests')
      .select('status')
      .where('user_id', '=', p.userId)
      .orderBy('id', 'desc')
      .execute();
    expect(rows.map((r) => r.status)).toEqual(['expired', 'rejected']);
  });

  it('is not offered when the site config turns coupon.isVipBetShown off', async () => {
    const p = await fundedPlayer(t, 1_000_000n);
    const g = await createGame(t, [2000, 1800]);
    const body = single(p.accountId, g.outcomeIds[0]!, 2, '200000');
    const quote = async () =>
      (
        await p.client.post('/web-api/betting/v1/coupons/quote', {
          typeId: 0,
          accountId: p.accountId.toString(),
          bets: [{ outcomeId: g.outcomeIds[0]!.toString() }],
        })
      ).json().isVipBetAvailable;
    expect(await quote()).toBe(true);
    await t.ctx.siteConfig.set('coupon.isVipBetShown', false);
    try {
      expect(await quote()).toBe(false);
      const refused = await request(p.client, body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('VIP_BET_NOT_AVAILABLE');
      expect(await balanceOf(t, p.accountId)).toBe(1_000_000n);
    } finally {
      await t.ctx.siteConfig.reset('coupon.isVipBetShown');
    }
    expect(await quote()).toBe(true);
    const filed = await request(p.client, body);
    expect(filed.json()).toMatchObject({ status: 'pending', stakeMinor: '200000' });
    await bets('vip', 'reject', filed.json().id);
  });

  it('is private', async () => {
    const guest = new TestClient(t.app, '10.8.8.8');
    expect((await guest.get(VIP)).statusCode).toBe(401);
    expect((await guest.get('/web-api/betting/v1/promo-codes')).statusCode).toBe(401);
  });
});
