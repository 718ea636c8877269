import { BET_BUILDER_TYPE_ID } from '@parlay/domain/coupon/index.ts';
import {
  type BuilderLeg,
  builderModel,
  builderWins,
  isBuilderMarket,
  priceBuilder,
} from '@parlay/domain/sportsbook/bet-builder.ts';
import {
  expectationOf,
  finalValues,
  gridsFor,
  preMatchSnapshot,
  priceMarkets,
  settleMarket,
  strengthsOf,
  type TeamStrength,
} from '@parlay/domain/sportsbook/live-model.ts';
import { marketsForGame } from '@parlay/domain/sportsbook/market-lists.ts';
import type { MarketSpec } from '@parlay/domain/sportsbook/markets.ts';
import { drawTimeline, snapshotAt } from '@parlay/domain/sportsbook/match-timeline.ts';
import { Rng } from '@parlay/domain/sportsbook/prng.ts';
import { profileOf } from '@parlay/domain/sportsbook/sport-profiles.ts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { TestClient } from '../../testing/test-client.ts';
import { DEFAULT_BUILDER_MARGIN_BASIS_POINTS } from './bet-builder.ts';
import { setStakeFactor, settleResultedBets } from './index.ts';
import {
  type BettingTestApp,
  balanceOf,
  fundedPlayer,
  newKey,
  setUpBettingTestApp,
  suspendMarket,
} from './test-support.ts';

let t: BettingTestApp;
const window = { resettleWindowMs: 7 * 86_400_000 };
const football = profileOf(1);
const MARGIN = DEFAULT_BUILDER_MARGIN_BASIS_POINTS / 10_000;

setUpBettingTestApp((app) => {
  t = app;
});

interface BuilderGame {
  gameId: number;
  home: TeamStrength;
  away: TeamStrength;
  specs: MarketSpec[];
  /** Outcome id by "marketKey/outcomeKey". */
  ids: Map<string, bigint>;
  marketIds: Map<string, bigint>;
}

let nextGame = 1;

/** A football game before its start with every market the simulator offers, priced as it prices them. */
async function builderGame(home: TeamStrength, away: TeamStrength): Promise<BuilderGame> {
  const n = nextGame++;
  const teams = await sql<{
    id: number;
  }>`insert into teams (ref, sport_id, country_id, names, attack, defence, rating)
    values (${`bbh${n}`}, 1, null, '{"en":"Arsenal","ru":"Арсенал"}', ${home.attack}, ${home.defence}, ${home.rating}),
      (${`bba${n}`}, 1, null, '{"en":"Chelsea","ru":"Челси"}', ${away.attack}, ${away.defence}, ${away.rating})
    returning id`.execute(t.db);
  const [homeId, awayId] = teams.rows.map((r) => r.id);
  const game = await sql<{ id: number }>`insert into games
      (ref, number, sport_id, champ_id, home_team_id, away_team_id, start_at, status)
    select ${`bb${n}`}, ${10_000 + n}, 1, id, ${homeId}, ${awayId}, ${new Date(t.clock.nowMs() + 3_600_000)}, 0
    from champs limit 1 returning id`.execute(t.db);
  const gameId = game.rows[0]!.id;
  const strengths = strengthsOf(football, home, away);
  const specs = marketsForGame(football, expectationOf(football, strengths)).filter((m) => !m.isLive);
  const priced = priceMarkets(specs, gridsFor(football, strengths, preMatchSnapshot()), 0.06);
  const ids = new Map<string, bigint>();
  const marketIds = new Map<string, bigint>();
  for (const [i, spec] of specs.entries()) {
    const market = await sql<{ id: bigint }>`insert into markets
        (game_id, key, type_id, type, kind, name_key, specifiers, position)
      values (${gameId}, ${spec.key}, ${spec.typeId}, ${spec.type}, ${spec.kind}, ${spec.nameKey},
        ${JSON.stringify(spec.specifiers)}, ${i}) returning id`.execute(t.db);
    const marketId = BigInt(market.rows[0]!.id);
    marketIds.set(spec.key, marketId);
    for (const [j, outcome] of spec.outcomes.entries()) {
      const odds = priced[i]!.outcomes[j]!.oddsMilli ?? 1010;
      const row = await sql<{
        id: bigint;
      }>`insert into outcomes (market_id, key, name_key, odds_milli, position)
        values (${marketId}, ${outcome.key}, ${outcome.nameKey}, ${odds}, ${j}) returning id`.execute(t.db);
      ids.set(`${spec.key}/${outcome.key}`, BigInt(row.rows[0]!.id));
    }
  }
  return { gameId, home, away, specs, ids, marketIds };
}

