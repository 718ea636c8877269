/**
 * The back office's trading desk in Chromium, against the simulated feed: a trader (created with
 * `parlay operators create`) watches the liability of a player's bet arrive over /ws, suspends the
 * market while the player's game page shows it locked (measured: within a second), resumes it,
 * overrides a price the player's page then shows, enters the market's result and corrects it, the
 * player's balance following each settlement. Screenshots of the trading and bets pages at 1440 px,
 * light and dark, ru and en, go to /tmp/shots/backoffice/.
 */
import { createHmac } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositViaSandbox, mainBalanceMinor, openApp, registerFastPlayer } from './players.ts';
import { createE2eDatabase, launchBrowser, parlayCli, type StartedServer, startParlay } from './support.ts';

const SHOTS = '/tmp/shots/backoffice';

/** The RFC 6238 code of a base32 secret at a moment, as an authenticator app computes it. */
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
  [browser, server] = await Promise.all([launchBrowser(), startParlay({ DATABASE_URL: database.url })]);
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
  await database?.drop();
});

async function newContext(theme = 'light') {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  contexts.push(context);
  await context.addCookies([
    { name: 'cookies_agree_type', value: 'all', url: server.origin },
    { name: 'theme', value: theme, url: server.origin },
  ]);
  return context;
}

interface Market {
  id: number;
  key: string;
  outcomes: { id: number; oddsMilli: number; state: string }[];
}
interface GamePage {
  id: number;
  champ: { id: number };
  groups: { markets: Market[] }[];
}

