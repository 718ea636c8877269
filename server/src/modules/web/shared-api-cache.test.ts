import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { MAX_SHARED_MS, SharedApiCache, sharedMaxAgeSeconds } from './shared-api-cache.ts';

describe('sharedMaxAgeSeconds', () => {
  it.each([
    [undefined, 0],
    ['no-store', 0],
    ['private, max-age=60', 0],
    ['max-age=60', 0],
    ['public, max-age=600', 600],
    ['public, max-age=0, s-maxage=2', 2],
    ['s-maxage=3', 3],
    ['public, no-cache, max-age=5', 0],
  ])('%s → %i', (header, seconds) => {
    expect(sharedMaxAgeSeconds(header)).toBe(seconds);
  });
});

describe('SharedApiCache', () => {
  it('keeps a shareable answer for its age, at most the cap, and never an error', () => {
    const clock = new ManualClock(0);
    const cache = new SharedApiCache(clock);
    cache.store('a', { status: 200, body: '1' }, 'public, max-age=600');
    cache.store('b', { status: 200, body: '2' }, 's-maxage=1');
    cache.store('c', { status: 500, body: '3' }, 'public, max-age=600');
    expect(cache.get('a')?.body).toBe('1');
    expect(cache.get('c')).toBeNull();
    clock.advance(1000);
    expect(cache.get('b')).toBeNull();
    expect(cache.get('a')?.body).toBe('1');
    clock.advance(MAX_SHARED_MS - 1000);
    expect(cache.get('a')).toBeNull();
  });
});
