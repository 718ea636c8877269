/**
 * The back office in Chromium: the first admin (created with `parlay operators create`) signs in
 * with the password and a TOTP code computed here, creates a payments operator, who signs in in a
 * second context and approves a player's withdrawal; the player's balance follows (the reserved
 * money is paid out, the rest stays) and `parlay audit verify` passes. Screenshots of sign-in,
 * operators, withdrawals and audit at 1440 px, light and dark, ru and en, go to /tmp/shots/backoffice/.
 */
import { createHmac } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositViaSandbox, mainBalanceMinor, openApp, registerFastPlayer } from './players.ts';
import { createE2eDatabase, launchBrowser, parlayCli, type StartedServer, startParlay } from './support.ts';

const SHOTS = '/tmp/shots/backoffice';

/** The RFC 6238 code (HMAC-SHA-1, 30 s, 6 digits) of a base32 secret at a moment, as an authenticator app computes it. */
function totpCode(secret: string, nowMs: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => Number.parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(nowMs / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}
let browser: Browser;
let server: StartedServer;
let database: { url: string; drop(): Promise<void> };
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  database = await createE2eDatabase();
  [browser, server] = await Promise.all([
    launchBrowser(),
    startParlay({ DATABASE_URL: database.url, FEED_PROVIDER: 'none', WITHDRAWAL_AUTO_APPROVE: 'RUB:10' }),
  ]);
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
  await database?.drop();
});

async function newContext() {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  contexts.push(context);
  // The site's cookie banner is answered (it would cover the screenshots).
  await context.addCookies([{ name: 'cookies_agree_type', value: 'all', url: server.origin }]);
  return context;
}

/** Waits for the next 30 s TOTP step when the current one was used (a code works once). */
async function freshCode(secret: string, used: Set<string>): Promise<string> {
  for (;;) {
    const code = totpCode(secret, Date.now());
    const step = String(Math.floor(Date.now() / 30_000));
    if (!used.has(`${secret}:${step}`)) {
      used.add(`${secret}:${step}`);
      return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 50));
  }
}

const usedSteps = new Set<string>();

async function signIn(page: Page, lng: string, login: string, password: string, secret: string) {
  await openApp(page, server.origin, `/${lng}/backoffice/sign-in`, 'backoffice');
  const root = page.locator('[data-mf-root="backoffice"]');
  await root.getByLabel(lng === 'en' ? 'Login' : 'Логин').fill(login);
  await root.getByLabel(lng === 'en' ? 'Password' : 'Пароль').fill(password);
  await root.getByRole('button', { name: lng === 'en' ? 'Continue' : 'Продолжить' }).click();
  const codeField = root.getByLabel(lng === 'en' ? 'Six-digit code' : 'Шестизначный код');
  await codeField.waitFor();
  await codeField.fill(await freshCode(secret, usedSteps));
  await root.getByRole('button', { name: lng === 'en' ? 'Sign in' : 'Войти' }).click();
  await page.waitForURL(`${server.origin}/${lng}/backoffice`);
  await root.getByTestId('backoffice-operator').waitFor();
}