/** A football game of the line whose 1X2 market is open, with its market and outcome ids. */
async function lineGame(skip: number[] = []): Promise<GamePage & { market: Market }> {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const list = (await (
      await fetch(`${server.origin}/web-api/sportsbook/v1/line?sportId=1&limit=20&lang=en`)
    ).json()) as {
      data: { id: number; status: number }[];
    };
    for (const g of list.data.filter((x) => x.status === 0 && !skip.includes(x.id))) {
      const game = (await (
        await fetch(`${server.origin}/web-api/sportsbook/v1/games/${g.id}?lang=en`)
      ).json()) as GamePage;
      const markets = game.groups.flatMap((group) => group.markets);
      const market = markets.find((m) => m.key === 'result' && m.outcomes.every((o) => o.state === 'open'));
      if (market) return { ...game, market };
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('no line game with an open 1X2 market');
}

async function signIn(page: Page, login: string, password: string, secret: string) {
  await openApp(page, server.origin, '/en/backoffice/sign-in', 'backoffice');
  const root = page.locator('[data-mf-root="backoffice"]');
  await root.getByLabel('Login').fill(login);
  await root.getByLabel('Password').fill(password);
  await root.getByRole('button', { name: 'Continue' }).click();
  await root.getByLabel('Six-digit code').fill(totpCode(secret, Date.now()));
  await root.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${server.origin}/en/backoffice`);
}

/** Places a single of `amountMinor` on the outcome at its current price, in the player's page. */
function placeSingle(page: Page, outcomeId: number, oddsMilli: number, amountMinor: number) {
  return page.evaluate(
    async ({ outcomeId, oddsMilli, amountMinor }) => {
      const accounts = await (await fetch('/web-api/accounts/v1/accounts')).json();
      const res = await fetch('/web-api/betting/v1/coupons', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-requested-with': 'XMLHttpRequest',
          'idempotency-key': `e2e-${crypto.randomUUID()}`,
        },
        body: JSON.stringify({
          typeId: 0,
          accountId: accounts.mainAccount.id,
          amount: String(amountMinor),
          changeCoefAction: 2,
          bets: [{ outcomeId: String(outcomeId), coef: oddsMilli / 1000 }],
        }),
      });
      return (await res.json()) as { betId: string; status: string };
    },
    { outcomeId, oddsMilli, amountMinor },
  );
}

/** The bet's status as its player sees it (a placement may answer pending, then be accepted). */
function betStatus(page: Page, betId: string) {
  return page.evaluate(
    async (id) => (await (await fetch(`/web-api/betting/v1/bets/${id}`)).json()).status,
    betId,
  );
}

describe('back office trading', () => {
  it('a trader suspends, reprices, results and corrects a market the player watches; the balance follows', async () => {
    const created = parlayCli(['operators', 'create', '--login', 'trader1', '--role', 'trader'], {
      DATABASE_URL: database.url,
    });
    const password = /one-time password: (\S+)/.exec(created)?.[1] ?? '';
    const secret = /TOTP secret: (\S+)/.exec(created)?.[1] ?? '';
    const game = await lineGame();
    const [first] = game.market.outcomes;

    const playerContext = await newContext('dark');
    const player = await playerContext.newPage();
    await registerFastPlayer(player, server.origin);
    await depositViaSandbox(player, 'card', '1000');

    const traderContext = await newContext();
    const trader = await traderContext.newPage();
    await signIn(trader, 'trader1', password, secret);
    await openApp(trader, server.origin, '/en/backoffice/trading', 'backoffice');
    const desk = trader.locator('[data-mf-root="backoffice"]');
    await desk.getByTestId('liability-live').getByText('Live').waitFor();

    // The bet arrives on the open liability page over /ws.
    const bet = await placeSingle(player, first!.id, first!.oddsMilli, 10_000);
    await expect.poll(() => betStatus(player, bet.betId), { timeout: 10_000 }).toBe('accepted');
    const row = desk.getByTestId(`liability-${game.id}`);
    await row.waitFor({ timeout: 5000 });
    expect(await mainBalanceMinor(player)).toBe(90_000n);

    // The player's game page shows the market locked within a second of the trader's click.
    await player.goto(`${server.origin}/en/home/line/sports/football/${game.champ.id}-x/${game.id}-x`);
    await player
      .locator('[data-mf-root="sports"] [data-hydrated="true"]')
      .first()
      .waitFor({ timeout: 20_000 });
    const price = player.locator(`button[data-outcome-id="${first!.id}"]`).first();
    await price.waitFor();
    await row.getByRole('button').click();
    const marketRow = desk.getByTestId(`market-${game.market.id}`);
    // Both pages stamp Date.now() in the same browser: the trader's when the suspension is sent,
    // the player's when the price button turns disabled (a MutationObserver, not a poll).
    await trader.evaluate(() => {
      const send = window.fetch.bind(window);
      window.fetch = (input, init) => {
        if (String(input).endsWith('/trading/suspend'))
          (window as unknown as { sentAt: number }).sentAt = Date.now();
        return send(input, init);
      };
    });
    await player.evaluate((id) => {
      const seen = () => document.querySelector(`button[data-outcome-id="${id}"][disabled]`) !== null;
      new MutationObserver(() => {
        const w = window as unknown as { lockedAt?: number };
        if (w.lockedAt === undefined && seen()) w.lockedAt = Date.now();
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    }, first!.id);
    await marketRow.getByRole('button', { name: /^Suspend/ }).click();
    await player
      .locator(`button[data-outcome-id="${first!.id}"][disabled]`)
      .first()
      .waitFor({ timeout: 5000 });
    const sentAt = await trader.evaluate(() => (window as unknown as { sentAt: number }).sentAt);
    const lockedAt = await player.evaluate(() => (window as unknown as { lockedAt: number }).lockedAt);
    const lockedMs = lockedAt - sentAt;
    console.info(`market locked on the player's page ${lockedMs} ms after the trader's request`);
    expect(lockedMs).toBeLessThan(1000);
    await marketRow.getByRole('button', { name: /^Resume/ }).click();
    await player
      .locator(`button[data-outcome-id="${first!.id}"]:not([disabled])`)
      .first()
      .waitFor({ timeout: 5000 });

    // A price override reaches the player's page.
    await marketRow.getByRole('button', { name: /^Manage/ }).click();
    const outcomeRow = desk.getByTestId(`outcome-${first!.id}`);
    await outcomeRow.getByRole('textbox').fill('7.77');
    await outcomeRow.getByRole('button', { name: 'Set' }).click();
    await player
      .locator(`button[data-outcome-id="${first!.id}"][data-odds-milli="7770"]`)
      .first()
      .waitFor({ timeout: 5000 });
    await desk.getByTestId('market-margin').waitFor();

    // The result: preview, reason, confirm; the player is paid. Then corrected: the payout reversed.
    const entry = desk.getByTestId('market-desk');
    const selects = entry.getByRole('combobox');
    const count = await selects.count();
    for (let i = 0; i < count; i++) await selects.nth(i).selectOption(i === 0 ? 'win' : 'lose');
    await entry.getByRole('button', { name: 'See what it settles' }).click();
    await entry
      .getByTestId('result-preview')
      .getByText(/Settles or resettles 1 bet of 1/)
      .waitFor();
    await entry
      .getByTestId('result-preview')
      .getByLabel('Reason (kept in the audit log)')
      .fill('final score 2:0');
    await entry.getByRole('button', { name: 'Confirm the result' }).click();
    const paid = () =>
      player.evaluate(
        async (id) => (await (await fetch(`/web-api/betting/v1/bets/${id}`)).json()).payoutMinor,
        bet.betId,
      );
    await expect.poll(paid, { timeout: 10_000 }).not.toBeNull();
    const payout = BigInt((await paid()) as string);
    expect(payout).toBeGreaterThan(10_000n);
    expect(await mainBalanceMinor(player)).toBe(90_000n + payout);
    await entry.getByRole('heading', { name: 'Correct the result' }).waitFor();
    await selects.nth(0).selectOption('lose');
    await selects.nth(1).selectOption('win');
    await entry.getByRole('button', { name: 'See what it settles' }).click();
    await entry.getByTestId('result-preview').waitFor();
    await entry
      .getByTestId('result-preview')
      .getByLabel('Reason (kept in the audit log)')
      .fill('the home goal was disallowed');
    await entry.getByRole('button', { name: 'Confirm the correction' }).click();
    await expect.poll(() => mainBalanceMinor(player), { timeout: 10_000 }).toBe(90_000n);

    // Screenshots: the trading desk with another open bet's market, and the bet search with the bet's detail.
    const other = await lineGame([game.id]);
    const [pick] = other.market.outcomes;
    const second = await placeSingle(player, pick!.id, pick!.oddsMilli, 2_500);
    await expect.poll(() => betStatus(player, second.betId), { timeout: 10_000 }).toBe('accepted');
    for (const lng of ['en', 'ru']) {
      for (const theme of ['light', 'dark']) {
        await traderContext.addCookies([{ name: 'theme', value: theme, url: server.origin }]);
        await openApp(trader, server.origin, `/${lng}/backoffice/trading`, 'backoffice');
        const otherRow = desk.getByTestId(`liability-${other.id}`);
        await otherRow.getByRole('button').click();
        await desk.getByTestId(`market-${other.market.id}`).getByRole('button').first().click();
        await desk.getByTestId('market-margin').waitFor();
        await trader.screenshot({ path: `${SHOTS}/trading-1440-${theme}-${lng}.png`, fullPage: true });
        await openApp(trader, server.origin, `/${lng}/backoffice/bets`, 'backoffice');
        await desk.locator('form input').nth(1).fill(String(game.id));
        await desk.locator('form input').nth(1).press('Enter');
        await desk.getByTestId(`bet-${bet.betId}`).getByRole('button').click();
        await desk.getByTestId('bet-transfers').waitFor();
        await trader.screenshot({ path: `${SHOTS}/bets-1440-${theme}-${lng}.png`, fullPage: true });
      }
    }
  });
});
