/**
 * The toto end to end over PGlite with a ManualClock: a draw made by the worker from seeded line
 * games, coupons bought over HTTP (replay, mismatch, percentages), the close, results (one match
 * cancelled → void), the distribution and the payment run several times at once (each happens
 * once), the archive and the printable coupon; bad input moving nothing; the jackpot carried and a
 * match void after the deadline; and a seeded property run bounding what a draw can pay.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import type { TestClient } from '../../testing/test-client.ts';
import {
  type BettingTestApp,
  balanceOf,
  createNamedGame,
  fundedPlayer,
  resultMarket,
  setUpBettingTestApp,
} from '../betting/test-support.ts';
import {
  buyCoupon,
  closeDueDraws,
  createNextDraw,
  createTotoContext,
  distributeNextDraw,
  payWinners,
  runTotoCommand,
  runTotoWorkerOnce,
  type TotoContext,
  takeResults,
} from './index.ts';

let t: BettingTestApp;
let ctx: TotoContext;
setUpBettingTestApp((app) => {
  t = app;
  ctx = createTotoContext(
    { db: app.db, clock: app.clock, bus: app.deps.bus },
    { ledger: app.ledger, limits: app.limits },
  );
});

const BASE = '/web-api/toto/v1';
let keys = 0;
const key = () => `toto-test-key-${++keys}`;

interface Seeded {
  gameId: number;
  marketId: bigint;
  outcomeIds: bigint[];
}

/** 15 line games with a 1X2 market, starting 11 minutes from now (sessions last 15) and 10 minutes apart. */
async function seedGames(n = 15, laterMs = 0): Promise<Seeded[]> {
  const games: Seeded[] = [];
  const start = t.clock.nowMs() + 11 * 60_000 + laterMs;
  for (let i = 0; i < n; i += 1) {
    const g = await createNamedGame(t, [2100, 3300, 3600]);
    await sql`update games set start_at = ${new Date(start + i * 600_000)} where id = ${g.gameId}`.execute(
      t.db,
    );
    games.push(g);
  }
  return games;
}

async function openDraw(): Promise<{ drawId: string; games: Seeded[] }> {
  const games = await seedGames();
  const id = await createNextDraw(ctx);
  expect(id).not.toBeNull();
  return { drawId: id!.toString(), games };
}

function buy(client: TestClient, body: Record<string, unknown>, idempotencyKey = key()) {
  return client.post(`${BASE}/coupons`, body, { 'idempotency-key': idempotencyKey });
}

const all = (pick: string) => new Array<string>(15).fill(pick);

async function homeWins(games: Seeded[]) {
  for (const g of games) {
    await resultMarket(t, g.marketId, [
      [g.outcomeIds[0]!, 'win'],
      [g.outcomeIds[1]!, 'lose'],
      [g.outcomeIds[2]!, 'lose'],
    ]);
  }
}

async function closeNow(drawId: string) {
  const draw = await t.db
    .selectFrom('toto_draws')
    .select('closes_at')
    .where('id', '=', BigInt(drawId))
    .executeTakeFirstOrThrow();
  const wait = new Date(draw.closes_at).getTime() - t.clock.nowMs();
  if (wait > 0) t.clock.advance(wait);
  expect(await closeDueDraws(ctx)).toBe(1);
}