const idOf = (g: BuilderGame, marketKey: string, outcomeKey: string) => {
  const id = g.ids.get(`${marketKey}/${outcomeKey}`);
  if (id === undefined) throw new Error(`no outcome ${marketKey}/${outcomeKey}`);
  return id;
};

const quote = (client: TestClient, outcomeIds: bigint[]) =>
  client.post('/web-api/betting/v1/bet-builder/quote', { outcomeIds: outcomeIds.map(String) });

const placeBuilder = (
  client: TestClient,
  body: { accountId: bigint; amount: string; outcomeIds: bigint[]; coef: number },
  key = newKey(),
) =>
  client.post(
    '/web-api/betting/v1/bet-builder/coupons',
    { ...body, accountId: body.accountId.toString(), outcomeIds: body.outcomeIds.map(String) },
    { 'idempotency-key': key },
  );

/** Results every market of the game from a drawn match, as the feed does at the final whistle. */
async function resultGame(g: BuilderGame, values: Map<string, [number, number]>) {
  for (const spec of g.specs) {
    const value = values.get(spec.grid);
    if (!value) continue;
    for (const { key, result } of settleMarket(spec, value)) {
      await sql`update outcomes set state = 'resulted', result = ${result}, version = version + 1
        where id = ${idOf(g, spec.key, key)}`.execute(t.db);
    }
    await sql`update markets set state = 'resulted', version = version + 1 where id = ${g.marketIds.get(spec.key)!}`.execute(
      t.db,
    );
  }
  await sql`update games set status = 3, finished_at = now() where id = ${g.gameId}`.execute(t.db);
}

const strong: TeamStrength = { attack: 1.3, defence: 0.8, rating: 0.8 };
const even: TeamStrength = { attack: 1, defence: 1, rating: 0 };

describe('bet builder quote', () => {
  it('prices a combination exactly as the domain does with the configured margin', async () => {
    const g = await builderGame(strong, even);
    const p = await fundedPlayer(t, 0n);
    const legs: BuilderLeg[] = [
      { marketKey: 'result', outcomeKey: 'home' },
      { marketKey: 'total|line=2.5', outcomeKey: 'over' },
      { marketKey: 'btts', outcomeKey: 'yes' },
      { marketKey: 'total|line=9.5|stat=corners', outcomeKey: 'over' },
    ];
    const res = await quote(
      p.client,
      legs.map((l) => idOf(g, l.marketKey, l.outcomeKey)),
    );
    expect(res.statusCode).toBe(200);
    const expected = priceBuilder(builderModel(football, strong, even)!, legs, MARGIN);
    if (!expected.ok) throw new Error(expected.code);
    expect(res.json()).toMatchObject({
      gameId: String(g.gameId),
      coefMilli: expected.oddsMilli,
      marginBasisPoints: DEFAULT_BUILDER_MARGIN_BASIS_POINTS,
    });
    expect(res.json().legs).toHaveLength(4);
  });

  it('refuses contradictions, other games, unsupported markets and repeats with stable codes', async () => {
    const g = await builderGame(strong, even);
    const other = await builderGame(even, even);
    const p = await fundedPlayer(t, 0n);
    const home = idOf(g, 'result', 'home');
    const draw = idOf(g, 'result', 'draw');
    const contradiction = await quote(p.client, [home, idOf(g, 'total|line=2.5', 'over'), draw]);
    expect(contradiction.statusCode).toBe(422);
    expect(contradiction.json().error).toMatchObject({
      code: 'BET_BUILDER_CONTRADICTION',
      key: 'errors.bet_builder_contradiction',
      details: { conflictOutcomeIds: [home.toString(), draw.toString()] },
    });
    const under15 = idOf(g, 'total|line=1.5', 'under');
    const three = await quote(p.client, [under15, idOf(g, 'btts', 'yes'), idOf(g, 'total|line=2.5', 'over')]);
    expect(three.json().error.code).toBe('BET_BUILDER_CONTRADICTION');
    expect((await quote(p.client, [home, idOf(other, 'btts', 'yes')])).json().error.code).toBe(
      'BET_BUILDER_DIFFERENT_GAMES',
    );
    expect((await quote(p.client, [home, idOf(g, 'result|period=1', 'home')])).json().error.code).toBe(
      'BET_BUILDER_UNSUPPORTED',
    );
    expect((await quote(p.client, [home, idOf(g, 'total|line=2', 'over')])).json().error.code).toBe(
      'BET_BUILDER_UNSUPPORTED',
    );
    expect((await quote(p.client, [home, home])).json().error.code).toBe('VALIDATION_FAILED');
    expect((await quote(p.client, [home])).statusCode).toBe(400);
    const bad = await p.client.post('/web-api/betting/v1/bet-builder/quote', { outcomeIds: ['x', 'y'] });
    expect(bad.statusCode).toBe(400);
  });
});

