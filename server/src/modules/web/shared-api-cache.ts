/**
 * The server render's fetch behaves as a shared HTTP cache: a GET answer marked
 * `cache-control: s-maxage=N` (or `public, max-age=N`) is kept for N seconds, at most
 * MAX_SHARED_MS, and served to every render that asks for the same path without credentials.
 * Browsers ignore s-maxage, so an API can let the server renders share a snapshot without letting
 * browsers keep it. An answer past its age stays usable for as long again as a stale copy
 * (lookup), which the fetch serves while one refresh replaces it (stale-while-revalidate): a
 * render never waits for an expired answer to be fetched again unless it has been idle that long.
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

/**
 * The key a render's API call is shared under, or null when it is not shareable: GETs without
 * credentials, by path and language (the main thread's cache and a render worker's copies).
 */
export function sharedAnswerKey(
  path: string,
  method: string,
  headers: Record<string, string>,
): string | null {
  const shareable = method.toUpperCase() === 'GET' && !('cookie' in headers) && !('authorization' in headers);
  return shareable ? `${path} ${headers['x-language'] ?? ''}` : null;
}

export class SharedApiCache {
  readonly #clock: Clock;
  #generation = 0;
  readonly #entries = new Map<string, { answer: StoredAnswer; expiresAtMs: number; staleUntilMs: number }>();

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  /** The answer while it is fresh, or past its age for as long again (fresh: false). */
  lookup(key: string): { answer: StoredAnswer; fresh: boolean; freshForMs: number } | null {
    const entry = this.#entries.get(key);
    if (!entry) return null;
    const now = this.#clock.nowMs();
    if (entry.staleUntilMs <= now) {
      this.#entries.delete(key);
      return null;
    }
    return {
      answer: entry.answer,
      fresh: entry.expiresAtMs > now,
      freshForMs: Math.max(0, entry.expiresAtMs - now),
    };
  }

  /** Counts the clears, so a fetch started before one does not store its older answer after it. */
  get generation(): number {
    return this.#generation;
  }

  clear(): void {
    this.#generation += 1;
    this.#entries.clear();
  }

  /** Keeps a shareable answer; answers for how long it is fresh (0: not kept). */
  store(key: string, answer: StoredAnswer, cacheControl: string | undefined): number {
    const ttlMs = Math.min(sharedMaxAgeSeconds(cacheControl) * 1000, MAX_SHARED_MS);
    if (ttlMs <= 0 || answer.status !== 200) return 0;
    if (this.#entries.size >= MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    const now = this.#clock.nowMs();
    this.#entries.delete(key); // re-inserted last: the oldest entries stay first for eviction
    this.#entries.set(key, { answer, expiresAtMs: now + ttlMs, staleUntilMs: now + 2 * ttlMs });
    return ttlMs;
  }
}
