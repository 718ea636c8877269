/**
 * The sportsbook in Chromium: line and live navigation, a game page with dozens of markets in tabs,
 * odds-format switching without reload, toggling a selection, and a live price change arriving over
 * /ws on an open page. Screenshots of the home, a live list and a football game page at 390 and
 * 1366 px, dark and light, ru and en, go to tests/e2e/artifacts/.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifact, launchBrowser, type StartedServer, startParlay } from './support.ts';

interface ListGame {
  id: number;
  status: number;
  champ: { id: number; name: string };
  home: { name: string };
  away: { name: string };
}

describe('sportsbook in Chromium', () => {
  let server: StartedServer;
  let browser: Browser;

  async function firstGame(mode: 'line' | 'live', sportId = 1): Promise<ListGame> {
    for (let attempt = 0; attempt < 60; attempt += 1) {
      const res = await fetch(
        `${server.origin}/web-api/sportsbook/v1/${mode}?sportId=${sportId}&limit=20&lang=en`,
      );
      const body = (await res.json()) as { data: ListGame[] };
      const game = body.data.find((g) => (mode === 'live' ? g.status === 2 : g.status === 0));
      if (game) return game;
      await new Promise((r) => setTimeout(r, 1000));
    }
    throw new Error(`no ${mode} game`);
  }

  async function open(
    path: string,
    options: { width?: number; theme?: 'dark' | 'light' } = {},
  ): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: options.width ?? 1366, height: 900 } });
    await context.addCookies([
      { name: 'theme', value: options.theme ?? 'dark', url: server.origin },
      { name: 'cookies_agree_type', value: 'all', url: server.origin },
    ]);
    const page = await context.newPage();
    await page.goto(`${server.origin}${path}`);
    await page.locator('[data-hydrated="true"]').first().waitFor();
    // The cookie notice would cover the screenshots: accept it when it shows.
    await page
      .getByRole('button', { name: /^(Accept all|Принять все)$/ })
      .click({ timeout: 1500 })
      .catch(() => {});
    return page;
  }

  beforeAll(async () => {
    server = await startParlay();
    browser = await launchBrowser();
    await firstGame('live');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('navigates from the home to the live list, a sport and a game', async () => {
    const page = await open('/en/');
    await page.getByTestId('top-live').locator('[data-game-id]').first().waitFor();
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Live', exact: true })
      .click();
    await page.waitForURL(`${server.origin}/en/home/live`);
    await page.getByTestId('live-list').locator('[data-live="true"]').first().waitFor();
    await page
      .getByRole('navigation', { name: 'Sports menu' })
      .getByRole('link', { name: /^Football/ })
      .click();
    await page.waitForURL(`${server.origin}/en/home/live/sports/football`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Football · Live');
    // Time filter: second period.
    await page.locator('a[data-time-filter="2"]').click();
    await page.waitForURL(/tf=2/);
    await page.locator('a[data-time-filter="0"]').click();
    await page.waitForURL(`${server.origin}/en/home/live/sports/football`);
    await page.getByTestId('live-list').locator('[data-game-id] a').first().click();
    await page.waitForURL(/\/en\/home\/live\/sports\/football\/\d+-[^/]+\/\d+/);
    await page.getByRole('region', { name: 'Scoreboard' }).waitFor();
    // Line section of a sport.
    await page.goto(`${server.origin}/en/home/line/sports/tennis`);
    await page.getByTestId('line-list').locator('[data-game-id]').first().waitFor();
    await page.context().close();
  });

  it('shows a football game with dozens of markets in tabs, filters them and toggles a selection', async () => {
    const game = await firstGame('line');
    const page = await open(`/en/home/line/sports/football/${game.champ.id}-x/${game.id}-x`);
    const markets = page.getByTestId('markets');
    const prices = await markets.locator('button[data-outcome-id]').count();
    expect(prices).toBeGreaterThan(80);
    expect(await markets.locator('[data-market]').count()).toBeGreaterThan(10);
    const tabs = page.getByRole('tablist', { name: 'Market groups' });
    for (const name of ['Main', 'Totals', 'Handicaps', 'Corners', 'Cards']) {
      await tabs.getByRole('tab', { name: new RegExp(`^${name}`) }).waitFor();
    }
    await tabs.getByRole('tab', { name: /^Corners/ }).click();
    await expect(markets.locator('[data-market]').first().getAttribute('data-market')).resolves.toContain(
      'stat=corners',
    );
    await tabs.getByRole('tab', { name: /^All/ }).click();
    await page.getByRole('searchbox', { name: 'Search markets' }).fill('both teams');
    await expect(markets.locator('[data-market]').count()).resolves.toBe(1);
    await page.getByRole('searchbox', { name: 'Search markets' }).fill('');

    // A price is a button named after its event, market, outcome (the team for a result) and price;
    // clicking selects it for the coupon.
    const home = markets.locator('[data-market="result"] button[data-outcome-id]').first();
    const spoken = (await home.getAttribute('aria-label')) ?? '';
    const [teams, rest] = spoken.split(', ');
    const homeTeam = teams!.split(' — ')[0]!;
    expect(rest).toBe(`1X2: ${homeTeam}`);
    await expect(home.getAttribute('aria-pressed')).resolves.toBe('false');
    await home.click();
    await expect(home.getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(page.getByTestId('slip-count').textContent()).resolves.toBe('1');
    await page.getByTestId('bet-slip').getByTestId('slip-leg').getByText(homeTeam, { exact: true }).waitFor();
    await home.click();
    await expect(page.getByTestId('slip-count').textContent()).resolves.toBe('0');
    await page.context().close();
  });

  it('switches the odds format everywhere without a reload and keeps it for the server render', async () => {
    const page = await open('/en/home/line/sports/football');
    const first = page.getByTestId('line-list').locator('button[data-outcome-id]:not([disabled])').first();
    const milli = Number(await first.getAttribute('data-odds-milli'));
    const decimal = await first.textContent();
    expect(decimal).toMatch(/^\d+\.\d{2,3}$/);
    expect(Number(decimal)).toBeCloseTo(milli / 1000, 2);
    await page.evaluate(() => {
      (window as unknown as { __same: boolean }).__same = true;
    });
    await page.getByTestId('odds-format').selectOption('1');
    await page.waitForFunction((el) => el?.textContent?.includes('/'), await first.elementHandle());
    expect(await first.textContent()).toMatch(/^\d+\/\d+$/);
    await page.getByTestId('odds-format').selectOption('2');
    await page.waitForFunction((el) => /^[+-]\d+$/.test(el?.textContent ?? ''), await first.elementHandle());
    await expect(page.evaluate(() => (window as unknown as { __same?: boolean }).__same)).resolves.toBe(true);
    // The cookie makes the next server render American too.
    const html = await (
      await page.context().request.get(`${server.origin}/en/home/line/sports/football`)
    ).text();
    expect(html).toMatch(/aria-label="[^"]+, [+-]\d+"/);
    await page.getByTestId('odds-format').selectOption('0');
    await page.context().close();
  });

  it('receives a live price change on an open game page', async () => {
    const game = await firstGame('live');
    const page = await open(`/en/home/live/sports/football/${game.champ.id}-x/${game.id}-x`);
    const before = await page.$$eval('button[data-outcome-id]', (els) =>
      Object.fromEntries(
        els.map((el) => [el.getAttribute('data-outcome-id'), el.getAttribute('data-odds-milli')]),
      ),
    );
    await page.waitForFunction(
      (prices: Record<string, string | null>) =>
        [...document.querySelectorAll('button[data-outcome-id]')].some(
          (el) =>
            el.hasAttribute('data-move') ||
            prices[el.getAttribute('data-outcome-id') ?? ''] !== el.getAttribute('data-odds-milli'),
        ),
      before,
      { timeout: 40_000 },
    );
    await page.context().close();
  });

  it('saves screenshots of the home, a live list and a football game page', async () => {
    const live = await firstGame('live');
    const pages: [string, string][] = [
      ['home', '/{lng}/'],
      ['live', '/{lng}/home/live'],
      ['game', `/{lng}/home/live/sports/football/${live.champ.id}-x/${live.id}-x`],
    ];
    const variants = [
      { lng: 'en', theme: 'dark', width: 1366 },
      { lng: 'en', theme: 'dark', width: 390 },
      { lng: 'ru', theme: 'light', width: 1366 },
      { lng: 'ru', theme: 'light', width: 390 },
    ] as const;
    for (const [name, path] of pages) {
      for (const v of variants) {
        const page = await open(path.replace('{lng}', v.lng), { width: v.width, theme: v.theme });
        await page.waitForTimeout(800);
        await page.screenshot({ path: artifact(`sportsbook-${name}-${v.lng}-${v.theme}-${v.width}.png`) });
        await page.context().close();
      }
    }
  });
});
