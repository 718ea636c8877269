/**
 * The TV games engine: one process at a time (tv_engine_lease) keeps a draw open for each game,
 * draws and settles it when its instant comes (`tv.draw` with the result: every client starts the
 * same animation from the server's draw instant), and opens the next. A restarted engine settles
 * what the clock says is due; settlement is exactly once (row lock, settled_at, ledger keys).
 */
import { TV_GAMES, type TvGame } from '@parlay/domain/casino/tv/index.ts';
import { EngineLease, type EngineLog, runEveryTick } from '../shared-rounds/lease-loop.ts';
import type { TvContext } from './context.ts';
import { openDraw, settleDraw, type TvSettleHooks } from './draws.ts';

export interface TvEngineOptions {
  tickMs: number;
  leaseMs: number;
  hooks?: TvSettleHooks;
}

export class TvEngine {
  readonly #ctx: TvContext;
  readonly #options: TvEngineOptions;
  readonly #lease: EngineLease;

  constructor(ctx: TvContext, options: Partial<TvEngineOptions> = {}) {
    this.#ctx = ctx;
    this.#options = { tickMs: 250, leaseMs: 5_000, ...options };
    this.#lease = new EngineLease(ctx.db, 'tv_engine_lease', this.#options.leaseMs);
  }

  async step(): Promise<void> {
    const nowMs = this.#ctx.clock.nowMs();
    if (!(await this.#lease.hold(nowMs))) return;
    for (const game of TV_GAMES) await this.#stepGame(game, nowMs);
  }

  async #stepGame(game: TvGame, nowMs: number): Promise<void> {
    const open = await this.#ctx.db
      .selectFrom('tv_draws')
      .selectAll()
      .where('game', '=', game)
      .where('settled_at', 'is', null)
      .orderBy('id')
      .execute();
    for (const draw of open) {
      if (nowMs >= draw.closes_at.getTime()) await settleDraw(this.#ctx, draw.id, this.#options.hooks);
    }
    if (open.some((d) => nowMs < d.closes_at.getTime())) return;
    const last = await this.#ctx.db
      .selectFrom('tv_draws')
      .select('closes_at')
      .where('game', '=', game)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const interval = this.#ctx.schedule.intervalMs[game];
    let closes = (last?.closes_at.getTime() ?? nowMs) + interval;
    // After a long stop the schedule restarts from now rather than opening draws already past.
    if (closes <= nowMs) closes = nowMs + interval;
    await openDraw(this.#ctx, game, new Date(closes));
  }

  start(log: EngineLog): () => Promise<void> {
    return runEveryTick({
      tickMs: this.#options.tickMs,
      step: () => this.step(),
      release: () => this.release(),
      log,
      message: 'tv engine step failed',
    });
  }

  async release(): Promise<void> {
    await this.#lease.release();
  }
}
