/**
 * Walking skeleton in a real browser: the server-rendered home page hydrates, live data arrives
 * over /ws, and a click moves to another micro-app by fetching its fragment as JSON.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifact, launchBrowser, type StartedServer, startParlay } from './support.ts';

describe('walking skeleton in Chromium', () => {
  let server: StartedServer;
  let browser: Browser;
  beforeAll(async () => {
    // The first start of a fresh clone: every migration from an empty data directory.
    server = await startParlay({}, {}, { freshDatabase: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('redirects / to /ru/ and shows the Russian catalogue', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${server.origin}/`);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/ru/');
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('ru');
    await page.getByText('Футбол').first().waitFor();
    await page.close();
  });

  it('renders /en/ on the server, hydrates, receives /ws data and navigates to another micro-app', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });

    const response = await page.goto(`${server.origin}/en/`);
    expect(response?.status()).toBe(200);
    const html = await response!.text();
    expect(html).toContain('Football');

    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Sports');
    for (const sport of ['Football', 'Tennis', 'Counter-Strike 2']) {
      await page.getByText(sport, { exact: true }).first().waitFor();
    }
    await page.locator('[data-hydrated="true"]').waitFor();

    // Live data: the server clock arrives over the WebSocket and changes on screen.
    const time = page.getByTestId('server-time');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="server-time"]')?.textContent !== '--:--:--',
    );
    const first = await time.textContent();
    // Generous: right after start the embedded database is busy loading the feed's world, and
    // PGlite shares the server's thread, so the first ticks can be late.
    await page.waitForFunction(
      (before) => document.querySelector('[data-testid="server-time"]')?.textContent !== before,
      first,
      { timeout: 20_000 },
    );
    await page.screenshot({ path: artifact('skeleton-home-en-desktop.png'), fullPage: true });

    // Client-side navigation: the page is not reloaded, the info fragment is fetched as JSON.
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
    const fragmentRequest = page.waitForRequest((r) => r.url().includes('/mf/info/en/information/contacts'));
    // Contacts sits under "More" in the main navigation; the footer links to it directly.
    await page.locator('#parlay-footer').getByRole('link', { name: 'Contacts' }).click();
    const request = await fragmentRequest;
    expect(request.headers()['mf-render-mode']).toBe('json');
    expect(request.headers()['mf-api-version']).toBe('v2');
    await page.waitForURL(`${server.origin}/en/information/contacts`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Contacts');
    await expect(
      page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).resolves.toBe(true);
    await expect(page.locator('main').getAttribute('data-mf-app')).resolves.toBe('info');
    await page.screenshot({ path: artifact('skeleton-contacts-en-desktop.png'), fullPage: true });

    // Back returns to the sports micro-app, still without a reload.
    await page.goBack();
    await page.waitForURL(`${server.origin}/en/`);
    await page.getByText('Football', { exact: true }).first().waitFor();
    await expect(
      page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).resolves.toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('answers unknown pages with 404 "This page could not be found"', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const response = await page.goto(`${server.origin}/en/no-such-page`);
    expect(response?.status()).toBe(404);
    await page.getByText('This page could not be found').first().waitFor();
    await page.screenshot({ path: artifact('skeleton-404-en-mobile.png') });
    await page.close();
  });
});
