/**
 * Coupon maths the slip and the server must agree on (issue 16 item 8): the exact coefficient, the
 * market kind the express bonus excludes, and which bets the quote prices.
 */
import { describe, expect, it } from 'vitest';
import { TestClient } from '../../testing/test-client.ts';
import { settleResultedBets } from './index.ts';
import {
  type BettingTestApp,
  balanceOf,
  createGame,
  fundedPlayer,
  place,
  resultMarket,
  setUpBettingTestApp,
  singleCoupon,
  suspendMarket,
} from './test-support.ts';

let t: BettingTestApp;
setUpBettingTestApp((app) => {
  t = app;
});

const QUOTE = '/web-api/betting/v1/coupons/quote';
let nextGuest = 1;
const guest = () => new TestClient(t.app, `10.16.8.${nextGuest++}`);
const window = { resettleWindowMs: 7 * 86_400_000 };

describe('exact coefficient', () => {
  it('is a floor: accepted above it at the current price, which the possible win and the payout follow', async () => {
    const p = await fundedPlayer(t, 100_000n);
    const g = await createGame(t, [2500, 1600]);
    const accepted = (
      await place(p.client, singleCoupon(p.accountId, g.outcomeIds[0]!, 2.5, '10000', { exactCoef: 2 }))
    ).json();
    expect(accepted).toMatchObject({
      status: 'accepted',
      acceptedCoefMilli: 2500,
      possibleWinMinor: '25000',
    });
    const refused = (
      await place(p.client, singleCoupon(p.accountId, g.outcomeIds[0]!, 2.5, '10000', { exactCoef: 3 }))
    ).json();
    expect(refused).toMatchObject({ status: 'rejected', code: 'ODDS_CHANGED' });
    await resultMarket(t, g.marketId, [
      [g.outcomeIds[0]!, 'win'],
      [g.outcomeIds[1]!, 'lose'],
    ]);
    await settleResultedBets(t.ctx, window);
    expect(await balanceOf(t, p.accountId)).toBe(100_000n - 10_000n + 25_000n);
  });
});

describe('express bonus and market kind', () => {
  const legs = async (third: { typeId: number; kind: string }) => [
    await createGame(t, [2000, 1800]),
    await createGame(t, [1500, 2600]),
    await createGame(t, [1900, 1900], third),
  ];

  it('a team total (type id 7, kind "teams") qualifies; a next-goal market (kind 7, "live") does not', async () => {
    const p = await fundedPlayer(t, 100_000n);
    for (const [third, expected] of [
      [{ typeId: 7, kind: 'teams' }, true],
      [{ typeId: 11, kind: 'live' }, false],
    ] as const) {
      const games = await legs(third);
      const bets = games.map((g) => ({ outcomeId: g.outcomeIds[0]!.toString() }));
      const quote = (await guest().post(QUOTE, { typeId: 1, bets })).json();
      expect(quote.bets[2].marketKind).toBe(third.kind === 'teams' ? 4 : 7);
      expect(quote.expressBonus).toEqual({ available: expected, coefMilli: 1030 });
      const placed = await place(p.client, {
        typeId: 1,
        accountId: p.accountId.toString(),
        amount: '1000',
        bets: games.map((g, i) => ({ outcomeId: g.outcomeIds[0]!.toString(), coef: [2, 1.5, 1.9][i] })),
      });
      const bet = (await p.client.get(`/web-api/betting/v1/bets/${placed.json().betId}`)).json();
      expect(bet.isExpressBonus).toBe(expected);
    }
  });
});

describe('quote of a coupon with unavailable bets', () => {
  it('prices the open bets only, as the slip places them: coefficient, express bonus, system minimum', async () => {
    const games = [
      await createGame(t, [2000, 1800]),
      await createGame(t, [1500, 2600]),
      await createGame(t, [2000, 1900]),
      await createGame(t, [3000, 1400]),
    ];
    await suspendMarket(t, games[3]!.marketId);
    const bets = [...games.map((g) => ({ outcomeId: g.outcomeIds[0]!.toString() })), { outcomeId: '999999' }];
    const express = (await guest().post(QUOTE, { typeId: 1, bets })).json();
    expect(express.bets.map((b: { isLocked?: boolean }) => b.isLocked)).toEqual([
      false,
      false,
      false,
      true,
      undefined,
    ]);
    // Three open bets: 2.0 × 1.5 × 2.0 = 6.0 with the bonus of three bets, 1.03.
    expect(express).toMatchObject({ coefMilli: '6000', expressBonus: { available: true, coefMilli: 1030 } });

    const system = (await guest().post(QUOTE, { typeId: 4, systemValue: 2, bets })).json();
    // System 2 of the three open bets: three doubles, each at least the 10.00 minimum.
    expect(system).toMatchObject({
      coefMilli: '3333', // (3.0 + 4.0 + 3.0) / 3
      minAmountMinor: '3000',
      systemValues: [{ value: 2, combo: 3, offset: 3, minBetAmountMinor: '3000' }],
    });
  });
});
