/**
 * The wallet in Chromium: a new player deposits through the sandbox payment page (test card that
 * succeeds), sees the balance change on another open page without reloading (balance push over
 * /ws), adds a second currency, switches the active account, requests and cancels a withdrawal,
 * uploads a verification document and finds every movement in the histories. At the end
 * `parlay ledger check` must report no difference. Screenshots of recharge, history and the
 * sandbox page at 390 and 1366 px go to tests/e2e/artifacts/.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, registerFastPlayer, screenshotWidths } from './players.ts';
import { launchBrowser, REPO_ROOT, type StartedServer, startParlay } from './support.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('wallet in Chromium', () => {
  let server: StartedServer;
  let browser: Browser;
  let context: BrowserContext;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parlay-wallet-e2e-'));

  beforeAll(async () => {
    // Withdrawals above 1 RUB wait for an operator, so the player can still cancel one.
    server = await startParlay({ DATA_DIR: dataDir, WITHDRAWAL_AUTO_APPROVE: 'RUB:1' });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const open = (page: Page, route: string) => openApp(page, server.origin, route);
  const shoot = (page: Page, name: string) => screenshotWidths(page, `wallet-${name}`);

  it('deposits, sees the balance live, switches accounts, withdraws and cancels, verifies', async () => {
    const watcher = await context.newPage();
    await registerFastPlayer(watcher, server.origin);

    // The wallets page stays open: its balance must change without a reload.
    await open(watcher, '/en/office');
    const rubBalance = watcher.getByTestId('balance-RUB');
    await expect.poll(() => rubBalance.textContent(), { timeout: 10_000 }).toContain('0.00');
    const navigations: string[] = [];
    watcher.on('framenavigated', (frame) => {
      if (frame === watcher.mainFrame()) navigations.push(frame.url());
    });

    const payer = await context.newPage();
    await open(payer, '/en/office/recharge');
    await payer
      .getByRole('radio', { name: /Bank card/ })
      .first()
      .check();
    await payer.getByLabel('Amount, RUB').fill('50');
    await expect
      .poll(() => payer.locator('#amount-hint').textContent())
      .toContain('The smallest amount is 100');
    await payer.getByLabel('Amount, RUB').fill('2000');
    await shoot(payer, 'recharge');
    await payer.getByRole('button', { name: 'Continue to payment' }).click();
    await payer.waitForURL(/\/payments-sandbox\/pay\//);
    await expect(payer.getByRole('heading', { name: 'Sandbox payment' }).isVisible()).resolves.toBe(true);
    await shoot(payer, 'sandbox');
    await payer.getByRole('button', { name: /^Pay / }).click();
    await payer.waitForURL(/\/en\/onpay\/success$/);
    await expect.poll(() => payer.getByRole('status').first().textContent()).toContain('Payment received');

    await expect.poll(() => rubBalance.textContent(), { timeout: 10_000 }).toContain('2,000.00');
    expect(navigations).toEqual([]);

    // A second currency, made active and back.
    await watcher.getByLabel('Add a currency').selectOption('USD');
    await watcher.getByRole('button', { name: 'Add currency' }).click();
    await watcher.getByTestId('balance-USD').waitFor();
    await watcher.getByRole('button', { name: 'Make USD active' }).click();
    await expect
      .poll(() => watcher.getByText(/is now your active account/).count(), { timeout: 5000 })
      .toBeGreaterThan(0);
    await watcher.getByRole('button', { name: 'Make RUB active' }).waitFor();
    const active = await watcher.evaluate(
      async () => (await (await fetch('/web-api/accounts/v1/accounts')).json()).activeAccount.iso,
    );
    expect(active).toBe('USD');
    await watcher.getByRole('button', { name: 'Make RUB active' }).click();
    await watcher.getByRole('button', { name: 'Make USD active' }).waitFor();

    // A withdrawal reserves the money; cancelling returns it.
    await open(payer, '/en/office/deduce');
    await payer.getByLabel('Amount, RUB').fill('500');
    await payer.getByLabel('Card number or wallet').fill('4242424242424242');
    await payer.getByRole('button', { name: 'Request withdrawal' }).click();
    await payer.getByRole('button', { name: 'Cancel withdrawal' }).waitFor();
    await expect.poll(() => rubBalance.textContent(), { timeout: 10_000 }).toContain('1,500.00');
    await payer.getByRole('button', { name: 'Cancel withdrawal' }).click();
    await expect.poll(() => payer.getByText('Cancelled', { exact: true }).count()).toBeGreaterThan(0);
    await expect.poll(() => rubBalance.textContent(), { timeout: 10_000 }).toContain('2,000.00');

    // A verification document.
    await open(payer, '/en/office/verification');
    await payer.getByLabel('Document type').selectOption('passport');
    await payer
      .getByLabel('Images')
      .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PNG });
    await payer.getByRole('button', { name: 'Upload' }).click();
    await expect
      .poll(() => payer.getByTestId('verification-status').textContent())
      .toContain('verification pending');
    await payer.getByRole('link', { name: 'File 1' }).waitFor();

    // Every movement in the histories.
    // /office/history shows the bet history; the money movements are its Transactions tab.
    await open(payer, '/en/office/history?tab=transactions');
    const rows = payer.locator('table tbody tr');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(3);
    const text = await payer.locator('table').textContent();
    for (const label of ['Deposit', 'Withdrawal reserved', 'Withdrawal returned'])
      expect(text).toContain(label);
    await shoot(payer, 'history');
    await payer.getByRole('tab', { name: 'Virtual account' }).click();
    await payer.getByText('Nothing here yet.').waitFor();

    await open(payer, '/en/office/historypay');
    await expect.poll(() => payer.locator('table tbody tr').count(), { timeout: 10_000 }).toBe(2);
    const payments = await payer.locator('table').textContent();
    expect(payments).toContain('Paid');
    expect(payments).toContain('Cancelled');
  });

  it('leaves the ledger without any difference', async () => {
    const exited = new Promise((resolve) => server.process.once('exit', resolve));
    server.process.kill('SIGTERM');
    await exited;
    const check = spawnSync(
      process.execPath,
      ['--disable-warning=ExperimentalWarning', 'server/src/cli.ts', 'ledger', 'check'],
      {
        cwd: REPO_ROOT,
        env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
        encoding: 'utf8',
      },
    );
    expect(check.stdout + check.stderr).not.toMatch(/difference:/i);
    expect(check.status).toBe(0);
  });
});
