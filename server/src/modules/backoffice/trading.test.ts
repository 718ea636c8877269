import { describe, expect, it } from 'vitest';
import {
  type BettingTestApp,
  balanceOf,
  createGame,
  fundedPlayer,
  place,
  setUpBettingTestApp,
  singleCoupon,
} from '../betting/test-support.ts';
import { verifyAuditChain } from './audit-log.ts';
import { createOperator } from './operators.ts';
import type { OperatorRole } from './permissions.ts';
import { totpCode } from './totp.ts';

let t: BettingTestApp;
setUpBettingTestApp((app) => {
  t = app;
});

const P = '/backoffice-api/v1';
let nextOperator = 1;

/** A signed-in operator of this role: both sign-in steps over HTTP, then calls with the cookie. */
async function operator(role: OperatorRole) {
  const login = `${role}-${nextOperator++}`;
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
  const code = totpCode(c.totpSecret, t.clock.nowMs());
  const second = await t.app.inject({
    method: 'POST',
    url: `${P}/sign-in/code`,
    headers: { cookie },
    payload: { code },
  });
  expect(second.statusCode).toBe(200);
  return (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `${P}${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });
}

type Call = Awaited<ReturnType<typeof operator>>;

async function auditOf(action: string) {
  return t.db
    .selectFrom('backoffice_audit')
    .selectAll()
    .where('action', '=', action)
    .orderBy('seq')
    .execute();
}

/** Previews then confirms a result: the market's outcomes, the first `winners` winning. */
async function enterResult(
  call: Call,
  marketId: bigint,
  outcomeIds: bigint[],
  winner: number,
  reason: string,
) {
  const market = (await call('GET', `/trading/markets/${marketId}`)).json();
  const results = outcomeIds.map((id, i) => ({
    outcomeId: id.toString(),
    result: i === winner ? 'win' : 'lose',
  }));
  const preview = (await call('POST', `/trading/markets/${marketId}/result-preview`, { results })).json();
  const res = await call('POST', `/trading/markets/${marketId}/result`, {
    version: market.version,
    results,
    reason,
  });
  return { preview, res };
}

describe('trading desk', () => {
  it('shows the liability of a placed bet, biggest first, per currency', async () => {
    const trader = await operator('trader');
    const p = await fundedPlayer(t, 100_000n);
    const small = await createGame(t, [1500, 2500]);
    const big = await createGame(t, [4000, 1200]);
    expect(
      (await place(p.client, singleCoupon(p.accountId, small.outcomeIds[0]!, 1.5, '1000'))).json().status,
    ).toBe('accepted');
    expect(
      (await place(p.client, singleCoupon(p.accountId, big.outcomeIds[0]!, 4, '2000'))).json().status,
    ).toBe('accepted');
    const games = (await trader('GET', '/trading/liability?lang=en')).json().games;
    const mine = games.filter(
      (g: { gameId: number }) => g.gameId === small.gameId || g.gameId === big.gameId,
    );
    expect(mine.map((g: { gameId: number }) => g.gameId)).toEqual([big.gameId, small.gameId]);
    expect(mine[0]).toMatchObject({ currency: 'RUB', liabilityMinor: '6000', legs: 1 });
    expect(mine[0].markets[0].outcomes[0]).toMatchObject({
      outcomeId: big.outcomeIds[0]!.toString(),
      stakeMinor: '2000',
      potentialPayoutMinor: '8000',
      liabilityMinor: '6000',
    });
  });

  it('suspends a market (placement refused) and resumes it; the state message reaches the game topic', async () => {
    const trader = await operator('trader');
    const p = await fundedPlayer(t, 100_000n);
    const g = await createGame(t, [2000, 1800]);
    const seen: unknown[] = [];
    const stop = t.deps.bus.subscribe(`game:${g.gameId}`, (m) => seen.push(m));
    const res = await trader('POST', '/trading/suspend', {
      scope: 'market',
      id: g.marketId.toString(),
      suspend: true,
    });
    expect(res.json()).toEqual({ markets: 1 });
    expect(seen).toEqual([expect.objectContaining({ type: 'state', reason: 'operator' })]);
    const refused = await place(p.client, singleCoupon(p.accountId, g.outcomeIds[0]!, 2));
    expect(refused.json()).toMatchObject({ status: 'rejected', code: 'MARKET_SUSPENDED' });
    await trader('POST', '/trading/suspend', { scope: 'market', id: g.marketId.toString(), suspend: false });
    stop();
    expect((await place(p.client, singleCoupon(p.accountId, g.outcomeIds[0]!, 2))).json().status).toBe(
      'accepted',
    );
    expect((await auditOf('trading.suspend')).at(-1)).toMatchObject({ target: `market:${g.marketId}` });
  });

  it('overrides a price with the implied margin shown, and sets a maximum stake players meet', async () => {
    const trader = await operator('risk');
    const p = await fundedPlayer(t, 100_000n);
    const g = await createGame(t, [1900, 1900]);
    const change = (
      await trader('POST', `/trading/outcomes/${g.outcomeIds[0]}/price`, { oddsMilli: 2500 })
    ).json();
    expect(change).toMatchObject({ oddsMilli: 2500, prevOddsMilli: 1900, feedOddsMilli: 1900 });
    expect(change.margin).toBeCloseTo(1 / 2.5 + 1 / 1.9 - 1, 6);
    expect(
      (await place(p.client, singleCoupon(p.accountId, g.outcomeIds[0]!, 2.5, '1000'))).json(),
    ).toMatchObject({
      status: 'accepted',
    });
    const cap = await trader('PUT', `/trading/markets/${g.marketId}/max-stake`, { maxStakeMinor: '500' });
    expect(cap.statusCode).toBe(200);
    const high = await place(p.client, singleCoupon(p.accountId, g.outcomeIds[0]!, 2.5, '501'));
    expect(high.json()).toMatchObject({ status: 'rejected', code: 'STAKE_TOO_HIGH' });
    expect((await auditOf('trading.price')).at(-1)!.details).toMatchObject({ oddsMilli: 2500 });
    const bad = await trader('POST', `/trading/outcomes/${g.outcomeIds[0]}/price`, { oddsMilli: 900 });
    expect([bad.statusCode, bad.json().error.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('enters a result (preview, confirm, paid once) and corrects it (reversed and paid again); the audit keeps the amounts', async () => {
    const trader = await operator('trader');
    const p = await fundedPlayer(t, 100_000n);
    const g = await createGame(t, [2000, 1800]);
    await place(p.client, singleCoupon(p.accountId, g.outcomeIds[0]!, 2, '10000'));
    expect(await balanceOf(t, p.accountId)).toBe(90_000n);
    const messages: unknown[] = [];
    const stop = t.deps.bus.subscribe(`user:${p.userId}`, (m) => messages.push(m));
    const first = await enterResult(trader, g.marketId, g.outcomeIds, 0, 'final whistle');
    expect(first.preview).toMatchObject({
      bets: 1,
      settling: 1,
      totals: [{ currency: 'RUB', bets: 1, stakeMinor: '10000', payoutMinor: '20000' }],
    });
    expect(first.res.json()).toMatchObject({ settled: 1, payoutMinor: '20000' });
    expect(await balanceOf(t, p.accountId)).toBe(110_000n);
    const second = await enterResult(trader, g.marketId, g.outcomeIds, 1, 'wrong team entered');
    expect(second.preview).toMatchObject({
      settling: 1,
      totals: [{ payoutMinor: '0', paidBeforeMinor: '20000' }],
    });
    expect(second.res.json()).toMatchObject({ settled: 1, payoutMinor: '0' });
    expect(await balanceOf(t, p.accountId)).toBe(90_000n);
    stop();
    expect(messages.filter((m) => (m as { type: string }).type === 'bet')).toEqual([
      expect.objectContaining({ type: 'bet', status: 'won' }),
      expect.objectContaining({ type: 'bet', status: 'lost' }),
    ]);
    expect((await auditOf('results.set')).at(-1)!.details).toMatchObject({
      reason: 'final whistle',
      payoutMinor: '20000',
    });
    expect((await auditOf('results.correct')).at(-1)!.details).toMatchObject({
      reason: 'wrong team entered',
    });
    expect((await verifyAuditChain(t.db)).ok).toBe(true);
  });

  it('settles concurrent corrections from the same view exactly once', async () => {
    const [a, b] = [await operator('trader'), await operator('risk')];
    const players = [await fundedPlayer(t, 50_000n), await fundedPlayer(t, 50_000n)];
    const g = await createGame(t, [2000, 1800]);
    for (const p of players) await place(p.client, singleCoupon(p.accountId, g.outcomeIds[0]!, 2, '5000'));
    await enterResult(a, g.marketId, g.outcomeIds, 1, 'entered');
    for (let round = 0; round < 4; round++) {
      const market = (await a('GET', `/trading/markets/${g.marketId}`)).json();
      const winner = round % 2 === 0 ? 0 : 1;
      const results = g.outcomeIds.map((id, i) => ({
        outcomeId: id.toString(),
        result: i === winner ? 'win' : 'lose',
      }));
      const body = { version: market.version, results, reason: `correction ${round}` };
      const answers = await Promise.all([
        a('POST', `/trading/markets/${g.marketId}/result`, body),
        b('POST', `/trading/markets/${g.marketId}/result`, body),
        a('POST', `/trading/markets/${g.marketId}/result`, body),
      ]);
      const codes = answers.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 409, 409]);
      for (const p of players) expect(await balanceOf(t, p.accountId)).toBe(winner === 0 ? 55_000n : 45_000n);
    }
    const versions = await t.db
      .selectFrom('bet_settlements')
      .innerJoin('bet_legs', 'bet_legs.bet_id', 'bet_settlements.bet_id')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('bet_legs.market_id', '=', g.marketId)
      .executeTakeFirstOrThrow();
    expect(Number(versions.n)).toBe(2 * 5);
    expect((await t.ledger.check()).differences).toEqual([]);
  });

  it('voids a bet with a reason through settlement: the stake comes back once', async () => {
    const trader = await operator('trader');
    const p = await fundedPlayer(t, 100_000n);
    const g = await createGame(t, [2000, 1800]);
    const bet = (await place(p.client, singleCoupon(p.accountId, g.outcomeIds[0]!, 2, '3000'))).json();
    const voids = await Promise.all(
      [1, 2].map(() => trader('POST', `/bets/${bet.betId}/void`, { reason: 'palpable error' })),
    );
    expect(voids.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await balanceOf(t, p.accountId)).toBe(100_000n);
    const detail = (await trader('GET', `/bets/${bet.betId}`)).json();
    expect(detail.bet).toMatchObject({ status: 'void', payoutMinor: '3000' });
    expect(detail.legs[0]).toMatchObject({ voidReason: 'palpable error', result: 'void' });
    expect(detail.transfers.map((x: { reason: string }) => x.reason)).toContain('payout');
    const short = await trader('POST', `/bets/${bet.betId}/void`, { reason: '  ' });
    expect(short.statusCode).toBe(400);
  });

  it('searches bets by player, game, stake and state, in cursor pages', async () => {
    const trader = await operator('auditor');
    const p = await fundedPlayer(t, 100_000n);
    const g = await createGame(t, [2000, 1800]);
    for (const amount of ['1000', '2000', '3000'])
      await place(p.client, singleCoupon(p.accountId, g.outcomeIds[0]!, 2, amount));
    const all = (await trader('GET', `/bets?userId=${p.userId}&gameId=${g.gameId}`)).json();
    expect(all.bets.map((b: { stakeMinor: string }) => b.stakeMinor)).toEqual(['3000', '2000', '1000']);
    const ranged = (
      await trader('GET', `/bets?userId=${p.userId}&minStake=1500&maxStake=2500&status=accepted`)
    ).json();
    expect(ranged.bets.map((b: { stakeMinor: string }) => b.stakeMinor)).toEqual(['2000']);
    const page = (await trader('GET', `/bets?userId=${p.userId}&before=${all.bets[0].id}`)).json();
    expect(page.bets).toHaveLength(2);
    const bad = await trader('GET', '/bets?minStake=-5');
    expect(bad.statusCode).toBe(400);
    const refused = await trader('POST', `/bets/${all.bets[0].id}/void`, { reason: 'not mine to do' });
    expect(refused.statusCode).toBe(403);
  });
});
