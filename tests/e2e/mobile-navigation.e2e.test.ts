/**
 * The sportsbook on a 390 px phone (issue 26, "Mobile and navigation"): event rows show whole team
 * names and period names (measured in the page: nothing clipped, the period on one line), two-way
 * blocks have no empty X column, the tab bar's menu reaches every area of the site for a guest and for
 * a player (office, settings, log out), and "Skip to content" lands on the first price.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerFastPlayer } from './players.ts';
import { artifact, launchBrowser, type StartedServer, startParlay } from './support.ts';

const PHONE = { width: 390, height: 844 };

/** What one rendered event row measures: each name's clipped width and its price columns. */
interface RowMeasure {
  game: string;
  names: { text: string; scrollWidth: number; clientWidth: number }[];
  when: { text: string; height: number; lineHeight: number; scrollWidth: number; clientWidth: number };
  prices: number;
  /** Column labels of the block's header over the result prices ("1", "X", "2" or "1", "2"). */
  header: string[];
}

/** Measures every event row of the page (the structure of EventRow.tsx: when, teams link, prices). */
function measureRows(page: Page): Promise<RowMeasure[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLLIElement>('li[data-game-id]')].map((row) => {
      const [when, teams, prices] = [...row.children] as HTMLElement[];
      const names = [...(teams?.querySelectorAll<HTMLElement>(':scope > span > span:first-child') ?? [])];
      const result = prices?.firstElementChild as HTMLElement | null;
      const block = row.closest('section');
      const header = block?.querySelector('[aria-hidden="true"] > div:first-child');
      return {
        game: row.dataset.gameId ?? '',
        names: names.map((name) => ({
          text: name.textContent ?? '',
          scrollWidth: name.scrollWidth,
          clientWidth: name.clientWidth,
        })),
        when: {
          text: when?.textContent ?? '',
          height: when?.getBoundingClientRect().height ?? 0,
          lineHeight: Number.parseFloat(getComputedStyle(when ?? row).lineHeight),
          scrollWidth: when?.scrollWidth ?? 0,
          clientWidth: when?.clientWidth ?? 0,
        },
        prices: result?.children.length ?? 0,
        header: [...(header?.children ?? [])].map((label) => label.textContent ?? ''),
      };
    }),
  );
}

