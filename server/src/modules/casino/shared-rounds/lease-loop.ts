/**
 * What the shared-round engines (crash, bingo, TV games) have in common: one process at a time
 * holds the game's lease row (id 1 of its `*_engine_lease` table; taken over when its holder stops
 * renewing it, renewed every half lease, freed on stop) and runs the engine's step every tick, one
 * step at a time. Each game's own logic stays in its engine.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/schema.ts';

export type EngineLeaseTable = 'crash_engine_lease' | 'bingo_engine_lease' | 'tv_engine_lease';

export interface EngineLog {
  error(details: object, message: string): void;
}

/** The lease row of one engine, as this process holds it. */
export class EngineLease {
  readonly #db: Kysely<Database>;
  readonly #table: EngineLeaseTable;
  readonly #leaseMs: number;
  readonly #holder = randomBytes(12).toString('hex');
  #untilMs = 0;

  constructor(db: Kysely<Database>, table: EngineLeaseTable, leaseMs: number) {
    this.#db = db;
    this.#table = table;
    this.#leaseMs = leaseMs;
  }

  /** Until when this process holds the lease (0: it does not, or has not taken it yet). */
  get untilMs(): number {
    return this.#untilMs;
  }

  /** Takes or renews the lease when half of it has passed; true while this process holds it. */
  async hold(nowMs: number): Promise<boolean> {
    const leaseMs = this.#leaseMs;
    if (nowMs < this.#untilMs - leaseMs / 2) return true;
    const until = new Date(nowMs + leaseMs);
    const row = await this.#leaseDb()
      .updateTable(this.#table)
      .set({ holder: this.#holder, expires_at: until })
      .where('id', '=', 1)
      .where((eb) => eb.or([eb('holder', '=', this.#holder), eb('expires_at', '<=', new Date(nowMs))]))
      .returning('holder')
      .executeTakeFirst();
    this.#untilMs = row ? until.getTime() : 0;
    return row !== undefined;
  }

  /** Gives the lease up so another process may take over at once. */
  async release(): Promise<void> {
    this.#untilMs = 0;
    await this.#leaseDb()
      .updateTable(this.#table)
      .set({ expires_at: new Date(0) })
      .where('id', '=', 1)
      .where('holder', '=', this.#holder)
      .execute();
  }

  /** The three lease tables have the same columns; seen as one so the queries type-check once. */
  #leaseDb(): Kysely<Record<EngineLeaseTable, Database['crash_engine_lease']>> {
    return this.#db as unknown as Kysely<Record<EngineLeaseTable, Database['crash_engine_lease']>>;
  }
}

/**
 * Runs `step` every `tickMs` (a step still running makes the tick skip) until the returned function
 * is called, which stops the ticks and then runs `release`. A failed step is logged with `message`
 * after `onError` ran.
 */
export function runEveryTick(options: {
  tickMs: number;
  step: () => Promise<void>;
  release: () => Promise<void>;
  log: EngineLog;
  message: string;
  onError?: () => void;
}): () => Promise<void> {
  const { tickMs, step, release, log, message, onError } = options;
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    step()
      .catch((err) => {
        onError?.();
        log.error({ err }, message);
      })
      .finally(() => {
        busy = false;
      });
  }, tickMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await release();
  };
}