describe('toto', () => {
  it('runs a draw from the line to paid winners, each step exactly once', async () => {
    const { drawId, games } = await openDraw();
    expect(await createNextDraw(ctx)).toBeNull(); // one open draw at a time
    const current = (await t.app.inject({ url: `${BASE}/draws/current` })).json();
    expect(current).toMatchObject({ drawId, status: 'open', currency: 'RUB', minStakeMinor: '1000' });
    expect(current.matches.map((m: { gameId: number }) => m.gameId)).toEqual(games.map((g) => g.gameId));
    const nominees = (await t.app.inject({ url: `${BASE}/nominees` })).json();
    expect(nominees.matches[0]).toMatchObject({
      position: 1,
      oddsMilli: { home: 2100, draw: 3300, away: 3600 },
    });

    const p1 = await fundedPlayer(t, 1_000_000n);
    const p2 = await fundedPlayer(t, 1_000_000n);
    const p3 = await fundedPlayer(t, 1_000_000n);
    const k1 = key();
    const first = await buy(p1.client, { picks: all('1'), unitStakeMinor: '1000' }, k1);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'pending', combinations: 1, stakeMinor: '1000', drawId });
    // Replays answer the first coupon, also several at once; money moves once.
    const replays = await Promise.all(
      [1, 2, 3].map(() => buy(p1.client, { picks: all('1'), unitStakeMinor: '1000' }, k1)),
    );
    for (const r of replays) expect(r.json().couponId).toBe(first.json().couponId);
    const mismatch = await buy(p1.client, { picks: all('2'), unitStakeMinor: '1000' }, k1);
    expect(mismatch.json().error.code).toBe('TOTO_IDEMPOTENCY_MISMATCH');
    expect(await balanceOf(t, p1.accountId)).toBe(999_000n);

    const p2picks = all('1');
    p2picks[0] = '1X2';
    const second = (await buy(p2.client, { picks: p2picks, unitStakeMinor: '2000' })).json();
    expect(second).toMatchObject({ combinations: 3, stakeMinor: '6000', picks: p2picks });
    await buy(p3.client, { picks: all('2'), unitStakeMinor: '1000' });

    t.clock.advance(11_000); // past the percentages' cache
    const shares = (await t.app.inject({ url: `${BASE}/draws/${drawId}` })).json();
    expect(shares.coupons).toBe(3);
    expect(shares.stakesMinor).toBe('8000');
    expect(shares.matches[0].predictions).toEqual({ home: 40, draw: 20, away: 40 });
    expect(shares.matches[1].predictions).toEqual({ home: 66.7, draw: 0, away: 33.3 });

    await closeNow(drawId);
    const late = await buy(p1.client, { picks: all('1'), unitStakeMinor: '1000' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('TOTO_POOL_CLOSED');
    const lateById = await buy(p1.client, { drawId, picks: all('1'), unitStakeMinor: '1000' });
    expect([lateById.statusCode, lateById.json().error.code]).toEqual([409, 'TOTO_POOL_CLOSED']);
    expect(await balanceOf(t, p1.accountId)).toBe(999_000n);

    // 14 matches won at home; until the 15th is decided the results are not in.
    await homeWins(games.slice(0, 14));
    expect(await takeResults(ctx)).toBe(0);
    await sql`update games set status = 5 where id = ${games[14]!.gameId}`.execute(t.db); // cancelled → void
    expect(await takeResults(ctx)).toBe(1);
    expect(await takeResults(ctx)).toBe(0);

    const jackpotBefore = await t.db
      .selectFrom('toto_jackpots')
      .select('amount_minor')
      .where('currency', '=', 'RUB')
      .executeTakeFirst();
    expect(jackpotBefore).toBeUndefined();
    const distributed = await Promise.all([1, 2, 3].map(() => distributeNextDraw(ctx)));
    expect(distributed.filter((d) => d !== null)).toEqual([BigInt(drawId)]);
    expect(await distributeNextDraw(ctx)).toBeNull();

    // Pool 90 % of 8,000 = 7,200. Category 15: p1's coupon and p2's "1" (weight 2) = 3 units of
    // 360 / 3 = 120; category 14: p2's X and 2 = 2 × 2 units of 360 / 4 = 90. The rest is carried.
    const draw = (await t.app.inject({ url: `${BASE}/draws/${drawId}` })).json();
    expect(draw).toMatchObject({
      status: 'distributed',
      poolMinor: '7200',
      jackpotInMinor: '0',
      jackpotOutMinor: '6480',
      paidMinor: '720',
    });
    expect(draw.matches[14].result).toBe('void');
    expect(draw.categories.slice(0, 3)).toMatchObject([
      { category: 15, winningCombinations: '3', winningCoupons: 2, payoutPerCombinationMinor: '120' },
      { category: 14, winningCombinations: '4', winningCoupons: 1, payoutPerCombinationMinor: '90' },
      { category: 13, winningCombinations: '0', winningCoupons: 0, payoutPerCombinationMinor: '0' },
    ]);

    const messages: unknown[] = [];
    const unsubscribe = t.deps.bus.subscribe(`user:${p2.userId}`, (m) => {
      messages.push(m);
    });
    const paid = await Promise.all([1, 2, 3].map(() => payWinners(ctx)));
    expect(paid.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await payWinners(ctx)).toBe(0);
    unsubscribe();
    expect(messages).toContainEqual({
      type: 'toto.paid',
      drawId,
      couponIds: [second.couponId],
      payoutMinor: '600',
      currency: 'RUB',
    });
    expect(await runTotoWorkerOnce(ctx)).toMatchObject({ paid: 0, distributed: 0 });
    expect(await balanceOf(t, p1.accountId)).toBe(999_000n + 120n);
    expect(await balanceOf(t, p2.accountId)).toBe(994_000n + 600n);
    expect(await balanceOf(t, p3.accountId)).toBe(999_000n);
    const { rows } = await sql<{ n: string }>`select count(*) as n from ledger_transfers
      where idempotency_key like 'toto:pay:%' and metadata->>'drawId' = ${drawId}`.execute(t.db);
    expect(Number(rows[0]!.n)).toBe(2);
    expect((await t.app.inject({ url: `${BASE}/draws/${drawId}` })).json().status).toBe('paid');

    const mine = (await p2.client.get(`${BASE}/coupons`)).json();
    expect(mine).toMatchObject({ total: 1, page: 1 });
    expect(mine.data[0]).toMatchObject({
      status: 'paid',
      payoutMinor: '600',
      wins: { '15': 1, '14': 2, '13': 0 },
      drawStatus: 'paid',
    });
    const printable = (await p2.client.get(`${BASE}/coupons/${second.couponId}`)).json();
    expect(printable.matches).toHaveLength(15);
    expect(printable.matches[0]).toMatchObject({ result: '1', home: { en: 'Home' } });
    const lost = (await p3.client.get(`${BASE}/coupons`)).json().data[0];
    expect(lost).toMatchObject({ status: 'lost', payoutMinor: '0' });
    const foreign = await p1.client.get(`${BASE}/coupons/${second.couponId}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('TOTO_COUPON_NOT_FOUND');

    const archive = (await t.app.inject({ url: `${BASE}/draws?page=1&pageSize=5` })).json();
    expect(archive.data[0]).toMatchObject({ drawId, status: 'paid' });
    expect(archive.data[0].categories).toHaveLength(7);
  });

  it('refuses bad coupons with stable codes and moves nothing', async () => {
    const { drawId } = await openDraw();
    const p = await fundedPlayer(t, 100_000n);
    const fourteen = all('1').slice(0, 14);
    const withNull = [...all('1').slice(0, 14), null];
    const badOutcome = all('1');
    badOutcome[3] = 'XX';
    const three = all('1');
    three[0] = '3';
    const cases: [Record<string, unknown>, number, string][] = [
      [{ picks: fourteen, unitStakeMinor: '1000' }, 422, 'TOTO_MATCH_MISSING'],
      [{ picks: withNull, unitStakeMinor: '1000' }, 422, 'TOTO_MATCH_MISSING'],
      [
        { picks: [...all('1').slice(0, 5), '', ...all('1').slice(6)], unitStakeMinor: '1000' },
        422,
        'TOTO_MATCH_MISSING',
      ],
      [{ picks: badOutcome, unitStakeMinor: '1000' }, 422, 'TOTO_BAD_OUTCOME'],
      [{ picks: three, unitStakeMinor: '1000' }, 422, 'TOTO_BAD_OUTCOME'],
      [{ picks: [...all('1'), '1'], unitStakeMinor: '1000' }, 422, 'TOTO_BAD_OUTCOME'],
      [{ picks: all('1'), unitStakeMinor: '999' }, 422, 'TOTO_STAKE_BELOW_MINIMUM'],
      [{ picks: all('1'), unitStakeMinor: '0' }, 422, 'TOTO_STAKE_BELOW_MINIMUM'],
      [{ picks: all('1'), unitStakeMinor: '1500' }, 422, 'TOTO_STAKE_STEP'],
      [{ picks: all('1'), unitStakeMinor: '-1000' }, 400, 'VALIDATION_FAILED'],
      [{ picks: all('1'), unitStakeMinor: '10.5' }, 400, 'VALIDATION_FAILED'],
      [{ picks: all('1') }, 400, 'VALIDATION_FAILED'],
      [{ picks: 'all home', unitStakeMinor: '1000' }, 400, 'VALIDATION_FAILED'],
      [{ drawId: '999999', picks: all('1'), unitStakeMinor: '1000' }, 404, 'TOTO_DRAW_NOT_FOUND'],
      [{ drawId, picks: all('1X2'), unitStakeMinor: '1000' }, 409, 'INSUFFICIENT_FUNDS'],
    ];
    for (const [body, status, code] of cases) {
      const res = await buy(p.client, body);
      expect([JSON.stringify(body), res.statusCode, res.json().error?.code]).toEqual([
        JSON.stringify(body),
        status,
        code,
      ]);
    }
    const noKey = await p.client.post(`${BASE}/coupons`, { picks: all('1'), unitStakeMinor: '1000' });
    expect(noKey.statusCode).toBe(400);
    const guest = await t.app.inject({
      method: 'POST',
      url: `${BASE}/coupons`,
      payload: { picks: all('1'), unitStakeMinor: '1000' },
      headers: { 'idempotency-key': key() },
    });
    expect(guest.statusCode).toBe(401);
    for (const [type, code] of [
      [30, 'LIMIT_SELF_EXCLUDED'],
      [33, 'LIMIT_TIME_OUT'],
    ] as const) {
      // The exclusion also ends the player's sessions, so the use case is called as the route does.
      const excluded = await fundedPlayer(t, 100_000n);
      await t.limits.change(excluded.userId, 'RUB', type, 1);
      await expect(
        buyCoupon(ctx, excluded.userId, key(), { picks: all('1'), unitStakeMinor: '1000' }),
      ).rejects.toMatchObject({ code });
      expect(await balanceOf(t, excluded.accountId)).toBe(100_000n);
    }
    expect(await balanceOf(t, p.accountId)).toBe(100_000n);
    const { rows } = await sql<{
      n: string;
    }>`select count(*) as n from toto_coupons where draw_id = ${BigInt(drawId)}`.execute(t.db);
    expect(Number(rows[0]!.n)).toBe(0);
    expect((await t.app.inject({ url: `${BASE}/draws/12345678` })).json().error.code).toBe(
      'TOTO_DRAW_NOT_FOUND',
    );
    // Leave no open draw behind for the next test.
    await closeNow(drawId);
    await sql`update games set status = 5 where id in (select game_id from toto_matches where draw_id = ${BigInt(drawId)})`.execute(
      t.db,
    );
    await runTotoWorkerOnce(ctx);
    expect((await t.app.inject({ url: `${BASE}/draws/${drawId}` })).json().status).toBe('paid');
  });

  it('coupons racing the close are either in the pool or refused, never half', async () => {
    const { drawId, games } = await openDraw();
    const players = await Promise.all([1, 2, 3, 4].map(() => fundedPlayer(t, 50_000n)));
    // The close runs on a worker whose clock is past the close time; the buyers' is not.
    const draw = await t.db
      .selectFrom('toto_draws')
      .select('closes_at')
      .where('id', '=', BigInt(drawId))
      .executeTakeFirstOrThrow();
    const worker = createTotoContext(
      { db: t.db, clock: new ManualClock(draw.closes_at.getTime()), bus: t.deps.bus },
      { ledger: t.ledger, limits: t.limits },
    );
    const answers = await Promise.all([
      ...players.flatMap((p) => [
        buy(p.client, { picks: all('1'), unitStakeMinor: '1000' }),
        buy(p.client, { picks: all('2'), unitStakeMinor: '2000' }),
      ]),
      closeDueDraws(worker).then(() => null),
      ...players.map((p) => buy(p.client, { picks: all('X'), unitStakeMinor: '1000' })),
    ]);
    const responses = answers.filter((a) => a !== null);
    const accepted = responses.filter((r) => r.statusCode === 200);
    const refused = responses.filter((r) => r.statusCode !== 200);
    for (const r of refused) expect(r.json().error.code).toBe('TOTO_POOL_CLOSED');
    const { rows } = await sql<{ n: string; s: string | null }>`select count(*) as n, sum(stake_minor) as s
      from toto_coupons where draw_id = ${BigInt(drawId)}`.execute(t.db);
    expect(Number(rows[0]!.n)).toBe(accepted.length);
    const staked = accepted.reduce((sum, r) => sum + BigInt(r.json().stakeMinor), 0n);
    expect(BigInt(rows[0]!.s ?? 0)).toBe(staked);
    let left = 0n;
    for (const p of players) left += await balanceOf(t, p.accountId);
    expect(left).toBe(200_000n - staked);
    // Finish the draw (all matches cancelled) so the next test starts with none open.
    await sql`update games set status = 5 where id in (${sql.join(games.map((g) => g.gameId))})`.execute(
      t.db,
    );
    t.clock.advance(draw.closes_at.getTime() - t.clock.nowMs());
    await runTotoWorkerOnce(ctx);
    expect((await t.app.inject({ url: `${BASE}/draws/${drawId}` })).json()).toMatchObject({
      status: 'paid',
      stakesMinor: staked.toString(),
    });
  });

  it('carries an unwon pool into the jackpot; a match undecided past the deadline is void', async () => {
    const jackpot = async () =>
      BigInt(
        (
          await t.db
            .selectFrom('toto_jackpots')
            .select('amount_minor')
            .where('currency', '=', 'RUB')
            .executeTakeFirst()
        )?.amount_minor ?? 0n,
      );
    const carried = await jackpot();
    const { drawId, games } = await openDraw();
    const p = await fundedPlayer(t, 100_000n);
    expect((await buy(p.client, { picks: all('2'), unitStakeMinor: '5000' })).statusCode).toBe(200);
    await closeNow(drawId);
    await homeWins(games.slice(0, 14));
    expect(await runTotoWorkerOnce(ctx)).toMatchObject({ resultsIn: 0 });
    t.clock.advance(72 * 3_600_000);
    expect(await runTotoWorkerOnce(ctx)).toMatchObject({ resultsIn: 1, distributed: 1, paid: 0 });
    const draw = (await t.app.inject({ url: `${BASE}/draws/${drawId}` })).json();
    expect(draw.matches[14].result).toBe('void');
    expect(draw).toMatchObject({ status: 'paid', poolMinor: '4500', jackpotInMinor: carried.toString() });
    expect(BigInt(draw.jackpotOutMinor)).toBe(carried + 4500n);
    expect(await jackpot()).toBe(carried + 4500n);
    expect(await balanceOf(t, p.accountId)).toBe(95_000n);
  });

  it('previews the next draw, refuses another currency, and answers the operator command', async () => {
    const { drawId, games } = await openDraw();
    const later = await seedGames(15, 3 * 3_600_000);
    const next = (await t.app.inject({ url: `${BASE}/draws/next` })).json();
    expect(next.opensAfter).not.toBeNull();
    // The preview skips the open draw's games and starts after its last match.
    expect(next.matches.map((m: { gameId: number }) => m.gameId)).toEqual(later.map((g) => g.gameId));
    const p = await fundedPlayer(t, 100_000n);
    await sql`update toto_draws set currency = 'EUR' where id = ${BigInt(drawId)}`.execute(t.db);
    const foreign = await buy(p.client, { picks: all('1'), unitStakeMinor: '1000' });
    expect([foreign.statusCode, foreign.json().error.code]).toEqual([422, 'TOTO_CURRENCY']);
    await sql`update toto_draws set currency = 'RUB' where id = ${BigInt(drawId)}`.execute(t.db);
    expect(await balanceOf(t, p.accountId)).toBe(100_000n);
    expect((await buy(p.client, { picks: all('X'), unitStakeMinor: '1000' })).statusCode).toBe(200);

    const lines: string[] = [];
    const out = { log: (line: string) => lines.push(line), error: (line: string) => lines.push(`! ${line}`) };
    expect(await runTotoCommand(ctx, ['status'], out)).toBe(0);
    expect(lines.some((l) => /^draw \d+: open, closes .*, 1 coupons, stakes 1000$/.test(l))).toBe(true);
    expect(await runTotoCommand(ctx, ['nonsense'], out)).toBe(1);
    // The draw closes and every match is cancelled: the pool is carried, the coupon lost.
    await closeNow(drawId);
    await sql`update games set status = 5 where id in (${sql.join(games.map((g) => g.gameId))})`.execute(
      t.db,
    );
    lines.length = 0;
    expect(await runTotoCommand(ctx, ['run'], out)).toBe(0);
    // All void: the coupon has 15 correct and wins category 15 with the jackpot, paid in the same pass.
    expect(lines).toEqual(['closed 0, created 1, results in 1, distributed 1, coupons paid 1']);
    const coupon = (await p.client.get(`${BASE}/coupons`)).json().data[0];
    expect(coupon).toMatchObject({ status: 'paid', wins: { '15': 1, '9': 0 } });
    expect(await balanceOf(t, p.accountId)).toBe(99_000n + BigInt(coupon.payoutMinor));
    // The draw made from the later games is the one on sale now.
    const current = (await t.app.inject({ url: `${BASE}/draws/current` })).json();
    expect(current.status).toBe('open');
    expect(current.matches[0].gameId).toBe(later[0]!.gameId);
    await closeNow(current.drawId);
    await sql`update games set status = 5 where id in (${sql.join(later.map((g) => g.gameId))})`.execute(
      t.db,
    );
    await runTotoWorkerOnce(ctx);
  });

  it('property: generated draws never pay more than pool + jackpot in, and the books add up', async () => {
    let seed = 20_261_127;
    const rnd = (n: number) => {
      seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
      return (seed >>> 8) % n;
    };
    const outcomes = ['1', 'X', '2'];
    for (let round = 0; round < 3; round += 1) {
      const { drawId, games } = await openDraw();
      const results = games.map(() => rnd(3));
      const players = await Promise.all([0, 1, 2, 3].map(() => fundedPlayer(t, 10_000_000n)));
      for (let c = 0; c < 12; c += 1) {
        const picks = results.map((r) => {
          if (rnd(4) === 0) return ['1X', 'X2', '12', '1X2'][rnd(4)]!;
          return rnd(3) === 0 ? outcomes[rnd(3)]! : outcomes[r]!;
        });
        const res = await buy(players[c % 4]!.client, { picks, unitStakeMinor: String(1000 * (1 + rnd(3))) });
        expect(res.statusCode).toBe(200);
      }
      await closeNow(drawId);
      for (const [i, g] of games.entries()) {
        if (rnd(10) === 0) {
          await sql`update games set status = 5 where id = ${g.gameId}`.execute(t.db);
          continue;
        }
        await resultMarket(
          t,
          g.marketId,
          g.outcomeIds.map((id, k) => [id, k === results[i] ? 'win' : 'lose'] as [bigint, string]),
        );
      }
      await runTotoWorkerOnce(ctx);
      const draw = await t.db
        .selectFrom('toto_draws')
        .selectAll()
        .where('id', '=', BigInt(drawId))
        .executeTakeFirstOrThrow();
      expect(draw.status).toBe('paid');
      const { rows } = await sql<{ paid: string | null }>`select sum(payout_minor) as paid from toto_coupons
        where draw_id = ${BigInt(drawId)}`.execute(t.db);
      const paid = BigInt(rows[0]!.paid ?? 0);
      expect(paid).toBe(BigInt(draw.paid_minor!));
      expect(paid <= BigInt(draw.pool_minor!) + BigInt(draw.jackpot_in_minor!)).toBe(true);
      expect(paid + BigInt(draw.jackpot_out_minor!)).toBe(
        BigInt(draw.pool_minor!) + BigInt(draw.jackpot_in_minor!),
      );
      const ledgerPaid = await sql<{ s: string | null }>`select sum(p.amount) as s from ledger_transfers tr
        join ledger_postings p on p.transfer_id = tr.id
        join ledger_accounts a on a.id = p.account_id and a.kind = 'user'
        where tr.idempotency_key like 'toto:pay:%' and tr.metadata->>'drawId' = ${drawId}`.execute(t.db);
      expect(BigInt(ledgerPaid.rows[0]!.s ?? 0)).toBe(paid);
    }
  });
});
