/**
 * TV games end to end on a manual clock: the engine opens a draw per game, bets go through the
 * ledger (idempotent, limits asked), the draw settles exactly once (twice, concurrently, after a
 * failure mid-settlement), the result is reproduced from the revealed seed, and the ledger balances.
 */
import { commitment } from '@parlay/domain/casino/fair/seeds.ts';
import {
  lotteryPayoutMinor,
  tvResult,
  WHEEL_SEGMENTS,
  wheelPayoutMinor,
} from '@parlay/domain/casino/tv/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, createHarness, FUNDS_MINOR, type Harness, type Player } from '../bingo/test-support.ts';
import { TV_TOPIC } from './context.ts';
import { settleDraw } from './draws.ts';
import { TvEngine } from './engine.ts';
import type { TvMessage } from './views.ts';

let h: Harness;
let engine: TvEngine;
const messages: TvMessage[] = [];
let keys = 0;
const key = () => `tv-key-${++keys}-abcdef`;

const bet = (p: Player, body: object, k = key()) =>
  h.call(p, 'POST', '/tv/bets', body, { 'idempotency-key': k });

async function openDraw(game: 'wheel' | 'lottery') {
  return h.deps.db.db
    .selectFrom('tv_draws')
    .selectAll()
    .where('game', '=', game)
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
}

const drawRow = (id: bigint) =>
  h.deps.db.db.selectFrom('tv_draws').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  h = await createHarness();
  h.deps.bus.subscribe(TV_TOPIC, (m) => void messages.push(m as TvMessage));
  engine = new TvEngine(h.tv);
  await engine.step();
}, 180_000);

afterAll(async () => {
  await h?.close();
});

