import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { decideDueLiveBets } from './index.ts';
import {
  type BettingTestApp,
  balanceOf,
  createGame,
  fundedPlayer,
  newKey,
  place,
  resultMarket,
  scoreGoal,
  setOdds,
  setUpBettingTestApp,
  singleCoupon,
  suspendMarket,
} from './test-support.ts';

let t: BettingTestApp;

setUpBettingTestApp((app) => {
  t = app;
});

describe('placement of line coupons', () => {
  it('accepts a single at the current price, captures the stake and replays the first answer', async () => {
    const p = await fundedPlayer(t, 100_000n);
    const { outcomeIds } = await createGame(t, [1850, 3400, 4200]);
    const key = newKey();
    const body = singleCoupon(p.accountId, outcomeIds[0]!, 1.85);
    const res = await place(p.client, body, key);
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({
      status: 'accepted',
      acceptedCoef: '1.850',
      acceptedCoefMilli: 1850,
      stakeMinor: '10000',
      possibleWinMinor: '18500',
      isOddsChanged: false,
    });
    expect(await balanceOf(t, p.accountId)).toBe(90_000n);
    expect((await place(p.client, body, key)).json()).toEqual(answer);
    const reused = await place(p.client, singleCoupon(p.accountId, outcomeIds[1]!, 3.4), key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const bet = (await p.client.get(`/web-api/betting/v1/bets/${answer.betId}`)).json();
    expect(bet).toMatchObject({ status: 'accepted', stakeMinor: '10000', legs: [{ oddsMilli: 1850 }] });
    expect((await place(p.client, body)).statusCode).toBe(200);
    expect((await p.client.post('/web-api/betting/v1/coupons', body)).statusCode).toBe(400);
  });

  it('applies changeCoefAction 0, 1 and 2 to a moved price, never the browser coefficient', async () => {
    const p = await fundedPlayer(t, 100_000n);
    const { outcomeIds } = await createGame(t, [2000, 2000]);
    await setOdds(t, outcomeIds[0]!, 1900);
    const at = (action: number, coef: number) =>
      place(p.client, singleCoupon(p.accountId, outcomeIds[0]!, coef, '1000', { changeCoefAction: action }));
    expect((await at(0, 2.0)).json()).toMatchObject({
      status: 'rejected',
      code: 'ODDS_CHANGED',
      messageKey: 'errors.odds_changed',
    });
    expect((await at(1, 2.0)).json()).toMatchObject({ status: 'rejected', code: 'ODDS_LOWERED' });
    expect((await at(1, 1.8)).json()).toMatchObject({
      status: 'accepted',
      acceptedCoefMilli: 1900,
      isOddsChanged: true,
    });
    expect((await at(2, 5.0)).json()).toMatchObject({
      status: 'accepted',
      acceptedCoefMilli: 1900,
      possibleWinMinor: '1900',
    });
    expect(await balanceOf(t, p.accountId)).toBe(98_000n);
  });

  it('rejects suspended, resulted and dependent selections, stakes outside the limits and missing funds', async () => {
    const p = await fundedPlayer(t, 50_000n);
    const a = await createGame(t, [1500, 2500]);
    const b = await createGame(t, [1500, 2500]);
    await suspendMarket(t, a.marketId);
    const code = async (body: Record<string, unknown>) => (await place(p.client, body)).json().code;
    expect(await code(singleCoupon(p.accountId, a.outcomeIds[0]!, 1.5))).toBe('MARKET_SUSPENDED');
    await resultMarket(t, b.marketId, [[b.outcomeIds[0]!, 'win']]);
    expect(await code(singleCoupon(p.accountId, b.outcomeIds[0]!, 1.5))).toBe('GAME_FINISHED');
    const c = await createGame(t, [1500, 2500]);
    expect(await code(singleCoupon(p.accountId, 999_999n, 1.5))).toBe('MARKET_UNAVAILABLE');
    expect(await code(singleCoupon(p.accountId, c.outcomeIds[0]!, 1.5, '999'))).toBe('STAKE_TOO_LOW');
    expect(await code(singleCoupon(p.accountId, c.outcomeIds[0]!, 1.5, '50000001'))).toBe('STAKE_TOO_HIGH');
    expect(await code(singleCoupon(p.accountId, c.outcomeIds[0]!, 1.5, '60000'))).toBe('INSUFFICIENT_FUNDS');
    const express = {
      typeId: 1,
      accountId: p.accountId.toString(),
      amount: '1000',
      bets: c.outcomeIds.map((id) => ({ outcomeId: id.toString(), coef: 1.5 })),
    };
    expect(await code(express)).toBe('DEPENDENT_BETS');
    expect(await balanceOf(t, p.accountId)).toBe(50_000n);
  });

  it('places an express with the express bonus, a system with a banker and multiple singles', async () => {
    const p = await fundedPlayer(t, 1_000_000n);
    const games = [
      await createGame(t, [2000, 1800]),
      await createGame(t, [1500, 2600]),
      await createGame(t, [3000, 1400]),
    ];
    const bets = games.map((g) => ({ outcomeId: g.outcomeIds[0]!.toString(), coef: 9 }));
    const express = (
      await place(p.client, { typeId: 1, accountId: p.accountId.toString(), amount: '10000', bets })
    ).json();
    // 2.0 × 1.5 × 3.0 = 9.0; bonus 1.03 on three legs: 100.00 × 9 × 1.03 = 927.00.
    expect(express).toMatchObject({
      status: 'accepted',
      acceptedCoefMilli: 9000,
      isExpressBonus: true,
      possibleWinMinor: '92700',
    });
    const system = (
      await place(p.client, {
        typeId: 2,
        systemValue: 2,
        accountId: p.accountId.toString(),
        amount: '20000',
        bets: bets.map((b, i) => ({ ...b, isBanker: i === 0 })),
      })
    ).json();
    // Banker 2.0 with each of 1.5 and 3.0: 100.00 × 3.0 + 100.00 × 6.0 = 900.00.
    expect(system).toMatchObject({ status: 'accepted', possibleWinMinor: '90000' });
    const singles = (
      await place(p.client, {
        typeId: 10001,
        accountId: p.accountId.toString(),
        amountByBetId: { [bets[0]!.outcomeId]: '1000', [bets[1]!.outcomeId]: '3000' },
        bets: bets.slice(0, 2),
      })
    ).json();
    expect(singles).toMatchObject({
      status: 'accepted',
      stakeMinor: '4000',
      possibleWinMinor: '6500',
      acceptedCoef: null,
    });
    expect(await balanceOf(t, p.accountId)).toBe(1_000_000n - 34_000n);
  });
});

describe('concurrency', () => {
  it('accepts only what one balance covers when placements race', async () => {
    const p = await fundedPlayer(t, 100_000n);
    const { outcomeIds } = await createGame(t, [1900, 1900]);
    const answers = await Promise.all(
      Array.from({ length: 25 }, () =>
        place(p.client, singleCoupon(p.accountId, outcomeIds[0]!, 1.9, '10000')),
      ),
    );
    const statuses = answers.map((r) => r.json());
    expect(statuses.filter((a) => a.status === 'accepted')).toHaveLength(10);
    expect(statuses.filter((a) => a.code === 'INSUFFICIENT_FUNDS')).toHaveLength(15);
    expect(await balanceOf(t, p.accountId)).toBe(0n);
  });

  it('places one bet for an idempotency key replayed in parallel', async () => {
    const p = await fundedPlayer(t, 100_000n);
    const { outcomeIds } = await createGame(t, [1900, 1900]);
    const key = newKey();
    const body = singleCoupon(p.accountId, outcomeIds[0]!, 1.9, '10000');
    const answers = (await Promise.all(Array.from({ length: 12 }, () => place(p.client, body, key)))).map(
      (r) => r.json(),
    );
    expect(new Set(answers.map((a) => a.betId)).size).toBe(1);
    expect(answers.every((a) => a.status === 'accepted')).toBe(true);
    const { rows } = await sql<{
      n: string;
    }>`select count(*) as n from bets where user_id = ${p.userId}`.execute(t.db);
    expect(Number(rows[0]!.n)).toBe(1);
    expect(await balanceOf(t, p.accountId)).toBe(90_000n);
  });

  it('never accepts a bet at or after its market suspension or result, whatever the interleaving', async () => {
    for (let round = 0; round < 3; round++) {
      const p = await fundedPlayer(t, 10_000_000n);
      const g = await createGame(t, [1700, 2300]);
      const placements = Array.from({ length: 30 }, () =>
        place(p.client, singleCoupon(p.accountId, g.outcomeIds[0]!, 1.7, '1000')),
      );
      const suspension = (async () => {
        await new Promise((r) => setTimeout(r, round * 5));
        return t.db.transaction().execute(async (trx) => {
          await sql`update markets set state = 'suspended', version = version + 1 where id = ${g.marketId}`.execute(
            trx,
          );
          const { rows } = await sql<{ s: string }>`select nextval('bets_id_seq') as s`.execute(trx);
          return BigInt(rows[0]!.s);
        });
      })();
      const [answers, mark] = await Promise.all([Promise.all(placements), suspension]);
      await resultMarket(t, g.marketId, [[g.outcomeIds[0]!, 'win']]);
      const late = (await place(p.client, singleCoupon(p.accountId, g.outcomeIds[0]!, 1.7, '1000'))).json();
      expect(late.code).toBe('GAME_FINISHED');
      for (const a of answers.map((r) => r.json())) {
        if (a.status === 'accepted') expect(BigInt(a.betId) < mark).toBe(true);
        else expect(a.code).toBe('MARKET_SUSPENDED');
        if (a.betId && BigInt(a.betId) > mark) expect(a.status).toBe('rejected');
      }
    }
  });
});

describe('live delay', () => {
  it('waits the delay, accepts an unchanged live bet and captures the stake', async () => {
    const p = await fundedPlayer(t, 100_000n);
    const g = await createGame(t, [2100, 1700], { live: true });
    const answer = (await place(p.client, singleCoupon(p.accountId, g.outcomeIds[0]!, 2.1))).json();
    expect(answer).toMatchObject({ status: 'pending', delayMs: 5000 });
    expect(await balanceOf(t, p.accountId)).toBe(90_000n);
    t.clock.advance(4999);
    expect(await decideDueLiveBets(t.ctx)).toBe(0);
    t.clock.advance(1);
    expect(await decideDueLiveBets(t.ctx)).toBe(1);
    const bet = (await p.client.get(`/web-api/betting/v1/bets/${answer.betId}`)).json();
    expect(bet.status).toBe('accepted');
    expect(await balanceOf(t, p.accountId)).toBe(90_000n);
  });

  it('rejects the bet and releases the stake after a goal 1 ms before the delay ends', async () => {
    const p = await fundedPlayer(t, 100_000n);
    const g = await createGame(t, [2100, 1700], { live: true });
    const answer = (await place(p.client, singleCoupon(p.accountId, g.outcomeIds[0]!, 2.1))).json();
    t.clock.advance(4999);
    await scoreGoal(t, g.gameId);
    t.clock.advance(1);
    expect(await decideDueLiveBets(t.ctx)).toBe(1);
    const bet = (await p.client.get(`/web-api/betting/v1/bets/${answer.betId}`)).json();
    expect(bet).toMatchObject({ status: 'rejected', reasonCode: 'SCORE_CHANGED' });
    expect(await balanceOf(t, p.accountId)).toBe(100_000n);
  });

  it('rejects after a suspension that reopened, and after a price fall with action 1', async () => {
    const p = await fundedPlayer(t, 100_000n);
    const g = await createGame(t, [2100, 1700], { live: true });
    const a = (await place(p.client, singleCoupon(p.accountId, g.outcomeIds[0]!, 2.1))).json();
    const b = (
      await place(
        p.client,
        singleCoupon(p.accountId, g.outcomeIds[1]!, 1.7, '10000', { changeCoefAction: 1 }),
      )
    ).json();
    await suspendMarket(t, g.marketId);
    await sql`update markets set state = 'open', version = version + 1 where id = ${g.marketId}`.execute(
      t.db,
    );
    t.clock.advance(5000);
    expect(await decideDueLiveBets(t.ctx)).toBe(2);
    for (const id of [a.betId, b.betId]) {
      expect((await p.client.get(`/web-api/betting/v1/bets/${id}`)).json()).toMatchObject({
        status: 'rejected',
        reasonCode: 'MARKET_SUSPENDED',
      });
    }
    const h = await createGame(t, [2100, 1700], { live: true });
    const c = (
      await place(
        p.client,
        singleCoupon(p.accountId, h.outcomeIds[1]!, 1.7, '10000', { changeCoefAction: 1 }),
      )
    ).json();
    await setOdds(t, h.outcomeIds[1]!, 1650);
    t.clock.advance(5000);
    await decideDueLiveBets(t.ctx);
    expect((await p.client.get(`/web-api/betting/v1/bets/${c.betId}`)).json()).toMatchObject({
      reasonCode: 'ODDS_LOWERED',
    });
    expect(await balanceOf(t, p.accountId)).toBe(100_000n);
  });
});
