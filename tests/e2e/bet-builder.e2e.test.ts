/**
 * The bet builder in Chromium. The simulated feed makes the world and stops (as in
 * bet-history.e2e.test.ts): the server then runs on that data without the feed, so prices and
 * markets stay as they were however slow the machine is. A funded player opens a football game
 * before its start, picks legs in the Bet builder tab (the price updates; a draw beside a home win
 * is explained as a contradiction), adds the combination to the slip (one selection, legs by team
 * names) and places it; the balance goes down by the stake. Settlement: the server is stopped, the
 * markets of the legs are resulted in its embedded database (each leg won: the feed's effect, as the
 * betting tests' resultMarket does), the server starts again on the same data, its betting worker
 * settles the builder coupon at its price and the balance follows. Screenshots of the game page with
 * the builder at 390 and 1440 px, light and dark, en and ru go to tests/e2e/artifacts/bet-builder-*.png.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositViaSandbox, mainBalanceMinor, registerFastPlayer } from './players.ts';
import { betSlip, openSports, slipContext } from './slip-pages.ts';
import { artifact, launchBrowser, REPO_ROOT, type StartedServer, startParlay } from './support.ts';

const STATE_WAIT_MS = 30_000;

interface ListGame {
  id: number;
  status: number;
  startAt: string;
  champ: { id: number };
  home: { name: string };
  away: { name: string };
}

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

/** Results the markets of these outcomes in the embedded database: each outcome wins, the others of its market lose. */
function resultOutcomesOffline(dataDir: string, outcomeIds: number[]): void {
  const body = `
    for (const id of ${JSON.stringify(outcomeIds)}) {
      const { rows } = await db.query('select market_id from outcomes where id = $1', [id]);
      const market = rows[0].market_id;
      await db.query("update outcomes set state = 'resulted', result = case when id = $1 then 'win' else 'lose' end, version = version + 1 where market_id = $2", [id, market]);
      await db.query("update markets set state = 'resulted', version = version + 1 where id = $1", [market]);
    }`;
  offline(dataDir, body, 'resulting the markets');
}

/** Reopens the markets a silent feed suspended, as the feed's next batch would. */
function feedBackOffline(dataDir: string): void {
  offline(
    dataDir,
    `await db.query("update markets set state = 'open', suspended_by = null, version = version + 1 where suspended_by = 'feed' and state = 'suspended'");`,
    'reopening the feed-suspended markets',
  );
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Polls `read` until it answers `expected` (or STATE_WAIT_MS passes). */
const until = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: STATE_WAIT_MS, interval: 200 });

