/**
 * Whether a finished round can count in any tournament, answered from memory, so that the casino's
 * rounds do not each run the scoring statement while no tournament admits them (most of the time).
 *
 * Kept per database: the windows (start, end, currency, games) of the tournaments not finished,
 * re-read when older than REFRESH_MS and at once after createTournament in this process. A known
 * tournament's window is exact, whatever its start. A tournament created by another process (the
 * CLI) is seen at the next re-read; so the rounds skipped since the last read are kept (at most
 * MAX_SKIPPED, beyond which rounds are scored without asking) and, when a re-read finds a new
 * tournament whose window admits one, that round is scored then with its own time, if it was told
 * after the tournament was created (created_at, the creating process's clock), as without this
 * cache. A re-read runs at the latest REFRESH_MS after a skip, or with the next round.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/schema.ts';
import type { TournamentsContext } from './context.ts';

/** What the windows look at in a round (score.ts's ScoredRound, the only kind told here). */
export interface RoundPlace {
  gameId: number;
  currency: string;
}

export const REFRESH_MS = 2_000;
const MAX_SKIPPED = 5_000;

interface Window {
  startsMs: number;
  endsMs: number;
  currency: string;
  gameIds: readonly number[] | null;
}

/** A round not sent to the scoring statement, and when it was told (its scoring time). */
export interface SkippedRound<R extends RoundPlace = RoundPlace> {
  round: R;
  atMs: number;
}

/** Scores one round as if told at atMs (score.ts). */
export type ScoreAt<R extends RoundPlace> = (
  ctx: TournamentsContext,
  round: R,
  atMs: number,
) => Promise<unknown>;

/** Whether this round goes to the scoring statement, and the earlier skipped rounds that must too. */
export interface ScoringPlan<R extends RoundPlace> {
  scoreNow: boolean;
  replay: SkippedRound<R>[];
}

function admits(windows: Iterable<Window>, round: RoundPlace, atMs: number): boolean {
  for (const w of windows) {
    if (w.currency !== round.currency || atMs < w.startsMs || atMs >= w.endsMs) continue;
    if (w.gameIds === null || w.gameIds.includes(round.gameId)) return true;
  }
  return false;
}

class OpenTournaments {
  #windows = new Map<string, Window>();
  /** performance.now() of the last read; -Infinity: read again before the next decision. */
  #readAt = Number.NEGATIVE_INFINITY;
  #changes = 0;
  #reading: Promise<SkippedRound[]> | null = null;
  #skipped: SkippedRound[] = [];
  #timer: ReturnType<typeof setTimeout> | null = null;

  invalidate(): void {
    this.#readAt = Number.NEGATIVE_INFINITY;
    this.#changes += 1;
  }

  async plan(
    ctx: TournamentsContext,
    round: RoundPlace,
    atMs: number,
    scoreAt: ScoreAt<RoundPlace>,
  ): Promise<ScoringPlan<RoundPlace>> {
    const replay = performance.now() - this.#readAt >= REFRESH_MS ? await this.#reread(ctx) : [];
    if (admits(this.#windows.values(), round, atMs) || this.#skipped.length >= MAX_SKIPPED) {
      return { scoreNow: true, replay };
    }
    this.#skipped.push({ round, atMs });
    if (!this.#timer) {
      this.#timer = setTimeout(() => this.#rereadLater(ctx, scoreAt), REFRESH_MS);
      this.#timer.unref?.();
    }
    return { scoreNow: false, replay };
  }

  /** One read at a time; only the caller that started it gets the skipped rounds to score. */
  async #reread(ctx: TournamentsContext): Promise<SkippedRound[]> {
    if (this.#reading) {
      await this.#reading.catch(() => {});
      return [];
    }
    this.#reading = this.#read(ctx);
    try {
      return await this.#reading;
    } finally {
      this.#reading = null;
    }
  }

  /**
   * The rounds skipped before the read began were refused by windows that held every tournament
   * then committed, except those this read finds new: it settles them. A round skipped during the
   * read is scored now if a tournament new here admits it, else kept for the next read.
   */
  async #read(ctx: TournamentsContext): Promise<SkippedRound[]> {
    const changes = this.#changes;
    const before = this.#skipped;
    this.#skipped = [];
    let rows: {
      id: bigint;
      starts_at: Date;
      ends_at: Date;
      created_at: Date;
      currency: string;
      game_ids: number[] | null;
    }[];
    try {
      rows = await ctx.db
        .selectFrom('tournaments')
        .select(['id', 'starts_at', 'ends_at', 'created_at', 'currency', 'game_ids'])
        .where('status', 'in', ['scheduled', 'running'])
        .execute();
    } catch (err) {
      this.#skipped = before.concat(this.#skipped);
      throw err;
    }
    const fresh = new Map<string, Window>();
    const found: Window[] = [];
    for (const r of rows) {
      const id = r.id.toString();
      const w = {
        startsMs: r.starts_at.getTime(),
        endsMs: r.ends_at.getTime(),
        currency: r.currency,
        gameIds: r.game_ids,
      };
      fresh.set(id, w);
      // A round told before the tournament existed did not count in it: not from its start, from then.
      if (!this.#windows.has(id))
        found.push({ ...w, startsMs: Math.max(w.startsMs, r.created_at.getTime()) });
    }
    this.#windows = fresh;
    if (changes === this.#changes) this.#readAt = performance.now();
    const during = this.#skipped;
    this.#skipped = during.filter((s) => !admits(found, s.round, s.atMs));
    return before.concat(during).filter((s) => admits(found, s.round, s.atMs));
  }

  #rereadLater(ctx: TournamentsContext, scoreAt: ScoreAt<RoundPlace>): void {
    this.#timer = null;
    if (this.#skipped.length === 0) return;
    this.invalidate();
    void this.#reread(ctx)
      .then(async (replay) => {
        for (const s of replay) await scoreAt(ctx, s.round, s.atMs);
      })
      .catch(() => {
        // Lost to the tournaments only if the database fails here: as if the scoring statement had.
      });
  }
}

const byDatabase = new WeakMap<Kysely<Database>, OpenTournaments>();

function openTournaments(db: Kysely<Database>): OpenTournaments {
  let open = byDatabase.get(db);
  if (!open) {
    open = new OpenTournaments();
    byDatabase.set(db, open);
  }
  return open;
}

/**
 * Which rounds to score now (see the file's comment). One caller (score.ts) tells every round, so
 * the rounds handed back are of its kind R.
 */
export function planScoring<R extends RoundPlace>(
  ctx: TournamentsContext,
  round: R,
  atMs: number,
  scoreAt: ScoreAt<R>,
): Promise<ScoringPlan<R>> {
  return openTournaments(ctx.db).plan(ctx, round, atMs, scoreAt as ScoreAt<RoundPlace>) as Promise<
    ScoringPlan<R>
  >;
}

/** A tournament was created in this process: read again before the next decision. */
export function tournamentsChanged(db: Kysely<Database>): void {
  openTournaments(db).invalidate();
}
