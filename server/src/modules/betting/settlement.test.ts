import { settleCoupon } from '@parlay/domain/coupon/index.ts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { runAutoCashouts, settleResultedBets } from './index.ts';
import {
  type BettingTestApp,
  balanceOf,
  createGame,
  fundedPlayer,
  newKey,
  place,
  resultMarket,
  setOdds,
  setUpBettingTestApp,
} from './test-support.ts';

let t: BettingTestApp;
const window = { resettleWindowMs: 7 * 86_400_000 };

setUpBettingTestApp((app) => {
  t = app;
});

async function threeGames() {
  return [
    await createGame(t, [2000, 1800]),
    await createGame(t, [1500, 2600]),
    await createGame(t, [3000, 1400]),
  ];
}

describe('settlement', () => {
  it('pays an express with win, half win and void legs once, even with several workers at it', async () => {
    const p = await fundedPlayer(t, 100_000n);
    const games = await threeGames();
    const bets = games.map((g) => ({ outcomeId: g.outcomeIds[0]!.toString(), coef: 2 }));
    const placed = (
      await place(p.client, { typeId: 1, accountId: p.accountId.toString(), amount: '10000', bets })
    ).json();
    await resultMarket(t, games[0]!.marketId, [[games[0]!.outcomeIds[0]!, 'win']]);
    await resultMarket(t, games[1]!.marketId, [[games[1]!.outcomeIds[0]!, 'half_win']]);
    expect(await settleResultedBets(t.ctx, window)).toBe(0);
    await resultMarket(t, games[2]!.marketId, [[games[2]!.outcomeIds[0]!, 'void']]);
    const settled = await Promise.all([1, 2, 3, 4].map(() => settleResultedBets(t.ctx, window)));
    expect(settled.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await settleResultedBets(t.ctx, window)).toBe(0);
    const expected = settleCoupon({
      typeId: 1,
      amountMinor: 10_000n,
      systemValue: 2,
      isExpressBonus: true,
      legs: [
        { oddsMilli: 2000, result: 'win' },
        { oddsMilli: 1500, result: 'half_win' },
        { oddsMilli: 3000, result: 'void' },
      ],
    }).payoutMinor;
    expect(expected).toBe(25_000n); // 2.0 × 1.25 × 1.00, no bonus: only two legs count.
    const bet = (await p.client.get(`/web-api/betting/v1/bets/${placed.betId}`)).json();
    expect(bet).toMatchObject({ status: 'won', payoutMinor: '25000', settlementVersion: 1 });
    expect(bet.legs.map((l: { result: string }) => l.result)).toEqual(['win', 'half_win', 'void']);
    expect(await balanceOf(t, p.accountId)).toBe(90_000n + 25_000n);
    const { rows } = await sql<{
      n: string;
    }>`select count(*) as n from bet_settlements where bet_id = ${BigInt(placed.betId)}`.execute(t.db);
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it('re-settles a re-resulted market: reverses the payout and posts the new one', async () => {
    const p = await fundedPlayer(t, 100_000n);
    const g = await createGame(t, [2500, 1600]);
    const placed = (
      await place(p.client, {
        typeId: 0,
        accountId: p.accountId.toString(),
        amount: '10000',
        bets: [{ outcomeId: g.outcomeIds[0]!.toString(), coef: 2.5 }],
      })
    ).json();
    await resultMarket(t, g.marketId, [[g.outcomeIds[0]!, 'win']]);
    expect(await settleResultedBets(t.ctx, window)).toBe(1);
    expect(await balanceOf(t, p.accountId)).toBe(115_000n);
    await resultMarket(t, g.marketId, [[g.outcomeIds[0]!, 'lose']]);
    expect(
      await Promise.all([settleResultedBets(t.ctx, window), settleResultedBets(t.ctx, window)]).then(
        (n) => n[0]! + n[1]!,
      ),
    ).toBe(1);
    expect(await balanceOf(t, p.accountId)).toBe(90_000n);
    await resultMarket(t, g.marketId, [[g.outcomeIds[0]!, 'half_lose']]);
    expect(await settleResultedBets(t.ctx, window)).toBe(1);
    expect(await balanceOf(t, p.accountId)).toBe(95_000n);
    const bet = (await p.client.get(`/web-api/betting/v1/bets/${placed.betId}`)).json();
    expect(bet).toMatchObject({ status: 'won', payoutMinor: '5000', settlementVersion: 3 });
    const versions = await t.db
      .selectFrom('bet_settlements')
      .selectAll()
      .where('bet_id', '=', BigInt(placed.betId))
      .orderBy('version')
      .execute();
    expect(versions.map((v) => [v.version, v.payout])).toEqual([
      [1, 25_000n],
      [2, 0n],
      [3, 5_000n],
    ]);
    expect(versions[1]!.reversal_transfer_id).not.toBeNull();
  });

  it('settles a system with a banker per combination and multiple singles on their own amounts', async () => {
    const p = await fundedPlayer(t, 100_000n);
    const games = await threeGames();
    const bets = games.map((g, i) => ({
      outcomeId: g.outcomeIds[0]!.toString(),
      coef: 2,
      isBanker: i === 0,
    }));
    const system = (
      await place(p.client, {
        typeId: 2,
        systemValue: 2,
        accountId: p.accountId.toString(),
        amount: '20000',
        bets,
      })
    ).json();
    const singles = (
      await place(p.client, {
        typeId: 10001,
        accountId: p.accountId.toString(),
        amountByBetId: { [bets[1]!.outcomeId]: '1000', [bets[2]!.outcomeId]: '3000' },
        bets: bets.slice(1).map(({ isBanker: _, ...b }) => b),
      })
    ).json();
    await resultMarket(t, games[0]!.marketId, [[games[0]!.outcomeIds[0]!, 'win']]);
    await resultMarket(t, games[1]!.marketId, [[games[1]!.outcomeIds[0]!, 'lose']]);
    await resultMarket(t, games[2]!.marketId, [[games[2]!.outcomeIds[0]!, 'win']]);
    expect(await settleResultedBets(t.ctx, window)).toBe(2);
    // System: 100.00 on banker×1.5 lost, 100.00 × 2.0 × 3.0 = 600.00. Singles: 30.00 × 3.0 = 90.00.
    expect((await p.client.get(`/web-api/betting/v1/bets/${system.betId}`)).json().payoutMinor).toBe('60000');
    expect((await p.client.get(`/web-api/betting/v1/bets/${singles.betId}`)).json().payoutMinor).toBe('9000');
    expect(await balanceOf(t, p.accountId)).toBe(100_000n - 24_000n + 69_000n);
  });
});

describe('cash-out and history', () => {
  it('quotes from fair prices, cashes out part then all, replays, and lists the bets with CSV', async () => {
    const p = await fundedPlayer(t, 100_000n);
    const g = await createGame(t, [2000, 2000]);
    const placed = (
      await place(p.client, {
        typeId: 0,
        accountId: p.accountId.toString(),
        amount: '10000',
        bets: [{ outcomeId: g.outcomeIds[0]!.toString(), coef: 2 }],
      })
    ).json();
    await setOdds(t, g.outcomeIds[0]!, 1500);
    await setOdds(t, g.outcomeIds[1]!, 3000);
    const quote = (await p.client.get(`/web-api/betting/v1/bets/${placed.betId}/cashout`)).json();
    // Fair chance (1/1.5)/(1/1.5 + 1/3) = 2/3: fair value 100.00 × 2.0 × 2/3 = 133.33; 5 % margin.
    expect(quote).toMatchObject({
      isAvailable: true,
      fairValueMinor: '13333',
      marginBasisPoints: 500,
      offerMinor: '12666',
    });
    const key = newKey();
    const partial = await p.client.post(
      `/web-api/betting/v1/bets/${placed.betId}/cashout`,
      { stakeMinor: '5000', expectedMinor: '6333' },
      { 'idempotency-key': key },
    );
    expect(partial.json()).toMatchObject({
      status: 'partially_cashed_out',
      paidMinor: '6333',
      remainingStakeMinor: '5000',
    });
    const again = await p.client.post(
      `/web-api/betting/v1/bets/${placed.betId}/cashout`,
      { stakeMinor: '5000', expectedMinor: '6333' },
      { 'idempotency-key': key },
    );
    expect(again.json()).toEqual(partial.json());
    const tooHigh = await p.client.post(
      `/web-api/betting/v1/bets/${placed.betId}/cashout`,
      { expectedMinor: '9999' },
      { 'idempotency-key': newKey() },
    );
    expect(tooHigh.json().error.code).toBe('CASHOUT_PRICE_CHANGED');
    expect(
      (
        await p.client.call('PUT', `/web-api/betting/v1/bets/${placed.betId}/auto-cashout`, {
          valueMinor: '6000',
        })
      ).statusCode,
    ).toBe(200);
    expect(await runAutoCashouts(t.ctx)).toBe(1);
    const bet = (await p.client.get(`/web-api/betting/v1/bets/${placed.betId}`)).json();
    expect(bet).toMatchObject({ status: 'cashed_out', stakeMinor: '0', cashedOutMinor: String(6333 + 6332) });
    expect(await balanceOf(t, p.accountId)).toBe(90_000n + 12_665n);
    const history = (await p.client.get('/web-api/betting/v1/bets?period=7&status=cashed_out')).json();
    expect(history).toMatchObject({ total: 1, data: [{ id: placed.betId, legs: [{ oddsMilli: 2000 }] }] });
    const csv = await p.client.get('/web-api/betting/v1/bets.csv?period=7');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(`${placed.betId},`);
    expect(csv.body).toContain(',cashed_out,,RUB,0.00,2.000,');
  });
});
