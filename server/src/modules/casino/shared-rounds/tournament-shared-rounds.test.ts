/**
 * Tournaments score the shared-round games as the app wires them (the contexts' `finished`
 * observer = scoreRound): a crash bet, a bingo purchase and a TV bet each count once, when the
 * settlement of its round commits — not at the bet, not again when the settlement runs twice at
 * once or once more later, not again when the same key is told again — by wagered amount, biggest
 * win and biggest multiplier, and each change ticks the tournament's live topic. The crash round is
 * planted on a known chain (the crash test's vector: game 1 crashes at 2.99×).
 */
import { planChain } from '@parlay/domain/casino/crash/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTournament,
  createTournamentsContext,
  scoreRound,
  type TournamentsContext,
  tournamentTopic,
} from '../../tournaments/index.ts';
import { buyBingoCards } from '../bingo/buy-cards.ts';
import { openGame, settleGame, startGame } from '../bingo/lifecycle.ts';
import { createHarness, type Harness, type Player, TEST_ROOMS } from '../bingo/test-support.ts';
import { cashOutReachedTargets } from '../crash/cash-out.ts';
import { CRASH_GAME_ID, type CrashContext } from '../crash/context.ts';
import { openNextRound } from '../crash/open-round.ts';
import { placeCrashBet } from '../crash/place-bet.ts';
import { settleCrashRound } from '../crash/settle-round.ts';
import type { FinishedRound } from '../rounds/round-observer.ts';
import { TV_GAME_IDS } from '../tv/context.ts';
import { openDraw, settleDraw } from '../tv/draws.ts';
import { placeTvBet } from '../tv/place-bet.ts';

const SEED = '7d0c1f3a9b8e2d4c6a5f0e1d2c3b4a5968778695a4b3c2d1e0f9e8d7c6b5a493';
const SALT = '0000000000000000000fa3b65e43e4240d71762a5bf397d5304b2596d116859c';
const ROOM = TEST_ROOMS[0]!;

let h: Harness;
let tournaments: TournamentsContext;
let crash: CrashContext;
const told: FinishedRound[] = [];
const ticks: string[] = [];
let keys = 0;
const key = () => `shared-round-${process.pid}-${++keys}`;

beforeAll(async () => {
  h = await createHarness();
  tournaments = createTournamentsContext(h.deps, { ledger: h.ledger, publishEveryMs: 0 });
  const finished = async (round: FinishedRound) => {
    told.push(round);
    await scoreRound(tournaments, round);
  };
  h.bingo.finished = finished;
  h.tv.finished = finished;
  crash = { db: h.deps.db.db, clock: h.clock, bus: h.deps.bus, ledger: h.ledger, limits: h.limits, finished };
  const plan = planChain(SEED, 5, 2);
  await h.deps.db.db
    .insertInto('crash_chains')
    .values({
      commitment: plan.commitment,
      salt: SALT,
      seed: SEED,
      length: 5,
      step: 2,
      checkpoints: JSON.stringify(plan.checkpoints),
      created_at: h.clock.now(),
    })
    .execute();
}, 180_000);

afterAll(async () => {
  await h?.close();
});

async function newTournament(scoring: 'wagered' | 'biggest_win' | 'biggest_multiplier') {
  const t = await createTournament(tournaments, {
    nameRu: 'Общие раунды',
    nameEn: 'Shared rounds',
    startsAt: h.clock.now(),
    endsAt: new Date(h.clock.nowMs() + 24 * 3_600_000),
    gameIds: [CRASH_GAME_ID, ROOM.gameId, TV_GAME_IDS.wheel],
    scoring,
    currency: 'RUB',
    prizesMinor: [10_000n],
    optInRequired: false,
  });
  h.deps.bus.subscribe(tournamentTopic(t.id), () => void ticks.push(t.id));
  return t;
}

async function scores(tournamentId: string) {
  const rows = await h.deps.db.db
    .selectFrom('tournament_scores')
    .select(['user_id', 'score', 'rounds'])
    .where('tournament_id', '=', BigInt(tournamentId))
    .orderBy('user_id')
    .execute();
  return rows.map((r) => [r.user_id, r.score, r.rounds]);
}

/** A crash round at 2.99×: a's auto target 1.50× is paid at settlement, b's 5.00× loses. */
async function playCrash(a: Player, b: Player) {
  const round = await openNextRound(h.deps.db.db, {
    now: h.clock.now(),
    bettingMs: 5_000,
    chain: { chainLength: 6, checkpointStep: 4 },
  });
  expect(round.crash_point_centi).toBe(299);
  const bet = (p: Player, autoCashOutCenti: number) =>
    placeCrashBet(crash, {
      userId: p.userId,
      idempotencyKey: key(),
      stakeMinor: 1_000n,
      autoCashOutCenti,
      mode: 'real',
    });
  const bets = [await bet(a, 150), await bet(b, 500)];
  return { round, keys: bets.map((x) => `crash:${round.id}:${x.betId}`) };
}

