/**
 * Accounts in a real browser: one-click registration and login with the account number, full
 * registration with the e-mail code and login by e-mail, phone registration and SMS login, two-step
 * sign-in with a TOTP computed here, the captcha after repeated failures, password recovery, logout,
 * social sign-in through the development identity provider, login with phone and password, token
 * login by URL, auto-logoff with its notice, and changed terms: the player is sent to the confirm-terms
 * page on the next navigation or by a 451 answer. The first server runs with
 * features.autoLogoffMinutes = 1 (set with the CLI before start); the second one runs on PostgreSQL,
 * so that `parlay terms publish` can run while the players are signed in, and the test waits until
 * the server reports the change (never for a guessed time).
 */
import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerFullByApi } from './players.ts';
import {
  artifact,
  createE2eDatabase,
  launchBrowser,
  parlayCli,
  REPO_ROOT,
  type StartedServer,
  startParlay,
} from './support.ts';

const PASSWORD = 'correct horse battery';
/**
 * The bound of a page's waits for a state (a URL, an element): generous, as a busy machine may take
 * long; each wait ends as soon as its state is there.
 */
const STATE_WAIT_MS = 90_000;

/** The sum an image captcha shows, from the development tool (the e2e server runs with DEV_TOOLS=on). */
async function captchaAnswer(origin: string, id: string): Promise<number> {
  const res = await fetch(`${origin}/dev/captcha?id=${encodeURIComponent(id)}`);
  const { answer } = (await res.json()) as { answer: number | null };
  if (answer === null) throw new Error(`no answer for captcha ${id}`);
  return answer;
}

function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/=+$/, '').toUpperCase())
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(Number.parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** RFC 6238 with SHA-1, 6 digits, 30 s (server/src/modules/auth/totp.ts). */
function totp(secret: string, nowMs = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(nowMs / 30_000)));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** Runs `parlay <args>` against a data directory (no server may hold it: PGlite is single-process). */
function cli(dataDir: string, ...args: string[]): string {
  return execFileSync(
    path.join(REPO_ROOT, 'node_modules/.bin/node'),
    ['--disable-warning=ExperimentalWarning', 'server/src/cli.ts', ...args],
    {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
      },
    },
  );
}

/** A moment just ahead of the page's clock (pausing there fires at most a second of its timers). */
const pageNow = async (page: Page): Promise<number> => (await page.evaluate(() => Date.now())) + 1000;

/** Page helpers over one server; `server` is read when called. */
function helpers(getServer: () => StartedServer, getBrowser: () => Browser) {
  async function inboxCode(to: string): Promise<string> {
    const server = getServer();
    for (let i = 0; i < 50; i += 1) {
      const body = (await (await fetch(`${server.origin}/dev/inbox.json`)).json()) as {
        data: { recipient: string; body: string }[];
      };
      const message = body.data.find((m) => m.recipient.includes(to));
      const code = message ? /\b(\d{6})\b/.exec(message.body)?.[1] : undefined;
      if (code) return code;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`no code for ${to}`);
  }

  /** A page in a context of its own; with `clock`, its timers run on a clock the test can stop. */
  async function openPage(
    url: string,
    options: { width?: number; theme?: 'dark' | 'light'; clock?: boolean } = {},
  ) {
    const server = getServer();
    const context = await getBrowser().newContext({
      viewport: { width: options.width ?? 1366, height: 900 },
    });
    context.setDefaultTimeout(STATE_WAIT_MS);
    context.setDefaultNavigationTimeout(STATE_WAIT_MS);
    if (options.clock) await context.clock.install();
    await context.addCookies([
      { name: 'cookies_agree_type', value: 'all', url: server.origin },
      { name: 'theme', value: options.theme ?? 'dark', url: server.origin },
    ]);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await page.goto(`${server.origin}${url}`);
    return { page, errors, close: () => context.close() };
  }

  /** Registers through the API, answering a captcha with a proof of work as a browser would. */
  async function apiRegister(email: string, currency = 'RUB', extra: Record<string, unknown> = {}) {
    await registerFullByApi(getServer().origin, {
      email,
      password: PASSWORD,
      firstName: 'Test',
      lastName: 'Player',
      birthDate: '1985-01-01',
      countryId: 1,
      currency,
      lang: 'en',
      ...extra,
    });
  }

  const signedIn = (page: Page) => page.locator('[data-testid="user-area"][data-signed-in="true"]').waitFor();
  const signedOut = (page: Page) =>
    page.locator('[data-testid="user-area"][data-signed-in="false"]').waitFor();

  /** Opens the login modal from the header and signs in with e-mail and password. */
  async function modalLogin(page: Page, email: string, password = PASSWORD) {
    await page.getByTestId('header-login').click();
    const modal = page.locator('[data-modal="login"]');
    await modal.getByLabel('E-mail or account number').fill(email);
    await modal.getByLabel('Password').fill(password);
    await modal.getByRole('button', { name: 'Log in' }).click();
    await signedIn(page);
  }

  return { inboxCode, openPage, apiRegister, signedIn, signedOut, modalLogin };
}

