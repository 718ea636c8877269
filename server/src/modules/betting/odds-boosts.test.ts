/**
 * Odds boosts in the bet slip (odds-boosts.ts): a campaign with reward odds_boost grants a one-use
 * boost; a coupon placed with oddsBoostId gets min(cap, profit × percent) on top of a win, paid at
 * settlement as its own transfer (the promo code's path), nothing for a loss or a void, reversed on
 * resettlement; refusals; and a fast-check property over odds, stakes, percentages, caps, parallel
 * placements and sequences of results. The ledger's invariants are checked after every test.
 */
import { oddsBoostMinor } from '@parlay/domain/bonus/odds-boost.ts';
import { settleCoupon } from '@parlay/domain/coupon/index.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { type BonusService, createBonusService, hookBonuses } from '../bonuses/index.ts';
import { SiteConfigService } from '../config/index.ts';
import { settleResultedBets } from './index.ts';
import type { LegResult } from './tables.ts';
import {
  type BettingTestApp,
  balanceOf,
  createGame,
  fundedPlayer,
  newKey,
  place,
  resultMarket,
  setUpBettingTestApp,
  singleCoupon,
} from './test-support.ts';

let t: BettingTestApp;
let bonuses: BonusService;
const window = { resettleWindowMs: 7 * 86_400_000 };
let nextCampaign = 1;

setUpBettingTestApp(async (app) => {
  t = app;
  bonuses = createBonusService(app.deps, {
    ledger: app.ledger,
    siteConfig: new SiteConfigService(app.db, app.deps.bus, app.clock),
    checks: app.limits,
  });
  hookBonuses(bonuses, { settlement: app.ctx });
});

type Player = Awaited<ReturnType<typeof fundedPlayer>>;

/** A fresh opt-in campaign giving a boost of percentBp up to capMinor; answers the player's boost id. */
async function boost(p: Player, percentBp: number, capMinor: bigint): Promise<bigint> {
  const code = `slip-boost-${nextCampaign++}`;
  await bonuses.createCampaign({
    code,
    category: 'bukmaker',
    trigger: 'opt_in',
    title: { ru: 'Буст', en: 'Boost' },
    conditions: { products: ['sports'] },
    reward: { kind: 'odds_boost', percentBp, capMinor: capMinor.toString() },
    wagering: { multiple: 0, minOddsMilli: 1500, expiryDays: 7 },
    limits: { perPlayer: 10 },
  });
  const row = await bonuses.optIn({
    userId: p.userId,
    currency: 'RUB',
    country: null,
    idempotencyKey: newKey(),
    campaignCode: code,
  });
  expect(row).toMatchObject({ kind: 'odds_boost', amount_minor: capMinor });
  return row!.id;
}

