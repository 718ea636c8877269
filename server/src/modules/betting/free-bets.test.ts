/**
 * Free bets in the bet slip (free-bets.ts): placement with a free bet through the route, its
 * refusals, exactly once under replays and parallel placements, settlement that pays the winnings
 * only (void gives the free bet back), no cash-out, and a fast-check property over sequences of
 * results, replays, parallel placements and repeated settlement. The ledger's invariants are
 * checked after every test (setUpBettingTestApp) and after every run of the property.
 */
import { settleCoupon } from '@parlay/domain/coupon/index.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { type BonusService, createBonusService, hookBonuses } from '../bonuses/index.ts';
import { SiteConfigService } from '../config/index.ts';
import { decideDueLiveBets, settleResultedBets } from './index.ts';
import type { LegResult } from './tables.ts';
import {
  type BettingTestApp,
  balanceOf,
  createGame,
  fundedPlayer,
  newKey,
  place,
  resultMarket,
  scoreGoal,
  setUpBettingTestApp,
  singleCoupon,
} from './test-support.ts';

let t: BettingTestApp;
let bonuses: BonusService;
const window = { resettleWindowMs: 7 * 86_400_000 };
const CAMPAIGN = 'slip-free-bet';
const AMOUNT = 50_000n;

setUpBettingTestApp(async (app) => {
  t = app;
  bonuses = createBonusService(app.deps, {
    ledger: app.ledger,
    siteConfig: new SiteConfigService(app.db, app.deps.bus, app.clock),
    checks: app.limits,
  });
  // The workers' context as main.ts hooks it: settlement knows free bets.
  hookBonuses(bonuses, { settlement: app.ctx });
  await bonuses.createCampaign({
    code: CAMPAIGN,
    category: 'bukmaker',
    trigger: 'opt_in',
    title: { ru: 'Фрибет', en: 'Free bet' },
    terms: { ru: 'Условия', en: 'Terms' },
    conditions: { products: ['sports'] },
    reward: { kind: 'free_bet', amountMinor: AMOUNT.toString() },
    wagering: { multiple: 0, basis: 'bonus', expiryDays: 7 },
    limits: { perPlayer: 1000 },
  });
});

type Player = Awaited<ReturnType<typeof fundedPlayer>>;

async function freeBet(p: Player): Promise<bigint> {
  const row = await bonuses.optIn({
    userId: p.userId,
    currency: 'RUB',
    country: null,
    idempotencyKey: newKey(),
    campaignCode: CAMPAIGN,
  });
  return row!.id;
}

const withFreeBet = (p: Player, outcomeId: bigint, coef: number, id: bigint, extra = {}) =>
  singleCoupon(p.accountId, outcomeId, coef, AMOUNT.toString(), { freeBetId: id.toString(), ...extra });

