/**
 * Bingo end to end on a manual clock: the engine opens games, players buy cards over HTTP (ledger,
 * idempotency, limits, per-player cap under concurrency), the game starts, balls stream, winners
 * are paid exactly once (settled twice, concurrently, and after a failure mid-settlement), the
 * revealed seed reproduces everything, and the ledger balances.
 */
import { gameBalls, playBingo, potOf, purchaseCards } from '@parlay/domain/casino/bingo/index.ts';
import { commitment } from '@parlay/domain/casino/fair/seeds.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../../../platform/errors.ts';
import { buyBingoCards } from './buy-cards.ts';
import { BINGO_TOPIC } from './context.ts';
import { BingoEngine } from './engine.ts';
import { settleGame } from './lifecycle.ts';
import { codeOf, createHarness, FUNDS_MINOR, type Harness, type Player, TEST_ROOMS } from './test-support.ts';
import type { BingoMessage } from './views.ts';

let h: Harness;
let engine: BingoEngine;
const messages: BingoMessage[] = [];
let keys = 0;
const key = () => `bingo-key-${++keys}-abcdef`;
const ROOM = TEST_ROOMS[0]!;

const buy = (p: Player, count: number, k = key(), room = ROOM.id) =>
  h.call(p, 'POST', `/bingo/rooms/${room}/cards`, { count }, { 'idempotency-key': k });

async function buyingGame(room = ROOM.id) {
  return h.deps.db.db
    .selectFrom('bingo_games')
    .selectAll()
    .where('room', '=', room)
    .where('status', '=', 'buying')
    .executeTakeFirstOrThrow();
}

