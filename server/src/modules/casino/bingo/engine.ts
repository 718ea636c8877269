/**
 * The bingo engine: one process at a time (the bingo_engine_lease row, taken over when its holder
 * stops renewing it) keeps every room going: opens a game for buying when none is, starts the
 * game whose start came (outcome fixed, next game opened), streams the balls as the clock reaches
 * them (`bingo.ball`, and `bingo.win` on the ball that closes a stage) and settles the game whose
 * last ball was called. Everything is in the database, so a restarted or new engine goes on where
 * the clock says; nothing is paid twice (rows locked, settled_at, the ledger's keys). Ball messages
 * are droppable: a client that missed one reads the state again.
 */

import { EngineLease, type EngineLog, runEveryTick } from '../shared-rounds/lease-loop.ts';
import type { BingoContext } from './context.ts';
import { publishBingo } from './context.ts';
import { openGame, type SettleHooks, settleGame, startGame } from './lifecycle.ts';
import type { BingoRoom } from './rooms.ts';
import { calledAt, type GameRow } from './views.ts';

export interface BingoEngineOptions {
  tickMs: number;
  leaseMs: number;
  hooks?: SettleHooks;
}

export const DEFAULT_BINGO_ENGINE: BingoEngineOptions = { tickMs: 250, leaseMs: 5_000 };

export class BingoEngine {
  readonly #ctx: BingoContext;
  readonly #options: BingoEngineOptions;
  readonly #lease: EngineLease;
  /** Per game id: how many balls this process has announced. */
  readonly #announced = new Map<string, number>();

  constructor(ctx: BingoContext, options: Partial<BingoEngineOptions> = {}) {
    this.#ctx = ctx;
    this.#options = { ...DEFAULT_BINGO_ENGINE, ...options };
    this.#lease = new EngineLease(ctx.db, 'bingo_engine_lease', this.#options.leaseMs);
  }

  async step(): Promise<void> {
    const nowMs = this.#ctx.clock.nowMs();
    if (!(await this.#lease.hold(nowMs))) return;
    for (const room of this.#ctx.rooms) await this.#stepRoom(room, nowMs);
  }

  async #stepRoom(room: BingoRoom, nowMs: number): Promise<void> {
    const open = await this.#ctx.db
      .selectFrom('bingo_games')
      .selectAll()
      .where('room', '=', room.id)
      .where('settled_at', 'is', null)
      .orderBy('id')
      .execute();
    for (const game of open) {
      if (game.status === 'buying' && nowMs >= game.starts_at.getTime()) {
        const started = await startGame(this.#ctx, game.id);
        if (started) {
          this.#announced.set(started.id.toString(), 0);
          await this.#openAfter(room, started, nowMs);
        }
        continue;
      }
      if (game.status !== 'running') continue;
      this.#announce(game, nowMs);
      if (game.ends_at && nowMs >= game.ends_at.getTime()) {
        const done = await settleGame(this.#ctx, game.id, this.#options.hooks);
        if (done) this.#announced.delete(done.id.toString());
      }
    }
    if (!open.some((g) => g.status === 'buying')) {
      const latest = open.at(-1);
      // After a stop the schedule restarts from now: a game is always open for at least a pause.
      const startsAt = latest?.ends_at
        ? new Date(Math.max(latest.ends_at.getTime(), nowMs) + room.pauseMs)
        : new Date(nowMs + room.firstBuyingMs);
      await openGame(this.#ctx, room, startsAt);
    }
  }

  /** After a start: the next game starts a pause after this one's last ball, and no sooner than minBuyingMs. */
  async #openAfter(room: BingoRoom, started: GameRow, nowMs: number): Promise<void> {
    const buying = await this.#ctx.db
      .selectFrom('bingo_games')
      .select('id')
      .where('room', '=', room.id)
      .where('status', '=', 'buying')
      .executeTakeFirst();
    if (buying || !started.ends_at) return;
    const afterLastBall = Math.max(started.ends_at.getTime(), nowMs) + room.pauseMs;
    await openGame(this.#ctx, room, new Date(Math.max(afterLastBall, nowMs + room.minBuyingMs)));
  }

  /** Publishes the balls (and stage wins) the clock reached since the last announcement. */
  #announce(game: GameRow, nowMs: number): void {
    const key = game.id.toString();
    const called = calledAt(game, nowMs);
    // A fresh engine announces only the latest ball; clients read earlier ones from the state.
    const from = this.#announced.get(key) ?? Math.max(0, called - 1);
    for (let i = from; i < called; i += 1) {
      publishBingo(this.#ctx, {
        type: 'bingo.ball',
        room: game.room,
        gameId: key,
        index: i + 1,
        ball: game.balls![i]!,
        at: game.starts_at.getTime() + (i + 1) * game.ball_ms,
      });
      for (const win of game.wins ?? []) {
        if (win.ball === i + 1)
          publishBingo(this.#ctx, { type: 'bingo.win', room: game.room, gameId: key, win });
      }
    }
    this.#announced.set(key, Math.max(from, called));
  }

  start(log: EngineLog): () => Promise<void> {
    return runEveryTick({
      tickMs: this.#options.tickMs,
      step: () => this.step(),
      release: () => this.release(),
      log,
      message: 'bingo engine step failed',
    });
  }

  async release(): Promise<void> {
    await this.#lease.release();
  }
}
