import type { Clock } from './clock.ts';

/** A value loaded on demand and kept for ttlMs, or until invalidate() (e.g. on a bus event). */
export class Cached<T> {
  readonly #load: () => Promise<T>;
  readonly #clock: Clock;
  readonly #ttlMs: number;
  #entry: { value: Promise<T>; expiresAtMs: number } | null = null;

  constructor(load: () => Promise<T>, clock: Clock, ttlMs: number) {
    this.#load = load;
    this.#clock = clock;
    this.#ttlMs = ttlMs;
  }

  get(): Promise<T> {
    const now = this.#clock.nowMs();
    if (this.#entry && this.#entry.expiresAtMs > now) return this.#entry.value;
    const value = this.#load();
    this.#entry = { value, expiresAtMs: now + this.#ttlMs };
    value.catch(() => {
      if (this.#entry?.value === value) this.#entry = null;
    });
    return value;
  }

  invalidate(): void {
    this.#entry = null;
  }
}

/** Values per key, each kept for ttlMs; at most maxEntries (the oldest entry leaves first). */
export class CachedMap<V> {
  readonly #clock: Clock;
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #entries = new Map<string, { value: Promise<V>; expiresAtMs: number }>();

  constructor(clock: Clock, ttlMs: number, maxEntries: number) {
    this.#clock = clock;
    this.#ttlMs = ttlMs;
    this.#maxEntries = maxEntries;
  }

  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = this.#clock.nowMs();
    const hit = this.#entries.get(key);
    if (hit && hit.expiresAtMs > now) return hit.value;
    this.#entries.delete(key);
    while (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
    const value = load();
    this.#entries.set(key, { value, expiresAtMs: now + this.#ttlMs });
    value.catch(() => {
      if (this.#entries.get(key)?.value === value) this.#entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.#entries.clear();
  }
}