async function gameRow(id: bigint) {
  return h.deps.db.db.selectFrom('bingo_games').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Moves the manual clock forward to `ms` (never back). */
function to(ms: number) {
  h.clock.advance(Math.max(0, ms - h.clock.nowMs()));
}

/** Steps the engine with the clock until `done` holds (each step moves `stepMs`). */
async function runUntil(done: () => Promise<boolean>, stepMs = 1_000) {
  for (let i = 0; i < 1_000; i += 1) {
    await engine.step();
    if (await done()) return;
    h.clock.advance(stepMs);
  }
  throw new Error('the engine never got there');
}

beforeAll(async () => {
  h = await createHarness();
  h.deps.bus.subscribe(BINGO_TOPIC, (m) => void messages.push(m as BingoMessage));
  engine = new BingoEngine(h.bingo, { leaseMs: 5_000 });
  await engine.step();
}, 180_000);

afterAll(async () => {
  await h?.close();
});

describe('bingo', () => {
  it('opens a game in every room with a published commitment', async () => {
    const lobby = (await h.call(null, 'GET', '/bingo/rooms')).json();
    expect(lobby.rooms.map((r: { id: string }) => r.id)).toEqual(TEST_ROOMS.map((r) => r.id));
    for (const room of lobby.rooms) {
      expect(room.next).toMatchObject({ status: 'buying', cardsSold: 0, serverSeed: null, balls: [] });
      expect(room.next.commitment).toMatch(/^[0-9a-f]{64}$/);
      expect(room.current).toBeNull();
    }
    expect(messages.filter((m) => m.type === 'bingo.game')).toHaveLength(TEST_ROOMS.length);
    expect((await h.call(null, 'GET', '/bingo/rooms/nosuch')).statusCode).toBe(404);
  });

  it('buys cards through the ledger: replay answers the first purchase, another body is refused', async () => {
    const p = await h.newPlayer();
    const k = key();
    const first = await buy(p, 3, k);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.cards).toHaveLength(3);
    expect(body.totalMinor).toBe(String(ROOM.cardPriceMinor * 3n));
    expect(await h.balance(p)).toBe(FUNDS_MINOR - ROOM.cardPriceMinor * 3n);
    const again = await buy(p, 3, k);
    expect(again.json()).toEqual(body);
    expect(await h.balance(p)).toBe(FUNDS_MINOR - ROOM.cardPriceMinor * 3n);
    expect(codeOf(await buy(p, 2, k))).toBe('CASINO_IDEMPOTENCY_MISMATCH');
    expect((await buy(p, 0)).statusCode).toBe(400);
    expect(codeOf(await buy(p, ROOM.maxCardsPerPlayer + 1))).toBe('CASINO_RULE');
    expect(
      (
        await h.call(
          null,
          'POST',
          `/bingo/rooms/${ROOM.id}/cards`,
          { count: 1 },
          { 'idempotency-key': key() },
        )
      ).statusCode,
    ).toBe(401);
    const room = (await h.call(p, 'GET', `/bingo/rooms/${ROOM.id}`)).json();
    expect(room.myCards.map((c: { cardId: string }) => c.cardId)).toEqual(
      body.cards.map((c: { cardId: string }) => c.cardId),
    );
    expect(room.room.next).toMatchObject({ cardsSold: 3, players: 1 });
  });

  it('keeps the per-player cap when purchases race (concurrency)', async () => {
    const p = await h.newPlayer();
    const results = await Promise.all(Array.from({ length: 8 }, () => buy(p, 5)));
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok.length).toBe(Math.floor(ROOM.maxCardsPerPlayer / 5));
    for (const r of results) if (r.statusCode !== 200) expect(codeOf(r)).toBe('CASINO_RULE');
    expect(await h.balance(p)).toBe(FUNDS_MINOR - ROOM.cardPriceMinor * 5n * BigInt(ok.length));
  });

  it('refuses a player in a time-out', async () => {
    const p = await h.newPlayer();
    await h.mainApp.inject({
      method: 'POST',
      url: '/limit-service-api/api/external/web/v3/limit',
      headers: { cookie: `user_token=${p.token}` },
      payload: { limitType: 33, limitValue: 1 },
    });
    await expect(
      buyBingoCards(h.bingo, { userId: p.userId, room: ROOM.id, count: 1, idempotencyKey: key() }),
    ).rejects.toMatchObject({
      code: 'LIMIT_TIME_OUT',
    } satisfies Partial<AppError>);
    expect(await h.balance(p)).toBe(FUNDS_MINOR);
  });

  it('plays the game to a full house, streams balls and pays the winners exactly once', async () => {
    const players = await Promise.all([h.newPlayer(), h.newPlayer(), h.newPlayer()]);
    for (const p of players) expect((await buy(p, 4)).statusCode).toBe(200);
    const game = await buyingGame();
    // Start: the outcome is fixed, buying for this game is over, the next game opens.
    to(game.starts_at.getTime());
    await engine.step();
    const started = await gameRow(game.id);
    expect(started.status).toBe('running');
    expect((await buy(players[0]!, 1)).statusCode).toBe(200); // into the next game
    const next = await buyingGame();
    expect(next.id).not.toBe(game.id);
    expect(next.starts_at.getTime()).toBe(started.ends_at!.getTime() + ROOM.pauseMs);

    // Balls stream by the clock: after 3 ball intervals, three balls.
    h.clock.advance(3 * started.ball_ms);
    await engine.step();
    const mid = (await h.call(null, 'GET', `/bingo/rooms/${ROOM.id}`)).json();
    expect(mid.room.current.balls).toEqual(started.balls!.slice(0, 3));
    expect(mid.room.current.serverSeed).toBeNull();
    const streamed = messages.filter((m) => m.type === 'bingo.ball' && m.gameId === String(game.id));
    expect(streamed.map((m) => (m as { ball: number }).ball)).toEqual(started.balls!.slice(0, 3));

    const before = await Promise.all(players.map((p) => h.balance(p)));
    await runUntil(async () => (await gameRow(game.id)).status === 'finished', started.ball_ms);
    const done = await gameRow(game.id);
    const prizes = await h.deps.db.db
      .selectFrom('bingo_prizes')
      .selectAll()
      .where('game_id', '=', game.id)
      .execute();
    expect(prizes.length).toBeGreaterThanOrEqual(3);
    expect(prizes.every((p) => p.paid_at !== null)).toBe(true);
    const paid = prizes.reduce((s, p) => s + p.amount_minor, 0n);
    expect(paid).toBeLessThanOrEqual(potOf(done.sales_minor, ROOM.table) + ROOM.table.jackpotMinor);
    const after = await Promise.all(players.map((p) => h.balance(p)));
    const gained = after.reduce((s, b, i) => s + (b - before[i]!), 0n);
    const inRoom = prizes
      .filter((p) => players.some((q) => q.userId === p.user_id))
      .reduce((s, p) => s + p.amount_minor, 0n);
    expect(gained).toBe(inRoom);

    // Settled again, twice at once: nothing more is paid.
    expect(await Promise.all([settleGame(h.bingo, game.id), settleGame(h.bingo, game.id)])).toEqual([
      null,
      null,
    ]);
    expect(await Promise.all(players.map((p) => h.balance(p)))).toEqual(after);

    // The revealed seed reproduces the balls, every card and the winners.
    const room = (await h.call(null, 'GET', `/bingo/rooms/${ROOM.id}`)).json();
    const shown = room.history.find((g: { id: string }) => g.id === String(game.id));
    expect(shown.serverSeed).toBe(done.server_seed);
    expect(commitment(shown.serverSeed)).toBe(shown.commitment);
    // In purchase order, then dealing order within a purchase: purchases that ran at the same time
    // (the cap test's) may have written their cards in the other order (PostgreSQL).
    const cards = await h.deps.db.db
      .selectFrom('bingo_cards')
      .selectAll()
      .where('game_id', '=', game.id)
      .orderBy('purchase_id')
      .orderBy('id')
      .execute();
    const purchases = await h.deps.db.db
      .selectFrom('bingo_purchases')
      .selectAll()
      .where('game_id', '=', game.id)
      .orderBy('id')
      .execute();
    const dealt = purchases.flatMap((pu) =>
      purchaseCards(ROOM.variant, done.server_seed, ROOM.id, done.game, Number(pu.id), pu.cards),
    );
    expect(dealt).toEqual(cards.map((c) => c.cells));
    const balls = gameBalls(ROOM.variant, done.server_seed, ROOM.id, done.game);
    const outcome = playBingo(ROOM.variant, dealt, balls);
    expect(balls.slice(0, outcome.ballsCalled)).toEqual(done.balls);
    expect(
      outcome.wins.map((w) => ({
        stage: w.stage,
        ball: w.ball,
        cardIds: w.cards.map((k) => String(cards[k]!.id)).sort(),
      })),
    ).toEqual(
      (done.wins ?? []).map((w: { cardIds: string[] }) => ({ ...w, cardIds: [...w.cardIds].sort() })),
    );
    expect(room.winners.length).toBe(prizes.length);
    expect(messages.some((m) => m.type === 'bingo.win' && m.gameId === String(game.id))).toBe(true);
    expect((await h.ledger.check()).differences).toEqual([]);
  });

  it('a settlement that dies before commit leaves nothing; the next one pays once (replay)', async () => {
    const p = await h.newPlayer();
    expect((await buy(p, 6)).statusCode).toBe(200);
    const game = await buyingGame();
    to(game.starts_at.getTime());
    await engine.step();
    const started = await gameRow(game.id);
    to(started.ends_at!.getTime() - 1);
    await engine.step(); // renews the lease, settles nothing yet
    h.clock.advance(1);
    const before = await h.balance(p);
    await expect(
      settleGame(h.bingo, game.id, {
        async beforeCommit() {
          throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    expect(await h.balance(p)).toBe(before);
    expect((await gameRow(game.id)).status).toBe('running');
    // A second engine (another process) takes over once the lease runs out and settles it.
    const other = new BingoEngine(h.bingo, { leaseMs: 5_000 });
    await other.step(); // the first engine still holds the lease: nothing
    expect((await gameRow(game.id)).status).toBe('running');
    h.clock.advance(6_000);
    await other.step();
    expect((await gameRow(game.id)).status).toBe('finished');
    const prizes = await h.deps.db.db
      .selectFrom('bingo_prizes')
      .selectAll()
      .where('game_id', '=', game.id)
      .execute();
    const mine = prizes.filter((x) => x.user_id === p.userId).reduce((s, x) => s + x.amount_minor, 0n);
    expect(await h.balance(p)).toBe(before + mine);
    await settleGame(h.bingo, game.id);
    expect(await h.balance(p)).toBe(before + mine);
    expect((await h.ledger.check()).differences).toEqual([]);
    await other.release();
  });

  it('three engines stepping at once: one runs the game, every prize is paid once', async () => {
    const engines = [engine, new BingoEngine(h.bingo), new BingoEngine(h.bingo)];
    const p = await h.newPlayer();
    await Promise.all(engines.map((e) => e.step()));
    expect((await buy(p, 4)).statusCode).toBe(200);
    const game = await buyingGame();
    const before = await h.balance(p);
    for (let i = 0; i < 400 && (await gameRow(game.id)).status !== 'finished'; i += 1) {
      to(
        Math.max(h.clock.nowMs() + ROOM.ballMs, Math.min(game.starts_at.getTime(), h.clock.nowMs() + 5_000)),
      );
      await Promise.all(engines.map((e) => e.step()));
    }
    expect((await gameRow(game.id)).status).toBe('finished');
    const prizes = await h.deps.db.db
      .selectFrom('bingo_prizes')
      .selectAll()
      .where('game_id', '=', game.id)
      .execute();
    const mine = prizes.filter((x) => x.user_id === p.userId).reduce((sum, x) => sum + x.amount_minor, 0n);
    expect(mine).toBeGreaterThan(0n);
    expect(await h.balance(p)).toBe(before + mine);
    const opened = await h.deps.db.db
      .selectFrom('bingo_games')
      .select('id')
      .where('room', '=', ROOM.id)
      .where('status', '=', 'buying')
      .execute();
    expect(opened).toHaveLength(1);
    expect((await h.ledger.check()).differences).toEqual([]);
    await Promise.all(engines.slice(1).map((e) => e.release()));
  });

  it('plays a 90-ball room too', async () => {
    const room90 = TEST_ROOMS[1]!;
    const p = await h.newPlayer();
    await engine.step();
    await engine.step();
    const res = await buy(p, 6, key(), room90.id);
    expect(res.statusCode).toBe(200);
    const bought = res.json();
    expect(bought.cards[0].cells).toHaveLength(27);
    const game = await buyingGame(room90.id);
    to(game.starts_at.getTime());
    await engine.step();
    await engine.step();
    const started = await gameRow(game.id);
    expect(started.status).not.toBe('buying');
    await runUntil(async () => (await gameRow(game.id)).status === 'finished', 10_000);
    const done = await gameRow(game.id);
    expect(done.wins!.map((w) => w.stage)).toEqual(['line', 'two_lines', 'full_house']);
    expect((await h.ledger.check()).differences).toEqual([]);
  });
});
