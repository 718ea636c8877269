/**
 * The crash engine: one process at a time (a lease row in the database, taken over when its holder
 * stops renewing it) runs the shared rounds: opens a round for betting, announces it running when
 * betting ends, streams the multiplier every tick, pays auto cash-outs as their targets are
 * reached, settles the round once its crash instant passed (reveals hash and crash point), waits
 * `pauseMs` and opens the next. Everything it needs is in the database (the timeline of a round is
 * fixed when it opens), so a restarted engine picks up the round where the clock says it is: a
 * running round goes on, a crashed one is settled; nothing is paid twice (rows locked, settled_at
 * and the ledger's idempotency keys).
 */
import { multiplierAt } from '@parlay/domain/casino/crash/index.ts';
import { EngineLease, type EngineLog, runEveryTick } from '../shared-rounds/lease-loop.ts';
import { cashOutReachedTargets } from './cash-out.ts';
import { type CrashContext, isUniqueViolation, publishCrash } from './context.ts';
import { type ChainOptions, DEFAULT_CHAIN, latestRound, openNextRound } from './open-round.ts';
import { type SettleHooks, settleCrashRound } from './settle-round.ts';
import { type RoundRow, roundView } from './views.ts';

export interface CrashEngineOptions {
  bettingMs: number;
  pauseMs: number;
  tickMs: number;
  leaseMs: number;
  chain: ChainOptions;
  hooks?: SettleHooks;
}

export const DEFAULT_ENGINE: CrashEngineOptions = {
  bettingMs: 6_000,
  pauseMs: 3_000,
  tickMs: 100,
  leaseMs: 5_000,
  chain: DEFAULT_CHAIN,
};

export class CrashEngine {
  readonly #ctx: CrashContext;
  readonly #options: CrashEngineOptions;
  readonly #lease: EngineLease;
  /** The lowest auto target still open in the running round (null: none), to query only when due. */
  #autoDue: { roundId: bigint; min: number | null } | null = null;
  /** The current round as this engine last wrote or read it (only the lease holder changes it). */
  #round: RoundRow | null = null;

  constructor(ctx: CrashContext, options: Partial<CrashEngineOptions> = {}) {
    this.#ctx = ctx;
    this.#options = { ...DEFAULT_ENGINE, ...options };
    this.#lease = new EngineLease(ctx.db, 'crash_engine_lease', this.#options.leaseMs);
  }

  /**
   * One pass: tick the running round first (from the round kept in memory, no query before the
   * message goes out), then settle what crashed, open the next round when due, pay reached targets.
   */
  async step(): Promise<void> {
    const nowMs = this.#ctx.clock.nowMs();
    // While the lease is still valid the tick goes out before the lease renewal (a write every half
    // lease), so a slow database never delays the multiplier.
    const ticked =
      this.#round !== null && nowMs < this.#lease.untilMs && this.#publishTick(this.#round, nowMs);
    const fresh = this.#lease.untilMs === 0;
    if (!(await this.#lease.hold(nowMs))) {
      this.#round = null;
      return;
    }
    // On taking the lease (start, restart, take-over) the database is the truth: settle what the
    // clock says crashed, and read the current round again.
    if (fresh || !this.#round) {
      await this.#settleDue(nowMs);
      this.#round = await latestRound(this.#ctx.db);
    }
    const round = this.#round;
    const running =
      round !== null &&
      round.settled_at === null &&
      nowMs >= round.betting_ends_at.getTime() &&
      nowMs < round.crashes_at.getTime();
    const multiplierCenti = running ? multiplierAt(nowMs - round!.betting_ends_at.getTime()) : 100;
    if (running && !ticked) this.#publishTick(round!, nowMs);
    if (
      !round ||
      (round.settled_at !== null && nowMs >= round.crashes_at.getTime() + this.#options.pauseMs)
    ) {
      this.#round = await this.#open(nowMs);
      return;
    }
    if (round.settled_at !== null || nowMs < round.betting_ends_at.getTime()) return;
    if (nowMs >= round.crashes_at.getTime()) {
      this.#round = (await settleCrashRound(this.#ctx, round.id, this.#options.hooks)) ?? null;
      return;
    }
    await this.#run(round, nowMs, multiplierCenti);
  }

  /** Runs step() every tick until the returned function is called (which frees the lease). */
  start(log: EngineLog): () => Promise<void> {
    return runEveryTick({
      tickMs: this.#options.tickMs,
      step: () => this.step(),
      release: () => this.release(),
      log,
      message: 'crash engine step failed',
      // Read the database again next time: the failed step may have changed part of it.
      onError: () => {
        this.#round = null;
      },
    });
  }

  /** Gives the lease up so another process may take over at once. */
  async release(): Promise<void> {
    this.#round = null;
    await this.#lease.release();
  }

  /** Publishes the multiplier of a running round (true), or nothing (false). */
  #publishTick(round: RoundRow, nowMs: number): boolean {
    if (round.settled_at !== null) return false;
    const elapsedMs = nowMs - round.betting_ends_at.getTime();
    if (elapsedMs < 0 || nowMs >= round.crashes_at.getTime()) return false;
    publishCrash(this.#ctx, {
      type: 'crash.tick',
      roundId: round.id.toString(),
      multiplierCenti: multiplierAt(elapsedMs),
      at: nowMs,
    });
    return true;
  }

  async #settleDue(nowMs: number): Promise<void> {
    const due = await this.#ctx.db
      .selectFrom('crash_rounds')
      .select('id')
      .where('settled_at', 'is', null)
      .where('crashes_at', '<=', new Date(nowMs))
      .orderBy('id')
      .limit(10)
      .execute();
    for (const { id } of due) await settleCrashRound(this.#ctx, id, this.#options.hooks);
  }

  async #open(nowMs: number): Promise<RoundRow | null> {
    try {
      const round = await openNextRound(this.#ctx.db, {
        now: new Date(nowMs),
        bettingMs: this.#options.bettingMs,
        chain: this.#options.chain,
      });
      publishCrash(this.#ctx, { type: 'crash.round', round: roundView(round, nowMs) });
      return round;
    } catch (err) {
      if (isUniqueViolation(err, 'crash_rounds_chain_id_game_key')) return null;
      throw err;
    }
  }

  async #run(round: RoundRow, nowMs: number, multiplierCenti: number): Promise<void> {
    if (round.status === 'betting') {
      await this.#ctx.db
        .updateTable('crash_rounds')
        .set({ status: 'running' })
        .where('id', '=', round.id)
        .where('status', '=', 'betting')
        .execute();
      this.#round = { ...round, status: 'running' };
      publishCrash(this.#ctx, { type: 'crash.round', round: roundView(round, nowMs) });
    }
    if (this.#autoDue?.roundId !== round.id) {
      this.#autoDue = { roundId: round.id, min: await this.#lowestTarget(round) };
    }
    const min = this.#autoDue.min;
    if (min !== null && min <= multiplierCenti) {
      await cashOutReachedTargets(this.#ctx, round, multiplierCenti);
      this.#autoDue = { roundId: round.id, min: await this.#lowestTarget(round) };
    }
  }

  async #lowestTarget(round: RoundRow): Promise<number | null> {
    const row = await this.#ctx.db
      .selectFrom('crash_bets')
      .select((eb) => eb.fn.min('auto_cash_out_centi').as('min'))
      .where('round_id', '=', round.id)
      .where('status', '=', 'active')
      .executeTakeFirst();
    return row?.min ?? null;
  }
}
