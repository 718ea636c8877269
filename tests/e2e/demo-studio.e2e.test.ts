/**
 * The development demo studio in Chromium (issue 19): a signed-in player with money opens the demo
 * studio's slot from the casino; the casino's page launches it and shows the studio's page in an
 * iframe; a spin there moves the player's balance by exactly what the studio shows; the live
 * roulette table's page shows the shared round (countdown, the last numbers). Screenshots to
 * /tmp/shots/demo-studio/.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositViaSandbox, mainBalanceMinor, registerFastPlayer } from './players.ts';
import { launchBrowser, type StartedServer, startParlay } from './support.ts';

const SHOTS = '/tmp/shots/demo-studio';

async function routeOf(page: Page, gameId: number): Promise<string> {
  const body = await page.evaluate(
    async (id) => (await fetch(`/web-api/casino/v1/games/${id}?lang=en`)).json(),
    gameId,
  );
  const game = (body as { game?: { route: string }; route?: string }).game ?? (body as { route: string });
  return game.route;
}

describe('demo studio in Chromium', () => {
  let server: StartedServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startParlay();
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: 'cookies_agree_type', value: 'all', url: server.origin }]);
    mkdirSync(SHOTS, { recursive: true });
    page = await context.newPage();
    await registerFastPlayer(page, server.origin);
    await depositViaSandbox(page, 'card', '500');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a slot spin in the studio iframe moves the balance by −stake + win; the live table runs', async () => {
    const before = await mainBalanceMinor(page);
    await page.goto(`${server.origin}/en${await routeOf(page, 9001)}`);
    const frame = page.frameLocator('[data-testid="provider-frame"]');
    const spin = frame.getByRole('button', { name: 'Spin' });
    await expect.poll(() => spin.isEnabled(), { timeout: 20_000 }).toBe(true);
    await spin.click();
    await expect.poll(() => frame.locator('#msg').textContent(), { timeout: 10_000 }).toMatch(/Win|No win/);
    const message = (await frame.locator('#msg').textContent()) ?? '';
    const win = /Win: (\d+)\.(\d{2})/.exec(message);
    const winMinor = win ? BigInt(`${win[1]}${win[2]}`) : 0n;
    expect(await mainBalanceMinor(page)).toBe(before - 100n + winMinor);
    const shown = (await frame.locator('#balance').textContent()) ?? '';
    expect(BigInt(shown.replace('.', ''))).toBe(before - 100n + winMinor);
    await page.screenshot({ path: `${SHOTS}/slot-1280.png`, fullPage: true });

    await page.goto(`${server.origin}/en${await routeOf(page, 9002)}`);
    const table = page.frameLocator('[data-testid="provider-frame"]');
    await expect
      .poll(() => table.locator('#phase').textContent(), { timeout: 20_000 })
      .toMatch(/Bets (open|closed)/);
    await expect.poll(() => table.locator('#hist span').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/roulette-1280.png`, fullPage: true });
  });
});
