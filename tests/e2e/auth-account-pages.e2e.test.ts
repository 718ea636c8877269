/**
 * Signed-in full page loads in a real browser: the server draws the header balance and the player's
 * stored settings (theme, odds format), and the page hydrates without a mismatch. The account pages:
 * the e-mail link of /user/activatefast/activate confirms the address on a signed-out device, and
 * /confirm confirms a new phone with the SMS code from the development inbox.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerFullByApi } from './players.ts';
import { artifact, launchBrowser, type StartedServer, startParlay } from './support.ts';

const PASSWORD = 'correct horse battery';

describe('account pages and signed-in renders in Chromium', () => {
  let server: StartedServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startParlay({ CAPTCHA_POW_BITS: '8' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Registers through the API (answering the proof-of-work captcha); answers the session cookie. */
  async function register(email: string): Promise<{ token: string; userId: number }> {
    const res = await registerFullByApi(server.origin, {
      email,
      password: PASSWORD,
      firstName: 'Grace',
      lastName: 'Hopper',
      birthDate: '1986-12-09',
      countryId: 1,
      currency: 'RUB',
      lang: 'en',
    });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('user_token='));
    const token = cookie?.split(';')[0]?.slice('user_token='.length) ?? '';
    return { token, userId: ((await res.json()) as { userId: number }).userId };
  }

  /** Bodies of the development inbox's messages to a recipient, newest first. */
  async function inbox(to: string): Promise<string[]> {
    const res = await fetch(`${server.origin}/dev/inbox.json`);
    const messages = ((await res.json()) as { data: { recipient: string; body: string }[] }).data;
    return messages.filter((m) => m.recipient.includes(to)).map((m) => m.body);
  }

  async function contextFor(token: string | null): Promise<{ context: BrowserContext; errors: string[] }> {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    await context.addCookies([
      { name: 'cookies_agree_type', value: 'all', url: server.origin },
      ...(token ? [{ name: 'user_token', value: token, url: server.origin }] : []),
    ]);
    const errors: string[] = [];
    context.on('page', (page) => page.on('pageerror', (err) => errors.push(err.message)));
    return { context, errors };
  }

  it('renders a signed-in page with the balance and stored settings, and hydrates it cleanly', async () => {
    const { token } = await register(`render-${Date.now()}@example.test`);
    const put = await fetch(`${server.origin}/web-api/user/settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: server.origin, cookie: `user_token=${token}` },
      body: JSON.stringify({ appTheme: 0, coefViewId: 2 }),
    });
    expect(put.status).toBe(200);
    // The server's own answer, before any script runs: light theme, American odds, the balance.
    const html = await (
      await fetch(`${server.origin}/en/`, { headers: { cookie: `user_token=${token}` } })
    ).text();
    expect(html).toMatch(/<html lang="?en"? data-theme="?light"?>/);
    expect(html).toContain('data-signed-in="true"');
    expect(html).toMatch(/data-testid="header-balance">0\.00 RUB</);

    const { context, errors } = await contextFor(token);
    const page = await context.newPage();
    for (const path of ['/en/', '/en/office/account', '/en/office/security']) {
      await page.goto(`${server.origin}${path}`);
      await page.locator('[data-testid="user-area"][data-signed-in="true"]').waitFor();
      await page.getByTestId('header-balance').filter({ hasText: '0.00 RUB' }).waitFor();
      expect(await page.getByTestId('odds-format').inputValue()).toBe('2');
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    }
    // Changing the format in the header stores it: the next server render uses it.
    await page.getByTestId('odds-format').selectOption('1');
    await expect
      .poll(async () => {
        const res = await fetch(`${server.origin}/web-api/user/settings`, {
          headers: { cookie: `user_token=${token}` },
        });
        return ((await res.json()) as { result: { coefViewId: number } }).result.coefViewId;
      })
      .toBe(1);
    await page.screenshot({ path: artifact('auth-signed-in-light-en-desktop.png') });
    // Hydration error #418 (server and browser drew different text) must not happen.
    expect(errors).toEqual([]);
    await context.close();
  });

  it('stores an odds format and theme chosen before the page finished loading', async () => {
    const { token } = await register(`early-${Date.now()}@example.test`);
    const stored = async () => {
      const res = await fetch(`${server.origin}/web-api/user/settings`, {
        headers: { cookie: `user_token=${token}` },
      });
      return ((await res.json()) as { result: { coefViewId: number; appTheme: number } }).result;
    };
    const before = await stored();
    const { context, errors } = await contextFor(token);
    const page = await context.newPage();
    // Held back, as on a slow phone: the shell (which hydrates the header), then the session behaviours
    // (which store the header's choices and load after the page settles).
    const hold = async (pattern: RegExp) => {
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const state = { requested: false, release };
      await page.route(pattern, async (route) => {
        state.requested = true;
        await held;
        await route.continue();
      });
      return state;
    };
    const shell = await hold(/\/assets\/shell\/shell-[^/]*\.js$/);
    const behaviours = await hold(/\/session-behaviours-[^/]*\.js$/);
    await page.goto(`${server.origin}/en/office/account`, { waitUntil: 'commit' });
    // The format is chosen in the server-drawn select, before any of the shell's code ran.
    const format = before.coefViewId === 1 ? '4' : '1';
    await page.getByTestId('odds-format').selectOption(format);
    await expect.poll(() => shell.requested).toBe(true);
    shell.release();
    await expect.poll(() => behaviours.requested).toBe(true);
    // The header is hydrated (the session module loads after the page settles): the theme switch works.
    await page.getByRole('button', { name: /Switch to (light|dark) theme/ }).click();
    const theme = await page.evaluate(() => document.documentElement.dataset.theme);
    // Nothing is stored while the session module is held back.
    expect(await stored()).toEqual(before);
    behaviours.release();
    await expect
      .poll(stored)
      .toEqual(expect.objectContaining({ coefViewId: Number(format), appTheme: theme === 'light' ? 0 : 1 }));
    expect(await page.getByTestId('odds-format').inputValue()).toBe(format);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('confirms the e-mail with the link from the message on a signed-out device', async () => {
    const email = `link-${Date.now()}@example.test`;
    const { token } = await register(email);
    const body = (await inbox(email)).find((text) => text.includes('/user/activatefast/activate?')) ?? '';
    const link = /\/en\/user\/activatefast\/activate\?user=\d+&code=\d{6}/.exec(body)?.[0];
    expect(link).toBeTruthy();
    const { context, errors } = await contextFor(null);
    const page = await context.newPage();
    await page.goto(`${server.origin}${link}`);
    await page.getByText('Your e-mail is confirmed.').waitFor();
    await page.screenshot({ path: artifact('auth-activation-link-en-desktop-dark.png') });
    const config = await fetch(`${server.origin}/web-api/user/config`, {
      headers: { cookie: `user_token=${token}` },
    });
    expect(
      ((await config.json()) as { result: { is_email_confirmed: boolean } }).result.is_email_confirmed,
    ).toBe(true);
    // The same link a second time is spent.
    await page.reload();
    await page.getByText('Wrong code. Check it and try again.').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('adds and confirms a phone on /confirm with the SMS code', async () => {
    const { token } = await register(`phone-${Date.now()}@example.test`);
    const phone = `9${String(Date.now()).slice(-9)}`;
    const { context, errors } = await contextFor(token);
    const page = await context.newPage();
    await page.goto(`${server.origin}/en/confirm`);
    const section = page.getByTestId('confirm-phone');
    await section.getByText('Not given yet.').waitFor();
    await section.getByLabel('Phone number').fill(phone);
    await section.getByRole('button', { name: 'Send code' }).click();
    await section.getByLabel('Code from the SMS').waitFor();
    let code = '';
    for (let i = 0; i < 50 && !code; i += 1) {
      code = /\b(\d{6})\b/.exec((await inbox(phone))[0] ?? '')?.[1] ?? '';
      if (!code) await new Promise((r) => setTimeout(r, 200));
    }
    await section.getByLabel('Code from the SMS').fill(code);
    await section.getByRole('button', { name: 'Confirm phone' }).click();
    await section.getByText('Your phone is confirmed.').waitFor();
    // Shown through the Russian phone mask.
    const masked = `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6, 8)}-${phone.slice(8)}`;
    await section.getByText(`+7 ${masked} — confirmed`).waitFor();
    await page.screenshot({ path: artifact('auth-confirm-contacts-en-desktop-dark.png') });
    expect(errors).toEqual([]);
    await context.close();
  });
});