describe('bet builder placement', () => {
  it('places one coupon of type 20 through the ledger, once for a replayed key', async () => {
    const g = await builderGame(strong, even);
    const p = await fundedPlayer(t, 100_000n);
    const outcomeIds = [idOf(g, 'result', 'home'), idOf(g, 'btts', 'yes')];
    const coefMilli = (await quote(p.client, outcomeIds)).json().coefMilli as number;
    const key = newKey();
    const body = { accountId: p.accountId, amount: '10000', outcomeIds, coef: coefMilli / 1000 };
    const [first, second] = await Promise.all([
      placeBuilder(p.client, body, key),
      placeBuilder(p.client, body, key),
    ]);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      status: 'accepted',
      acceptedCoefMilli: coefMilli,
      stakeMinor: '10000',
    });
    expect(second.json()).toEqual(first.json());
    const bets = await t.db.selectFrom('bets').selectAll().where('user_id', '=', p.userId).execute();
    expect(bets).toHaveLength(1);
    expect(bets[0]).toMatchObject({
      type_id: BET_BUILDER_TYPE_ID,
      coef_milli: BigInt(coefMilli),
      status: 'accepted',
    });
    expect(await balanceOf(t, p.accountId)).toBe(90_000n);
    const reused = await placeBuilder(p.client, { ...body, amount: '20000' }, key);
    expect(reused.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const view = (await p.client.get(`/web-api/betting/v1/bets/${first.json().betId}?lng=en`)).json();
    expect(view).toMatchObject({ typeId: BET_BUILDER_TYPE_ID });
    expect(view.legs).toHaveLength(2);

    // No cash-out: valued as an express of its legs' own prices, a builder could be offered more
    // than it is worth. The quote says so, and the cash-out and the automatic one are refused.
    const betId = first.json().betId as string;
    const offered = (await p.client.get(`/web-api/betting/v1/bets/${betId}/cashout`)).json();
    expect(offered).toMatchObject({ isAvailable: false });
    const cashout = await p.client.post(
      `/web-api/betting/v1/bets/${betId}/cashout`,
      {},
      { 'idempotency-key': newKey() },
    );
    expect([cashout.statusCode, cashout.json().error?.code]).toEqual([409, 'CASHOUT_UNAVAILABLE']);
    const auto = await p.client.call('PUT', `/web-api/betting/v1/bets/${betId}/auto-cashout`, {
      valueMinor: '5000',
    });
    expect([auto.statusCode, auto.json().error?.code]).toEqual([409, 'CASHOUT_UNAVAILABLE']);
    expect(await balanceOf(t, p.accountId)).toBe(90_000n);
  });

  it("refuses a stake above the player's stake factor (stake-factors.ts) as a coupon does", async () => {
    const g = await builderGame(strong, even);
    const p = await fundedPlayer(t, 100_000n);
    const outcomeIds = [idOf(g, 'result', 'home'), idOf(g, 'btts', 'yes')];
    const coefMilli = (await quote(p.client, outcomeIds)).json().coefMilli as number;
    const body = { accountId: p.accountId, amount: '10000', outcomeIds, coef: coefMilli / 1000 };
    const factor = {
      scope: 'player' as const,
      targetId: p.userId,
      reason: 'test',
      setBy: 'test',
      now: t.clock.now(),
    };
    await setStakeFactor(t.db, { ...factor, factorMilli: 0 });
    const refused = (await placeBuilder(p.client, body, newKey())).json();
    expect(refused).toMatchObject({
      status: 'rejected',
      code: 'STAKE_TOO_HIGH',
      details: { limitKind: 'stake_factor', maxMinor: '0' },
    });
    await setStakeFactor(t.db, { ...factor, factorMilli: null });
    expect((await placeBuilder(p.client, body, newKey())).json().status).toBe('accepted');
  });

  it('refuses a suspended game with MARKET_SUSPENDED and a changed price per the odds setting', async () => {
    const g = await builderGame(strong, even);
    const p = await fundedPlayer(t, 100_000n);
    const outcomeIds = [idOf(g, 'result', 'draw'), idOf(g, 'total|line=2.5', 'under')];
    const coefMilli = (await quote(p.client, outcomeIds)).json().coefMilli as number;
    const changed = await placeBuilder(p.client, {
      accountId: p.accountId,
      amount: '1000',
      outcomeIds,
      coef: (coefMilli + 50) / 1000,
    });
    expect(changed.json()).toMatchObject({
      status: 'accepted',
      isOddsChanged: true,
      acceptedCoefMilli: coefMilli,
    });
    const strict = await p.client.post(
      '/web-api/betting/v1/bet-builder/coupons',
      {
        accountId: p.accountId.toString(),
        amount: '1000',
        outcomeIds: outcomeIds.map(String),
        coef: (coefMilli + 50) / 1000,
        changeCoefAction: 1,
      },
      { 'idempotency-key': newKey() },
    );
    expect(strict.json()).toMatchObject({ status: 'rejected', code: 'ODDS_LOWERED' });
    await suspendMarket(t, g.marketIds.get('result')!);
    const refused = await placeBuilder(p.client, {
      accountId: p.accountId,
      amount: '1000',
      outcomeIds,
      coef: coefMilli / 1000,
    });
    expect(refused.json()).toMatchObject({ status: 'rejected', code: 'MARKET_SUSPENDED' });
    expect(await balanceOf(t, p.accountId)).toBe(99_000n);
    const poor = await fundedPlayer(t, 500n);
    await sql`update markets set state = 'open' where id = ${g.marketIds.get('result')!}`.execute(t.db);
    const broke = await placeBuilder(poor.client, {
      accountId: poor.accountId,
      amount: '1000',
      outcomeIds,
      coef: coefMilli / 1000,
    });
    expect(broke.json()).toMatchObject({ status: 'rejected', code: 'INSUFFICIENT_FUNDS' });
  });
});