describe('TV games', () => {
  it('shows open draws, the wheel and the exact RTP of every bet', async () => {
    const state = (await h.call(null, 'GET', '/tv/state')).json();
    expect(state.wheelSegments).toEqual([...WHEEL_SEGMENTS]);
    const wheel = state.games.find((g: { game: string }) => g.game === 'wheel');
    expect(wheel.open).toMatchObject({ status: 'open', result: null, serverSeed: null });
    expect(wheel.rtp.map((r: { rtpPercent: string }) => r.rtpPercent)).toEqual([
      '96.00',
      '96.00',
      '96.00',
      '96.00',
    ]);
    const lottery = state.games.find((g: { game: string }) => g.game === 'lottery');
    expect(lottery.rtp.find((r: { bet: string }) => r.bet === 'numbers1')).toMatchObject({
      rtp: '19/20',
      rtpPercent: '95.00',
    });
  });

  it('takes bets through the ledger and settles them exactly once, reproducibly', async () => {
    const [a, b] = await Promise.all([h.newPlayer(), h.newPlayer()]);
    const wheel = await openDraw('wheel');
    const lottery = await openDraw('lottery');
    const k = key();
    const placed = await bet(a, { game: 'wheel', stakeMinor: '1000', bet: { kind: 'wheel', value: 2 } }, k);
    expect(placed.statusCode).toBe(200);
    expect(
      (await bet(a, { game: 'wheel', stakeMinor: '1000', bet: { kind: 'wheel', value: 2 } }, k)).json(),
    ).toEqual(placed.json());
    expect(
      codeOf(await bet(a, { game: 'wheel', stakeMinor: '1000', bet: { kind: 'wheel', value: 3 } }, k)),
    ).toBe('CASINO_IDEMPOTENCY_MISMATCH');
    expect(
      codeOf(await bet(a, { game: 'wheel', stakeMinor: '1000', bet: { kind: 'wheel', value: 5 } })),
    ).toBe('CASINO_RULE');
    expect(
      codeOf(await bet(a, { game: 'lottery', stakeMinor: '1000', bet: { kind: 'numbers', picks: [3, 3] } })),
    ).toBe('CASINO_RULE');
    expect(codeOf(await bet(a, { game: 'wheel', stakeMinor: '1', bet: { kind: 'wheel', value: 2 } }))).toBe(
      'CASINO_STAKE_OUT_OF_RANGE',
    );
    expect(
      (await bet(a, { game: 'wheel', stakeMinor: 'x', bet: { kind: 'wheel', value: 2 } })).statusCode,
    ).toBe(400);
    // Concurrency: ten bets at once, each its own key, all on every value.
    const wheelBets = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        bet(b, { game: 'wheel', stakeMinor: '500', bet: { kind: 'wheel', value: [2, 3, 6, 24][i % 4] } }),
      ),
    );
    expect(wheelBets.every((r) => r.statusCode === 200)).toBe(true);
    const lotteryBets = await Promise.all([
      bet(b, { game: 'lottery', stakeMinor: '1000', bet: { kind: 'numbers', picks: [1] } }),
      bet(b, { game: 'lottery', stakeMinor: '1000', bet: { kind: 'parity', pick: 'equal' } }),
    ]);
    expect(lotteryBets.every((r) => r.statusCode === 200)).toBe(true);
    expect(await h.balance(a)).toBe(FUNDS_MINOR - 1000n);
    expect(await h.balance(b)).toBe(FUNDS_MINOR - 8n * 500n - 2000n);

    // The draw instant: bets refused, settled once.
    h.clock.advance(wheel.closes_at.getTime() - h.clock.nowMs());
    expect(
      codeOf(await bet(a, { game: 'wheel', stakeMinor: '1000', bet: { kind: 'wheel', value: 2 } })),
    ).toBe('CASINO_DRAW_CLOSED');
    await engine.step();
    const done = await drawRow(wheel.id);
    expect(done.status).toBe('drawn');
    const segment = tvResult('wheel', done.server_seed, done.draw)[0]!;
    expect(done.result).toEqual([segment]);
    expect(commitment(done.server_seed)).toBe(done.commitment);
    const expectA = wheelPayoutMinor(1000n, 2, segment);
    const expectB = [2, 3, 6, 24, 2, 3, 6, 24].reduce(
      (s, v) => s + wheelPayoutMinor(500n, v as 2, segment),
      0n,
    );
    expect(await h.balance(a)).toBe(FUNDS_MINOR - 1000n + expectA);
    const bAfterWheel = await h.balance(b);
    expect(bAfterWheel).toBe(FUNDS_MINOR - 6000n + expectB);
    expect(await Promise.all([settleDraw(h.tv, wheel.id), settleDraw(h.tv, wheel.id)])).toEqual([null, null]);
    expect(await h.balance(b)).toBe(bAfterWheel);
    expect(messages.some((m) => m.draw.id === String(wheel.id) && m.draw.result !== null)).toBe(true);
    // The next wheel draw is open at once.
    expect((await openDraw('wheel')).id).not.toBe(wheel.id);

    // The lottery: a settlement that dies before commit leaves nothing, the next pays once.
    h.clock.advance(lottery.closes_at.getTime() - h.clock.nowMs());
    await expect(
      settleDraw(h.tv, lottery.id, {
        async beforeCommit() {
          throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    expect(await h.balance(b)).toBe(bAfterWheel);
    await engine.step();
    const lot = await drawRow(lottery.id);
    const drawn = tvResult('lottery', lot.server_seed, lot.draw);
    expect(lot.result).toEqual(drawn);
    const won =
      lotteryPayoutMinor(1000n, { kind: 'numbers', picks: [1] }, drawn) +
      lotteryPayoutMinor(1000n, { kind: 'parity', pick: 'equal' }, drawn);
    expect(await h.balance(b)).toBe(bAfterWheel + won);
    await settleDraw(h.tv, lottery.id);
    expect(await h.balance(b)).toBe(bAfterWheel + won);
    const mine = (await h.call(b, 'GET', '/tv/state')).json().myBets;
    expect(mine).toHaveLength(10);
    expect(mine.every((x: { status: string }) => x.status !== 'open')).toBe(true);
    expect((await h.ledger.check()).differences).toEqual([]);
  });

  it('pays no bet more than its fixed odds (property over seeded draws)', async () => {
    for (let d = 1; d <= 200; d += 1) {
      const seed = (d * 2654435761).toString(16).padStart(64, '0').slice(-64);
      const [segment] = tvResult('wheel', seed, d);
      for (const v of [2, 3, 6, 24] as const)
        expect(wheelPayoutMinor(100n, v, segment!)).toBeLessThanOrEqual(100n * BigInt(v));
      const drawn = tvResult('lottery', seed, d);
      expect(lotteryPayoutMinor(100n, { kind: 'numbers', picks: [1, 2, 3] }, drawn)).toBeLessThanOrEqual(
        82100n,
      );
    }
  });
});
