/**
 * The tournaments' catch-up (tournaments/catch-up.ts) over the shared-round games' settled bets:
 * for a crash round, a TV draw and a bingo game each, a round settled with its bets told live and
 * one settled whose telling was lost (committed, never scored) are counted by the worker's pass —
 * the lost one once, the told one not again — and the scores it leaves (score, rounds, scored_at) are
 * those the live telling of every bet gives, and those the catch-up rebuilds from the rows alone,
 * for each scoring. (Here, not in tournaments/catch-up.test.ts: the settlements are the casino's
 * own functions, which another module's test cannot import.)
 */
import { planChain } from '@parlay/domain/casino/crash/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTournament,
  createTournamentsContext,
  runTournamentsDue,
  scoreRound,
  type TournamentsContext,
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
import { sharedRoundGameIds } from './game-ids.ts';

const SEED = '7d0c1f3a9b8e2d4c6a5f0e1d2c3b4a5968778695a4b3c2d1e0f9e8d7c6b5a493';
const SALT = '0000000000000000000fa3b65e43e4240d71762a5bf397d5304b2596d116859c';
const ROOM = TEST_ROOMS[0]!;
const SCORINGS = ['wagered', 'biggest_win', 'biggest_multiplier'] as const;

let h: Harness;
let tournaments: TournamentsContext;
let crash: CrashContext;
/** Every bet the settlements told, scored live only while `telling`. */
const told: FinishedRound[] = [];
let telling = true;
let keys = 0;
const key = () => `shared-catch-up-${process.pid}-${++keys}`;