describe('bet builder in Chromium', () => {
  let server: StartedServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let game: ListGame;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parlay-builder-e2e-'));

  /** A football game before its start, at least an hour ahead (it stays "not started" for the test). */
  async function footballGame(): Promise<ListGame> {
    const res = await fetch(`${server.origin}/web-api/sportsbook/v1/line?sportId=1&limit=50&lang=en`);
    const body = (await res.json()) as { data: ListGame[] };
    const later = Date.now() + 3_600_000;
    const found = body.data.find((g) => g.status === 0 && Date.parse(g.startAt) > later);
    if (!found) throw new Error('no football game before its start');
    return found;
  }

  const gamePath = (lng: string) => `/${lng}/home/line/sports/football/${game.champ.id}-x/${game.id}-x`;

  /** The builder's legs by their names (role button, name starting with the leg). */
  const legButton = (target: Page, name: string) =>
    target.getByTestId('bet-builder').getByRole('button', {
      name: new RegExp(`^${literal(`${game.home.name} — ${game.away.name}`)}, [^:]+: ${literal(name)},`),
    });

  beforeAll(async () => {
    server = await startParlay({ DATA_DIR: dataDir });
    await server.stop();
    feedBackOffline(dataDir);
    server = await startParlay({ DATA_DIR: dataDir, FEED_PROVIDER: 'none' });
    browser = await launchBrowser();
    context = await slipContext(browser, server.origin, { width: 1440, theme: 'dark' });
    context.setDefaultTimeout(STATE_WAIT_MS);
    page = await context.newPage();
    game = await footballGame();
  }, 8 * STATE_WAIT_MS);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'prices legs together, explains a contradiction, places the builder from the slip and settles it',
    async () => {
      await registerFastPlayer(page, server.origin);
      await depositViaSandbox(page, 'card', '5000');
      await until(() => mainBalanceMinor(page)).toBe(500_000n);
      await openSports(page, server.origin, gamePath('en'));
      const tabs = page.getByRole('tablist', { name: 'Market groups' });
      await tabs.getByRole('tab', { name: /^Bet builder/ }).click();
      const builder = page.getByTestId('bet-builder');
      await builder.waitFor();
      const price = page.getByTestId('builder-price');

      // Two legs: a price; a third leg moves it.
      await legButton(page, `${game.home.name} to win`).click();
      await expect(page.getByTestId('builder-summary').textContent()).resolves.toContain(
        'Pick 1 more outcome',
      );
      await legButton(page, 'Over 2.5 goals').click();
      await until(async () => Number((await price.getAttribute('data-coef-milli')) ?? 0)).toBeGreaterThan(
        1000,
      );
      const two = Number(await price.getAttribute('data-coef-milli'));
      await legButton(page, 'Both teams to score').click();
      await until(async () => Number((await price.getAttribute('data-coef-milli')) ?? 0)).not.toBe(two);
      await until(async () => (await price.getAttribute('aria-busy')) === 'false').toBe(true);
      const three = Number(await price.getAttribute('data-coef-milli'));
      expect(three).toBeGreaterThan(two);

      // The server's quote is the price shown.
      const ids = await builder
        .locator('button[data-builder-outcome-id][aria-pressed="true"]')
        .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-builder-outcome-id')));
      expect(ids).toHaveLength(3);
      const quoted = await page.evaluate(async (outcomeIds) => {
        const res = await fetch('/web-api/betting/v1/bet-builder/quote', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
          body: JSON.stringify({ outcomeIds }),
        });
        return (await res.json()) as { coefMilli: number };
      }, ids);
      expect(quoted.coefMilli).toBe(three);

      // A draw beside a home win cannot happen: explained, nothing to add.
      await legButton(page, 'Draw').click();
      const contradiction = page.getByTestId('builder-contradiction');
      await contradiction.waitFor();
      await expect(contradiction.textContent()).resolves.toContain(`${game.home.name} to win + Draw`);
      await expect(page.getByTestId('builder-add').isDisabled()).resolves.toBe(true);
      await legButton(page, 'Draw').click();
      await until(async () => Number((await price.getAttribute('data-coef-milli')) ?? 0)).toBe(three);

      for (const lng of ['en', 'ru'] as const) {
        for (const theme of ['dark', 'light'] as const) {
          for (const width of [390, 1440]) {
            await shoot(lng, theme, width);
          }
        }
      }

      // Into the slip as one selection with its legs by team names.
      await page.getByTestId('builder-add').click();
      await page.getByTestId('builder-added').waitFor();
      await page.getByTestId('builder-added').getByRole('button', { name: 'Open the bet slip' }).click();
      const slip = betSlip(page);
      await expect(page.getByTestId('slip-count').textContent()).resolves.toBe('1');
      const legs = await slip.getByTestId('slip-builder-leg').allTextContents();
      expect(legs).toEqual([`${game.home.name} to win`, 'Over 2.5 goals', 'Both teams to score']);
      await expect(slip.getByTestId('slip-builder').textContent()).resolves.toContain(
        `${game.home.name} — ${game.away.name}`,
      );
      await page.screenshot({ path: artifact('bet-builder-slip-en-dark-1440.png') });

      const before = await mainBalanceMinor(page);
      await slip.getByTestId('slip-builder-amount').fill('100');
      await slip.getByTestId('slip-builder-place').click();
      const accepted = slip.getByTestId('slip-builder-accepted');
      await accepted.waitFor();
      await expect(accepted.textContent()).resolves.toMatch(/Bet accepted at \d/);
      const betId = ((await accepted.getByRole('link').getAttribute('href')) ?? '').split('/').pop()!;
      await until(() => mainBalanceMinor(page)).toBe(before - 10_000n);
      const placed = await page.evaluate(
        async (id) => (await fetch(`/web-api/betting/v1/bets/${id}`)).json(),
        betId,
      );
      expect(placed).toMatchObject({ status: 'accepted', typeId: 20, coefMilli: three, stakeMinor: '10000' });
      expect(placed.legs).toHaveLength(3);

      // Settlement: stop, result the legs' markets (every leg won), start again on the same data.
      const cookies = await context.cookies();
      await server.stop();
      resultOutcomesOffline(dataDir, ids.map(Number));
      server = await startParlay({ DATA_DIR: dataDir, FEED_PROVIDER: 'none' });
      await context.clearCookies();
      await context.addCookies(cookies.map(({ name, value }) => ({ name, value, url: server.origin })));
      await page.goto(`${server.origin}/en/`);
      const statusOf = () =>
        page.evaluate(
          async (id) =>
            ((await (await fetch(`/web-api/betting/v1/bets/${id}`)).json()) as { status: string }).status,
          betId,
        );
      await until(statusOf).toBe('won');
      const payout = (10_000n * BigInt(three)) / 1000n;
      const settled = await page.evaluate(
        async (id) => (await fetch(`/web-api/betting/v1/bets/${id}`)).json(),
        betId,
      );
      expect(settled).toMatchObject({ status: 'won', payoutMinor: payout.toString() });
      expect(await mainBalanceMinor(page)).toBe(before - 10_000n + payout);
    },
    20 * STATE_WAIT_MS,
  );

  /** The game page with the builder open and three legs picked, in one language, theme and width. */
  async function shoot(lng: 'en' | 'ru', theme: 'dark' | 'light', width: number) {
    const shot = await slipContext(browser, server.origin, { width, theme });
    shot.setDefaultTimeout(STATE_WAIT_MS);
    // The player's session, not the main context's theme.
    await shot.addCookies((await context.cookies()).filter((c) => c.name !== 'theme'));
    const target = await shot.newPage();
    await target.setViewportSize({ width, height: 1000 });
    await openSports(target, server.origin, gamePath(lng));
    await target.getByRole('tab', { name: lng === 'en' ? /^Bet builder/ : /^Конструктор/ }).click();
    const builder = target.getByTestId('bet-builder');
    await builder.waitFor();
    const pick = builder.locator('button[data-builder-outcome-id]:not([disabled])');
    // The first three open legs of different cards (result, double chance, a total line).
    // Three legs that can happen together: the home side to win, both teams to score, 2–3 goals.
    for (const [card, nth] of [
      ['result', 0],
      ['btts', 0],
      ['goal_range', 1],
    ] as const) {
      await builder.locator(`[data-market="${card}"] button[data-builder-outcome-id]`).nth(nth).click();
    }
    expect(await pick.count()).toBeGreaterThan(20);
    await until(async () =>
      Number((await target.getByTestId('builder-price').getAttribute('data-coef-milli')) ?? 0),
    ).toBeGreaterThan(1000);
    await target.evaluate(() => window.scrollTo(0, 0));
    await target.screenshot({ path: artifact(`bet-builder-${lng}-${theme}-${width}.png`) });
    // The builder's summary with the price, scrolled into view.
    await target.getByTestId('builder-summary').scrollIntoViewIfNeeded();
    await target.screenshot({ path: artifact(`bet-builder-${lng}-${theme}-${width}-summary.png`) });
    await shot.close();
  }
});