describe('the sportsbook on a 390 px phone', () => {
  let server: StartedServer;
  let browser: Browser;

  /** A phone page; `hydrated`: also wait until its micro-app hydrated (a busy machine takes long). */
  async function phonePage(path: string, hydrated = true): Promise<Page> {
    const context = await browser.newContext({ viewport: PHONE });
    await context.addCookies([{ name: 'cookies_agree_type', value: 'all', url: server.origin }]);
    const page = await context.newPage();
    await page.goto(`${server.origin}${path}`);
    if (hydrated)
      await page.locator('[data-hydrated="true"]').first().waitFor({ state: 'attached', timeout: 90_000 });
    return page;
  }

  beforeAll(async () => {
    server = await startParlay();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('event rows show whole team and period names, and two-way blocks have no X column', async () => {
    const checked = { rows: 0, twoWay: 0, live: 0 };
    for (const path of ['/en/home/live', '/en/home/line', '/en/esports/real']) {
      // The layout is the server's markup and the styles: measured without waiting for hydration.
      const page = await phonePage(path, false);
      await page.locator('li[data-game-id]').first().waitFor();
      await page.screenshot({ path: artifact(`mobile-rows${path.replaceAll('/', '-')}-390.png`) });
      const rows = await measureRows(page);
      for (const row of rows) {
        expect(row.names, `game ${row.game}`).toHaveLength(2);
        for (const name of row.names) {
          expect(name.text.length, `game ${row.game}`).toBeGreaterThan(0);
          // A name cut with an ellipsis is wider inside than its box.
          expect(name.scrollWidth, `"${name.text}" of game ${row.game}`).toBeLessThanOrEqual(
            name.clientWidth,
          );
        }
        // The clock and the period ("57' 2nd half") fit on one line of the row's top line.
        expect(row.when.scrollWidth, `"${row.when.text}"`).toBeLessThanOrEqual(row.when.clientWidth);
        expect(row.when.height, `"${row.when.text}"`).toBeLessThan(row.when.lineHeight * 1.5);
        // The result prices are exactly the header's columns, none of them an empty cell.
        expect(row.prices, `game ${row.game}`).toBe(row.header.length);
        if (!row.header.includes('X')) {
          checked.twoWay += 1;
          expect(row.header, `game ${row.game}`).toEqual(['1', '2']);
        }
        if (/\d'|half|period|map|set|quarter/i.test(row.when.text)) checked.live += 1;
        checked.rows += 1;
      }
      await page.context().close();
    }
    expect(checked.rows).toBeGreaterThan(20);
    expect(checked.twoWay).toBeGreaterThan(0);
    expect(checked.live).toBeGreaterThan(0);
  });

  /** Opens the tab bar's menu and returns the dialog. */
  async function openMenu(page: Page) {
    await page
      .getByRole('navigation', { name: 'Quick navigation' })
      .getByRole('button', { name: 'Menu' })
      .click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    return menu;
  }

  const AREAS: [string, RegExp][] = [
    ['Sports', /\/en\/home\/line$/],
    ['Live', /\/en\/home\/live$/],
    ['Esports', /\/en\/esports\/real$/],
    ['Casino', /\/en\/casino$/],
    ['Lotto', /\/en\/lotto$/],
    ['Toto', /\/en\/toto$/],
    ['Promotions', /\/en\/promotions$/],
  ];

  it('the menu reaches every area for a guest, and log in and register', async () => {
    const page = await phonePage('/en/');
    const menu = await openMenu(page);
    await page.screenshot({ path: artifact('mobile-menu-guest-390.png') });
    for (const [name, href] of AREAS) {
      await expect(menu.getByRole('link', { name, exact: true }).getAttribute('href')).resolves.toMatch(href);
    }
    await expect(menu.getByRole('link', { name: 'Log in', exact: true }).getAttribute('href')).resolves.toBe(
      '/en/user/login',
    );
    await expect(
      menu.getByRole('link', { name: 'Register', exact: true }).getAttribute('href'),
    ).resolves.toBe('/en/registration');
    await expect(menu.getByRole('button', { name: 'Log out' }).count()).resolves.toBe(0);
    // Every link can be reached by scrolling the menu: the last one is tapped and followed.
    await menu.getByRole('link', { name: 'Toto', exact: true }).click();
    await page.waitForURL(`${server.origin}/en/toto`);
    await page.context().close();
  });

  it('the menu of a signed-in player reaches the office and settings and logs out', async () => {
    const page = await phonePage('/en/');
    await registerFastPlayer(page, server.origin);
    await page.goto(`${server.origin}/en/`);
    await page.locator('[data-hydrated="true"]').first().waitFor({ state: 'attached', timeout: 90_000 });
    const menu = await openMenu(page);
    for (const [name, href] of AREAS) {
      await expect(menu.getByRole('link', { name, exact: true }).getAttribute('href')).resolves.toMatch(href);
    }
    await expect(
      menu.getByRole('link', { name: 'Personal office', exact: true }).getAttribute('href'),
    ).resolves.toBe('/en/office/account');
    await expect(
      menu.getByRole('link', { name: 'Settings', exact: true }).getAttribute('href'),
    ).resolves.toBe('/en/office/settings');
    await page.screenshot({ path: artifact('mobile-menu-player-390.png') });
    await menu.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.waitForURL(`${server.origin}/en/office/settings`);
    // In the office the section menu is one compact selector on a phone.
    await expect(page.getByTestId('office-menu-select').isVisible()).resolves.toBe(true);
    const logout = (await openMenu(page)).getByRole('button', { name: 'Log out' });
    await logout.click();
    await page.waitForURL(`${server.origin}/en/`);
    await expect
      .poll(async () => (await page.context().cookies()).some((c) => c.name === 'user_token'))
      .toBe(false);
    await page.context().close();
  });

  it('"Skip to content" lands on the first price, past the sports menu', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addCookies([{ name: 'cookies_agree_type', value: 'all', url: server.origin }]);
    const page = await context.newPage();
    await page.goto(`${server.origin}/en/home/line`);
    await page.locator('[data-hydrated="true"]').first().waitFor({ state: 'attached', timeout: 90_000 });
    await page.locator('button[data-outcome-id]:not(:disabled)').first().waitFor();
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Skip to content');
    await page.keyboard.press('Enter');
    const focused = await page.evaluate(() => ({
      outcome: document.activeElement?.getAttribute('data-outcome-id'),
      inSportsMenu: document.activeElement?.closest('nav[aria-label="Sports menu"]') !== null,
    }));
    expect(focused.outcome).toMatch(/^\d+$/);
    expect(focused.inSportsMenu).toBe(false);
    await context.close();
  });
});