/** Screenshots of a back-office page at 1440 px, light and dark, en and ru. */
async function shoot(page: Page, context: BrowserContext, path: string, name: string, ready: string) {
  for (const lng of ['en', 'ru']) {
    for (const theme of ['light', 'dark']) {
      await context.addCookies([{ name: 'theme', value: theme, url: server.origin }]);
      await openApp(page, server.origin, `/${lng}${path}`, 'backoffice');
      await page.locator('[data-mf-root="backoffice"]').getByTestId(ready).first().waitFor();
      await page.screenshot({ path: `${SHOTS}/${name}-1440-${theme}-${lng}.png`, fullPage: true });
    }
  }
  // 390 px is usable too: one look in English, light.
  await context.addCookies([{ name: 'theme', value: 'light', url: server.origin }]);
  await openApp(page, server.origin, `/en${path}`, 'backoffice');
  await page.locator('[data-mf-root="backoffice"]').getByTestId(ready).first().waitFor();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/${name}-390-light-en.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe('back office', () => {
  it('an admin creates a payments operator, who approves a withdrawal; the player balance follows', async () => {
    const created = parlayCli(['operators', 'create', '--login', 'chief', '--role', 'admin'], {
      DATABASE_URL: database.url,
    });
    const adminPassword = /one-time password: (\S+)/.exec(created)?.[1] ?? '';
    const adminSecret = /TOTP secret: (\S+)/.exec(created)?.[1] ?? '';
    expect(adminSecret).toMatch(/^[A-Z2-7]{32}$/);

    // A player asks for a withdrawal above the automatic approval: it waits in the queue.
    const playerContext = await newContext();
    const playerPage = await playerContext.newPage();
    await registerFastPlayer(playerPage, server.origin);
    await depositViaSandbox(playerPage, 'card', '1000');
    expect(await mainBalanceMinor(playerPage)).toBe(100_000n);
    const requested = await playerPage.evaluate(async () => {
      const json = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };
      const accounts = await (await fetch('/web-api/accounts/v1/accounts')).json();
      const methods = await (
        await fetch('/web-api/payments/v1/methods?direction=withdrawal&currency=RUB')
      ).json();
      const method = methods.methods.find((m: { code: string }) => m.code === 'card');
      const res = await fetch('/web-api/payments/v1/withdrawals', {
        method: 'POST',
        headers: { ...json, 'idempotency-key': `e2e-${crypto.randomUUID()}` },
        body: JSON.stringify({
          accountId: accounts.mainAccount.id,
          methodId: method.id,
          amount: '300',
          lng: 'en',
          destination: '4242424242424242',
        }),
      });
      return (await res.json()).payment as { id: string; state: string };
    });
    expect(requested.state).toBe('requested');
    expect(await mainBalanceMinor(playerPage)).toBe(70_000n);

    // The admin signs in (password, then TOTP) and creates a payments operator.
    const adminContext = await newContext();
    const admin = await adminContext.newPage();
    const signInShotsPage = await adminContext.newPage();
    await shoot(signInShotsPage, adminContext, '/backoffice/sign-in', 'sign-in', 'backoffice-sign-in-form');
    await signInShotsPage.close();
    await signIn(admin, 'en', 'chief', adminPassword, adminSecret);
    const root = admin.locator('[data-mf-root="backoffice"]');
    const nav = root.getByRole('navigation', { name: 'Back-office sections' });
    await expect(nav.getByRole('link').allTextContents()).resolves.toEqual(
      expect.arrayContaining([
        'Dashboard',
        'Withdrawals',
        'Operators',
        'Audit log',
        'Players',
        'Support inbox',
      ]),
    );
    await nav.getByRole('link', { name: 'Operators' }).click();
    await admin.waitForURL(`${server.origin}/en/backoffice/operators`);
    await root.getByLabel('Login').fill('cashier');
    await root.getByLabel('Role').selectOption('payments');
    await root.getByRole('button', { name: 'Create operator' }).click();
    const credentials = root.getByTestId('operator-credentials');
    await credentials.waitFor();
    const cashierPassword = (await credentials.getByTestId('credentials-password').textContent()) ?? '';
    const cashierSecret = (await credentials.getByTestId('credentials-secret').textContent()) ?? '';
    await root.getByTestId('operator-cashier').waitFor();

    // The payments operator signs in elsewhere and sees only the sections of the role.
    const cashierContext = await newContext();
    const cashier = await cashierContext.newPage();
    await signIn(cashier, 'en', 'cashier', cashierPassword, cashierSecret);
    const desk = cashier.locator('[data-mf-root="backoffice"]');
    const deskNav = desk.getByRole('navigation', { name: 'Back-office sections' });
    const cashierSections = await deskNav.getByRole('link').allTextContents();
    expect(cashierSections).toEqual(
      expect.arrayContaining(['Dashboard', 'Withdrawals', 'Players', 'Adjustments']),
    );
    expect(cashierSections).not.toContain('Operators');
    expect(cashierSections).not.toContain('Support inbox');
    await deskNav.getByRole('link', { name: 'Withdrawals' }).click();
    const row = desk.getByTestId(`withdrawal-${requested.id}`);
    await row.waitFor();
    await expect(row.textContent()).resolves.toMatch(/300\.00/);
    await shoot(
      cashier,
      cashierContext,
      '/backoffice/withdrawals',
      'withdrawals',
      `withdrawal-${requested.id}`,
    );
    await openApp(cashier, server.origin, '/en/backoffice/withdrawals', 'backoffice');
    await row.getByRole('button', { name: /^Approve withdrawal/ }).click();
    await row.getByRole('button', { name: 'Approve and pay' }).click();
    await desk
      .getByText(new RegExp(`Withdrawal ${requested.id} of .*300\\.00.* approved: paid\\.`))
      .waitFor();
    await row.waitFor({ state: 'detached' });

    // The player's balance follows: the reserved 300 left with the payout, 700 remain.
    expect(await mainBalanceMinor(playerPage)).toBe(70_000n);
    const history = await playerPage.evaluate(async () =>
      (await fetch('/web-api/payments/v1/payments?direction=withdrawal')).json(),
    );
    expect(JSON.stringify(history)).toMatch(/"state":"success"/);

    // The admin's screens: operators and the audit log naming the approval.
    await shoot(admin, adminContext, '/backoffice/operators', 'operators', 'operators-table');
    await openApp(admin, server.origin, '/en/backoffice/audit', 'backoffice');
    await root.getByLabel('Action').fill('withdrawal');
    await root.getByRole('button', { name: 'Search' }).click();
    await root.getByTestId('audit-table').getByText(`payment:${requested.id}`).waitFor();
    await shoot(admin, adminContext, '/backoffice/audit', 'audit', 'audit-table');
    const verified = parlayCli(['audit', 'verify'], { DATABASE_URL: database.url });
    expect(verified).toMatch(/^audit chain intact: \d+ record\(s\)/);
  }, 240_000);

  it('a support operator answers a request the player sees live; an adjustment moves money after a second operator approves it', async () => {
    const env = { DATABASE_URL: database.url };
    const operator = (login: string, role: string) => {
      const out = parlayCli(['operators', 'create', '--login', login, '--role', role], env);
      return {
        login,
        password: /one-time password: (\S+)/.exec(out)?.[1] ?? '',
        secret: /TOTP secret: (\S+)/.exec(out)?.[1] ?? '',
      };
    };
    const helpdesk = operator('helpdesk', 'support');
    const proposer = operator('teller', 'payments');
    const checker = operator('checker', 'compliance');

    // A player with 1000 RUB opens a support request on the office's support page.
    const playerContext = await newContext();
    const playerPage = await playerContext.newPage();
    await registerFastPlayer(playerPage, server.origin);
    await depositViaSandbox(playerPage, 'card', '1000');
    const userId = String(
      await playerPage.evaluate(
        async () => (await (await fetch('/web-api/user/config')).json()).result.user_id,
      ),
    );
    await openApp(playerPage, server.origin, '/en/office/support');
    const office = playerPage.locator('[data-mf-root="office"]');
    await office.getByLabel('Topic').selectOption('deposit');
    await office.getByLabel('Subject').fill('Bonus question');
    await office.getByLabel('Your question').fill('When does my bonus start?');
    await office.getByRole('button', { name: 'Send request' }).click();
    const playerThread = office.getByTestId('support-thread');
    await playerThread.getByText('When does my bonus start?').waitFor();

    // The support operator answers it in the inbox; the player's open page shows it without a reload.
    const helpContext = await newContext();
    const help = await helpContext.newPage();
    await signIn(help, 'en', helpdesk.login, helpdesk.password, helpdesk.secret);
    const desk = help.locator('[data-mf-root="backoffice"]');
    await desk
      .getByRole('navigation', { name: 'Back-office sections' })
      .getByRole('link', { name: 'Support inbox' })
      .click();
    await help.waitForURL(`${server.origin}/en/backoffice/support`);
    const request = desk.getByTestId('support-requests').getByRole('button', { name: 'Bonus question' });
    await request.waitFor();
    await shoot(help, helpContext, '/backoffice/support', 'support', 'support-requests');
    await openApp(help, server.origin, '/en/backoffice/support', 'backoffice');
    await request.click();
    await desk.getByTestId('support-thread').getByText('When does my bonus start?').waitFor();
    await desk.getByLabel('Answer').fill('Right after your next deposit.');
    await desk.getByRole('button', { name: 'Send answer' }).click();
    await desk.getByText(/answered; the player sees it\./).waitFor();
    await playerThread.getByText('Right after your next deposit.').waitFor({ timeout: 15_000 });
    await expect(playerThread.getByTestId('support-status').textContent()).resolves.toBe('Answered');

    // A payments operator finds the player and proposes a 150 RUB credit: nothing moves yet.
    const tellerContext = await newContext();
    const teller = await tellerContext.newPage();
    await signIn(teller, 'en', proposer.login, proposer.password, proposer.secret);
    const bo = teller.locator('[data-mf-root="backoffice"]');
    await bo
      .getByRole('navigation', { name: 'Back-office sections' })
      .getByRole('link', { name: 'Players' })
      .click();
    await teller.waitForURL(`${server.origin}/en/backoffice/players`);
    await bo.getByLabel('Player id').fill(userId);
    await bo.getByRole('button', { name: 'Find' }).click();
    await bo.getByTestId('player-results').getByRole('link', { name: userId, exact: true }).click();
    await bo.getByTestId('player-profile').waitFor();
    await expect(bo.getByTestId('player-balances').textContent()).resolves.toMatch(/1,000\.00/);
    await bo.getByLabel('Amount').fill('150');
    await bo.getByLabel('Reason', { exact: true }).fill('Goodwill for the late bonus');
    await bo.getByRole('button', { name: 'Propose', exact: true }).click();
    const proposed = bo.getByText(/^Adjustment \d+ of .* proposed/);
    await proposed.waitFor();
    const adjustmentId = /Adjustment (\d+)/.exec((await proposed.textContent()) ?? '')?.[1] ?? '';
    expect(await mainBalanceMinor(playerPage)).toBe(100_000n);
    await shoot(teller, tellerContext, `/backoffice/players?player=${userId}`, 'player', 'player-profile');
    await shoot(teller, tellerContext, `/backoffice/players?id=${userId}`, 'players', 'player-results');
    // The proposer sees the proposal but may not decide it.
    await openApp(teller, server.origin, '/en/backoffice/adjustments', 'backoffice');
    await expect(bo.getByTestId(`adjustment-${adjustmentId}`).textContent()).resolves.toMatch(
      /Your proposal: another operator decides/,
    );

    // A compliance operator approves it: the player's balance follows, once.
    const checkerContext = await newContext();
    const check = await checkerContext.newPage();
    await signIn(check, 'en', checker.login, checker.password, checker.secret);
    const co = check.locator('[data-mf-root="backoffice"]');
    await co
      .getByRole('navigation', { name: 'Back-office sections' })
      .getByRole('link', { name: 'Adjustments' })
      .click();
    const row = co.getByTestId(`adjustment-${adjustmentId}`);
    await row.waitFor();
    await shoot(
      check,
      checkerContext,
      '/backoffice/adjustments',
      'adjustments',
      `adjustment-${adjustmentId}`,
    );
    await shoot(check, checkerContext, '/backoffice/alerts', 'alerts', 'alert-cases-empty');
    await openApp(check, server.origin, '/en/backoffice/adjustments', 'backoffice');
    await row.getByRole('button', { name: /^Approve adjustment/ }).click();
    await row.getByRole('button', { name: 'Approve and move' }).click();
    await co.getByText(new RegExp(`Adjustment ${adjustmentId} of .*150\\.00.* approved`)).waitFor();
    await row.waitFor({ state: 'detached' });
    expect(await mainBalanceMinor(playerPage)).toBe(115_000n);

    expect(parlayCli(['audit', 'verify'], env)).toMatch(/^audit chain intact: \d+ record\(s\)/);
    expect(parlayCli(['ledger', 'check'], env)).toContain('ledger check: no difference');
  }, 300_000);

  it('a content operator edits a news item and the public page shows it', async () => {
    const out = parlayCli(['operators', 'create', '--login', 'editor', '--role', 'content'], {
      DATABASE_URL: database.url,
    });
    const password = /one-time password: (\S+)/.exec(out)?.[1] ?? '';
    const secret = /TOTP secret: (\S+)/.exec(out)?.[1] ?? '';
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, 'en', 'editor', password, secret);
    const bo = page.locator('[data-mf-root="backoffice"]');
    const nav = bo.getByRole('navigation', { name: 'Back-office sections' });
    const sections = await nav.getByRole('link').allTextContents();
    expect(sections).toEqual(expect.arrayContaining(['Content', 'Block rules', 'Redirects', 'Terms']));
    expect(sections).not.toContain('Site configuration');
    await nav.getByRole('link', { name: 'Content' }).click();
    await page.waitForURL(`${server.origin}/en/backoffice/content`);
    const row = bo.getByTestId('content-winter-maintenance');
    await row.waitFor();
    await shoot(page, context, '/backoffice/content', 'content', 'content-items');
    await openApp(page, server.origin, '/en/backoffice/content', 'backoffice');
    await row.getByRole('button', { name: /^Edit “/ }).click();
    const form = bo.getByTestId('content-form');
    const title = form.getByLabel('Title', { exact: true });
    await expect.poll(() => title.inputValue()).toBe('Planned maintenance on 1 December');
    await title.fill('Maintenance moved to 2 December');
    await form.getByRole('button', { name: 'Preview' }).click();
    await form
      .getByTestId('content-preview')
      .getByText(/carry out planned maintenance/)
      .waitFor();
    await form.getByRole('button', { name: 'Save' }).click();
    await bo.getByText(/^winter-maintenance saved as version \d+\.$/).waitFor();
    // The guest's page follows once the server renders' shared API copy (at most 5 s) is past.
    const guest = await (await newContext()).newPage();
    await expect
      .poll(
        async () => {
          await guest.goto(`${server.origin}/en/news/winter-maintenance`);
          return guest.getByRole('heading', { name: 'Maintenance moved to 2 December' }).count();
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBeGreaterThan(0);
  }, 180_000);

  it('the dashboard shows the rounds a player played: a chart and the product row', async () => {
    const env = { DATABASE_URL: database.url };
    const created = parlayCli(['operators', 'create', '--login', 'analyst', '--role', 'risk'], env);
    const password = /one-time password: (\S+)/.exec(created)?.[1] ?? '';
    const secret = /TOTP secret: (\S+)/.exec(created)?.[1] ?? '';
    const playerContext = await newContext();
    const playerPage = await playerContext.newPage();
    await registerFastPlayer(playerPage, server.origin);
    await depositViaSandbox(playerPage, 'card', '500');
    const statuses = await playerPage.evaluate(async () => {
      const answers: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await fetch('/web-api/casino/v1/rounds', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-requested-with': 'XMLHttpRequest',
            'idempotency-key': `e2e-${crypto.randomUUID()}`,
          },
          body: JSON.stringify({
            mode: 'real',
            gameId: 1001,
            stakeMinor: '1000',
            params: { direction: 'under', target: 5000 },
          }),
        });
        answers.push(res.status);
      }
      return answers;
    });
    expect(statuses).toEqual([200, 200, 200]);

    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, 'en', 'analyst', password, secret);
    const bo = page.locator('[data-mf-root="backoffice"]');
    // The workers' rollup pass runs every 15 s: the page is opened again until the rounds show.
    const row = bo.getByTestId('products-table-casino-casino');
    for (let tries = 0; tries < 40 && (await row.count()) === 0; tries++) {
      await openApp(page, server.origin, '/en/backoffice', 'backoffice');
      await bo.getByTestId('kpi-tiles').waitFor();
    }
    await expect(row.getByRole('rowheader').textContent()).resolves.toBe('Casino');
    await expect(row.textContent()).resolves.toMatch(/30\.00 RUB.*3$/);
    await bo.getByTestId('chart-turnover').locator('canvas').first().waitFor();
    await expect(bo.getByRole('img', { name: 'Turnover and GGR by day' }).count()).resolves.toBe(1);
    await shoot(page, context, '/backoffice', 'dashboard', 'products-table-casino-casino');
  }, 180_000);
});
