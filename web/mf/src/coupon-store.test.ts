/**
 * The coupon's snapshot for React: an empty coupon is the server render's own value (NO_SELECTIONS),
 * so hydrating a page of prices finds nothing changed and re-renders none of them.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

const STORAGE_KEY = 'parlay.coupon.v1';

async function storeWith(stored: string | null) {
  const items = new Map<string, string>(stored === null ? [] : [[STORAGE_KEY, stored]]);
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => items.set(key, value),
    },
    addEventListener: () => {},
  });
  vi.resetModules();
  return import('./coupon-store.ts');
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('coupon store snapshot', () => {
  it.each([null, '[]', 'not json', '[{"outcomeId":"x"}]'])(
    'is the server snapshot itself when nothing usable is stored (%s)',
    async (stored) => {
      const store = await storeWith(stored);
      expect(store.getSelections()).toBe(store.NO_SELECTIONS);
      expect(store.getSelections()).toBe(store.NO_SELECTIONS);
    },
  );

  it('is the stored coupon otherwise, the same value on each read', async () => {
    const selection = { outcomeId: 11, gameId: 2, marketId: 3, oddsMilli: 1850 };
    const store = await storeWith(JSON.stringify([selection]));
    const first = store.getSelections();
    expect(first).not.toBe(store.NO_SELECTIONS);
    expect(first).toEqual([selection]);
    expect(store.getSelections()).toBe(first);
  });
});
