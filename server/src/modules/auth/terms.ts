/**
 * Terms versions (site-shell §4 "Terms re-confirmation"): the operator publishes a new version
 * (`parlay terms publish`, optionally taking effect at a later moment), and from that moment every
 * signed-in user who accepted an older one must confirm again; until then state-changing calls answer
 * 451 with exception_code 1.
 */
import type { Kysely } from 'kysely';
import { Cached } from '../../platform/cached.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/schema.ts';

/** Short, so a publication reaches every process within seconds without a bus message. */
const LATEST_CACHE_MS = 10_000;

export class TermsService {
  readonly #db: Kysely<Database>;
  readonly #clock: Clock;
  readonly #latest: Cached<Date | null>;

  constructor(db: Kysely<Database>, clock: Clock) {
    this.#db = db;
    this.#clock = clock;
    this.#latest = new Cached(
      async () => {
        const row = await db
          .selectFrom('terms_versions')
          .select('published_at')
          .where('published_at', '<=', clock.now())
          .orderBy('published_at', 'desc')
          .limit(1)
          .executeTakeFirst();
        return row?.published_at ?? null;
      },
      clock,
      LATEST_CACHE_MS,
    );
  }

  /** When the terms in force took effect, or null when none did. Versions due later are not counted yet. */
  latest(): Promise<Date | null> {
    return this.#latest.get();
  }

  /**
   * Publishes a version taking effect now, or at effectiveAt (not in the past: a backdated version
   * would spare the users who accepted the older terms in between).
   */
  async publish(note: string, effectiveAt?: Date): Promise<Date> {
    const now = this.#clock.now();
    if (effectiveAt && Number.isNaN(effectiveAt.getTime())) throw new Error('invalid effective date');
    if (effectiveAt && effectiveAt.getTime() < now.getTime()) {
      throw new Error(`effective date ${effectiveAt.toISOString()} is in the past`);
    }
    const row = await this.#db
      .insertInto('terms_versions')
      .values({ note: note.slice(0, 500), published_at: effectiveAt ?? now })
      .returning('published_at')
      .executeTakeFirstOrThrow();
    this.#latest.invalidate();
    return row.published_at;
  }

  async accept(userId: number): Promise<void> {
    await this.#db
      .updateTable('users')
      .set({ terms_accepted_at: this.#clock.now() })
      .where('id', '=', userId)
      .execute();
  }
}
