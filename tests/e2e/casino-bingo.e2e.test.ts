/**
 * Bingo and TV games for a player in Chromium (issue 19): a player deposits, buys two cards in the
 * 75-ball room on the bingo page, watches the game run (balls over /ws, cards daubed in the browser)
 * to the full house on one of the cards, is paid the whole pot (the only player: every stage is
 * theirs), then bets on the wheel of fortune on the TV games page and sees the bet settled by the
 * next draw. The server runs with CASINO_DRAW_PACE_PERCENT=10 (a ball every 200 ms, a wheel draw
 * every 6 s) so the journey fits in a minute; nothing else about the draws is changed: balls and
 * the wheel come from the committed seeds. Screenshots of the bingo room and the TV page at 390
 * and 1440 px, light and dark, ru and en go to /tmp/shots/bingo/.
 */
import { existsSync, mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositViaSandbox, mainBalanceMinor, registerFastPlayer } from './players.ts';
import { createE2eDatabase, launchBrowser, type StartedServer, startParlay } from './support.ts';

const SHOTS = '/tmp/shots/bingo';

interface RoomAnswer {
  room: { next: { id: string } | null; current: { id: string; balls: number[] } | null };
  history: { id: string; serverSeed: string | null; balls: number[] }[];
  myCards: { cardId: string; gameId: string; cells: number[] }[];
}

async function getJson<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(
    async (p) => (await fetch(p, { headers: { accept: 'application/json' } })).json(),
    path,
  ) as Promise<T>;
}

async function openCasino(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('[data-mf-root="casino"] [data-hydrated="true"]').waitFor({ timeout: 30_000 });
}

describe('bingo and TV games in Chromium', () => {
  let server: StartedServer;
  let database: { url: string; drop(): Promise<void> };
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    database = await createE2eDatabase();
    server = await startParlay({ DATABASE_URL: database.url, CASINO_DRAW_PACE_PERCENT: '10' });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addCookies([
      { name: 'cookies_agree_type', value: 'all', url: server.origin },
      { name: 'theme', value: 'light', url: server.origin },
    ]);
    mkdirSync(SHOTS, { recursive: true });
    page = await context.newPage();
    await registerFastPlayer(page, server.origin);
    await depositViaSandbox(page, 'card', '5000');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await database?.drop();
  });

  it('buys two cards and plays the game to a full house, paid the pot', async () => {
    await openCasino(page, `${server.origin}/en/bingo?room=classic75`);
    const before = await mainBalanceMinor(page);
    await page.getByLabel('Cards to buy').fill('2');
    // Buying closes when the game starts: a click that lands after it buys into the next one.
    await page.getByRole('button', { name: /^Buy for/ }).click();
    await page.getByRole('status').filter({ hasText: '2 cards bought for the next game' }).waitFor();
    expect(await mainBalanceMinor(page)).toBe(before - 2_000n);
    const bought = await getJson<RoomAnswer>(page, '/web-api/casino/v1/bingo/rooms/classic75');
    const gameId = bought.myCards[0]!.gameId;
    // The game runs on screen: balls arrive and the board fills.
    await expect
      .poll(
        async () =>
          (await getJson<RoomAnswer>(page, '/web-api/casino/v1/bingo/rooms/classic75')).room.current?.id,
        {
          timeout: 20_000,
        },
      )
      .toBe(gameId);
    await page.locator('ol[aria-label="Last balls"] li').first().waitFor({ timeout: 10_000 });
    await page.screenshot({ path: `${SHOTS}/journey-bingo-running-1440.png` });
    // Finished: the seed is revealed and one of the cards shows the full house.
    await expect
      .poll(
        async () =>
          (await getJson<RoomAnswer>(page, '/web-api/casino/v1/bingo/rooms/classic75')).history.some(
            (g) => g.id === gameId && g.serverSeed !== null,
          ),
        { timeout: 40_000 },
      )
      .toBe(true);
    await page.getByText('Full house!').first().waitFor({ timeout: 15_000 });
    const after = await mainBalanceMinor(page);
    // The only player wins every stage: the whole pot (85 % of 20.00), plus the jackpot if early.
    expect([before - 2_000n + 1_700n, before - 2_000n + 1_700n + 5_000_000n]).toContain(after);
  });

  it('bets on the wheel of fortune and the draw settles it', async () => {
    await openCasino(page, `${server.origin}/en/tvgames`);
    await page.getByLabel('Stake').fill('10');
    // Draws are paced at 10 %: a press near the end of a betting window can reach the server after it
    // closed, which answers that the draw no longer takes bets; the player presses again in the next.
    // Any other answer stays on screen and fails the test with its text.
    // The wheel's own notice: the status line right after its row of bets.
    const wheelNotice = page
      .getByRole('group', { name: 'Bet on a value' })
      .locator('xpath=following-sibling::*[1][@role="status"]');
    const x2 = page.getByRole('button', { name: '×2', exact: true });
    await expect
      .poll(
        async () => {
          const notices = await wheelNotice.allTextContents();
          if (notices.some((text) => text.includes('Bet accepted'))) return 'Bet accepted';
          const retry = notices.length === 0 || notices.some((text) => text.includes('no longer takes bets'));
          if (retry && (await x2.isEnabled({ timeout: 100 }).catch(() => false)))
            await x2.click({ timeout: 2_000 }).catch(() => {});
          return notices.join(' | ') || 'no answer yet';
        },
        { timeout: 60_000 },
      )
      .toBe('Bet accepted');
    await expect
      .poll(
        async () =>
          (await getJson<{ myBets: { status: string }[] }>(page, '/web-api/casino/v1/tv/state')).myBets[0]
            ?.status,
        { timeout: 20_000 },
      )
      .toMatch(/^(won|lost)$/);
    await page
      .getByText(/The wheel stopped on ×/)
      .first()
      .waitFor({ timeout: 10_000 });
    await page.screenshot({ path: `${SHOTS}/journey-tv-1440.png` });
  });

  it('takes screenshots at 390 and 1440 px, light and dark, ru and en', async () => {
    const taken: string[] = [];
    for (const theme of ['light', 'dark']) {
      for (const width of [390, 1440]) {
        const ctx = await browser.newContext({ viewport: { width, height: 900 } });
        await ctx.addCookies([
          { name: 'cookies_agree_type', value: 'all', url: server.origin },
          { name: 'theme', value: theme, url: server.origin },
          ...(await context.cookies()).filter((c) => c.name === 'user_token'),
        ]);
        const p = await ctx.newPage();
        for (const lng of ['en', 'ru']) {
          await openCasino(p, `${server.origin}/${lng}/bingo?room=classic75`);
          await p.locator('ol[aria-label]').first().waitFor({ timeout: 10_000 });
          // The room's texts in the page's language, the board of called balls drawn.
          await p.getByText(lng === 'ru' ? 'Залы бинго' : 'Bingo rooms').waitFor();
          taken.push(`${SHOTS}/bingo-${lng}-${theme}-${width}.png`);
          await p.screenshot({ path: taken.at(-1)!, fullPage: true });
          await openCasino(p, `${server.origin}/${lng}/tvgames`);
          await p.locator('svg[role="img"]').waitFor({ timeout: 10_000 });
          await p
            .getByText(lng === 'ru' ? 'Колесо фортуны' : 'Wheel of fortune')
            .first()
            .waitFor();
          taken.push(`${SHOTS}/tv-${lng}-${theme}-${width}.png`);
          await p.screenshot({ path: taken.at(-1)!, fullPage: true });
        }
        await ctx.close();
      }
    }
    expect(taken.filter((f) => existsSync(f))).toHaveLength(16);
  });
});
