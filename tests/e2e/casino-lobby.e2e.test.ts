/**
 * The casino for a guest in Chromium: several casino routes each show games (not a placeholder),
 * the instant search finds a game and opens it with the keyboard, and one dice round is played in
 * demo mode with the demo balance moving. Screenshots of a lobby and the game page at 390 and
 * 1440 px, dark and light, go to tests/e2e/artifacts/. A tournament made by `parlay tournaments
 * create` before the start: a player joins it from its page (keyboard), plays a real dice round in
 * another tab and sees their own row appear on the leaderboard live, at 390 px.
 */

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { routeSamplesOf } from '@parlay/apps/route-samples.ts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositViaSandbox, registerFastPlayer } from './players.ts';
import { artifact, launchBrowser, parlayCli, type StartedServer, startParlay } from './support.ts';

const TOURNAMENT = 'E2E dice race';

/** The server's data directory with a running dice tournament in it (the CLI writes it before start). */
function dataDirWithTournament(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'parlay-e2e-tournament-'));
  const now = Date.now();
  parlayCli(
    [
      'tournaments',
      'create',
      '--name-ru',
      'Гонка в кости',
      '--name-en',
      TOURNAMENT,
      '--start',
      new Date(now - 60_000).toISOString(),
      '--end',
      new Date(now + 6 * 60 * 60 * 1000).toISOString(),
      '--scoring',
      'wagered',
      '--currency',
      'RUB',
      '--prizes',
      '100000,50000',
      '--games',
      '1001',
      '--terms-en',
      'Real-money dice rounds count by their stake.',
      '--terms-ru',
      'Засчитываются ставки в кости на реальные деньги.',
    ],
    { DATA_DIR: dir },
  );
  return dir;
}

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
    // Waits for the document, then for hydration: a lobby's 'load' also waits for every thumbnail
    // in view, which on a busy machine (CI's lanes side by side) passed the 30 s of a goto.
    await page.goto(`${server.origin}${path}`, { waitUntil: 'domcontentloaded' });
    await page.locator('[data-hydrated="true"]').first().waitFor();
    await page
      .getByRole('button', { name: /^(Accept all|Принять все)$/ })
      .click({ timeout: 1500 })
      .catch(() => {});
    return page;
  }

  beforeAll(async () => {
    server = await startParlay({ DATA_DIR: dataDirWithTournament() });
    browser = await launchBrowser();
  }, 300_000);
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
  });

  it('lists games on every other casino route of the manifest', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addCookies([{ name: 'cookies_agree_type', value: 'all', url: server.origin }]);
    const page = await context.newPage();
    const empty: string[] = [];
    for (const [id, path] of Object.entries(routeSamplesOf([{ name: 'casino' }]))) {
      if (NOT_A_LOBBY.has(id)) continue;
      const answer = await page.goto(`${server.origin}/en${path}`, { waitUntil: 'domcontentloaded' });
      expect(answer?.status(), path).toBe(200);
      const tiles = page.getByTestId('casino-games').locator('[data-game-id]');
      await tiles
        .first()
        .waitFor({ timeout: 10_000 })
        .catch(() => empty.push(path));
    }
    expect(empty).toEqual([]);
    await context.close();
  });

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
  });

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
  });

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
  });

  it('joins a tournament, plays a real round and sees the own row appear on the leaderboard', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addCookies([{ name: 'cookies_agree_type', value: 'all', url: server.origin }]);
    const page = await context.newPage();
    await registerFastPlayer(page, server.origin);
    await depositViaSandbox(page, 'card', '1000');
    await page.goto(`${server.origin}/en/bonus/casino/tournaments`);
    await page.locator('[data-mf-root="casino"] [data-hydrated="true"]').waitFor({ timeout: 30_000 });
    const link = page.getByTestId('tournaments-list').getByRole('link', { name: TOURNAMENT });
    await link.focus();
    await link.press('Enter');
    await page.waitForURL(/\/en\/bonus\/casino\/tournaments\/\d+$/);
    await page.locator('[data-mf-root="casino"] [data-hydrated="true"]').waitFor({ timeout: 30_000 });
    await page.getByText('Real-money dice rounds count by their stake.').waitFor();
    await page.getByText('No scores yet').waitFor();
    const join = page.getByRole('button', { name: 'Join the tournament' });
    await join.focus();
    await join.press('Enter');
    await page.getByText('You are in the tournament').waitFor();

    const game = await context.newPage();
    await game.goto(`${server.origin}/en/casino/game/1001/dice`);
    await game.locator('[data-mf-root="casino"] [data-hydrated="true"]').waitFor({ timeout: 30_000 });
    const real = game.getByRole('radio', { name: 'Real money' });
    await real.click();
    await expect.poll(() => real.getAttribute('aria-checked')).toBe('true');
    await game.getByTestId('casino-stage').getByRole('button', { name: 'Roll', exact: true }).click();
    await expect
      .poll(() => game.getByTestId('casino-last-win').textContent(), { timeout: 15_000 })
      .not.toBe('—');

    // The tournament tab, left open, hears the tick over /ws and shows the player's own row.
    const own = page.getByTestId('tournament-board').locator('tr[data-you="true"]');
    await own.waitFor({ timeout: 20_000 });
    await expect(own.getAttribute('aria-current')).resolves.toBe('true');
    await expect(own.locator('td').first().textContent()).resolves.toBe('1');
    await expect(own.textContent()).resolves.toContain('10.00');
    await page.screenshot({ path: artifact('casino-tournament-390.png') });
    await context.close();
  });
});
