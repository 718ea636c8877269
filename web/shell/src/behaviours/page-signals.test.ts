import { describe, expect, it, vi } from 'vitest';
import { baitBlocked, isNewVersion, scrollTopVisible } from './page-signals.ts';
import { loadSiteConfig } from './site-config.ts';

describe('scroll-to-top button', () => {
  it.each([
    // scrollY, viewport height, viewport width, visible
    [0, 800, 1366, false],
    [799, 800, 1366, false],
    [800, 800, 1366, true],
    [800, 800, 1100, true],
    [2000, 800, 390, false],
    [3199, 800, 390, false],
    [3200, 800, 390, true],
    [3200, 800, 1099, true],
    [100, 0, 390, false],
  ])('scrolled %i of %i px tall, %i px wide → %s', (y, h, w, visible) => {
    expect(scrollTopVisible(y, h, w)).toBe(visible);
  });
});

describe('new version', () => {
  it.each([
    ['abc', 'abc', false],
    ['abc', 'def', true],
    ['abc', '', false],
    ['abc', null, false],
    ['abc', 42, false],
    [null, 'def', false],
    ['', 'def', false],
  ])('page %s, server %s → %s', (page, server, isNew) => {
    expect(isNewVersion(page, server)).toBe(isNew);
  });
});

describe('ad blocker bait', () => {
  it.each([
    [null, true],
    [{ offsetHeight: 0, display: 'block', visibility: 'visible' }, true],
    [{ offsetHeight: 10, display: 'none', visibility: 'visible' }, true],
    [{ offsetHeight: 10, display: 'block', visibility: 'hidden' }, true],
    [{ offsetHeight: 10, display: 'block', visibility: 'visible' }, false],
  ])('%o → %s', (measure, blocked) => {
    expect(baitBlocked(measure)).toBe(blocked);
  });
});

describe('site config', () => {
  const ok = (body: unknown) => ({ ok: true, json: async () => body });
  const failed = { ok: false, json: async () => ({}) };

  it('retries up to 5 times, 1 s apart', async () => {
    const wait = vi.fn(async () => {});
    const fetch = vi.fn(async () => failed);
    await expect(loadSiteConfig('en', { fetch, wait })).resolves.toBeNull();
    expect(fetch).toHaveBeenCalledTimes(6);
    expect(wait.mock.calls).toEqual([[1000], [1000], [1000], [1000], [1000]]);
    expect(fetch).toHaveBeenCalledWith('/bff-api/config/all.json?lang=en');
  });

  it('stops at the first answer', async () => {
    const wait = vi.fn(async () => {});
    const fetch = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('network'))
      .mockResolvedValueOnce(failed)
      .mockResolvedValueOnce(ok({ features: { isSnowEnabled: true } }));
    await expect(loadSiteConfig('ru', { fetch, wait })).resolves.toEqual({
      features: { isSnowEnabled: true },
    });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(wait).toHaveBeenCalledTimes(2);
  });
});
