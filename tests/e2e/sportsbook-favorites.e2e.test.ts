/**
 * Favourites, team pages and display settings in Chromium: a guest stars a game and a championship
 * (kept in the browser), signs in and finds them merged into the account (server list), removes one
 * on the favourites page; the "+N" link counts the game's other markets and opens its page; a team
 * page from the scoreboard; the display settings (compact view, game numbers) apply at once and in
 * the next server render; a notification does not cover the mobile header at 390 px.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifact, launchBrowser, type StartedServer, startParlay } from './support.ts';

const V1 = '/web-api/sportsbook/v1';

interface ListGame {
  id: number;
  status: number;
  marketCount?: number;
  champ: { id: number; name: string };
  home: { id: number; name: string };
  away: { name: string };
}

describe('sportsbook favourites, teams and display settings in Chromium', () => {
  let server: StartedServer;
  let browser: Browser;

  async function newContext(width = 1366): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addCookies([
      { name: 'theme', value: 'dark', url: server.origin },
      { name: 'cookies_agree_type', value: 'all', url: server.origin },
    ]);
    return context;
  }

  async function open(context: BrowserContext, path: string, page?: Page): Promise<Page> {
    const tab = page ?? (await context.newPage());
    await tab.goto(`${server.origin}${path}`);
    await tab.locator('[data-hydrated="true"]').first().waitFor();
    await tab
      .getByRole('button', { name: /^(Accept all|Принять все)$/ })
      .click({ timeout: 1500 })
      .catch(() => {});
    return tab;
  }

  async function lineGames(): Promise<ListGame[]> {
    const res = await fetch(`${server.origin}${V1}/line?sportId=1&limit=20&lang=en`);
    return ((await res.json()) as { data: ListGame[] }).data;
  }

  beforeAll(async () => {
    server = await startParlay();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('keeps a guest’s stars in the browser and merges them into the account at sign-in', async () => {
    const context = await newContext();
    const page = await open(context, '/en/home/line/sports/football');
    const row = page.locator('li[data-game-id]').first();
    const gameId = Number(await row.getAttribute('data-game-id'));
    await row.getByRole('button', { name: 'Add to favourites' }).click();
    await expect.poll(() => row.getByRole('button', { name: 'Remove from favourites' }).count()).toBe(1);
    const champStar = page.getByRole('button', { name: /^Add .+ to favourites$/ }).first();
    const champLabel = (await champStar.getAttribute('aria-label')) ?? '';
    await champStar.click();
    await page
      .getByRole('button', {
        name: champLabel.replace(/^Add/, 'Remove').replace(/to favourites$/, 'from favourites'),
      })
      .waitFor();
    // A guest's favourites survive a reload (this browser only).
    await page.reload();
    await page.locator('[data-hydrated="true"]').first().waitFor();
    await page.locator(`li[data-game-id="${gameId}"] button[aria-pressed="true"]`).waitFor();

    // Sign in (fast registration): the local favourites merge into the server list.
    const res = await context.request.post(`${server.origin}/web-api/auth/v1/registration/fast`, {
      data: { countryId: 1, currency: 'RUB' },
      headers: { origin: server.origin },
    });
    expect(res.status()).toBe(200);
    const favorites = await open(context, '/en/top-sports/cricket/favorites', page);
    await favorites.locator('[data-testid="favorites-page"][data-favorites-mode="server"]').waitFor();
    const stored = async () =>
      (await (await context.request.get(`${server.origin}${V1}/favorites?lang=en`)).json()) as {
        games: number[];
        champs: number[];
      };
    await expect.poll(async () => (await stored()).games).toContain(gameId);
    expect((await stored()).champs).toHaveLength(1);
    expect(await favorites.evaluate(() => localStorage.getItem('parlay.favorites.v1'))).toBeNull();
    await favorites.locator(`li[data-game-id="${gameId}"]`).waitFor();
    await favorites.getByText('Your favourites are kept in your account.').waitFor();
    await favorites.screenshot({ path: artifact('sports-favorites-signed-in-en-desktop.png') });

    // Un-starring on the favourites page removes it from the account.
    await favorites
      .locator(`li[data-game-id="${gameId}"]`)
      .getByRole('button', { name: 'Remove from favourites' })
      .click();
    await expect.poll(async () => (await stored()).games).not.toContain(gameId);
    await favorites.locator(`li[data-game-id="${gameId}"]`).waitFor({ state: 'detached' });
    await context.close();
  });

  it('"+N" counts the other markets of the game and opens its page; the scoreboard links the team page', async () => {
    const [game] = (await lineGames()).filter((g) => (g.marketCount ?? 0) > 3);
    if (!game) throw new Error('no football game with markets');
    const context = await newContext();
    const page = await open(context, '/en/home/line/sports/football');
    const more = page.locator(`li[data-game-id="${game.id}"] a[aria-label*="more market"]`);
    const shown = await page.locator(`li[data-game-id="${game.id}"] button[data-outcome-id]`).count();
    const text = (await more.textContent()) ?? '';
    const n = Number(text.replace('+', ''));
    expect(n).toBeGreaterThan(30);
    // The row shows 1X2, total and handicap (three markets); "+N" is every other market.
    expect(n).toBe((game.marketCount ?? 0) - 3);
    expect(shown).toBeGreaterThanOrEqual(6);
    await more.click();
    await page.waitForURL(new RegExp(`/${game.id}-`));
    await page.locator('[data-hydrated="true"]').first().waitFor();
    await page.getByRole('link', { name: game.home.name, exact: true }).first().click();
    await page.waitForURL(/\/en\/team\/line\//);
    const team = page.getByTestId('team-page');
    await team.waitFor();
    expect(await team.getAttribute('data-team-id')).toBe(String(game.home.id));
    await page.getByRole('heading', { name: 'Upcoming events' }).waitFor();
    await page.getByRole('heading', { name: 'Latest results' }).waitFor();
    expect(await page.locator(`li[data-game-id="${game.id}"]`).count()).toBe(1);
    await page.screenshot({ path: artifact('sports-team-en-desktop.png') });
    await context.close();
  });

  it('applies compact view and game numbers at once and in the next server render', async () => {
    const context = await newContext(390);
    const page = await open(context, '/ru/home/line/sports/football');
    const list = page.getByTestId('line-list');
    expect(await list.getAttribute('data-compact')).toBeNull();
    expect(await page.getByTestId('game-number').count()).toBe(0);
    // One game's row, compared with itself (rows of other games differ in height by their names):
    // the last, which starts latest, so it is still in the line after the reload.
    const row = page.locator('li[data-game-id]').last();
    const gameId = await row.getAttribute('data-game-id');
    const heightBefore = (await row.boundingBox())?.height ?? 0;
    // On a phone the menu is a drawer: the settings sit at its foot.
    const menuButton = page.getByRole('button', { name: /^☰ Спорт$/ });
    if (await menuButton.isVisible()) await menuButton.click();
    await page.getByTestId('view-settings').locator('summary').click();
    await page.getByLabel('Компактный вид').check();
    await page.getByLabel('Показывать номера событий').check();
    await expect.poll(() => list.getAttribute('data-compact')).toBe('true');
    await expect.poll(() => page.getByTestId('game-number').count()).toBeGreaterThan(0);
    // The cookies make the server draw the same.
    const html = await (await context.request.get(`${server.origin}/ru/home/line/sports/football`)).text();
    expect(html).toContain('data-compact="true"');
    expect(html).toContain('data-testid="game-number"');
    await page.reload();
    await page.locator('[data-hydrated="true"]').first().waitFor();
    const heightAfter = (await page.locator(`li[data-game-id="${gameId}"]`).boundingBox())?.height ?? 0;
    expect(heightAfter).toBeGreaterThan(0);
    expect(heightAfter).toBeLessThan(heightBefore);
    await page.screenshot({ path: artifact('sports-compact-game-numbers-ru-mobile.png') });
    await context.close();
  });

  it('shows a notification below the mobile header at 390 px', async () => {
    const context = await newContext(390);
    const page = await open(context, '/en/home/line');
    await page.evaluate(() =>
      window.dispatchEvent(
        new CustomEvent('parlay:notify', { detail: { text: 'Bet accepted at 1.85', timeoutMs: null } }),
      ),
    );
    const toast = page.locator('[data-notification]').first();
    await toast.waitFor();
    const header = await page.locator('header').first().boundingBox();
    const box = await toast.boundingBox();
    if (!header || !box) throw new Error('no header or notification on screen');
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: artifact('notification-en-mobile-390.png') });
    await context.close();
  });
});