async function bonusRow(id: bigint) {
  return t.db
    .selectFrom('bonus_player_bonuses')
    .select(['status', 'finish_reason'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function myFreeBets(p: Player): Promise<string[]> {
  const res = await p.client.get('/web-api/bonuses/v1/my');
  return (res.json().bonuses as { id: string; kind: string }[])
    .filter((b) => b.kind === 'free_bet')
    .map((b) => b.id);
}

describe('free bets in the bet slip', () => {
  it('places a free bet without the player’s money and pays only the winnings of a win', async () => {
    const p = await fundedPlayer(t, 1_000n);
    const id = await freeBet(p);
    expect(await myFreeBets(p)).toEqual([id.toString()]);
    const g = await createGame(t, [2500, 1600]);
    const res = await place(p.client, withFreeBet(p, g.outcomeIds[0]!, 2.5, id));
    const answer = res.json();
    expect(answer).toMatchObject({
      status: 'accepted',
      stakeMinor: '50000',
      possibleWinMinor: '125000',
      freeBetId: id.toString(),
    });
    expect(await balanceOf(t, p.accountId)).toBe(1_000n);
    expect(await bonusRow(id)).toEqual({ status: 'used', finish_reason: `bet:${answer.betId}` });
    expect(await myFreeBets(p)).toEqual([]);
    // No cash-out: the stake was never the player's.
    const quote = (await p.client.get(`/web-api/betting/v1/bets/${answer.betId}/cashout`)).json();
    expect(quote.isAvailable).toBe(false);
    const cash = await p.client.post(
      `/web-api/betting/v1/bets/${answer.betId}/cashout`,
      {},
      { 'idempotency-key': newKey() },
    );
    expect(cash.json().error.code).toBe('CASHOUT_FREE_BET');
    const auto = await p.client.call('PUT', `/web-api/betting/v1/bets/${answer.betId}/auto-cashout`, {
      valueMinor: '1000',
    });
    expect(auto.json().error.code).toBe('CASHOUT_FREE_BET');
    await resultMarket(t, g.marketId, [
      [g.outcomeIds[0]!, 'win'],
      [g.outcomeIds[1]!, 'lose'],
    ]);
    expect(await settleResultedBets(t.ctx, window)).toBe(1);
    expect(await settleResultedBets(t.ctx, window)).toBe(0);
    // 500.00 at 2.50 pays 1250.00: the player gets the 750.00 of winnings, not the stake.
    expect(await balanceOf(t, p.accountId)).toBe(1_000n + 75_000n);
    const bet = (await p.client.get(`/web-api/betting/v1/bets/${answer.betId}`)).json();
    expect(bet).toMatchObject({ status: 'won', payoutMinor: '75000' });
  });

  it('a loss pays nothing; a void gives the free bet back; a resettlement takes it back', async () => {
    const p = await fundedPlayer(t, 0n);
    const id = await freeBet(p);
    const g = await createGame(t, [2000, 1800]);
    const placed = (await place(p.client, withFreeBet(p, g.outcomeIds[0]!, 2, id))).json();
    expect(placed.status).toBe('accepted');
    await resultMarket(t, g.marketId, [[g.outcomeIds[0]!, 'lose']]);
    expect(await settleResultedBets(t.ctx, window)).toBe(1);
    expect(await balanceOf(t, p.accountId)).toBe(0n);
    await resultMarket(t, g.marketId, [[g.outcomeIds[0]!, 'void']]);
    expect(await settleResultedBets(t.ctx, window)).toBe(1);
    expect(await balanceOf(t, p.accountId)).toBe(0n);
    expect(await bonusRow(id)).toEqual({ status: 'active', finish_reason: null });
    expect(await myFreeBets(p)).toEqual([id.toString()]);
    await resultMarket(t, g.marketId, [[g.outcomeIds[0]!, 'win']]);
    expect(await settleResultedBets(t.ctx, window)).toBe(1);
    expect(await balanceOf(t, p.accountId)).toBe(50_000n);
    expect(await bonusRow(id)).toEqual({ status: 'used', finish_reason: `bet:${placed.betId}` });
  });

  it('a voided free bet used again on another bet is not paid twice', async () => {
    const p = await fundedPlayer(t, 0n);
    const id = await freeBet(p);
    const g1 = await createGame(t, [2000, 1800]);
    const g2 = await createGame(t, [3000, 1300]);
    const first = (await place(p.client, withFreeBet(p, g1.outcomeIds[0]!, 2, id))).json();
    await resultMarket(t, g1.marketId, [[g1.outcomeIds[0]!, 'void']]);
    await settleResultedBets(t.ctx, window);
    const second = (await place(p.client, withFreeBet(p, g2.outcomeIds[0]!, 3, id))).json();
    expect(second.status).toBe('accepted');
    // The first bet is re-resulted as a win: its free bet is the second bet's now, so it pays nothing.
    await resultMarket(t, g1.marketId, [[g1.outcomeIds[0]!, 'win']]);
    await settleResultedBets(t.ctx, window);
    expect(await balanceOf(t, p.accountId)).toBe(0n);
    await resultMarket(t, g2.marketId, [[g2.outcomeIds[0]!, 'win']]);
    await settleResultedBets(t.ctx, window);
    expect(await balanceOf(t, p.accountId)).toBe(100_000n);
    expect(await bonusRow(id)).toEqual({ status: 'used', finish_reason: `bet:${second.betId}` });
    expect(first.betId).not.toBe(second.betId);
  });

  it('refuses another player’s, a used, an expired free bet, a partial stake, low odds and other coupons', async () => {
    const p = await fundedPlayer(t, 100_000n);
    const other = await fundedPlayer(t, 0n);
    const id = await freeBet(p);
    const g = await createGame(t, [1400, 2800]);
    const g2 = await createGame(t, [2000, 1800]);
    const code = async (body: Record<string, unknown>, client = p.client) => {
      const answer = (await place(client, body)).json();
      return answer.status === 'rejected' ? answer.code : (answer.status ?? JSON.stringify(answer));
    };
    expect(await code(withFreeBet(other, g.outcomeIds[1]!, 2.8, id), other.client)).toBe(
      'FREE_BET_NOT_FOUND',
    );
    expect(await code(withFreeBet(p, g.outcomeIds[1]!, 2.8, 999_999_999n))).toBe('FREE_BET_NOT_FOUND');
    expect(await code({ ...withFreeBet(p, g.outcomeIds[1]!, 2.8, id), amount: '40000' })).toBe(
      'FREE_BET_STAKE',
    );
    expect(await code(withFreeBet(p, g.outcomeIds[0]!, 1.4, id))).toBe('FREE_BET_MIN_COEF');
    expect(await code(withFreeBet(p, g.outcomeIds[1]!, 2.8, id, { promoCode: 'ANY' }))).toBe(
      'FREE_BET_NOT_ALLOWED',
    );
    const multiple = {
      typeId: 10001,
      accountId: p.accountId.toString(),
      amount: AMOUNT.toString(),
      bets: [
        { outcomeId: g.outcomeIds[1]!.toString(), coef: 2.8 },
        { outcomeId: g2.outcomeIds[0]!.toString(), coef: 2 },
      ],
      freeBetId: id.toString(),
    };
    expect(await code(multiple)).toBe('FREE_BET_NOT_ALLOWED');
    // Nothing above took the free bet or the player's money.
    expect(await bonusRow(id)).toEqual({ status: 'active', finish_reason: null });
    expect(await balanceOf(t, p.accountId)).toBe(100_000n);
    // An express of two legs at 2.80 × 2.00 takes it.
    const express = { ...multiple, typeId: 1 };
    expect(await code(express)).toBe('accepted');
    expect(await code(withFreeBet(p, g2.outcomeIds[1]!, 1.8, id))).toBe('FREE_BET_USED');
    const late = await freeBet(p);
    // Its expiry passed before the expiry worker ended it.
    await t.db
      .updateTable('bonus_player_bonuses')
      .set({ expires_at: new Date(t.clock.nowMs() - 1000) })
      .where('id', '=', late)
      .execute();
    expect(await code(withFreeBet(p, g2.outcomeIds[1]!, 1.8, late))).toBe('FREE_BET_EXPIRED');
    expect(await balanceOf(t, p.accountId)).toBe(100_000n);
  });

  it('places one bet of parallel placements and replays with one free bet', async () => {
    const p = await fundedPlayer(t, 0n);
    const id = await freeBet(p);
    const g = await createGame(t, [2000, 1800]);
    const body = withFreeBet(p, g.outcomeIds[0]!, 2, id);
    const key = newKey();
    const answers = await Promise.all([
      place(p.client, body, key),
      place(p.client, body, key),
      place(p.client, body),
      place(p.client, body),
    ]).then((all) => all.map((r) => r.json()));
    const accepted = new Set(answers.filter((a) => a.status === 'accepted').map((a) => a.betId));
    expect(accepted.size).toBe(1);
    for (const a of answers.filter((x) => x.status !== 'accepted')) expect(a.code).toBe('FREE_BET_USED');
    const bets = await t.db
      .selectFrom('bets')
      .select(['id'])
      .where('user_id', '=', p.userId)
      .where('status', '=', 'accepted')
      .execute();
    expect(bets.length).toBe(1);
  });

  it('property: what a free bet pays is its winnings at most, and it is used at most once', async () => {
    const RESULTS: LegResult[] = ['win', 'lose', 'void', 'half_win', 'half_lose'];
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1500, max: 6000 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 0, max: 2 }),
        fc.array(fc.constantFrom(...RESULTS), { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        fc.boolean(),
        async (oddsMilli, parallel, replays, results, settleTwice, reuseAfterVoid) => {
          const p = await fundedPlayer(t, 0n);
          const id = await freeBet(p);
          const g = await createGame(t, [oddsMilli, 1500]);
          const g2 = await createGame(t, [2000, 1800]);
          const body = withFreeBet(p, g.outcomeIds[0]!, oddsMilli / 1000, id);
          const key = newKey();
          const answers = (
            await Promise.all([
              ...Array.from({ length: replays + 1 }, () => place(p.client, body, key)),
              ...Array.from({ length: parallel - 1 }, () => place(p.client, body)),
            ])
          ).map((r) => r.json());
          const accepted = [...new Set(answers.filter((a) => a.status === 'accepted').map((a) => a.betId))];
          expect(accepted.length).toBe(1);
          let reusedBy: string | null = null;
          for (const result of results) {
            await resultMarket(t, g.marketId, [[g.outcomeIds[0]!, result]]);
            const runs = settleTwice ? 2 : 1;
            await Promise.all(Array.from({ length: runs }, () => settleResultedBets(t.ctx, window)));
            await settleResultedBets(t.ctx, window);
            if (result === 'void' && reuseAfterVoid && reusedBy === null) {
              const again = (await place(p.client, withFreeBet(p, g2.outcomeIds[0]!, 2, id))).json();
              expect(again.status).toBe('accepted');
              reusedBy = again.betId;
            }
          }
          const last = results.at(-1)!;
          const paid = await balanceOf(t, p.accountId);
          const winnings =
            settleCoupon({
              typeId: 0,
              amountMinor: AMOUNT,
              systemValue: 2,
              isExpressBonus: false,
              legs: [{ oddsMilli, result: last }],
            }).payoutMinor - AMOUNT;
          const expected = last === 'void' || reusedBy !== null || winnings < 0n ? 0n : winnings;
          expect(paid).toBe(expected);
          if (last === 'win' || last === 'half_win') {
            expect(paid).toBeLessThanOrEqual((AMOUNT * BigInt(oddsMilli - 1000)) / 1000n);
          } else {
            expect(paid).toBe(0n);
          }
          // Used at most once: by the bet holding it now, or by none after a void.
          const row = await bonusRow(id);
          if (reusedBy !== null) expect(row).toEqual({ status: 'used', finish_reason: `bet:${reusedBy}` });
          else if (last === 'void') expect(row).toEqual({ status: 'active', finish_reason: null });
          else expect(row).toEqual({ status: 'used', finish_reason: `bet:${accepted[0]}` });
          expect((await t.ledger.check()).differences).toEqual([]);
        },
      ),
      { numRuns: 12, seed: 2026_11_27 },
    );
  });
});

describe('a free bet on a live coupon that waits for the live delay', () => {
  it('is taken while the coupon waits, given back when the delay rejects it, kept when accepted', async () => {
    const p = await fundedPlayer(t, 1_000n);
    const id = await freeBet(p);
    const g = await createGame(t, [2500, 1600], { live: true });
    const waiting = (await place(p.client, withFreeBet(p, g.outcomeIds[0]!, 2.5, id))).json();
    expect(waiting).toMatchObject({ status: 'pending', delayMs: 5000, freeBetId: id.toString() });
    expect(await bonusRow(id)).toMatchObject({ status: 'used' });
    // A second coupon cannot take it while the first waits.
    const h = await createGame(t, [2200, 1700], { live: true });
    expect((await place(p.client, withFreeBet(p, h.outcomeIds[0]!, 2.2, id))).json()).toMatchObject({
      status: 'rejected',
      code: 'FREE_BET_USED',
    });
    // A goal 1 ms before the delay ends: rejected, the free bet is the player's again, no money moved.
    t.clock.advance(4999);
    await scoreGoal(t, g.gameId);
    t.clock.advance(1);
    expect(await decideDueLiveBets(t.ctx)).toBe(1);
    expect((await p.client.get(`/web-api/betting/v1/bets/${waiting.betId}`)).json()).toMatchObject({
      status: 'rejected',
      reasonCode: 'SCORE_CHANGED',
    });
    expect(await bonusRow(id)).toEqual({ status: 'active', finish_reason: null });
    expect(await balanceOf(t, p.accountId)).toBe(1_000n);

    // Placed again and accepted after the delay: it settles as a free bet (the winnings only).
    const again = (await place(p.client, withFreeBet(p, h.outcomeIds[0]!, 2.2, id))).json();
    expect(again).toMatchObject({ status: 'pending', freeBetId: id.toString() });
    t.clock.advance(5000);
    expect(await decideDueLiveBets(t.ctx)).toBe(1);
    expect((await p.client.get(`/web-api/betting/v1/bets/${again.betId}`)).json()).toMatchObject({
      status: 'accepted',
    });
    expect(await balanceOf(t, p.accountId)).toBe(1_000n);
    await resultMarket(t, h.marketId, [
      [h.outcomeIds[0]!, 'win'],
      [h.outcomeIds[1]!, 'lose'],
    ]);
    await settleResultedBets(t.ctx, window);
    // 500.00 at 2.20 wins 1,100.00, of which the 500.00 stake was never the player's.
    expect(await balanceOf(t, p.accountId)).toBe(1_000n + 60_000n);
    expect(await bonusRow(id)).toEqual({ status: 'used', finish_reason: `bet:${again.betId}` });
  });
});