const statusOf = async (id: bigint) =>
  (
    await t.db
      .selectFrom('bonus_player_bonuses')
      .select(['status', 'finish_reason'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).status;

describe('odds boosts in the bet slip', () => {
  it('a win pays min(cap, profit × percent) on top; a resettlement reverses it; a loss and a void pay none', async () => {
    const p = await fundedPlayer(t, 100_000n);
    const id = await boost(p, 1000, 1000n); // +10 % of the profit, at most 10.00
    const g = await createGame(t, [2500, 1600]);
    const res = await place(
      p.client,
      singleCoupon(p.accountId, g.outcomeIds[0]!, 2.5, '10000', { oddsBoostId: id.toString() }),
    );
    const answer = res.json();
    expect(answer).toMatchObject({
      status: 'accepted',
      oddsBoostId: id.toString(),
      oddsBoostCapMinor: '1000',
    });
    expect(await statusOf(id)).toBe('used');
    // One use: a second coupon with it is refused and moves nothing.
    const again = (
      await place(
        p.client,
        singleCoupon(p.accountId, g.outcomeIds[0]!, 2.5, '10000', { oddsBoostId: id.toString() }),
      )
    ).json();
    expect(again).toMatchObject({ status: 'rejected', code: 'ODDS_BOOST_USED' });
    expect(await balanceOf(t, p.accountId)).toBe(90_000n);

    await resultMarket(t, g.marketId, [
      [g.outcomeIds[0]!, 'win'],
      [g.outcomeIds[1]!, 'lose'],
    ]);
    expect(await settleResultedBets(t.ctx, window)).toBe(1);
    // 100.00 at 2.50 pays 250.00; 10 % of the 150.00 profit is 15.00, capped at 10.00.
    expect(await balanceOf(t, p.accountId)).toBe(90_000n + 25_000n + 1_000n);
    const bet = (await p.client.get(`/web-api/betting/v1/bets/${answer.betId}`)).json();
    expect(bet).toMatchObject({ status: 'won', payoutMinor: '26000' });

    await resultMarket(t, g.marketId, [[g.outcomeIds[0]!, 'lose']]);
    expect(await settleResultedBets(t.ctx, window)).toBe(1);
    expect(await balanceOf(t, p.accountId)).toBe(90_000n);
    await resultMarket(t, g.marketId, [[g.outcomeIds[0]!, 'void']]);
    expect(await settleResultedBets(t.ctx, window)).toBe(1);
    expect(await balanceOf(t, p.accountId)).toBe(100_000n);
    // A void gives the stake back, not the boost.
    expect(await statusOf(id)).toBe('used');
  });

  it('refusals: below the minimum odds, with a promo code, someone else’s, unknown', async () => {
    const p = await fundedPlayer(t, 100_000n);
    const other = await fundedPlayer(t, 100_000n);
    const id = await boost(p, 2000, 5000n);
    const low = await createGame(t, [1300, 3000]);
    const coupon = (extra: Record<string, unknown>) =>
      singleCoupon(p.accountId, low.outcomeIds[0]!, 1.3, '10000', { oddsBoostId: id.toString(), ...extra });
    expect((await place(p.client, coupon({}))).json().code).toBe('ODDS_BOOST_MIN_COEF');
    expect((await place(p.client, coupon({ promoCode: 'ANY' }))).json().code).toBe('ODDS_BOOST_NOT_ALLOWED');
    const foreign = singleCoupon(other.accountId, low.outcomeIds[1]!, 3, '10000', {
      oddsBoostId: id.toString(),
    });
    expect((await place(other.client, foreign)).json().code).toBe('ODDS_BOOST_NOT_FOUND');
    expect((await place(p.client, coupon({ oddsBoostId: '999999999' }))).json().code).toBe(
      'ODDS_BOOST_NOT_FOUND',
    );
    expect(await statusOf(id)).toBe('active');
    expect(await balanceOf(t, p.accountId)).toBe(100_000n);
  });

  it('property: the extra is min(cap, profit × percent) of the last result, 0 for a loss or void; one use', async () => {
    const RESULTS: LegResult[] = ['win', 'lose', 'void', 'half_win', 'half_lose'];
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1500, max: 6000 }),
        fc.bigInt({ min: 1_000n, max: 50_000n }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.bigInt({ min: 1n, max: 20_000n }),
        fc.integer({ min: 1, max: 3 }),
        fc.array(fc.constantFrom(...RESULTS), { minLength: 1, maxLength: 3 }),
        async (oddsMilli, stake, percentBp, cap, parallel, results) => {
          const p = await fundedPlayer(t, 200_000n);
          const id = await boost(p, percentBp, cap);
          const g = await createGame(t, [oddsMilli, 1500]);
          const body = singleCoupon(p.accountId, g.outcomeIds[0]!, oddsMilli / 1000, stake.toString(), {
            oddsBoostId: id.toString(),
          });
          const answers = (
            await Promise.all(Array.from({ length: parallel }, () => place(p.client, body)))
          ).map((r) => r.json());
          expect(answers.filter((a) => a.status === 'accepted')).toHaveLength(1);
          for (const result of results) {
            await resultMarket(t, g.marketId, [[g.outcomeIds[0]!, result]]);
            await Promise.all([settleResultedBets(t.ctx, window), settleResultedBets(t.ctx, window)]);
            await settleResultedBets(t.ctx, window);
          }
          const payout = settleCoupon({
            typeId: 0,
            amountMinor: stake,
            systemValue: 2,
            isExpressBonus: false,
            legs: [{ oddsMilli, result: results.at(-1)! }],
          }).payoutMinor;
          const extra = (await balanceOf(t, p.accountId)) - (200_000n - stake) - payout;
          expect(extra).toBe(oddsBoostMinor(payout, stake, percentBp, cap));
          expect(extra <= cap).toBe(true);
          expect(extra <= ((payout > stake ? payout - stake : 0n) * BigInt(percentBp)) / 10_000n).toBe(true);
          if (payout <= stake) expect(extra).toBe(0n);
          expect(await statusOf(id)).toBe('used');
          expect((await t.ledger.check()).differences).toEqual([]);
        },
      ),
      { numRuns: 12, seed: 2026_11_27 },
    );
  });
});
