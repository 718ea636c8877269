/**
 * The office's support and QR login in Chromium:
 * - a player opens a support request on /en/office/support; the operator answers it with
 *   `parlay support answer` (another process, over the shared PostgreSQL database); the answer
 *   appears on the open page without a reload (workers' announcer → /ws user:<id>); the support
 *   multi-button's history modal lists it and opens its thread; the consultant modal closes itself
 *   after 10 s;
 * - QR login: a second, signed-out browser context shows the QR code on /en/qrlogin, the player's
 *   context approves its address, and the second context lands in the office signed in.
 * Screenshots of support and settings at 390 and 1440 px, light and dark, ru and en go to /tmp/shots/office/.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, registerFastPlayer } from './players.ts';
import { createE2eDatabase, launchBrowser, parlayCli, type StartedServer, startParlay } from './support.ts';

const SHOTS = '/tmp/shots/office';
let browser: Browser;
let server: StartedServer;
let database: { url: string; drop(): Promise<void> };
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  database = await createE2eDatabase();
  [browser, server] = await Promise.all([
    launchBrowser(),
    startParlay({ DATABASE_URL: database.url, FEED_PROVIDER: 'none' }),
  ]);
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
  await database?.drop();
});

/** Screenshots of the current office section at 390 and 1440 px, light and dark, en and ru. */
async function shoot(page: Page, context: BrowserContext, name: string): Promise<void> {
  const path = new URL(page.url()).pathname.replace(/^\/(en|ru)\//, '/');
  for (const lng of ['en', 'ru']) {
    for (const theme of ['light', 'dark']) {
      await context.addCookies([{ name: 'theme', value: theme, url: server.origin }]);
      await openApp(page, server.origin, `/${lng}${path}`);
      for (const width of [390, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: `${SHOTS}/${name}-${width}-${theme}-${lng}.png`, fullPage: true });
      }
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function newContext(options: { colorScheme?: 'light' | 'dark' } = {}) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, ...options });
  contexts.push(context);
  return context;
}

describe('office support and QR login', () => {
  it('an operator answer reaches the open support page without reload; a QR approval signs a second context in', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await registerFastPlayer(page, server.origin);
    await openApp(page, server.origin, '/en/office/support');
    const office = page.locator('[data-mf-root="office"]');
    await office.getByLabel('Topic').selectOption('withdrawal');
    await office.getByLabel('Subject').fill('Where is my withdrawal?');
    await office.getByLabel('Your question').fill('I asked for it yesterday.');
    await office.getByRole('button', { name: 'Send request' }).click();
    const thread = office.getByTestId('support-thread');
    await thread.getByText('I asked for it yesterday.').waitFor();
    await expect(thread.getByTestId('support-status').textContent()).resolves.toBe('Waiting for an answer');

    const listed = parlayCli(['support', 'list'], { DATABASE_URL: database.url });
    const id = /#(\d+)\t/.exec(listed)?.[1];
    expect(id, listed).toBeDefined();
    expect(
      parlayCli(['support', 'answer', id!, 'It is on its way.'], { DATABASE_URL: database.url }),
    ).toContain(`answered #${id}`);
    // No reload: the announcer publishes on user:<id> and the page fetches the thread again.
    await thread.getByText('It is on its way.').waitFor({ timeout: 15_000 });
    await expect(thread.getByTestId('support-status').textContent()).resolves.toBe('Answered');

    // A player without a deposit is offered the first-deposit bonus once a session (a modal over the page).
    const offer = page.getByRole('dialog', { name: 'First deposit bonus' });
    await offer.waitFor();
    await offer.getByRole('button', { name: 'Close', exact: true }).last().click();
    await offer.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Accept all' }).click();
    await shoot(page, context, 'support');
    await openApp(page, server.origin, '/en/office/settings');
    await page.locator('[data-mf-root="office"] select[name="timeZone"]').waitFor();
    await shoot(page, context, 'settings');
    // At 390 px the office menu is one selector and the section starts right under it.
    await page.setViewportSize({ width: 390, height: 800 });
    await expect(page.getByTestId('office-menu-select').isVisible()).resolves.toBe(true);
    await expect(
      page.getByRole('navigation', { name: 'Personal office sections' }).isVisible(),
    ).resolves.toBe(false);
    await page.setViewportSize({ width: 1440, height: 900 });

    // The support multi-button: the history modal lists the request with its status and opens its thread.
    await openApp(page, server.origin, '/en/office/settings');
    const supportButton = page.getByRole('button', { name: 'Support', exact: true });
    await supportButton.click();
    await page.getByRole('button', { name: 'My support requests' }).click();
    const history = page.getByRole('dialog', { name: 'Support requests' });
    const row = history.getByRole('link', { name: /Where is my withdrawal\?.*answered/ });
    await row.waitFor();
    await page.screenshot({ path: `${SHOTS}/support-history-1440-light-en.png` });
    await row.click();
    await page.waitForURL(new RegExp(`/en/office/support\\?request=${id}$`));
    await office.getByTestId('support-thread').getByText('It is on its way.').waitFor();
    await expect(history.count()).resolves.toBe(0);
    // The consultant modal closes by itself after 10 s.
    await supportButton.click();
    await page.getByRole('button', { name: 'Chat with support' }).click();
    const consultant = page.getByRole('dialog', { name: 'Ask a question' });
    await consultant.waitFor();
    const openedAt = Date.now();
    await expect(consultant.getByRole('link', { name: 'Open the support chat' }).isVisible()).resolves.toBe(
      true,
    );
    await consultant.waitFor({ state: 'detached', timeout: 15_000 });
    expect(Date.now() - openedAt).toBeGreaterThan(8_000);

    // QR login: a signed-out desktop shows the code; the phone (this context) approves it.
    const desktop = await (await newContext()).newPage();
    await openApp(desktop, server.origin, '/en/user/login', 'auth');
    await desktop.getByRole('link', { name: 'Sign in with a QR code from your phone' }).click();
    const qr = desktop.getByTestId('qr-code');
    await qr.waitFor();
    const approveUrl = await qr.getAttribute('data-text');
    expect(approveUrl).toMatch(/\/en\/office\/qrlogin\?code=[A-Za-z0-9_-]{22}$/);
    await desktop.screenshot({ path: `${SHOTS}/qrlogin-1440-light-en.png` });
    await openApp(page, server.origin, new URL(approveUrl!).pathname + new URL(approveUrl!).search);
    await page.getByRole('button', { name: 'Approve sign-in' }).click();
    await page.getByTestId('qr-approved').waitFor();
    await desktop.waitForURL(`${server.origin}/en/office`, { timeout: 15_000 });
    const [phoneUser, desktopUser] = await Promise.all(
      [page, desktop].map((p) =>
        p.evaluate(async () => (await (await fetch('/web-api/user/config')).json()).result.user_id),
      ),
    );
    expect(desktopUser).toBe(phoneUser);
    // The code worked once.
    const again = await page.evaluate(async (url) => {
      const code = new URL(url).searchParams.get('code');
      const res = await fetch('/web-api/auth/v1/qr-login/approve', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        body: JSON.stringify({ code }),
      });
      return (await res.json()).error?.code;
    }, approveUrl!);
    expect(again).toBe('QR_LOGIN_USED');
  });
});
