/**
 * The server render's fetch behaves as a shared HTTP cache: an answer marked
 * `cache-control: s-maxage=N` (or `public, max-age=N`) is kept for N seconds, at most
 * MAX_SHARED_MS, and served to every render that asks the same question without credentials.
 * Browsers ignore s-maxage, so an API can let the server renders share a snapshot without letting
 * browsers keep it. An answer past its age stays usable for as long again as a stale copy, served
 * while one refresh replaces it (stale-while-revalidate, page-cache.ts): a render never waits for
 * an expired answer to be fetched again unless it has been idle that long. An answer in use is
 * fetched again before it expires (REFRESH_AHEAD_SHARE).
 */
import type { Clock } from '../../platform/clock.ts';
import { PageCache } from './page-cache.ts';

export const MAX_SHARED_MS = 5_000;
/**
 * An answer in use is fetched again in the last quarter of its fresh time: render workers' copies
 * last until then (freshForMs), so the fetch and its work on this thread happen while they are
 * still good, instead of when they all expire at once and every render waits for this thread
 * (bench/ssr: renders waited 16–29 ms for the live list being fetched again).
 */
const REFRESH_AHEAD_SHARE = 0.25;
const MAX_ENTRIES = 2_000;

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
 * The key a render's API call is shared under, or null when it is not shareable (credentials sent):
 * method, path, the request headers the render sends (but accept) and the body, so a shared answer
 * is only reused for the same question (the main thread's cache and a render worker's copies).
 * A POST is kept only when its API marks the answer shareable, as a GET is (redirect-light and the
 * block check of a guest: the same url, country and browser get the same answer).
 */
export function sharedAnswerKey(
  path: string,
  method: string,
  headers: Record<string, string>,
  body?: unknown,
): string | null {
  const sent = Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value] as const);
  if (sent.some(([name]) => name === 'cookie' || name === 'authorization')) return null;
  const varying = sent
    .filter(([name]) => name !== 'accept')
    .map(([name, value]) => `${name}=${value}`)
    .sort()
    .join('&');
  return `${method.toUpperCase()} ${path} ${varying} ${body === undefined ? '' : JSON.stringify(body)}`;
}

/** A render's API answer as the shared cache keeps it. */
export interface SharedAnswer {
  status: number;
  text: string;
  cacheControl: string;
}

/** Fresh for its shared age (at most MAX_SHARED_MS; never an error), then stale as long again. */
export function sharedLifetime(answer: SharedAnswer): { ttlMs: number; maxStaleMs: number } {
  const ttlMs =
    answer.status === 200 ? Math.min(sharedMaxAgeSeconds(answer.cacheControl) * 1000, MAX_SHARED_MS) : 0;
  return { ttlMs, maxStaleMs: ttlMs };
}

/**
 * The shared cache of render API answers: the page cache's stale-while-revalidate, one fetch per
 * key at a time and clear() discarding fetches already running, with each answer's own lifetime.
 */
export function createSharedApiCache(clock: Clock): PageCache<SharedAnswer> {
  return new PageCache<SharedAnswer>(clock, {
    ttlMs: 0,
    maxStaleMs: 0,
    maxEntries: MAX_ENTRIES,
    lifetime: sharedLifetime,
    refreshAheadShare: REFRESH_AHEAD_SHARE,
  });
}
