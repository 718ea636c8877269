/**
 * Why-am-I-limited through placement: a coupon refused by a limit answers which limit in its
 * details — the player's own wagering or loss limit (limitKind, what is left, when room comes back)
 * or the bookmaker's maximum stake (limitKind max_stake, maxMinor) — and a replay of the key answers
 * the same details. Two parallel stakes that together pass the limit: one is refused, with what was
 * left. The ledger check runs after every test.
 */
import { describe, expect, it } from 'vitest';
import {
  type BettingTestApp,
  balanceOf,
  createGame,
  fundedPlayer,
  newKey,
  place,
  setUpBettingTestApp,
} from './test-support.ts';

const LIMITS = '/limit-service-api/api/external/web/v3';

let t: BettingTestApp;
setUpBettingTestApp((app) => {
  t = app;
});

type Player = Awaited<ReturnType<typeof fundedPlayer>>;

async function setLimit(p: Player, limitType: number, limitValue: number) {
  const res = await p.client.post(`${LIMITS}/limit`, { limitType, limitValue });
  expect(res.json()).toMatchObject({ status: 'applied' });
}

async function single(p: Player, amountMinor: number, key = newKey()) {
  const g = await createGame(t, [2000, 1800]);
  const body = {
    typeId: 0,
    accountId: p.accountId.toString(),
    amount: String(amountMinor),
    bets: [{ outcomeId: g.outcomeIds[0]!.toString(), coef: 2 }],
  };
  const res = await place(p.client, body, key);
  expect(res.statusCode).toBe(200);
  return { answer: res.json(), body };
}

describe('a refused stake names the limit', () => {
  it('the player’s wagering limit: limit, staked, left and when room comes back; a replay answers the same', async () => {
    const p = await fundedPlayer(t, 100_000n);
    await setLimit(p, 1, 100); // 100.00 RUB a day
    const firstAt = t.clock.now();
    expect((await single(p, 6000)).answer.status).toBe('accepted');
    t.clock.advance(60_000);
    const key = newKey();
    const { answer, body } = await single(p, 5000, key);
    const details = {
      limitKind: 'wager',
      limitType: 1,
      periodDays: 1,
      currency: 'RUB',
      limitMinor: '10000',
      usedMinor: '6000',
      remainingMinor: '4000',
      resetsAt: new Date(firstAt.getTime() + 86_400_000).toISOString(),
    };
    expect(answer).toMatchObject({ status: 'rejected', code: 'LIMIT_WAGER_EXCEEDED', details });
    const replay = (await place(p.client, body, key)).json();
    expect(replay).toEqual(answer);
    expect(await balanceOf(t, p.accountId)).toBe(94_000n);
  });

  it('the player’s loss limit says the stake could lose more than is left', async () => {
    const p = await fundedPlayer(t, 100_000n);
    await setLimit(p, 11, 40); // 40.00 RUB in 7 days
    const { answer } = await single(p, 5000);
    expect(answer).toMatchObject({
      status: 'rejected',
      code: 'LIMIT_LOSS_EXCEEDED',
      details: { limitKind: 'loss', periodDays: 7, remainingMinor: '4000', resetsAt: null },
    });
  });

  it('the bookmaker’s maximum stake is named as such, with the maximum', async () => {
    const p = await fundedPlayer(t, 100_000_000n);
    const max = 50_000_000n; // the default maximum stake for RUB (500 000.00), as the quote says
    const { answer } = await single(p, Number(max + 100n));
    expect(answer).toMatchObject({
      status: 'rejected',
      code: 'STAKE_TOO_HIGH',
      details: { limitKind: 'max_stake', maxMinor: max.toString() },
    });
    expect(await balanceOf(t, p.accountId)).toBe(100_000_000n);
  });

  it('two parallel stakes that together pass the limit: one accepted, the other refused with what was left', async () => {
    const p = await fundedPlayer(t, 100_000n);
    await setLimit(p, 1, 100);
    const answers = await Promise.all([single(p, 7000), single(p, 7000)]);
    const statuses = answers.map((a) => a.answer.status).sort();
    expect(statuses).toEqual(['accepted', 'rejected']);
    const refused = answers.find((a) => a.answer.status === 'rejected')!.answer;
    expect(refused).toMatchObject({
      code: 'LIMIT_WAGER_EXCEEDED',
      details: { limitKind: 'wager', usedMinor: '7000', remainingMinor: '3000' },
    });
    expect(await balanceOf(t, p.accountId)).toBe(93_000n);
  });
});
