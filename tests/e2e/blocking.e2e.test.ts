/**
 * Block pages in a real browser (site-shell §4 "Blocking"): during maintenance the block service
 * answers reason 4 and every page leads to the site-updates page; without a block, the block page
 * itself leads back to the language root.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifact, launchBrowser, type StartedServer, startParlay } from './support.ts';

describe('block pages in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  describe('while the site is being updated', () => {
    let server: StartedServer;
    beforeAll(async () => {
      server = await startParlay({ FEED_PROVIDER: 'none' }, { 'maintenance.isMaintenance': true });
    });
    afterAll(async () => {
      await server?.stop();
    });

    it('sends a visitor of any page to the site-updates page, without header or footer', async () => {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      const response = await page.goto(`${server.origin}/en/information/contacts`);
      expect(new URL(page.url()).pathname).toBe('/en/site-updates');
      expect(response?.status()).toBe(503);
      await page.getByRole('heading', { name: 'Site update in progress' }).waitFor();
      await expect(page.locator('#parlay-header header').count()).resolves.toBe(0);
      await page.screenshot({ path: artifact('block-site-updates-en-mobile.png') });
      await page.close();
    });
  });

  describe('without a block', () => {
    let server: StartedServer;
    beforeAll(async () => {
      server = await startParlay({ FEED_PROVIDER: 'none' });
    });
    afterAll(async () => {
      await server?.stop();
    });

    it('leads from a block page back to the language root', async () => {
      const page = await browser.newPage();
      await page.goto(`${server.origin}/ru/block`);
      expect(new URL(page.url()).pathname).toBe('/ru/');
      await page.close();
    });
  });
});