describe('accounts and authentication in Chromium', () => {
  let server: StartedServer;
  let browser: Browser;
  let dataDir: string;
  const { inboxCode, openPage, apiRegister, signedIn, signedOut, modalLogin } = helpers(
    () => server,
    () => browser,
  );

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'parlay-auth-e2e-'));
    cli(dataDir, 'config', 'set', 'features.autoLogoffMinutes', '1');
    server = await startParlay({ DATA_DIR: dataDir, CAPTCHA_POW_BITS: '10' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Clicks and, when the form asks for the image captcha, answers the sum it shows. */
  async function withCaptcha(page: Page, click: () => Promise<void>, done: ReturnType<Page['locator']>) {
    let id = '';
    const onResponse = async (response: { url(): string; json(): Promise<unknown> }) => {
      if (response.url().includes('/captcha-api/v1/update'))
        id = ((await response.json()) as { id: string }).id;
    };
    page.on('response', onResponse);
    await click();
    const captcha = page.getByTestId('captcha-image');
    await Promise.race([done.waitFor(), captcha.waitFor()]);
    if (await captcha.isVisible()) {
      for (let i = 0; i < 50 && !id; i += 1) await new Promise((r) => setTimeout(r, 100));
      await page.getByLabel('Answer').fill(String(await captchaAnswer(server.origin, id)));
      await page.getByRole('button', { name: 'Check' }).click();
    }
    page.off('response', onResponse);
    await done.waitFor();
  }

  async function logout(page: Page) {
    await page.getByLabel('Profile menu').click();
    await page.getByRole('button', { name: 'Log out', exact: true }).click();
    await signedOut(page);
  }

  async function loginOnPage(page: Page, login: string, password: string) {
    await page.goto(`${server.origin}/en/user/login`);
    await page.locator('main[data-mf-app="auth"] [data-hydrated="true"]').waitFor();
    const form = page.locator('main form');
    await form.getByLabel('E-mail or account number').fill(login);
    await form.getByLabel('Password').fill(password);
    await form.getByRole('button', { name: 'Log in' }).click();
  }

  it('signs in through the development identity provider', async () => {
    const { page, close } = await openPage('/en/user/login');
    await page.locator('main[data-mf-app="auth"] [data-hydrated="true"]').waitFor();
    await page.getByRole('button', { name: 'Sign in with the development provider' }).click();
    await page.getByRole('link', { name: /Alice Dev/ }).click();
    await page.waitForURL(`${server.origin}/en/`);
    await signedIn(page);
    await close();
  });

  it('registers in one click from the modal, logs out and logs in with the account number', async () => {
    const { page, errors, close } = await openPage('/en/');
    await page.getByTestId('header-register').click();
    const modal = page.locator('[data-modal="registration"]');
    await modal.locator('[data-auth-modal="registration"] form').waitFor();
    await page.screenshot({ path: artifact('auth-registration-en-desktop-dark.png') });
    await withCaptcha(
      page,
      () => modal.getByRole('button', { name: 'Register', exact: true }).click(),
      modal.getByTestId('account-number'),
    );
    const accountNumber = (await modal.getByTestId('account-number').textContent()) ?? '';
    const password = (await modal.getByTestId('generated-password').textContent()) ?? '';
    expect(accountNumber).toMatch(/^\d{10}$/);
    expect(password.length).toBeGreaterThanOrEqual(8);
    await expect(modal.getByRole('button', { name: 'Download as a file' }).isVisible()).resolves.toBe(true);
    const download = page.waitForEvent('download');
    await modal.getByRole('button', { name: 'Save as an image' }).click();
    expect((await download).suggestedFilename()).toBe(`parlay-${accountNumber}.png`);
    await modal.getByRole('button', { name: 'Continue' }).click();
    await signedIn(page);
    await page.getByTestId('header-balance').filter({ hasText: 'RUB' }).waitFor();
    await logout(page);
    await loginOnPage(page, accountNumber, password);
    await page.waitForURL(`${server.origin}/en/`);
    await signedIn(page);
    expect(errors).toEqual([]);
    await close();
  });

  it('registers in full, confirms the e-mail with the code, and logs in by e-mail', async () => {
    const { page, close } = await openPage('/en/registration');
    await page.locator('main[data-mf-app="auth"] [data-hydrated="true"]').waitFor();
    const form = page.locator('main form');
    await form.getByRole('button', { name: 'Full' }).click();
    const email = `full-${Date.now()}@example.test`;
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('First name').fill('Ada');
    await form.getByLabel('Last name').fill('Lovelace');
    await form.getByLabel('Date of birth').fill('1990-05-01');
    await form.getByLabel('New password').fill(PASSWORD);
    await withCaptcha(
      page,
      () => form.getByRole('button', { name: 'Register', exact: true }).click(),
      page.getByLabel('Code from the e-mail'),
    );
    await page.getByLabel('Code from the e-mail').fill(await inboxCode(email));
    await page.getByRole('button', { name: 'Confirm e-mail' }).click();
    await page.getByText('Your e-mail is confirmed.').waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await signedIn(page);
    await page.goto(`${server.origin}/en/office/account`);
    await page.getByTestId('personal-page').getByText(`${email} (confirmed)`).waitFor();
    await logout(page);
    await loginOnPage(page, email, PASSWORD);
    await signedIn(page);
    await close();
  });

  it('registers by phone and logs in with an SMS code', async () => {
    const phone = `9${String(Date.now()).slice(-9)}`;
    const { page, close } = await openPage('/en/registration');
    await page.locator('main[data-mf-app="auth"] [data-hydrated="true"]').waitFor();
    const form = page.locator('main form');
    await form.getByRole('button', { name: 'By phone' }).click();
    await form.getByLabel('Phone number').fill(phone);
    await form.getByRole('button', { name: 'Send code' }).click();
    await form.getByLabel('Code from the SMS').fill(await inboxCode(phone));
    await form.getByLabel('New password').fill(PASSWORD);
    await withCaptcha(
      page,
      () => form.getByRole('button', { name: 'Register', exact: true }).click(),
      page.getByRole('button', { name: 'Continue' }),
    );
    await page.getByRole('button', { name: 'Continue' }).click();
    await signedIn(page);
    await logout(page);
    // The registration code is in the inbox too: wait for a newer message.
    const before = await inboxCode(phone);
    await page.getByTestId('header-login').click();
    const modal = page.locator('[data-modal="login"]');
    await modal.getByRole('button', { name: 'SMS code' }).click();
    await modal.getByLabel('Phone number').fill(phone);
    await modal.getByRole('button', { name: 'Send code' }).click();
    await modal.getByLabel('Code from the SMS').waitFor();
    let code = before;
    for (let i = 0; i < 50 && code === before; i += 1) code = await inboxCode(phone);
    await modal.getByLabel('Code from the SMS').fill(code);
    await modal.getByRole('button', { name: 'Log in' }).click();
    await signedIn(page);
    await close();
  });

  it('turns two-step on in the office and logs in with a TOTP code', async () => {
    const email = `totp-${Date.now()}@example.test`;
    await apiRegister(email, 'EUR');
    const { page, errors, close } = await openPage('/en/');
    await page.getByTestId('header-login').click();
    const modal = page.locator('[data-modal="login"]');
    await modal.getByLabel('E-mail or account number').fill(email);
    await modal.getByLabel('Password').fill(PASSWORD);
    await modal.getByRole('button', { name: 'Log in' }).click();
    await signedIn(page);
    // The guard sees the sign-in without a reload: the office opens on a client navigation.
    await page.getByLabel('Profile menu').click();
    await page.getByRole('link', { name: 'Security' }).click();
    await page.waitForURL(`${server.origin}/en/office/security`);
    const twoStep = page.getByTestId('two-step');
    await twoStep.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    const secret = (await twoStep.getByTestId('totp-secret').textContent()) ?? '';
    await twoStep.getByLabel('Six-digit code').fill(totp(secret));
    await twoStep.getByRole('button', { name: 'Confirm and turn on' }).click();
    await twoStep.getByTestId('backup-codes').waitFor();
    await page.getByTestId('protection-level').filter({ hasText: 'Medium' }).waitFor();
    await page.screenshot({ path: artifact('auth-office-security-en-desktop-dark.png'), fullPage: true });
    await logout(page);
    await page.getByTestId('header-login').click();
    await modal.getByLabel('E-mail or account number').fill(email);
    await modal.getByLabel('Password').fill(PASSWORD);
    await modal.getByRole('button', { name: 'Log in' }).click();
    // A code of the step just used is refused (replay), so the player's app shows the next step's
    // code: one step of clock drift ahead is accepted, and it is always later than the step used.
    await modal.getByLabel('Code from the authenticator app or a backup code').waitFor();
    await modal
      .getByLabel('Code from the authenticator app or a backup code')
      .fill(totp(secret, Date.now() + 30_000));
    await modal.getByRole('button', { name: 'Confirm' }).click();
    await signedIn(page);
    expect(errors).toEqual([]);
    await close();
  });

  it('asks for a captcha after repeated failures and lets the person through', async () => {
    const email = `captcha-${Date.now()}@example.test`;
    await apiRegister(email);
    for (let i = 0; i < 3; i += 1) {
      await fetch(`${server.origin}/web-api/auth/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.origin },
        body: JSON.stringify({ login: email, password: 'wrong password 1', remember: false }),
      });
    }
    const { page, close } = await openPage('/en/user/login');
    await page.locator('main[data-mf-app="auth"] [data-hydrated="true"]').waitFor();
    const form = page.locator('main form');
    await form.getByLabel('E-mail or account number').fill(email);
    await form.getByLabel('Password').fill(PASSWORD);
    const challenge = page.waitForResponse((r) => r.url().includes('/captcha-api/v1/update'));
    await form.getByRole('button', { name: 'Log in' }).click();
    const { id } = (await (await challenge).json()) as { id: string };
    await page.getByTestId('captcha-image').waitFor();
    await page.screenshot({ path: artifact('auth-captcha-en-desktop-dark.png') });
    await form.getByLabel('Answer').fill(String(await captchaAnswer(server.origin, id)));
    await form.getByRole('button', { name: 'Check' }).click();
    await page.waitForURL(`${server.origin}/en/`);
    await signedIn(page);
    await close();
  });

  it('resets a forgotten password with the e-mail code, telling a wrong code apart', async () => {
    const email = `forgot-${Date.now()}@example.test`;
    await apiRegister(email);
    const { page, close } = await openPage('/en/?showForgotPasswordModal=1');
    const modal = page.locator('[data-modal="forgot-password"]');
    await modal.getByLabel('E-mail').fill(email);
    await modal.getByRole('button', { name: 'Send code' }).click();
    await modal.getByLabel('Recovery code').waitFor();
    const mails = async () =>
      (
        (await (await fetch(`${server.origin}/dev/inbox.json?to=${encodeURIComponent(email)}`)).json()) as {
          data: { body: string; template: string }[];
        }
      ).data;
    let code = '';
    for (let i = 0; i < 50 && !code; i += 1) {
      const recovery = (await mails()).find((m) => !m.template.includes('confirm'));
      code = recovery ? (/\b(\d{6})\b/.exec(recovery.body)?.[1] ?? '') : '';
      if (!code) await new Promise((r) => setTimeout(r, 200));
    }
    const wrong = code === '000000' ? '111111' : '000000';
    await modal.getByLabel('Recovery code').fill(wrong);
    await modal.getByLabel('New password').fill('a brand new secret');
    await modal.getByRole('button', { name: 'Set new password' }).click();
    await modal.getByText('Wrong code. Check it and try again.').waitFor();
    await modal.getByLabel('Recovery code').fill(code);
    await modal.getByRole('button', { name: 'Set new password' }).click();
    await modal.getByText('Your password is changed.').waitFor();
    await modal.getByRole('button', { name: 'Back to log in' }).click();
    const login = page.locator('[data-modal="login"]');
    await login.getByLabel('E-mail or account number').fill(email);
    await login.getByLabel('Password').fill('a brand new secret');
    await login.getByRole('button', { name: 'Log in' }).click();
    await signedIn(page);
    await close();
  });

  it('logs off after the idle minutes and says so on the next load', async () => {
    const { page, close } = await openPage('/en/');
    await page.clock.install();
    await page.reload();
    const email = `idle-${Date.now()}@example.test`;
    await apiRegister(email);
    await page.getByTestId('header-login').click();
    const modal = page.locator('[data-modal="login"]');
    await modal.getByLabel('E-mail or account number').fill(email);
    await modal.getByLabel('Password').fill(PASSWORD);
    await modal.getByRole('button', { name: 'Log in' }).click();
    await signedIn(page);
    // The player's timers start a moment after the sign-in settles.
    await page.clock.runFor(3_000);
    await page.clock.runFor(65_000);
    await page.getByText('You were logged out after a period of inactivity.').waitFor();
    await signedOut(page);
    await page.screenshot({ path: artifact('auth-inactivity-en-desktop-dark.png') });
    await close();
  });

  it('logs in with the phone number and password', async () => {
    const phone = `9${String(Date.now() + 7).slice(-9)}`;
    await apiRegister(`phone-pw-${Date.now()}@example.test`, 'RUB', { phoneCode: '+7', phoneNumber: phone });
    const { page, errors, close } = await openPage('/en/');
    await page.getByTestId('header-login').click();
    const modal = page.locator('[data-modal="login"]');
    await modal.getByRole('button', { name: 'Phone', exact: true }).click();
    await modal.locator('form[data-mode="phone_password"]').waitFor();
    await modal.getByLabel('Phone number').fill(phone);
    await modal.getByLabel('Password').fill('not the password');
    await modal.getByRole('button', { name: 'Log in' }).click();
    await modal.getByRole('alert').waitFor();
    await signedOut(page);
    await modal.getByLabel('Password').fill(PASSWORD);
    await modal.getByRole('button', { name: 'Log in' }).click();
    await signedIn(page);
    expect(errors).toEqual([]);
    await close();
  });

  it('signs in on another device with a token link made by the signed-in one', async () => {
    const email = `token-${Date.now()}@example.test`;
    await apiRegister(email);
    const first = await openPage('/en/');
    await modalLogin(first.page, email);
    const made = await first.page.request.get(`${server.origin}/web-api/auth/v1/login-token?methodId=1`);
    expect(made.status()).toBe(200);
    const link = (await made.json()) as { methodId: number; userId: number; time: number; sign: string };
    const query = new URLSearchParams({
      methodId: String(link.methodId),
      userId: String(link.userId),
      time: String(link.time),
      sign: link.sign,
      lang: 'en',
    });
    const second = await openPage(`/en/user/login?${query}`);
    await second.page.waitForURL(`${server.origin}/en/`);
    await signedIn(second.page);
    await second.page.goto(`${server.origin}/en/office/account`);
    await second.page.getByTestId('personal-page').getByText(email).first().waitFor();
    // A link works once: a third device is refused with the message of the auth app.
    const third = await openPage(`/en/user/login?${query}`);
    await third.page.getByText('This sign-in link is not valid any more.').waitFor();
    await signedOut(third.page);
    // Full loads of signed-in pages hydrate without a mismatch (the header balance is server-rendered).
    expect([...first.errors, ...second.errors, ...third.errors]).toEqual([]);
    await Promise.all([first.close(), second.close(), third.close()]);
  });

  it.each([
    [390, 'dark'],
    [390, 'light'],
    [1366, 'light'],
    [1366, 'dark'],
  ] as const)('shows the login and registration modals at %i px, %s theme', async (width, theme) => {
    const { page, errors, close } = await openPage('/en/?modal=login', { width, theme });
    await page.locator('[data-auth-modal="login"] form').waitFor();
    await page.screenshot({ path: artifact(`auth-login-modal-en-${width}-${theme}.png`) });
    await page.locator('[data-auth-modal="login"]').getByRole('button', { name: 'Register' }).click();
    await page.locator('[data-auth-modal="registration"] form').waitFor();
    await page.screenshot({ path: artifact(`auth-registration-modal-en-${width}-${theme}.png`) });
    expect(errors).toEqual([]);
    await close();
  });
});

describe('changed terms in Chromium', () => {
  let server: StartedServer;
  let browser: Browser;
  let database: { url: string; drop(): Promise<void> };
  const { openPage, apiRegister, signedIn, modalLogin } = helpers(
    () => server,
    () => browser,
  );

  /** Whether the server tells the page's signed-in player that the terms changed. */
  const termsChanged = (page: Page) =>
    page.evaluate(async () => {
      const res = await fetch('/web-api/api-v3/v2/user/agreement-rules/status', { cache: 'no-store' });
      return ((await res.json()) as { result: boolean }).result;
    });

  beforeAll(async () => {
    // The embedded database admits one process; on PostgreSQL the CLI publishes beside the server.
    database = await createE2eDatabase();
    server = await startParlay({ DATABASE_URL: database.url, CAPTCHA_POW_BITS: '10' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await database?.drop();
  });

  it('sends signed-in players to confirm the new terms on the next page and on a 451, then lets them on', {
    timeout: 4 * STATE_WAIT_MS,
  }, async () => {
    const stamp = Date.now();
    const navigating = `terms-nav-${stamp}@example.test`;
    const acting = `terms-451-${stamp}@example.test`;
    await apiRegister(navigating);
    await apiRegister(acting);
    const a = await openPage('/en/', { clock: true });
    await modalLogin(a.page, navigating);
    const b = await openPage('/en/', { clock: true });
    await modalLogin(b.page, acting);
    await b.page.getByLabel('Profile menu').click();
    await b.page.getByRole('link', { name: 'Security' }).click();
    await b.page.waitForURL(`${server.origin}/en/office/security`);
    await b.page.getByTestId('two-step').getByRole('button', { name: 'Turn on two-step sign-in' }).waitFor();
    await a.page.goto(`${server.origin}/en/office/account`);
    await a.page.getByTestId('personal-page').waitFor();
    // The pages' clocks stand still from here: none of their timers (the shell's terms check, the
    // first-deposit offer) fires however long the server takes, so what moves them is what is tested.
    await Promise.all([a, b].map(async ({ page }) => page.clock.pauseAt(await pageNow(page))));
    // Both accepted the terms in force at registration.
    expect(await termsChanged(a.page)).toBe(false);
    expect(await termsChanged(b.page)).toBe(false);

    expect(parlayCli(['terms', 'publish', 'v2'], { DATABASE_URL: database.url })).toContain(
      'terms published',
    );
    // The server reads the terms in force through a short cache: wait until it reports the change.
    await expect.poll(() => termsChanged(a.page), { timeout: STATE_WAIT_MS, interval: 500 }).toBe(true);
    await a.page.clock.resume();

    // The next page the player opens is the confirm-terms page.
    await a.page.goto(`${server.origin}/en/office/account`);
    await a.page.waitForURL(`${server.origin}/en/confirm-terms`);
    await a.page.getByText('Our terms and rules have changed.').waitFor();
    await a.page.screenshot({ path: artifact('auth-confirm-terms-en-desktop-dark.png') });
    await a.page.getByRole('button', { name: 'I accept the terms' }).click();
    await a.page.waitForURL(`${server.origin}/en/`);
    await signedIn(a.page);
    await a.page.goto(`${server.origin}/en/office/account`);
    await a.page.getByTestId('personal-page').waitFor();

    // A state-changing call answered 451 leads there too, without a reload (b's clock still stands,
    // so its own terms check has not moved it).
    expect(b.page.url()).toBe(`${server.origin}/en/office/security`);
    const twoStep = b.page.getByTestId('two-step');
    await twoStep.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await b.page.waitForURL(`${server.origin}/en/confirm-terms`);
    await b.page.clock.resume();
    await b.page.getByRole('button', { name: 'I accept the terms' }).click();
    await b.page.waitForURL(`${server.origin}/en/`);
    await b.page.goto(`${server.origin}/en/office/security`);
    await twoStep.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await twoStep.getByTestId('totp-secret').waitFor();
    expect([...a.errors, ...b.errors]).toEqual([]);
    await Promise.all([a.close(), b.close()]);
  });
});
