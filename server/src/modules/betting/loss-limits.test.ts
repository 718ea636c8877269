/**
 * Responsible gaming through betting: settled losses count for the loss limits (a resettlement
 * replaces the bet's record, never adds to it), and a live bet rejected after its delay gives its
 * stake back to the wagering limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideDueLiveBets, settleResultedBets } from './index.ts';
import {
  type BettingTestApp,
  bettingTestApp,
  createGame,
  fundedPlayer,
  place,
  resultMarket,
  scoreGoal,
} from './test-support.ts';

const LIMITS = '/limit-service-api/api/external/web/v3';
const window = { resettleWindowMs: 7 * 86_400_000 };

let t: BettingTestApp;

beforeAll(async () => {
  t = await bettingTestApp();
});
afterAll(async () => {
  await t.close();
});

type Player = Awaited<ReturnType<typeof fundedPlayer>>;

async function setLimit(p: Player, limitType: number, limitValue: number) {
  const res = await p.client.post(`${LIMITS}/limit`, { limitType, limitValue });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ status: 'applied' });
}

/** A single on the first outcome (odds 2.00) of a fresh game; answers the placement answer. */
async function single(p: Player, amountMinor: number, options: { live?: boolean } = {}) {
  const g = await createGame(t, [2000, 1800], options);
  const answer = (
    await place(p.client, {
      typeId: 0,
      accountId: p.accountId.toString(),
      amount: String(amountMinor),
      bets: [{ outcomeId: g.outcomeIds[0]!.toString(), coef: 2 }],
    })
  ).json();
  return { g, answer };
}

const netToday = async (p: Player) => (await p.client.get(`${LIMITS}/stats`)).json().today.netMinor;

describe('loss limits count settled bets', () => {
  it('refuses the stake past a 24 h loss limit; a resettlement replaces the loss instead of adding to it', async () => {
    const p = await fundedPlayer(t, 100_000n);
    await setLimit(p, 10, 300); // 300.00 RUB over 24 h
    const lost = [];
    for (let i = 0; i < 3; i++) {
      const { g, answer } = await single(p, 10_000);
      expect(answer.status).toBe('accepted');
      await resultMarket(t, g.marketId, [[g.outcomeIds[0]!, 'lose']]);
      expect(await settleResultedBets(t.ctx, window)).toBe(1);
      lost.push(g);
    }
    expect(await netToday(p)).toBe('-30000');
    const refused = (await single(p, 10_000)).answer;
    expect(refused).toMatchObject({ status: 'rejected', code: 'LIMIT_LOSS_EXCEEDED' });

    // Re-resulted as a win (payout 200.00): that bet's loss becomes −100.00, once.
    const g = lost[0]!;
    await resultMarket(t, g.marketId, [[g.outcomeIds[0]!, 'win']]);
    expect(await settleResultedBets(t.ctx, window)).toBe(1);
    expect(await netToday(p)).toBe('-10000');
    const rows = await t.db
      .selectFrom('limit_usage')
      .select('amount_minor')
      .where('user_id', '=', p.userId)
      .where('kind', '=', 'loss')
      .execute();
    expect(rows).toHaveLength(3);
    // Losses 100.00 + this stake 200.00 = 300.00: allowed (not settled, so it counts no loss yet).
    expect((await single(p, 20_000)).answer.status).toBe('accepted');

    // Back to a loss: −300.00 again, not −400.00 or more; the next stake is refused.
    await resultMarket(t, g.marketId, [[g.outcomeIds[0]!, 'lose']]);
    expect(await settleResultedBets(t.ctx, window)).toBe(1);
    expect(await netToday(p)).toBe('-30000');
    expect((await single(p, 10_000)).answer).toMatchObject({
      status: 'rejected',
      code: 'LIMIT_LOSS_EXCEEDED',
    });
  });
});

describe('wagering limits and the live delay', () => {
  it('a live bet rejected after its delay gives its stake back to the wagering limit', async () => {
    const p = await fundedPlayer(t, 100_000n);
    await setLimit(p, 1, 200); // 200.00 RUB of stakes over 24 h
    const live = await single(p, 20_000, { live: true });
    expect(live.answer.status).toBe('pending');
    expect((await single(p, 10_000)).answer).toMatchObject({
      status: 'rejected',
      code: 'LIMIT_WAGER_EXCEEDED',
    });
    await scoreGoal(t, live.g.gameId);
    t.clock.advance(5000);
    expect(await decideDueLiveBets(t.ctx)).toBe(1);
    const bet = (await p.client.get(`/web-api/betting/v1/bets/${live.answer.betId}`)).json();
    expect(bet).toMatchObject({ status: 'rejected', reasonCode: 'SCORE_CHANGED' });
    expect((await single(p, 20_000)).answer.status).toBe('accepted');
    expect((await single(p, 10_000)).answer).toMatchObject({
      status: 'rejected',
      code: 'LIMIT_WAGER_EXCEEDED',
    });
  });
});
