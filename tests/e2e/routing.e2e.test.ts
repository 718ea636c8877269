/**
 * Routing in a real browser: the language redirect, a guarded route on client navigation (guest →
 * login with return-url, without a page load), an area page frame, and the technical app's 404.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifact, launchBrowser, type StartedServer, startParlay } from './support.ts';

describe('routing in Chromium', () => {
  let server: StartedServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startParlay();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('adds the language prefix and keeps the query', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.origin}/information/contacts?from=e2e`);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(
      '/ru/information/contacts?from=e2e',
    );
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Контакты');
    await page.close();
  });

  it('sends a guest from a guarded link to login on client navigation, and shows the area frame', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await page.goto(`${server.origin}/en/information/howbet`);
    await page.locator('[data-mf-app="info"] [data-hydrated="true"]').waitFor();
    const breadcrumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
    await expect(
      breadcrumbs.getByRole('link', { name: 'Sports betting' }).getAttribute('href'),
    ).resolves.toBe('/en/');
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
      const link = document.createElement('a');
      link.href = '/en/office/account';
      link.textContent = 'My account';
      document.querySelector('main')?.append(link);
    });
    await page.getByRole('link', { name: 'My account' }).click();
    await page.waitForURL(`${server.origin}/en/user/login?return-url=%2Fen%2Foffice%2Faccount`);
    await page.locator('main[data-mf-app="auth"] [data-hydrated="true"]').waitFor();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Log in');
    await expect(
      page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).resolves.toBe(true);
    await page.screenshot({ path: artifact('routing-login-en-desktop.png') });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('answers an unknown page with the technical app 404, hydrated', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    const response = await page.goto(`${server.origin}/en/print-coupon/abc`);
    expect(response?.status()).toBe(404);
    await page.locator('main[data-mf-app="technical"] [data-hydrated="true"]').waitFor();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'This page could not be found',
    );
    expect(errors).toEqual([]);
    await page.close();
  });
});
