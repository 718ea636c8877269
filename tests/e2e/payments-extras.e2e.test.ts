/**
 * Payments in Chromium beyond the wallet journey:
 * - the mobile-cash modal with the sandbox provider: three paid mobile-operator deposits show it
 *   once (counter cookie), a fourth shows it again and sets the activated flag;
 * - the identification blocker: while withdrawals need a verified identity the identification modal
 *   shows on navigation (not on the verification page) and the withdrawal page explains the gate;
 * - payment requests: topics, a topic's transactions, one withdrawal whose full card number opens
 *   only after the password is re-entered (secure-data grant), the request form, the list; and a
 *   sub-topic's request form.
 * Screenshots at 390 and 1366 px go to tests/e2e/artifacts/.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositViaSandbox, openApp, registerFastPlayer, screenshotWidths } from './players.ts';
import { launchBrowser, type StartedServer, startParlay } from './support.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A server without the feed, with `env`, for the tests of the enclosing describe. */
function serverWith(env: Record<string, string>): () => StartedServer {
  let server: StartedServer | undefined;
  beforeAll(async () => {
    server = await startParlay({ FEED_PROVIDER: 'none', ...env });
  });
  afterAll(async () => {
    await server?.stop();
  });
  return () => {
    if (!server) throw new Error('the server has not started');
    return server;
  };
}

const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });

/** Sends the payment request form and waits for the office's "Request sent" status. */
async function sendRequest(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Send request' }).click();
  await page
    .locator('[data-mf-root="office"]')
    .getByRole('status')
    .filter({ hasText: 'Request sent' })
    .waitFor();
}

describe('mobile-cash modal and identification blocker', () => {
  const server = serverWith({ WITHDRAWAL_REQUIRES_VERIFICATION: 'true' });

  it('shows the mobile-cash modal at 3 and 4 paid mobile payments, and blocks on navigation until verified', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await registerFastPlayer(page, server().origin);
    for (const amount of ['150', '160', '170']) await depositViaSandbox(page, 'mobile_cash', amount);
    await depositViaSandbox(page, 'card', '500');

    await openApp(page, server().origin, '/en/office');
    const cash = dialog(page, 'Cash payments');
    await cash.waitFor({ timeout: 10_000 });
    expect(await cash.textContent()).toContain('Mobile cash is ready');
    await screenshotWidths(page, 'payments-mobile-cash-modal');
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'mobile_cash_counter')?.value).toBe('3');
    await cash.getByRole('button', { name: 'Close' }).first().click();
    await cash.waitFor({ state: 'hidden' });

    // Shown once: the next page shows the identification blocker instead.
    await openApp(page, server().origin, '/en/office/historypay');
    const blocker = dialog(page, 'Identification by documents');
    await blocker.waitFor({ timeout: 10_000 });
    expect(await blocker.textContent()).toContain('withdrawals are blocked');
    expect(await cash.count()).toBe(0);
    await screenshotWidths(page, 'payments-identification-blocker');
    await blocker.getByRole('link', { name: 'Go to verification' }).click();
    await page.waitForURL(/\/en\/office\/verification$/);
    await page.getByTestId('verification-status').waitFor();
    await page.waitForTimeout(500);
    expect(await blocker.count()).toBe(0);

    // The withdrawal page explains the gate and links to verification.
    await openApp(page, server().origin, '/en/office/deduce');
    const gate = page.getByTestId('identification-gate');
    await gate.waitFor();
    expect(await gate.textContent()).toContain('Withdrawals are blocked until you confirm your identity');
    expect(await page.getByRole('button', { name: 'Request withdrawal' }).isDisabled()).toBe(true);
    await dialog(page, 'Identification by documents').getByRole('button', { name: 'Close' }).first().click();

    // A fourth paid mobile payment: shown again, and the activated flag is set.
    await depositViaSandbox(page, 'mobile_cash', '180');
    await openApp(page, server().origin, '/en/office');
    await cash.waitFor({ timeout: 10_000 });
    expect((await context.cookies()).find((c) => c.name === 'mobile_cash_activated')?.value).toBe('1');
    await cash.getByRole('link', { name: 'Top up from the mobile balance' }).click();
    await page.waitForURL(/\/en\/office\/recharge\?method=mobile_cash$/);
    await expect
      .poll(() => page.getByRole('radio', { name: /Mobile operator balance/ }).isChecked(), {
        timeout: 10_000,
      })
      .toBe(true);
    await openApp(page, server().origin, '/en/office/historypay');
    await page.waitForTimeout(1500);
    expect(await cash.count()).toBe(0);
    await context.close();
  });
});

