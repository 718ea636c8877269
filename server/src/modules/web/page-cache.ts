/**
 * The guest page micro-cache with stale-while-revalidate: a page is fresh for ttlMs after its render
 * finished; after that, for at most maxStaleMs more, visitors get the stale copy at once while ONE
 * background render per key replaces it, so no visitor waits for the render when a page expires.
 * Older than that (a quiet page), the next visitor waits for a fresh render as with a plain cache.
 * With refreshAheadShare, a request in the last part of a value's fresh time starts that background
 * render already, so a value in use is replaced before it goes stale.
 * A failed render stores nothing (the stale copy stays); clear() drops everything at once and
 * discards the renders already running, so an operator's change shows on the very next request.
 */
import type { Clock } from '../../platform/clock.ts';

interface Entry<V> {
  value: Promise<V>;
  /** Infinity while the first render runs: concurrent visitors share it. */
  freshUntilMs: number;
  /** The last part of its fresh time in which a request starts its replacement (refreshAheadShare). */
  refreshAheadMs: number;
  staleUntilMs: number;
  revalidating: boolean;
}

export interface PageCacheOptions<V> {
  ttlMs: number;
  maxStaleMs: number;
  maxEntries: number;
  /** Per value instead of ttlMs and maxStaleMs (a shared API answer's own age: shared-api-cache.ts). */
  lifetime?: (value: V) => { ttlMs: number; maxStaleMs: number };
  /**
   * The last share of a value's fresh time (0–1) in which a request starts its replacement while
   * the value is still served as fresh, so that it is replaced before it goes stale (default 0).
   */
  refreshAheadShare?: number;
}

export class PageCache<V> {
  readonly #clock: Clock;
  readonly #options: PageCacheOptions<V>;
  readonly #entries = new Map<string, Entry<V>>();
  /** Bumped by clear(): a render started before it must not store what it made. */
  #generation = 0;

  constructor(clock: Clock, options: PageCacheOptions<V>) {
    this.#clock = clock;
    this.#options = options;
  }

  get(key: string, render: () => Promise<V>): Promise<V> {
    const now = this.#clock.nowMs();
    const entry = this.#entries.get(key);
    if (entry && entry.freshUntilMs > now) {
      if (!entry.revalidating && entry.freshUntilMs - now <= entry.refreshAheadMs)
        this.#revalidate(key, entry, render);
      return entry.value;
    }
    if (entry && entry.staleUntilMs > now) {
      if (!entry.revalidating) this.#revalidate(key, entry, render);
      return entry.value;
    }
    return this.#renderNow(key, render);
  }

  /**
   * How long a copy of the value kept under key may be used without asking here again (0 when stale,
   * missing or still rendering): until its refresh-ahead time, so that the copy's next question
   * starts the replacement; within that time, until it goes stale.
   */
  freshForMs(key: string): number {
    const entry = this.#entries.get(key);
    if (!entry || entry.freshUntilMs === Number.POSITIVE_INFINITY) return 0;
    const remaining = Math.max(0, entry.freshUntilMs - this.#clock.nowMs());
    return remaining > entry.refreshAheadMs ? remaining - entry.refreshAheadMs : remaining;
  }

  clear(): void {
    this.#entries.clear();
    this.#generation += 1;
  }

  /** Values kept (fresh, stale or rendering). */
  get size(): number {
    return this.#entries.size;
  }

  #renderNow(key: string, render: () => Promise<V>): Promise<V> {
    this.#entries.delete(key);
    this.#dropExpired(this.#clock.nowMs());
    while (this.#entries.size >= this.#options.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
    const value = render();
    const entry: Entry<V> = {
      value,
      freshUntilMs: Number.POSITIVE_INFINITY,
      refreshAheadMs: 0,
      staleUntilMs: Number.POSITIVE_INFINITY,
      revalidating: false,
    };
    this.#entries.set(key, entry);
    value.then(
      (rendered) => this.#markRendered(entry, rendered),
      () => {
        if (this.#entries.get(key) === entry) this.#entries.delete(key);
      },
    );
    return value;
  }

  /**
   * A value past its stale bound is never served again: the ones at the oldest end are dropped
   * before a new one is kept. Without this a crawl of many addresses held every page it had
   * rendered (HTML and its compressed copies) until maxEntries newer ones pushed them out: hundreds
   * of MB that bench:soak saw grow (issue 25).
   */
  #dropExpired(now: number): void {
    for (const [key, entry] of this.#entries) {
      if (entry.staleUntilMs > now) break;
      this.#entries.delete(key);
    }
  }

  #revalidate(key: string, stale: Entry<V>, render: () => Promise<V>): void {
    stale.revalidating = true;
    const generation = this.#generation;
    render().then(
      (rendered) => {
        if (generation !== this.#generation || this.#entries.get(key) !== stale) return;
        const entry: Entry<V> = {
          value: Promise.resolve(rendered),
          freshUntilMs: 0,
          refreshAheadMs: 0,
          staleUntilMs: 0,
          revalidating: false,
        };
        this.#markRendered(entry, rendered);
        // Re-inserted last: the oldest entry is the one evicted first.
        this.#entries.delete(key);
        this.#entries.set(key, entry);
      },
      () => {
        stale.revalidating = false;
      },
    );
  }

  #markRendered(entry: Entry<V>, value: V): void {
    const now = this.#clock.nowMs();
    const { ttlMs, maxStaleMs } = this.#options.lifetime?.(value) ?? this.#options;
    entry.freshUntilMs = now + ttlMs;
    entry.refreshAheadMs = ttlMs * (this.#options.refreshAheadShare ?? 0);
    entry.staleUntilMs = entry.freshUntilMs + maxStaleMs;
  }
}