describe('bet builder settlement agrees with the joint model', () => {
  it('settles simulated matches: each bet as its legs’ event on the final score, payouts ≈ (1 − margin) of stakes', async () => {
    const p = await fundedPlayer(t, 100_000_000n);
    const rng = new Rng(26_0226);
    const stake = 10_000n;
    const placed: { betId: string; coefMilli: number; wins: boolean; game: number }[] = [];
    const GAMES = 48;
    for (let n = 0; n < GAMES; n += 1) {
      const home = { attack: rng.between(0.8, 1.3), defence: rng.between(0.8, 1.3), rating: 0 };
      const away = { attack: rng.between(0.8, 1.3), defence: rng.between(0.8, 1.3), rating: 0 };
      const g = await builderGame(home, away);
      const model = builderModel(football, home, away)!;
      const pool = g.specs
        .filter((m) => isBuilderMarket(m) && (m.grid === 'match' || m.grid === 'corners'))
        .flatMap((m) => m.outcomes.map((o) => ({ marketKey: m.key, outcomeKey: o.key })));
      // The match as the simulator draws it, from the teams' strengths.
      const timeline = drawTimeline(football, strengthsOf(football, home, away), Rng.derive('bb-server', n));
      const final = snapshotAt(football, timeline, timeline.endMs);
      const values = finalValues(football, timeline, final);
      // Three combinations per game.
      for (let k = 0; k < 3; k += 1) {
        const legs: BuilderLeg[] = [];
        const count = rng.int(2, 4);
        while (legs.length < count) {
          const leg = rng.pick(pool);
          if (!legs.some((l) => l.marketKey === leg.marketKey && l.outcomeKey === leg.outcomeKey))
            legs.push(leg);
        }
        const priced = priceBuilder(model, legs, MARGIN);
        if (!priced.ok) continue;
        const res = await placeBuilder(p.client, {
          accountId: p.accountId,
          amount: stake.toString(),
          outcomeIds: legs.map((l) => idOf(g, l.marketKey, l.outcomeKey)),
          coef: priced.oddsMilli / 1000,
        });
        const answer = res.json();
        expect(answer).toMatchObject({ status: 'accepted', acceptedCoefMilli: priced.oddsMilli });
        placed.push({
          game: n,
          betId: answer.betId,
          coefMilli: priced.oddsMilli,
          wins: builderWins(model, legs, { match: values.get('match')!, corners: values.get('corners')! }),
        });
      }
      await resultGame(g, values);
    }
    expect(placed.length).toBeGreaterThan(60);
    expect(placed.some((b) => b.wins) && placed.some((b) => !b.wins)).toBe(true);
    let settled = 0;
    for (let run = 0; run < 5; run += 1) settled += await settleResultedBets(t.ctx, window);
    expect(settled).toBe(placed.length);
    const rows = await t.db
      .selectFrom('bets')
      .select(['id', 'status', 'payout'])
      .where('user_id', '=', p.userId)
      .execute();
    const byId = new Map(rows.map((r) => [r.id.toString(), r]));
    const returnsByGame = new Map<number, number[]>();
    for (const bet of placed) {
      const row = byId.get(bet.betId)!;
      const payout = bet.wins ? (stake * BigInt(bet.coefMilli)) / 1000n : 0n;
      expect(row.status).toBe(bet.wins ? 'won' : 'lost');
      expect(row.payout).toBe(payout);
      returnsByGame.set(bet.game, [...(returnsByGame.get(bet.game) ?? []), Number(payout) / Number(stake)]);
    }
    // The mean return per stake is (1 − margin) in expectation; the tolerance is 4 standard errors of this
    // sample, one value per game (the mean of its bets: games are independent, bets on one game are not).
    const ratios = [...returnsByGame.values()].map((r) => r.reduce((a, b) => a + b, 0) / r.length);
    const mean = ratios.reduce((a, b) => a + b, 0) / ratios.length;
    const variance = ratios.reduce((a, b) => a + (b - mean) ** 2, 0) / (ratios.length - 1);
    expect(Math.abs(mean - (1 - MARGIN))).toBeLessThan(4 * Math.sqrt(variance / ratios.length));
    const paid = placed.reduce((sum, b) => sum + (b.wins ? (stake * BigInt(b.coefMilli)) / 1000n : 0n), 0n);
    expect(await balanceOf(t, p.accountId)).toBe(100_000_000n - stake * BigInt(placed.length) + paid);
  }, 180_000);

  it('voids the coupon (stake back) when the game is cancelled', async () => {
    const g = await builderGame(even, even);
    const p = await fundedPlayer(t, 50_000n);
    const outcomeIds = [idOf(g, 'result', 'away'), idOf(g, 'btts', 'no')];
    const coefMilli = (await quote(p.client, outcomeIds)).json().coefMilli as number;
    const placed = (
      await placeBuilder(p.client, {
        accountId: p.accountId,
        amount: '5000',
        outcomeIds,
        coef: coefMilli / 1000,
      })
    ).json();
    expect(await balanceOf(t, p.accountId)).toBe(45_000n);
    await sql`update games set status = 5 where id = ${g.gameId}`.execute(t.db);
    expect(await settleResultedBets(t.ctx, window)).toBeGreaterThanOrEqual(1);
    const row = await t.db
      .selectFrom('bets')
      .select(['status', 'payout'])
      .where('id', '=', BigInt(placed.betId))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'void', payout: 5000n });
    expect(await balanceOf(t, p.accountId)).toBe(50_000n);
  });
});
