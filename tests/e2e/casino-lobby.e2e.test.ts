/**
 * The casino for a guest in Chromium: several casino routes each show games (not a placeholder),
 * the instant search finds a game and opens it with the keyboard, and one dice round is played in
 * demo mode with the demo balance moving. Screenshots of a lobby and the game page at 390 and
 * 1440 px, dark and light, go to tests/e2e/artifacts/.
 */

import { routeSamplesOf } from '@parlay/apps/route-samples.ts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifact, launchBrowser, type StartedServer, startParlay } from './support.ts';

/** Casino routes that are not a list of games: a game page, the verifier, a player's own pages. */
const NOT_A_LOBBY = new Set(['casino-game', 'casino-verify', 'my-casino', 'my-casino-favorites']);

const ROUTES = [
  '/en/casino',
  '/en/slots',
  '/en/fast-games',
  '/en/providers',
  '/en/bonus/casino',
  '/ru/keno/thank-you',
];

describe('casino lobby in Chromium', () => {
  let server: StartedServer;
  let browser: Browser;

  async function open(
    path: string,
    options: { width?: number; theme?: 'dark' | 'light' } = {},
  ): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: options.width ?? 1440, height: 900 } });
    await context.addCookies([
      { name: 'theme', value: options.theme ?? 'dark', url: server.origin },
      { name: 'cookies_agree_type', value: 'all', url: server.origin },
    ]);
    const page = await context.newPage();
    await page.goto(`${server.origin}${path}`);
    await page.locator('[data-hydrated="true"]').first().waitFor();
    await page
      .getByRole('button', { name: /^(Accept all|Принять все)$/ })
      .click({ timeout: 1500 })
      .catch(() => {});
    return page;
  }

  beforeAll(async () => {
    server = await startParlay();
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows games on every casino route it opens', async () => {
    for (const path of ROUTES) {
      const page = await open(path);
      const tiles = page.getByTestId('casino-games').locator('[data-game-id]');
      await tiles.first().waitFor();
      expect(await tiles.count(), path).toBeGreaterThan(0);
      await expect(page.getByText(/opens soon|скоро откроется/).count()).resolves.toBe(0);
      await page.context().close();
    }
  }, 120_000);

  it('lists games on every other casino route of the manifest', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addCookies([{ name: 'cookies_agree_type', value: 'all', url: server.origin }]);
    const page = await context.newPage();
    const empty: string[] = [];
    for (const [id, path] of Object.entries(routeSamplesOf([{ name: 'casino' }]))) {
      if (NOT_A_LOBBY.has(id)) continue;
      const answer = await page.goto(`${server.origin}/en${path}`);
      expect(answer?.status(), path).toBe(200);
      const tiles = page.getByTestId('casino-games').locator('[data-game-id]');
      await tiles
        .first()
        .waitFor({ timeout: 10_000 })
        .catch(() => empty.push(path));
    }
    expect(empty).toEqual([]);
    await context.close();
  }, 180_000);

  it('loads the next page of a long list and filters by category', async () => {
    const page = await open('/en/casino');
    const tiles = page.getByTestId('casino-games').locator('[data-game-id]');
    await tiles.first().waitFor();
    const before = await tiles.count();
    const more = page.getByRole('button', { name: 'Show more' });
    if (await more.isVisible()) {
      await more.click();
      await page.waitForFunction(
        (n) => document.querySelectorAll('[data-testid="casino-games"] [data-game-id]').length > n,
        before,
      );
    }
    const tab = page.getByRole('tab', { name: /^Dice/ });
    await tab.click();
    await expect(tab.getAttribute('aria-selected')).resolves.toBe('true');
    await page.getByTestId('casino-games').locator('[data-game-id="1001"]').waitFor();
    await page.context().close();
  }, 60_000);

  it('searches a game, opens it from the listbox and plays a dice round in demo', async () => {
    const page = await open('/en/slots');
    const search = page.getByRole('combobox', { name: 'Search games' });
    await search.fill('dic');
    const option = page.getByRole('option', { name: /Dice/ });
    await option.first().waitFor();
    await search.press('ArrowDown');
    await expect(option.first().getAttribute('aria-selected')).resolves.toBe('true');
    await search.press('Enter');
    await page.waitForURL(/\/en\/casino\/game\/1001\/dice$/);
    await page.locator('[data-hydrated="true"]').first().waitFor();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Dice');
    await expect(page.getByRole('radio', { name: 'Demo' }).getAttribute('aria-checked')).resolves.toBe(
      'true',
    );
    await expect(page.getByRole('radio', { name: 'Real money' }).isDisabled()).resolves.toBe(true);
    const balance = page.getByTestId('casino-balance');
    await expect.poll(() => balance.textContent(), { timeout: 15_000 }).toContain('1,000.00');
    await page.getByTestId('casino-stage').getByRole('button', { name: 'Roll', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('casino-last-win').textContent(), { timeout: 15_000 })
      .not.toBe('—');
    // 10.00 fun staked from 1,000.00: the balance after is 990.00 plus what the round paid.
    const cents = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));
    const win = cents(await page.getByTestId('casino-last-win').textContent());
    await expect.poll(async () => cents(await balance.textContent())).toBe(99_000 + win);
    await page.getByText('Provably fair').click();
    await expect(
      page.getByRole('link', { name: 'Verify the last round' }).getAttribute('href'),
    ).resolves.toMatch(/^\/en\/provably-fair\/\d+$/);
    await page.context().close();
  }, 90_000);

  it('takes screenshots of a lobby and the game page', async () => {
    for (const theme of ['dark', 'light'] as const) {
      for (const width of [390, 1440]) {
        const lobby = await open('/en/slots', { width, theme });
        await lobby.getByTestId('casino-games').locator('img').first().waitFor();
        await lobby.screenshot({ path: artifact(`casino-lobby-${width}-${theme}.png`) });
        await lobby.context().close();
        const game = await open('/ru/casino/game/1001/dice', { width, theme });
        await game.getByTestId('casino-stage').waitFor();
        await game.screenshot({ path: artifact(`casino-game-${width}-${theme}.png`) });
        await game.context().close();
      }
    }
  }, 120_000);
});
