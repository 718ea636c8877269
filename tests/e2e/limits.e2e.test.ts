/**
 * Responsible gaming in Chromium: a player sets a deposit limit on the office responsible page,
 * loosens it, and approves the change in the non-closable popup once the (shortened) approval
 * delay passed; sets a 5-minute reality check, sees it after the page clock moves on and logs out
 * from it; then excludes themself and is refused at the next sign-in with the end date.
 * Screenshots of the responsible page at 390 and 1366 px go to tests/e2e/artifacts/.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifact, launchBrowser, type StartedServer, startParlay } from './support.ts';

const APPROVAL_DELAY_SECONDS = 3;

describe('responsible gaming in Chromium', () => {
  let server: StartedServer;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    server = await startParlay({ LIMIT_APPROVAL_DELAY_SECONDS: String(APPROVAL_DELAY_SECONDS) });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  async function openResponsible(page: Page): Promise<void> {
    await page.goto(`${server.origin}/en/office/responsible`);
    await page.locator('[data-mf-root="office"] [data-hydrated="true"]').waitFor({ timeout: 15_000 });
    await page.getByRole('region', { name: 'Deposits per 24 hours', exact: true }).waitFor();
  }

  async function shoot(page: Page, name: string): Promise<void> {
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(150);
      await page.screenshot({ path: artifact(`limits-${name}-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1366, height: 900 });
  }

  it('deposit limit approval, reality check with log out, self-exclusion refusing the next sign-in', async () => {
    const page = await context.newPage();
    await page.clock.install({ time: Date.now() });
    await page.goto(`${server.origin}/en/`);
    const player = await page.evaluate(async () => {
      const res = await fetch('/web-api/auth/v1/registration/fast', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ countryId: 1, currency: 'RUB' }),
      });
      return (await res.json()) as { accountNumber: string; password: string };
    });
    expect(player.accountNumber).toMatch(/^\d{10}$/);

    // Set, then loosen, a 24-hour deposit limit.
    await openResponsible(page);
    const daily = page.getByRole('region', { name: 'Deposits per 24 hours', exact: true });
    await daily.getByRole('textbox').fill('1000');
    await daily.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => daily.textContent()).toContain('Active');
    await daily.getByRole('textbox').fill('5000');
    await daily.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => daily.textContent()).toMatch(/Changes to 5,000 RUB in 1 h/);
    await expect(daily.getByRole('button', { name: 'Cancel change' }).isVisible()).resolves.toBe(true);

    // After the delay the shell's limit refresh finds the due change and opens the popup.
    await page.waitForTimeout(APPROVAL_DELAY_SECONDS * 1000 + 500);
    await page.clock.fastForward(61_000);
    const approval = page.getByRole('dialog', { name: 'Confirm your new deposit limit' });
    await approval.waitFor({ timeout: 10_000 });
    await expect(approval.getByRole('button', { name: 'Close' }).count()).resolves.toBe(0);
    await page.keyboard.press('Escape');
    await expect(approval.isVisible()).resolves.toBe(true);
    await approval.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => approval.textContent()).toContain('The new deposit limit applies');
    await page.clock.fastForward(2_000);
    await openResponsible(page);
    await expect
      .poll(() => page.getByRole('region', { name: 'Deposits per 24 hours', exact: true }).textContent())
      .toContain('5,000 RUB');
    await shoot(page, 'responsible');

    // A 5-minute reality check, seen after the page clock moves on; log out from it.
    const reality = page.getByRole('region', { name: 'Reality check', exact: true });
    await reality.getByRole('combobox').selectOption('5');
    await reality.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => reality.textContent()).toContain('Active');
    // The shell's minute refresh learns the interval (its answer comes over the real network)…
    await page.clock.fastForward(61_000);
    await page.waitForTimeout(1_000);
    // …and the check shows once the 5 minutes (one chunk) have passed.
    await page.clock.fastForward(5 * 60_000);
    const check = page.getByRole('dialog', { name: 'Reality check' });
    await check.waitFor({ timeout: 10_000 });
    // Elapsed time in words from the dictionary ("6 min", "1 h 05 min"), not an ambiguous "0:06".
    await expect(check.textContent()).resolves.toMatch(
      /You have been playing for (\d+ h \d\d min|\d+ min)\./,
    );
    await page.screenshot({ path: artifact('limits-reality-check-1366.png') });
    await check.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${server.origin}/en/`);
    const afterLogout = await page.evaluate(
      async () => (await fetch('/limit-service-api/api/external/web/v3/limits')).status,
    );
    expect(afterLogout).toBe(401);
    expect(await page.evaluate(() => localStorage.getItem('parlay.realityCheckEndAt'))).toBeNull();

    // Sign in again, exclude for a day, and be refused at the next sign-in.
    const signIn = () =>
      page.evaluate(async (p) => {
        const res = await fetch('/web-api/auth/v1/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ login: p.accountNumber, password: p.password, remember: false }),
        });
        return {
          status: res.status,
          body: (await res.json()) as { error?: { code: string; message: string } },
        };
      }, player);
    expect((await signIn()).status).toBe(200);
    await openResponsible(page);
    const exclusion = page.getByRole('region', { name: 'Self-exclusion', exact: true });
    await expect(exclusion.textContent()).resolves.toContain('cannot be cancelled');
    await exclusion.getByRole('combobox').selectOption('1');
    await exclusion.getByRole('button', { name: 'Exclude me' }).click();
    await page.waitForURL(`${server.origin}/en/`);
    // Marketing stops until the exclusion ends: the shell reads the end from this cookie.
    const marketingOff = await page.evaluate(
      () => /(?:^|; )parlay_marketing_off=(\d+)/.exec(document.cookie)?.[1],
    );
    expect(Number(marketingOff) * 1000).toBeGreaterThan(Date.now() + 86_000_000);
    const refused = await signIn();
    expect(refused.status).toBe(403);
    expect(refused.body.error?.code).toBe('LIMIT_SELF_EXCLUDED');
    expect(refused.body.error?.message).toMatch(/until \d{4}-\d\d-\d\dT/);
  });

  it('offers a deposit limit on the recharge page before the first deposit; the limit shows on the responsible page', async () => {
    const fresh = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    try {
      const page = await fresh.newPage();
      await page.goto(`${server.origin}/en/`);
      const registered = await page.evaluate(async () => {
        const res = await fetch('/web-api/auth/v1/registration/fast', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ countryId: 1, currency: 'RUB' }),
        });
        return res.status;
      });
      expect(registered).toBe(200);
      await page.goto(`${server.origin}/en/office/recharge`);
      await page.locator('[data-mf-root="office"] [data-hydrated="true"]').waitFor({ timeout: 15_000 });
      const offer = page.getByRole('region', { name: 'Set a deposit limit' });
      await offer.waitFor({ timeout: 10_000 });
      await offer.getByLabel('Limit period').selectOption('21');
      await offer.getByLabel('Limit amount').fill('3000');
      await offer.getByRole('button', { name: 'Set limit' }).click();
      await expect.poll(() => offer.textContent()).toContain('Limit set: Deposits per 7 days — 3,000 RUB');
      await openResponsible(page);
      const weekly = page.getByRole('region', { name: 'Deposits per 7 days', exact: true });
      await expect.poll(() => weekly.textContent()).toContain('3,000 RUB');
      await expect(weekly.textContent()).resolves.toContain('Active');
    } finally {
      await fresh.close();
    }
  });
});