beforeAll(async () => {
  h = await createHarness();
  tournaments = createTournamentsContext(h.deps, {
    ledger: h.ledger,
    publishEveryMs: 0,
    sharedGames: sharedRoundGameIds(TEST_ROOMS),
  });
  const finished = async (round: FinishedRound) => {
    told.push(round);
    if (telling) await scoreRound(tournaments, round);
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

/** A crash round: a's auto target 1.50× (paid while it ran when reached), b's 5.00×; settled. */
async function crashRound(a: Player, b: Player): Promise<void> {
  const round = await openNextRound(h.deps.db.db, {
    now: h.clock.now(),
    bettingMs: 5_000,
    chain: { chainLength: 6, checkpointStep: 4 },
  });
  for (const [p, autoCashOutCenti] of [
    [a, 150],
    [b, 500],
  ] as const)
    await placeCrashBet(crash, {
      userId: p.userId,
      idempotencyKey: key(),
      stakeMinor: p === a ? 1_000n : 700n,
      autoCashOutCenti,
      mode: 'real',
    });
  h.clock.advance(round.crashes_at.getTime() - h.clock.nowMs());
  await cashOutReachedTargets(crash, round, round.crash_point_centi);
  h.clock.advance(1_000);
  expect(await settleCrashRound(crash, round.id)).not.toBeNull();
}

/** A TV wheel draw: a on ×2, b on ×3; settled. */
async function tvDraw(a: Player, b: Player): Promise<void> {
  const draw = (await openDraw(h.tv, 'wheel', new Date(h.clock.nowMs() + 30_000)))!;
  await placeTvBet(h.tv, {
    userId: a.userId,
    game: 'wheel',
    stakeMinor: 500n,
    bet: { kind: 'wheel', value: 2 },
    idempotencyKey: key(),
  });
  await placeTvBet(h.tv, {
    userId: b.userId,
    game: 'wheel',
    stakeMinor: 800n,
    bet: { kind: 'wheel', value: 3 },
    idempotencyKey: key(),
  });
  h.clock.advance(30_000);
  expect(await settleDraw(h.tv, draw.id)).not.toBeNull();
}

/** A bingo game: a buys two cards, b three; started, then settled once its last ball was called. */
async function bingoGame(a: Player, b: Player): Promise<void> {
  const game = (await openGame(h.bingo, ROOM, new Date(h.clock.nowMs() + 10_000)))!;
  for (const [p, count] of [
    [a, 2],
    [b, 3],
  ] as const)
    await buyBingoCards(h.bingo, { userId: p.userId, room: ROOM.id, count, idempotencyKey: key() });
  h.clock.advance(10_000);
  const started = (await startGame(h.bingo, game.id))!;
  h.clock.advance(started.ends_at!.getTime() - h.clock.nowMs() + 1_000);
  expect(await settleGame(h.bingo, game.id)).not.toBeNull();
}

const KINDS = [
  { kind: 'crash', gameId: CRASH_GAME_ID, play: crashRound },
  { kind: 'tv', gameId: TV_GAME_IDS.wheel, play: tvDraw },
  { kind: 'bingo', gameId: ROOM.gameId, play: bingoGame },
];

const scores = (id: bigint) =>
  h.deps.db.db
    .selectFrom('tournament_scores')
    .select(['user_id', 'account_id', 'score', 'rounds', 'scored_at'])
    .where('tournament_id', '=', id)
    .orderBy('user_id')
    .execute();

const counted = async (id: bigint) =>
  (
    await h.deps.db.db
      .selectFrom('tournament_rounds')
      .select('round_key')
      .where('tournament_id', '=', id)
      .orderBy('round_key')
      .execute()
  ).map((r) => r.round_key);

/** Forgets what was counted in the tournaments (rounds, scores and the catch-up's cursor). */
async function forget(ids: bigint[]): Promise<void> {
  await h.deps.db.db.deleteFrom('tournament_rounds').where('tournament_id', 'in', ids).execute();
  await h.deps.db.db.deleteFrom('tournament_scores').where('tournament_id', 'in', ids).execute();
  await h.deps.db.db
    .updateTable('tournaments')
    .set({ scored_through: null })
    .where('id', 'in', ids)
    .execute();
}

/** The catch-up's passes until every tournament's cursor is one ms past the clock's margin. */
async function catchUpAll(): Promise<void> {
  h.clock.advance(tournaments.catchUpMarginMs + 1);
  await runTournamentsDue(tournaments);
}

describe('the tournaments catch-up over the shared-round games', () => {
  it.each(KINDS)(
    'counts $kind bets whose telling was lost, as the live telling does',
    async ({ gameId, play }) => {
      const created = [];
      for (const scoring of SCORINGS)
        created.push(
          await createTournament(tournaments, {
            nameRu: 'Догон общих раундов',
            nameEn: 'Shared rounds caught up',
            startsAt: h.clock.now(),
            endsAt: new Date(h.clock.nowMs() + 24 * 3_600_000),
            gameIds: [gameId],
            scoring,
            currency: 'RUB',
            prizesMinor: [10_000n],
            optInRequired: false,
          }),
        );
      const ids = created.map((t) => BigInt(t.id));
      const [a, b] = [await h.newPlayer(), await h.newPlayer()];
      const first = told.length;

      // Told live: one round of the game; then one more whose telling is lost (settled, never scored).
      telling = true;
      await play(a, b);
      const live = told.length;
      expect(live - first).toBe(2);
      for (const id of ids) expect((await scores(id)).map((s) => s.rounds)).toEqual([1, 1]);
      telling = false;
      await play(a, b);
      telling = true;
      const mine = told.slice(first);
      expect(mine).toHaveLength(4);
      for (const id of ids) expect((await scores(id)).map((s) => s.rounds)).toEqual([1, 1]);

      // The catch-up counts the lost round once, the told one not again; a later telling adds nothing.
      await catchUpAll();
      const caughtUp = await Promise.all(ids.map(scores));
      for (const rows of caughtUp) expect(rows.map((s) => s.rounds)).toEqual([2, 2]);
      for (const id of ids) expect(await counted(id)).toEqual(mine.map((r) => r.roundKey).sort());
      for (const round of mine) await scoreRound(tournaments, round);
      await catchUpAll();
      expect(await Promise.all(ids.map(scores))).toEqual(caughtUp);

      // The same scores when every bet is told live (now, long after: its time is read from its rows)…
      await forget(ids);
      for (const round of mine) await scoreRound(tournaments, round);
      expect(await Promise.all(ids.map(scores))).toEqual(caughtUp);
      // … and when the catch-up rebuilds them from the rows alone.
      await forget(ids);
      await catchUpAll();
      expect(await Promise.all(ids.map(scores))).toEqual(caughtUp);
      expect((await h.ledger.check()).differences).toEqual([]);
    },
  );
});