describe('tournaments and the shared-round games', () => {
  it('scores crash bets, bingo purchases and TV bets once each, at their round settlement', async () => {
    const wagered = await newTournament('wagered');
    const biggestWin = await newTournament('biggest_win');
    const multiplier = await newTournament('biggest_multiplier');
    const [a, b] = [await h.newPlayer(), await h.newPlayer()];
    const ids = (a.userId < b.userId ? [a, b] : [b, a]).map((p) => p.userId);
    const row = (p: Player, score: bigint, rounds: number) => [p.userId, score, rounds];
    const sorted = (...rows: unknown[][]) =>
      rows.sort((x, y) => ids.indexOf(x[0] as bigint) - ids.indexOf(y[0] as bigint));

    // Crash: nothing counts at the bets; two settlements at once and a later one count once.
    const { round, keys: crashKeys } = await playCrash(a, b);
    expect(await scores(wagered.id)).toEqual([]);
    h.clock.advance(round.crashes_at.getTime() - h.clock.nowMs());
    // a's target was reached while the round ran: the engine paid it then, before the settlement.
    expect(await cashOutReachedTargets(crash, round, 150)).toHaveLength(1);
    const settled = await Promise.all([settleCrashRound(crash, round.id), settleCrashRound(crash, round.id)]);
    expect(settled.filter((r) => r !== null)).toHaveLength(1);
    expect(await settleCrashRound(crash, round.id)).toBeNull();
    expect(told.map((r) => r.roundKey)).toEqual(crashKeys);
    expect(await scores(wagered.id)).toEqual(sorted(row(a, 1_000n, 1), row(b, 1_000n, 1)));
    expect(await scores(biggestWin.id)).toEqual(sorted(row(a, 1_500n, 1), row(b, 0n, 1)));
    expect(await scores(multiplier.id)).toEqual(sorted(row(a, 15_000n, 1), row(b, 0n, 1)));
    // The same keys told again (a replay) count nothing more.
    for (const round of [...told]) await scoreRound(tournaments, round);
    expect(await scores(wagered.id)).toEqual(sorted(row(a, 1_000n, 1), row(b, 1_000n, 1)));

    // Bingo: a's two cards count at the game's settlement (run twice at once), with their prizes.
    const game = (await openGame(h.bingo, ROOM, new Date(h.clock.nowMs() + 10_000)))!;
    const purchase = await buyBingoCards(h.bingo, {
      userId: a.userId,
      room: ROOM.id,
      count: 2,
      idempotencyKey: key(),
    });
    expect(await scores(wagered.id)).toEqual(sorted(row(a, 1_000n, 1), row(b, 1_000n, 1)));
    h.clock.advance(10_000);
    const started = (await startGame(h.bingo, game.id))!;
    h.clock.advance(started.ends_at!.getTime() - h.clock.nowMs());
    await Promise.all([settleGame(h.bingo, game.id), settleGame(h.bingo, game.id)]);
    const prizes = await h.deps.db.db
      .selectFrom('bingo_prizes')
      .select('amount_minor')
      .where('game_id', '=', game.id)
      .execute();
    const won = prizes.reduce((s, p) => s + p.amount_minor, 0n);
    const cardsMinor = 2n * ROOM.cardPriceMinor;
    expect(told.filter((r) => r.roundKey.startsWith('bingo:'))).toEqual([
      expect.objectContaining({
        userId: a.userId,
        roundKey: `bingo:${game.id}:${purchase.purchaseId}`,
        gameId: ROOM.gameId,
        stakedMinor: cardsMinor,
        payoutMinor: won,
      }),
    ]);
    expect(await scores(wagered.id)).toEqual(sorted(row(a, 1_000n + cardsMinor, 2), row(b, 1_000n, 1)));

    // TV wheel: b's bet counts at the draw's settlement (twice at once, then again), once.
    const draw = (await openDraw(h.tv, 'wheel', new Date(h.clock.nowMs() + 30_000)))!;
    const tvBetView = await placeTvBet(h.tv, {
      userId: b.userId,
      game: 'wheel',
      stakeMinor: 500n,
      bet: { kind: 'wheel', value: 2 },
      idempotencyKey: key(),
    });
    h.clock.advance(30_000);
    await Promise.all([settleDraw(h.tv, draw.id), settleDraw(h.tv, draw.id)]);
    expect(await settleDraw(h.tv, draw.id)).toBeNull();
    const tvBet = await h.deps.db.db
      .selectFrom('tv_bets')
      .select('payout_minor')
      .where('draw_id', '=', draw.id)
      .executeTakeFirstOrThrow();
    expect(told.filter((r) => r.roundKey.startsWith('tv:'))).toEqual([
      expect.objectContaining({
        userId: b.userId,
        roundKey: `tv:${draw.id}:${tvBetView.betId}`,
        gameId: TV_GAME_IDS.wheel,
        stakedMinor: 500n,
        payoutMinor: tvBet.payout_minor,
      }),
    ]);
    expect(await scores(wagered.id)).toEqual(sorted(row(a, 1_000n + cardsMinor, 2), row(b, 1_500n, 2)));

    // Every tournament's live topic ticked; the ledger is clean.
    for (const t of [wagered, biggestWin, multiplier]) expect(ticks).toContain(t.id);
    expect((await h.ledger.check()).differences).toEqual([]);
  });

  it('does not count a shared round in a tournament whose games do not include it', async () => {
    const other = await createTournament(tournaments, {
      nameRu: 'Слоты',
      nameEn: 'Slots',
      startsAt: h.clock.now(),
      endsAt: new Date(h.clock.nowMs() + 3_600_000),
      gameIds: [1007],
      scoring: 'wagered',
      currency: 'RUB',
      prizesMinor: [10_000n],
      optInRequired: false,
    });
    const p = await h.newPlayer();
    const draw = (await openDraw(h.tv, 'lottery', new Date(h.clock.nowMs() + 30_000)))!;
    await placeTvBet(h.tv, {
      userId: p.userId,
      game: 'lottery',
      stakeMinor: 1_000n,
      bet: { kind: 'numbers', picks: [1] },
      idempotencyKey: key(),
    });
    h.clock.advance(30_000);
    expect(await settleDraw(h.tv, draw.id)).not.toBeNull();
    expect(told.some((r) => r.roundKey.startsWith(`tv:${draw.id}:`))).toBe(true);
    expect(await scores(other.id)).toEqual([]);
  });
});
