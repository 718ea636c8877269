/**
 * Bet history, cash-out and the print page in Chromium. A new player deposits through the sandbox
 * page and places four line bets through the HTTP API with the page's cookies (the bet slip has its
 * own journey); then, in the office history (/office/history), filters by status and type, downloads
 * the CSV, cashes one bet out fully (status and header balance change), cashes part of another, and
 * opens the print page (the owner sees the receipt; another player and an unknown id get 404, a
 * guest is sent to log in). The simulated feed plays games in real time (prices move, markets
 * suspend, a feed slowed down by a busy machine suspends them all), so it only makes the world: the
 * server then runs on that data without the feed, and every price and market the test reads stays as
 * it was however slow the machine is. Every wait is for a state (a URL, a text, an answer), bounded
 * only generously. Settlement: the server is stopped, the market of the third bet is resulted in
 * its embedded database (the feed's effect, as the betting tests' resultMarket does), and the server
 * starts again on the same data; its betting worker settles the bet and the history shows the right
 * actual win. Screenshots of the history, the cash-out panel and the print page at 390 and 1366 px,
 * dark and light, en and ru go to tests/e2e/artifacts/bet-history-*.png.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mainBalanceMinor, registerFastPlayer, screenshotWidths } from './players.ts';
import { artifact, launchBrowser, REPO_ROOT, type StartedServer, startParlay } from './support.ts';

interface LineOutcome {
  id: number;
  oddsMilli: number;
  state: string;
}
interface LineGame {
  id: number;
  startAt: string;
  home: { name: string };
  away: { name: string };
  markets: {
    type: string;
    state: string;
    isMain: boolean;
    specifiers: Record<string, string>;
    outcomes: LineOutcome[];
  }[];
}
interface Pick {
  gameId: number;
  gameLabel: string;
  outcomeId: number;
  oddsMilli: number;
}

const STAKE_MINOR = 10_000; // 100.00 RUB
/**
 * The bound of every wait for a state: generous, as a loaded machine may take long, and never a
 * condition of the test (each wait ends as soon as the state is there).
 */
const STATE_WAIT_MS = 120_000;

/** Waits until `read` answers what the assertion after it expects. */
const until = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: STATE_WAIT_MS });

/** An amount of kopecks as an English page writes it (en-GB): "1,234.50 RUB". */
const rub = (minor: bigint): string =>
  `${`${minor / 100n}`.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${String(minor % 100n).padStart(2, '0')} RUB`;

