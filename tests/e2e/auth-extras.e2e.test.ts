/**
 * The rest of accounts in Chromium: a partner landing leaves the referral cookies with their
 * lifetimes and the one-click registration that follows keeps the referrer and sends the device
 * fingerprint of the in-house provider; the header balance follows a deposit made on another page
 * without a reload; every phone input formats the number with the country's mask; the office
 * security page changes the e-mail and the phone with codes from the development inbox; and the
 * account-conversion reminder of a one-click account opens once a day, linking to /confirm (the
 * server is stopped and its embedded database given a deadline 12 days away, as days passing would).
 * Screenshots go to tests/e2e/artifacts/auth-extras-*.png.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifact, launchBrowser, REPO_ROOT, type StartedServer, startParlay } from './support.ts';

const DAY_S = 86_400;
const PASSWORD = 'correct horse battery';

/** Moves a user's activation deadline in the stopped server's embedded database. */
function setDeadlineOffline(dataDir: string, userId: number, days: number): void {
  const script = `
    import { PGlite } from '@electric-sql/pglite';
    const db = await PGlite.create(${JSON.stringify(path.join(dataDir, 'pglite'))});
    await db.query("update users set activation_deadline = now() + make_interval(days => $2) where id = $1", [${userId}, ${days}]);
    await db.close();`;
  const result = spawnSync(
    path.join(REPO_ROOT, 'node_modules/.bin/node'),
    ['--input-type=module', '-e', script],
    { cwd: REPO_ROOT, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`moving the deadline failed: ${result.stderr}`);
}

describe('referrals, fingerprint, live balance, phone masks, contacts and the conversion reminder', () => {
  let server: StartedServer;
  let browser: Browser;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parlay-auth-extras-e2e-'));
  const contexts: BrowserContext[] = [];
  /** The one-click player of the first test, reused by the reminder test. */
  let fast: { userId: number; accountNumber: string; password: string } | null = null;

  beforeAll(async () => {
    server = await startParlay({ DATA_DIR: dataDir, CAPTCHA_POW_BITS: '8' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function newContext(width = 1366): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addCookies([{ name: 'cookies_agree_type', value: 'all', url: server.origin }]);
    contexts.push(context);
    return context;
  }

  async function inboxCode(to: string, after: string | null = null): Promise<string> {
    for (let i = 0; i < 50; i += 1) {
      const body = (await (await fetch(`${server.origin}/dev/inbox.json`)).json()) as {
        data: { recipient: string; body: string }[];
      };
      const message = body.data.find((m) => m.recipient.includes(to));
      const code = message ? /\b(\d{6})\b/.exec(message.body)?.[1] : undefined;
      if (code && code !== after) return code;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`no code for ${to}`);
  }

  const signedIn = (page: Page) => page.locator('[data-testid="user-area"][data-signed-in="true"]').waitFor();
  /** Waits until a phone number input has its country's mask (the phone countries and masks are loaded). */
  const masksLoaded = (number: Locator) => expect.poll(() => number.getAttribute('data-mask')).not.toBe('');

  it('keeps the landing referral cookies, sends the fingerprint, and follows the balance live', async () => {
    const context = await newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    const registrationHeaders: Record<string, string>[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/web-api/auth/v1/registration/fast'))
        registrationHeaders.push(request.headers());
    });

    const landing = await page.goto(
      `${server.origin}/en/?refererid=12345&tag=plain_tag&partner_id=p9&click_id=c1&subid=s1`,
    );
    const setCookies = (await landing!.headerValue('set-cookie')) ?? '';
    expect(setCookies).toContain('postback=; Path=/; Max-Age=4; SameSite=Lax');
    const nowS = Date.now() / 1000;
    const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c]));
    const lifetime = (name: string) => Math.round(((cookies[name]?.expires ?? 0) - nowS) / 60) * 60;
    expect(cookies.refererid?.value).toBe('12345');
    expect(lifetime('refererid')).toBe(60 * DAY_S);
    expect(cookies.reflinkid?.value).toBe('plain_tag');
    expect(lifetime('reflinkid')).toBe(3600);
    expect(lifetime('partner_id')).toBe(30 * DAY_S);
    expect(lifetime('subid')).toBe(60 * DAY_S);

    await page.getByTestId('header-register').click();
    const modal = page.locator('[data-modal="registration"]');
    await modal.locator('[data-auth-modal="registration"] form').waitFor();
    await modal.getByRole('button', { name: 'Register', exact: true }).click();
    await modal.getByTestId('account-number').waitFor();
    const accountNumber = (await modal.getByTestId('account-number').textContent()) ?? '';
    const password = (await modal.getByTestId('generated-password').textContent()) ?? '';
    await modal.getByRole('button', { name: 'Continue' }).click();
    await signedIn(page);
    expect(registrationHeaders).toHaveLength(1);
    expect(registrationHeaders[0]?.['x-device-fingerprint']).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const config = await page.evaluate(
      async () => (await (await fetch('/web-api/user/config')).json()).result,
    );
    expect(config.user_ref_id).toBe(12345);
    expect(config.remaining_days_to_activate).toBe(30);
    fast = { userId: config.user_id, accountNumber, password };

    // The header balance follows a deposit made on another page, without reloading this one.
    const balance = page.getByTestId('header-balance');
    await balance.filter({ hasText: '0.00 RUB' }).waitFor();
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });
    const payer = await context.newPage();
    await payer.goto(`${server.origin}/en/office/recharge`);
    await payer.locator('[data-mf-root="office"] [data-hydrated="true"]').waitFor({ timeout: 20_000 });
    await payer
      .getByRole('radio', { name: /Bank card/ })
      .first()
      .check();
    await payer.getByLabel('Amount, RUB').fill('2000');
    await payer.getByRole('button', { name: 'Continue to payment' }).click();
    await payer.waitForURL(/\/payments-sandbox\/pay\//);
    await payer.getByRole('button', { name: /^Pay / }).click();
    await payer.waitForURL(/\/en\/onpay\/success$/);
    await expect.poll(() => balance.textContent(), { timeout: 10_000 }).toBe('2,000.00 RUB');
    expect(navigations).toEqual([]);
    await page.screenshot({ path: artifact('auth-extras-live-balance-1366.png') });
    expect(errors).toEqual([]);
  });

  it('formats every phone input with the country mask', async () => {
    const context = await newContext(390);
    const page = await context.newPage();
    await page.goto(`${server.origin}/en/`);
    // The header's login opens the modal once the page is interactive (a click on the server's markup
    // before hydration does nothing).
    await page.locator('[data-hydrated="true"]').first().waitFor();
    await page.getByTestId('header-login').click();
    const modal = page.locator('[data-auth-modal="login"]');
    await modal.getByRole('button', { name: 'Phone', exact: true }).click();
    const number = modal.getByLabel('Phone number');
    // The masks come from the API after the fields mount (until then any 4-14 digits are taken as
    // typed): typing first and changing the country after would keep digits no mask allows.
    await masksLoaded(number);
    await number.fill('9123456789');
    await expect.poll(() => number.inputValue()).toBe('(912) 345-67-89');
    await modal.getByText('Format: (000) 000-00-00').waitFor();
    await page.screenshot({ path: artifact('auth-extras-phone-mask-390.png') });
    // Ukraine: nine digits in another mask; the tenth is dropped.
    await modal.getByTestId('phone-country').selectOption({ label: '+380 Ukraine' });
    await number.fill('9123456789');
    await expect.poll(() => number.inputValue()).toBe('(91) 234-56-78');
    await number.fill('12345');
    await expect
      .poll(() => number.evaluate((input: HTMLInputElement) => input.validationMessage))
      .toBe('Enter all 9 digits of the number.');
    // The registration form's phone type uses the same masks.
    await page.goto(`${server.origin}/en/registration`);
    await page.locator('main[data-mf-app="auth"] [data-hydrated="true"]').waitFor();
    const form = page.locator('main form');
    await form.getByRole('button', { name: 'By phone' }).click();
    // A new page loads the masks again: the eleventh digit is dropped only under the Russian mask.
    await masksLoaded(form.getByLabel('Phone number'));
    await form.getByLabel('Phone number').fill('79111234567');
    await form.getByTestId('phone-country').selectOption({ label: '+44 United Kingdom' });
    await expect.poll(() => form.getByLabel('Phone number').inputValue()).toBe('7911 123456');
  });

  it('changes the e-mail and the phone in the office with codes from the inbox', async () => {
    const email = `contacts-${Date.now()}@example.test`;
    const res = await fetch(`${server.origin}/web-api/auth/v1/registration/full`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.origin },
      body: JSON.stringify({
        email,
        password: PASSWORD,
        firstName: 'Edsger',
        lastName: 'Dijkstra',
        birthDate: '1980-05-11',
        countryId: 1,
        currency: 'RUB',
        lang: 'en',
      }),
    });
    expect(res.status).toBe(200);
    const token =
      res.headers
        .getSetCookie()
        .find((c) => c.startsWith('user_token='))
        ?.split(';')[0]
        ?.slice('user_token='.length) ?? '';
    const context = await newContext();
    await context.addCookies([{ name: 'user_token', value: token, url: server.origin }]);
    const page = await context.newPage();
    await page.goto(`${server.origin}/en/office/security`);
    const card = page.getByTestId('security-contacts');
    await card.waitFor({ timeout: 20_000 });

    const emailForm = card.getByTestId('confirm-email');
    const newEmail = `changed-${Date.now()}@example.test`;
    await emailForm.getByLabel('E-mail').fill(newEmail);
    await emailForm.getByRole('button', { name: 'Send code' }).click();
    await emailForm.getByLabel('Code from the e-mail').fill(await inboxCode(newEmail));
    await emailForm.getByRole('button', { name: 'Confirm e-mail' }).click();
    await card.getByText(`${newEmail} — confirmed`).waitFor();

    const phone = `9${String(Date.now()).slice(-9)}`;
    const phoneForm = card.getByTestId('confirm-phone');
    await phoneForm.getByLabel('Phone number').fill(phone);
    await expect
      .poll(() => phoneForm.getByLabel('Phone number').inputValue())
      .toMatch(/^\(\d{3}\) \d{3}-\d{2}-\d{2}$/);
    await phoneForm.getByRole('button', { name: 'Send code' }).click();
    await phoneForm.getByLabel('Code from the SMS').fill(await inboxCode(phone));
    await phoneForm.getByRole('button', { name: 'Confirm phone' }).click();
    const shown = `+7 (${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6, 8)}-${phone.slice(8)}`;
    await card.getByText(`${shown} — confirmed`).waitFor();
    const config = await page.evaluate(
      async () => (await (await fetch('/web-api/user/config')).json()).result,
    );
    expect([config.user_email, config.phone_code, config.phone_number]).toEqual([newEmail, '+7', phone]);
    expect(config.protection_methods.enable_phone_binding).toBe(true);
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: artifact(`auth-extras-security-contacts-${width}.png`), fullPage: true });
    }
  });

  it('reminds a one-click player to confirm the account once a day', async () => {
    expect(fast).not.toBeNull();
    await server.stop();
    setDeadlineOffline(dataDir, fast!.userId, 12);
    server = await startParlay({ DATA_DIR: dataDir, CAPTCHA_POW_BITS: '8', FEED_PROVIDER: 'none' });
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`${server.origin}/en/`);
    const login = await page.evaluate(
      async (body) =>
        (
          await fetch('/web-api/auth/v1/login', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
            body: JSON.stringify(body),
          })
        ).status,
      { login: fast!.accountNumber, password: fast!.password, remember: true },
    );
    expect(login).toBe(200);
    await page.goto(`${server.origin}/en/`);
    await signedIn(page);
    const dialog = page.getByRole('dialog', { name: 'Confirm your account' });
    await dialog.waitFor({ timeout: 15_000 });
    await expect(dialog.textContent()).resolves.toContain('12 days left.');
    await page.screenshot({ path: artifact('auth-extras-conversion-reminder-1366.png') });
    await dialog.getByRole('link', { name: 'Confirm now' }).click();
    await page.waitForURL(`${server.origin}/en/confirm`);
    await page.getByTestId('contact-confirm').waitFor({ timeout: 20_000 });
    // Not again the same day, even after a new browser session.
    const again = await context.newPage();
    await again.goto(`${server.origin}/en/`);
    await signedIn(again);
    await again.waitForTimeout(6000);
    expect(await again.getByRole('dialog', { name: 'Confirm your account' }).count()).toBe(0);
  });
});
