/**
 * The server render's fetch behaves as a shared HTTP cache: a GET answer marked
 * `cache-control: s-maxage=N` (or `public, max-age=N`) is kept for N seconds, at most
 * MAX_SHARED_MS, and served to every render that asks for the same path without credentials.
 * Browsers ignore s-maxage, so an API can let the server renders share a snapshot without letting
 * browsers keep it.
 */
import type { Clock } from '../../platform/clock.ts';

export const MAX_SHARED_MS = 5_000;
const MAX_ENTRIES = 2_000;

export interface StoredAnswer {
  status: number;
  body: string;
}

/** Seconds a shared cache may keep an answer, from its cache-control header; 0 = not at all. */
export function sharedMaxAgeSeconds(cacheControl: string | undefined): number {
  if (!cacheControl) return 0;
  const directives = cacheControl
    .toLowerCase()
    .split(',')
    .map((d) => d.trim());
  if (directives.some((d) => d === 'no-store' || d === 'private' || d === 'no-cache')) return 0;
  const sMaxAge = directives.find((d) => d.startsWith('s-maxage='));
  if (sMaxAge) return Number(sMaxAge.slice('s-maxage='.length)) || 0;
  const maxAge = directives.find((d) => d.startsWith('max-age='));
  return directives.includes('public') && maxAge ? Number(maxAge.slice('max-age='.length)) || 0 : 0;
}

export class SharedApiCache {
  readonly #clock: Clock;
  readonly #entries = new Map<string, { answer: StoredAnswer; expiresAtMs: number }>();

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  get(key: string): StoredAnswer | null {
    const entry = this.#entries.get(key);
    if (!entry) return null;
    if (entry.expiresAtMs <= this.#clock.nowMs()) {
      this.#entries.delete(key);
      return null;
    }
    return entry.answer;
  }

  clear(): void {
    this.#entries.clear();
  }

  store(key: string, answer: StoredAnswer, cacheControl: string | undefined): void {
    const ttlMs = Math.min(sharedMaxAgeSeconds(cacheControl) * 1000, MAX_SHARED_MS);
    if (ttlMs <= 0 || answer.status !== 200) return;
    if (this.#entries.size >= MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, { answer, expiresAtMs: this.#clock.nowMs() + ttlMs });
  }
}