/** Runs `body` (statements over `db`, a PGlite of the stopped server's data) in a node process. */
function offline(dataDir: string, body: string, what: string): void {
  const script = `
    import { PGlite } from '@electric-sql/pglite';
    const db = await PGlite.create(${JSON.stringify(path.join(dataDir, 'pglite'))});
    ${body}
    await db.close();`;
  const result = spawnSync(
    path.join(REPO_ROOT, 'node_modules/.bin/node'),
    ['--input-type=module', '-e', script],
    {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) throw new Error(`${what} failed: ${result.stderr}`);
}

/** Marks the market of outcomeId resulted in the embedded database: that outcome wins, the others lose. */
function resultMarketOffline(dataDir: string, outcomeId: number): void {
  const body = `
    const { rows } = await db.query('select market_id from outcomes where id = $1', [${outcomeId}]);
    const market = rows[0].market_id;
    await db.query("update outcomes set state = 'resulted', result = case when id = $1 then 'win' else 'lose' end, version = version + 1 where market_id = $2", [${outcomeId}, market]);
    await db.query("update markets set state = 'resulted', version = version + 1 where id = $1", [market]);`;
  offline(dataDir, body, 'resulting the market');
}

/**
 * Reopens the markets a silent feed suspended (its heartbeat, when the machine slowed it down), as
 * the feed's next batch would: the world then stands as the feed last priced it.
 */
function feedBackOffline(dataDir: string): void {
  const body = `
    await db.query("update markets set state = 'open', suspended_by = null, version = version + 1 where suspended_by = 'feed' and state = 'suspended'");`;
  offline(dataDir, body, 'reopening the feed-suspended markets');
}

describe('bet history in Chromium', () => {
  let server: StartedServer;
  let browser: Browser;
  let context: BrowserContext;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parlay-bets-e2e-'));

  /** A context whose waits end on their state, bounded by STATE_WAIT_MS. */
  async function newContext(options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
    const made = await browser.newContext(options);
    made.setDefaultTimeout(STATE_WAIT_MS);
    made.setDefaultNavigationTimeout(STATE_WAIT_MS);
    return made;
  }

  beforeAll(async () => {
    // The feed makes the world, then stops: the test runs on it as it stood.
    server = await startParlay({ DATA_DIR: dataDir });
    await server.stop();
    feedBackOffline(dataDir);
    server = await startParlay({ DATA_DIR: dataDir, FEED_PROVIDER: 'none' });
    browser = await launchBrowser();
    context = await newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
    // Cookies agreed beforehand: no banner whose buttons work only once the shell has hydrated.
    await context.addCookies([{ name: 'cookies_agree_type', value: 'all', url: server.origin }]);
  }, 6 * STATE_WAIT_MS);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  // The server restarts on the same data later: these read its origin when called.
  /** Opens `route` and waits until the micro-app `app` has hydrated. */
  async function open(page: Page, route: string, app = 'office'): Promise<void> {
    await page.goto(`${server.origin}${route}`);
    await page.locator(`[data-mf-root="${app}"] [data-hydrated="true"]`).waitFor();
  }
  const shoot = (page: Page, name: string) => screenshotWidths(page, `bet-history-${name}`, 200);

  async function deposit(page: Page, rubles: string): Promise<void> {
    await open(page, '/en/office/recharge');
    await page
      .getByRole('radio', { name: /Bank card/ })
      .first()
      .check();
    await page.getByLabel('Amount, RUB').fill(rubles);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL(/\/payments-sandbox\/pay\//);
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL(/\/en\/onpay\/success$/);
  }

  /** Main-market outcomes of `count` different line games, priced between 1.3 and 4. */
  async function linePicks(page: Page, count: number): Promise<Pick[]> {
    // The whole line, page by page: at some hours of the simulated day the first games all start
    // within the hour (CI once found one pick in the first 60).
    const games = (await page.evaluate(async () => {
      const all: unknown[] = [];
      for (let offset = 0; ; offset += 100) {
        const res = await fetch(`/web-api/sportsbook/v1/line?lang=en&limit=100&offset=${offset}`);
        const data = ((await res.json()) as { data: unknown[] }).data;
        all.push(...data);
        if (data.length < 100) return all;
      }
    })) as LineGame[];
    const picks: Pick[] = [];
    // Games that start in an hour or later: none starts during the test.
    for (const game of games.filter((g) => Date.parse(g.startAt) > Date.now() + 3_600_000)) {
      const market = game.markets.find(
        (m) =>
          m.isMain &&
          m.state === 'open' &&
          // Cash-out needs every price of the market (a suspended outcome stops it).
          m.outcomes.every((o) => o.state === 'open') &&
          (m.type === 'result' || m.type === 'winner') &&
          !m.specifiers.period,
      );
      const outcome = market?.outcomes.find(
        (o) => o.state === 'open' && o.oddsMilli >= 1300 && o.oddsMilli <= 4000,
      );
      if (!outcome) continue;
      picks.push({
        gameId: game.id,
        gameLabel: `${game.home.name} — ${game.away.name}`,
        outcomeId: outcome.id,
        oddsMilli: outcome.oddsMilli,
      });
      if (picks.length === count) break;
    }
    expect(picks.length).toBe(count);
    return picks;
  }

  async function place(page: Page, typeId: number, picks: Pick[]): Promise<string> {
    const answer = await page.evaluate(
      async ({ typeId, picks, stake }) => {
        const accounts = await (await fetch('/web-api/accounts/v1/accounts')).json();
        const res = await fetch('/web-api/betting/v1/coupons', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-requested-with': 'XMLHttpRequest',
            'idempotency-key': crypto.randomUUID(),
          },
          body: JSON.stringify({
            typeId,
            accountId: String(accounts.mainAccount.id),
            amount: String(stake),
            bets: picks.map((p) => ({ outcomeId: String(p.outcomeId), coef: p.oddsMilli / 1000 })),
            changeCoefAction: 2,
          }),
        });
        return (await res.json()) as { status: string; betId?: string; code?: string };
      },
      { typeId, picks, stake: STAKE_MINOR },
    );
    expect(answer, JSON.stringify(answer)).toMatchObject({ status: 'accepted' });
    return answer.betId!;
  }

  const card = (page: Page, betId: string) => page.locator(`article[data-bet-id="${betId}"]`);

  // The bound is for a machine many times slower than usual, not a condition: each step waits on state.
  it('lists, filters, exports, cashes out, prints and shows a settled win', {
    timeout: 10 * STATE_WAIT_MS,
  }, async () => {
    const page = await context.newPage();
    await registerFastPlayer(page, server.origin);
    await deposit(page, '2000');
    const [a, b1, b2, c, d] = await linePicks(page, 5);
    const fullId = await place(page, 0, [a!]);
    const expressId = await place(page, 1, [b1!, b2!]);
    const winnerId = await place(page, 0, [c!]);
    const openId = await place(page, 0, [d!]);

    await open(page, '/en/office/history');
    const list = page.getByRole('list', { name: 'Bets' });
    await until(() => list.locator('article').count()).toBe(4);
    await expect(card(page, fullId).textContent()).resolves.toContain('Single');
    await expect(card(page, expressId).textContent()).resolves.toContain('Express of 2');
    await card(page, expressId).getByRole('button', { name: 'Show selections (2)' }).click();
    const legs = card(page, expressId).getByRole('table', { name: `Selections of bet ${expressId}` });
    await expect(legs.textContent()).resolves.toContain(b1!.gameLabel);
    await expect(legs.textContent()).resolves.toContain(b2!.gameLabel);
    await shoot(page, 'list-en-dark');

    // Filters: type, then status (nothing is settled yet), then all again.
    await page.getByLabel('Bet type', { exact: true }).selectOption({ label: 'Express' });
    await until(() => list.locator('article').count()).toBe(1);
    await page.getByLabel('Bet type', { exact: true }).selectOption({ label: 'All' });
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Won' });
    await page.getByText('No bets for these filters').waitFor();
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Open' });
    await until(() => list.locator('article').count()).toBe(4);
    await page.getByLabel('Period', { exact: true }).selectOption({ label: 'Custom dates' });
    await page.getByLabel('From', { exact: true }).fill('2020-01-01');
    await page.getByLabel('To', { exact: true }).fill('2020-01-31');
    await page.getByText('No bets for these filters').waitFor();
    await page.getByLabel('Period', { exact: true }).selectOption({ label: 'Last 7 days' });
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'All' });
    await until(() => list.locator('article').count()).toBe(4);

    // CSV of the same filter.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\n')[0]).toContain('id,placed_at,type_id');
    for (const id of [fullId, expressId, winnerId, openId]) expect(csv).toContain(`\n${id},`);
    expect(csv).toContain(a!.gameLabel);

    // Full cash-out: the offer with fair value and margin, then the status and the balance change.
    const before = await mainBalanceMinor(page);
    const headerBalance = page.getByTestId('header-balance');
    await until(() => headerBalance.textContent()).toBe(rub(before));
    await page.evaluate(() => {
      (window as { __sameDocument?: boolean }).__sameDocument = true;
    });
    await card(page, fullId).getByRole('button', { name: 'Cash out…' }).click();
    const panel = card(page, fullId).getByRole('region', { name: `Cash-out of bet ${fullId}` });
    await panel.getByText('Fair value').waitFor();
    await expect(panel.textContent()).resolves.toContain('Margin taken');
    await shoot(page, 'cashout-en-dark');
    const confirm = panel.getByRole('button', { name: /^Cash out for / });
    await confirm.waitFor();
    await confirm.click();
    await until(() =>
      page
        .getByRole('status')
        .filter({ hasText: `Bet ${fullId} cashed out` })
        .count(),
    ).toBe(1);
    await until(() => card(page, fullId).getAttribute('data-status')).toBe('cashed_out');
    const paid = (await mainBalanceMinor(page)) - before;
    expect(paid).toBeGreaterThan(0n);
    // The header follows the balance push of the cash-out at once, without a reload: the page
    // marker set before the cash-out is still there when the new balance shows.
    await until(() => headerBalance.textContent()).toBe(rub(before + paid));
    expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await expect(card(page, fullId).getByTestId('actual-win').textContent()).resolves.toMatch(/\d/);

    // Partial cash-out of the express: half the stake.
    await card(page, expressId).getByRole('button', { name: 'Cash out…' }).click();
    const expressPanel = card(page, expressId).getByRole('region', {
      name: `Cash-out of bet ${expressId}`,
    });
    const slider = expressPanel.getByRole('slider');
    await slider.waitFor();
    await slider.fill('50');
    await until(() => expressPanel.textContent()).toContain('Cash out 50.00 RUB of the 100.00 RUB stake');
    await expressPanel.getByRole('button', { name: /^Cash out part for / }).click();
    await until(() =>
      page
        .getByRole('status')
        .filter({ hasText: `Part of bet ${expressId} cashed out` })
        .count(),
    ).toBe(1);
    await until(() => card(page, expressId).textContent()).toContain('partly cashed out');
    expect(await card(page, expressId).getAttribute('data-status')).toBe('accepted');
    const express = await page.evaluate(
      async (id) => (await fetch(`/web-api/betting/v1/bets/${id}`)).json(),
      expressId,
    );
    expect(express).toMatchObject({ stakeMinor: '5000', originalStakeMinor: String(STAKE_MINOR) });

    // Automatic cash-out value on the open single.
    await card(page, openId).getByRole('button', { name: 'Cash out…' }).click();
    await card(page, openId).getByLabel('Cash out automatically when the offer reaches (RUB)').fill('5000');
    await card(page, openId).getByRole('button', { name: 'Set' }).click();
    await card(page, openId).getByText('Automatic cash-out set at 5,000.00 RUB.').waitFor();

    // The print page: the owner's receipt.
    await open(page, `/en/print-coupon/${expressId}`, 'sports');
    await page.getByRole('heading', { name: `Bet coupon No. ${expressId}` }).waitFor();
    const receipt = await page.locator('article').first().textContent();
    expect(receipt).toContain(b1!.gameLabel);
    expect(receipt).toContain('Express of 2');
    await page.getByRole('button', { name: 'Print' }).waitFor();
    await shoot(page, 'print-en-dark');

    // Unknown id: 404; a guest: the login page.
    const unknown = await page.goto(`${server.origin}/en/print-coupon/999999999`);
    expect(unknown?.status()).toBe(404);
    const guest = await newContext();
    const guestPage = await guest.newPage();
    await guestPage.goto(`${server.origin}/en/print-coupon/${expressId}`);
    await guestPage.waitForURL(/\/user\/login/);
    // Another player's bet is not found either.
    await registerFastPlayer(guestPage, server.origin);
    const other = await guestPage.goto(`${server.origin}/en/print-coupon/${expressId}`);
    expect(other?.status()).toBe(404);
    await guest.close();

    // Russian and the light theme.
    await context.addCookies([{ name: 'theme', value: 'light', url: server.origin }]);
    await open(page, '/ru/office/history');
    await page.getByRole('list', { name: 'Ставки' }).waitFor();
    await card(page, expressId).getByRole('button', { name: 'Показать события (2)' }).click();
    await shoot(page, 'list-ru-light');
    await card(page, openId).getByRole('button', { name: 'Продать ставку…' }).click();
    await card(page, openId).getByText('Справедливая цена').waitFor();
    await shoot(page, 'cashout-ru-light');
    // The money movements stay one tab away.
    await page.getByRole('tab', { name: 'Операции' }).click();
    await until(() => page.getByRole('tabpanel').locator('table').textContent()).toContain('Ставка');
    await open(page, `/ru/print-coupon/${expressId}`, 'sports');
    await page.getByRole('heading', { name: `Купон ставки № ${expressId}` }).waitFor();
    await shoot(page, 'print-ru-light');
    await context.clearCookies({ name: 'theme' });

    // The bet slip's "My bets" tab: the open bets with their offers; cash one out there.
    await open(page, '/en/', 'sports');
    await page.getByRole('tab', { name: 'My bets' }).click();
    const myBets = page.getByRole('list', { name: 'Open bets' });
    await until(() => myBets.locator('article').count()).toBe(3);
    const mine = myBets.locator(`article[data-bet-id="${openId}"]`);
    await expect(mine.textContent()).resolves.toContain(d!.gameLabel);
    await page.screenshot({ path: artifact('bet-history-mybets-en-dark-1366.png') });
    // The slip's cash-out asks to confirm (docs/flows.md); an offer that went down meanwhile asks
    // again for the new amount, so confirm until it is paid (the offer follows the live prices).
    await mine.getByRole('button', { name: /^Cash out / }).click();
    const cashed = page.getByRole('status').filter({ hasText: `Bet No. ${openId} cashed out` });
    for (let attempt = 0; attempt < 3 && !(await cashed.isVisible()); attempt += 1) {
      await mine.getByRole('button', { name: /^Confirm / }).click();
      await Promise.race([
        cashed.waitFor().catch(() => undefined),
        mine
          .getByText(/went down from/)
          .waitFor()
          .catch(() => undefined),
      ]);
    }
    await cashed.waitFor();
    await until(() => myBets.locator('article').count()).toBe(2);
    await expect(page.getByRole('link', { name: 'Full bet history' }).getAttribute('href')).resolves.toBe(
      '/en/office/history',
    );

    // Settlement: stop, result the market of the winner's selection, start again on the same data.
    const cookies = await context.cookies();
    const beforeWin = await mainBalanceMinor(page);
    await server.stop();
    resultMarketOffline(dataDir, c!.outcomeId);
    server = await startParlay({ DATA_DIR: dataDir, FEED_PROVIDER: 'none' });
    await context.clearCookies();
    await context.addCookies(cookies.map(({ name, value }) => ({ name, value, url: server.origin })));
    // The betting worker settles the bet when it next runs: wait for that, then look at the history.
    const statusOf = async (id: string) =>
      page.evaluate(async (betId) => {
        const res = await fetch(`/web-api/betting/v1/bets/${betId}`);
        return ((await res.json()) as { status: string }).status;
      }, id);
    await page.goto(`${server.origin}/en/`);
    await until(() => statusOf(winnerId)).toBe('won');
    await open(page, '/en/office/history');
    const expected = (BigInt(STAKE_MINOR) * BigInt(c!.oddsMilli)) / 1000n;
    expect(await card(page, winnerId).getAttribute('data-status')).toBe('won');
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Won' });
    await until(() => page.getByRole('list', { name: 'Bets' }).locator('article').count()).toBe(1);
    const win = await card(page, winnerId).getByTestId('actual-win').textContent();
    expect(win).toBe(rub(expected));
    const settled = await page.evaluate(
      async (id) => (await fetch(`/web-api/betting/v1/bets/${id}`)).json(),
      winnerId,
    );
    expect(settled).toMatchObject({ status: 'won', payoutMinor: expected.toString() });
    expect((await mainBalanceMinor(page)) - beforeWin).toBe(expected);
    await shoot(page, 'won-en-dark');
  });
});