describe('payment requests and secure payment details', () => {
  const server = serverWith({ WITHDRAWAL_AUTO_APPROVE: 'RUB:1' });

  it('asks about a withdrawal, opening its card number with the password, and about a sub-topic', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const { password } = await registerFastPlayer(page, server().origin);
    await depositViaSandbox(page, 'card', '2000');
    const requested = await page.evaluate(async () => {
      const accounts = await (await fetch('/web-api/accounts/v1/accounts')).json();
      const methods = await (
        await fetch('/web-api/payments/v1/methods?direction=withdrawal&currency=RUB')
      ).json();
      const res = await fetch('/web-api/payments/v1/withdrawals', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-requested-with': 'XMLHttpRequest',
          'idempotency-key': 'e2e-withdrawal-0001',
        },
        body: JSON.stringify({
          accountId: accounts.mainAccount.id,
          methodId: methods.methods[0].id,
          amount: '500',
          lng: 'en',
          destination: '5555444433331111',
        }),
      });
      return res.status;
    });
    expect(requested).toBe(200);

    await openApp(page, server().origin, '/en/office/payment/requests');
    await page.getByText('You have no payment requests.').waitFor();
    await screenshotWidths(page, 'payments-requests-empty');
    await page.getByRole('link', { name: 'Withdrawals' }).click();
    await page.waitForURL(/\/en\/office\/payment\/create-request\/2$/);
    await page.getByRole('link', { name: 'The withdrawal takes too long' }).waitFor();
    await page.getByRole('link', { name: 'Choose the withdrawal it is about' }).click();
    await page.waitForURL(/\/create-request\/2\/transactions$/);
    await page.getByRole('link', { name: /^500\.00 RUB on / }).click();
    await page.waitForURL(/\/create-request\/2\/transactions\/\d+$/);

    const destination = page.getByTestId('payment-destination');
    await expect.poll(() => destination.textContent(), { timeout: 10_000 }).toBe('•••• 1111');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Show full details' }).click();
    await expect.poll(() => page.locator('#secure-hint').textContent()).toBe('Wrong password');
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Show full details' }).click();
    await expect.poll(() => destination.textContent(), { timeout: 10_000 }).toBe('5555444433331111');
    const grant = (await context.cookies()).find((c) => c.name === 'secure_data_grant');
    expect(grant).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/web-api/payments' });
    expect(grant!.expires * 1000 - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(grant!.expires * 1000 - Date.now()).toBeLessThanOrEqual(30 * 60_000 + 5000);
    expect(await page.evaluate(() => document.cookie)).not.toContain('secure_data_grant');

    await page.getByLabel('What happened').selectOption({ label: 'The withdrawal takes too long' });
    await page.getByLabel('Message').fill('Requested two days ago, still not paid');
    await screenshotWidths(page, 'payments-request-transaction');
    await sendRequest(page);

    await openApp(page, server().origin, '/en/office/payment/create-request/3/31');
    await page.getByText('Payment details · Change my payment details').waitFor();
    await page.getByLabel('Message').fill('Please replace my card');
    await sendRequest(page);

    await openApp(page, server().origin, '/en/office/payment/requests');
    const rows = page.locator('table tbody tr');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
    const table = await page.locator('table').textContent();
    expect(table).toContain('Withdrawals · The withdrawal takes too long');
    expect(table).toContain('Payment details · Change my payment details');
    await screenshotWidths(page, 'payments-requests');
    await context.close();
  });
});
