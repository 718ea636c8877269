/**
 * Lotto and toto for a player in Chromium (issue 21, "Done when"): a player deposits through the
 * sandbox, buys a quick-pick ticket and a system ticket in the ticket builder, the draw runs, the
 * winning system ticket is paid and shows in "My tickets" and in the office's history ("Lotto and
 * toto" tab), the draw is reproduced by the verify block of its page; a toto coupon is bought in
 * the coupon builder, the pool closes, its matches are resulted (one cancelled: void), the pool is
 * distributed by category and the coupon's win is paid and shows in the office; `parlay ledger
 * check` is clean afterwards. The server runs on a PostgreSQL database of its own so the test can
 * reach it beside the server.
 *
 * The numbers are the provably fair generator's. To buy a ticket that certainly wins, the test reads
 * the draw's still-secret server seed from the database (as only the house could) and plays a
 * system ticket holding the numbers that seed will draw. To run the draw now instead of at its
 * scheduled minute, the test moves the draw's sales close and draw time to now in the database and
 * runs one pass of the lotto worker (`parlay lotto run-due`); the server's own workers may run it
 * too, which the worker is built for. The toto is closed the same way (its close time moved to now,
 * then `parlay toto run`), and its matches are resulted in the database as the feed would result
 * them (the sportsbook has no operator command for results).
 */
import { drawNumbers, LOTTO_4_OF_20 } from '@parlay/domain/lotto/index.ts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositViaSandbox, mainBalanceMinor, openApp, registerFastPlayer } from './players.ts';
import {
  artifact,
  createE2eDatabase,
  launchBrowser,
  parlayCli,
  type StartedServer,
  startParlay,
} from './support.ts';

interface Answer<T> {
  status: number;
  body: T;
}

/** A JSON GET from the page (its cookies, its session). */
async function get<T>(page: Page, path: string): Promise<Answer<T>> {
  return page.evaluate(async (path) => {
    const res = await fetch(path, {
      headers: { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    });
    return { status: res.status, body: await res.json().catch(() => ({})) };
  }, path) as Promise<Answer<T>>;
}

interface Ticket {
  ticketId: string;
  drawId: string;
  numbers: number[];
  quickPick: boolean;
  system: boolean;
  combinations: string;
  status: 'open' | 'won' | 'lost';
  prizeMinor: string;
  paid: boolean;
}

interface TotoCoupon {
  couponId: string;
  drawId: string;
  status: 'pending' | 'lost' | 'won' | 'paid';
  combinations: number;
  stakeMinor: string;
  wins: Record<string, number> | null;
  payoutMinor: string | null;
}

interface TotoCategory {
  category: number;
  shareBasisPoints: number;
  fundMinor: string;
  winningCombinations: string;
  winningCoupons: number;
  payoutPerCombinationMinor: string;
}

interface TotoDrawView {
  drawId: string;
  status: string;
  poolBasisPoints: number;
  stakesMinor: string;
  poolMinor: string;
  jackpotInMinor: string;
  jackpotOutMinor: string;
  paidMinor: string;
  categories: TotoCategory[];
}

const GAME = LOTTO_4_OF_20;

async function query<T>(url: string, text: string, values: unknown[]): Promise<T[]> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

describe('lotto and toto for a player in Chromium', () => {
  let server: StartedServer;
  let database: { url: string; drop(): Promise<void> };
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let drawId = '';
  let winning: number[] = [];
  let systemTicket: Ticket | null = null;
  let coupon: TotoCoupon | null = null;

  beforeAll(async () => {
    database = await createE2eDatabase();
    // Migrated first, so the server's start (60 s allowed) is not spent on the migrations when the
    // machine is busy.
    parlayCli(['migrate'], { DATABASE_URL: database.url });
    server = await startParlay({ DATABASE_URL: database.url });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addCookies([
      { name: 'cookies_agree_type', value: 'all', url: server.origin },
      { name: 'theme', value: 'light', url: server.origin },
    ]);
    page = await context.newPage();
    await registerFastPlayer(page, server.origin);
    await depositViaSandbox(page, 'card', '5000');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await database?.drop();
  });

  it('buys a quick-pick ticket and a system ticket in the ticket builder', async () => {
    // The draw on sale, with time enough left to buy in it (else the next one, after a short wait).
    let next: { drawId: string; secondsToClose: number } | null = null;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const { body } = await get<{ nextDraw: { drawId: string; secondsToClose: number } | null }>(
        page,
        `/web-api/lotto/v1/games/${GAME.id}`,
      );
      next = body.nextDraw;
      if (next && next.secondsToClose >= 25) break;
      await page.waitForTimeout(((next?.secondsToClose ?? 0) + 2) * 1000);
    }
    expect(next).not.toBeNull();
    drawId = next!.drawId;
    const [row] = await query<{ server_seed: string; salt: string }>(
      database.url,
      'select server_seed, salt from lotto_draws where id = $1',
      [drawId],
    );
    winning = drawNumbers(GAME, {
      serverSeed: row!.server_seed,
      salt: row!.salt,
      drawId: Number(drawId),
    }).main;
    const before = await mainBalanceMinor(page);

    await openApp(page, server.origin, `/en/lotto/${GAME.id}`, 'lotto');
    await page.getByRole('radio', { name: 'Quick pick' }).check();
    await expect.poll(() => page.getByTestId('lotto-price').textContent()).toBe('50.00 RUB');
    await page.getByTestId('lotto-buy').click();
    await page.getByTestId('lotto-bought').waitFor();

    // Own numbers: the four the draw will take and two more, a system of C(6, 4) = 15 combinations.
    await page.getByRole('radio', { name: 'Own numbers' }).check();
    const others = Array.from({ length: GAME.main.pool }, (_, i) => i + 1)
      .filter((n) => !winning.includes(n))
      .slice(0, 2);
    for (const n of [...winning, ...others]) {
      const cell = page.getByRole('button', { name: `Number ${n}`, exact: true });
      await cell.click();
      await expect.poll(() => cell.getAttribute('aria-pressed')).toBe('true');
    }
    await expect.poll(() => page.getByTestId('lotto-kind').textContent()).toBe('System');
    expect(await page.getByTestId('lotto-combinations').textContent()).toBe('15');
    expect(await page.getByTestId('lotto-price').textContent()).toBe('750.00 RUB');
    await page.getByTestId('lotto-buy').click();
    await expect.poll(() => page.getByTestId('lotto-bought').textContent()).toContain('750.00 RUB');
    await page.screenshot({ path: artifact('lotto-builder-1440.png'), fullPage: true });

    const { body } = await get<{ items: Ticket[] }>(page, '/web-api/lotto/v1/tickets');
    expect(body.items).toHaveLength(2);
    expect(body.items.every((t) => t.drawId === drawId)).toBe(true);
    expect(body.items.filter((t) => t.quickPick)).toHaveLength(1);
    systemTicket = body.items.find((t) => t.system) ?? null;
    expect(systemTicket?.combinations).toBe('15');
    expect(await mainBalanceMinor(page)).toBe(before - 800_00n);
  });

  it('runs the draw and pays the winning ticket, shown in my tickets', async () => {
    const before = await mainBalanceMinor(page);
    await query(
      database.url,
      "update lotto_draws set closes_at = now() - interval '1 second', draw_at = now() where id = $1",
      [drawId],
    );
    // The server's own workers may hold the draw while this runs it too: run the due work again
    // until the ticket is paid (a bound, not a guess of how many passes a busy machine needs).
    // Both tickets of the draw settle: the system ticket wins, and the quick pick's random numbers
    // may win a lower tier too, so the balance rises by the prizes of both.
    const settled = (t: Ticket) => t.status !== 'open' && (t.status !== 'won' || t.paid);
    let tickets: Ticket[] = [];
    for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
      parlayCli(['lotto', 'run-due'], { DATABASE_URL: database.url });
      const { body } = await get<{ items: Ticket[] }>(page, '/web-api/lotto/v1/tickets');
      tickets = body.items.filter((t) => t.drawId === drawId);
      if (tickets.length === 2 && tickets.every(settled)) break;
    }
    const paid = tickets.find((t) => t.ticketId === systemTicket?.ticketId);
    expect(paid?.status).toBe('won');
    expect(paid?.paid).toBe(true);
    const prize = BigInt(paid!.prizeMinor);
    // One combination hits all four (the jackpot, at least its guaranteed minimum).
    expect(prize).toBeGreaterThanOrEqual(GAME.minimumJackpotMinor);
    expect(tickets.every(settled)).toBe(true);
    const prizes = tickets.reduce((sum, t) => sum + (t.status === 'won' ? BigInt(t.prizeMinor) : 0n), 0n);
    expect(await mainBalanceMinor(page)).toBe(before + prizes);

    await openApp(page, server.origin, '/en/lotto/my-tickets', 'lotto');
    const row = page.getByTestId(`lotto-ticket-${paid!.ticketId}`);
    await expect.poll(() => row.getByTestId('lotto-ticket-status').textContent()).toMatch(/^Won .+, paid$/);
    await page.screenshot({ path: artifact('lotto-my-tickets-1440.png'), fullPage: true });

    // The office's history has the ticket too, in its "Lotto and toto" tab, linking to its page.
    await openApp(page, server.origin, '/en/office/history', 'office');
    await page.getByRole('tab', { name: 'Lotto and toto' }).click();
    const card = page.getByTestId(`office-lotto-ticket-${paid!.ticketId}`);
    await expect.poll(() => card.getByTestId('office-draw-status').textContent()).toMatch(/^Won .+, paid$/);
    const major = new Intl.NumberFormat('en', { minimumFractionDigits: 2 }).format(Number(prize) / 100);
    expect(await card.getByTestId('office-draw-win').textContent()).toBe(`${major} RUB`);
    expect(await card.getByRole('link', { name: `Open ticket ${paid!.ticketId}` }).getAttribute('href')).toBe(
      `/en/lotto/view/${paid!.ticketId}`,
    );
    expect(page.url()).toContain('tab=draws');

    await openApp(page, server.origin, `/en/lotto/view/${paid!.ticketId}`, 'lotto');
    await page.getByTestId('lotto-ticket').waitFor();
    expect(await page.getByTestId('lotto-print').isVisible()).toBe(true);
    // Printed, the page is the ticket alone: the site's header and the page's buttons are hidden.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('lotto-ticket').isVisible()).toBe(true);
    expect(await page.getByTestId('lotto-print').isVisible()).toBe(false);
    expect(await page.locator('h1').isVisible()).toBe(false);
    await page.screenshot({ path: artifact('lotto-ticket-print.png') });
    await page.emulateMedia({ media: 'screen' });
  });

  it('reproduces the draw in the verify block of its page', async () => {
    await openApp(page, server.origin, `/en/lotto/results/${drawId}`, 'lotto');
    await page.getByTestId('lotto-verify-run').click();
    const result = page.getByTestId('lotto-verify-result');
    await expect.poll(() => result.textContent()).toContain('Reproduced');
    for (const n of winning) expect(await result.textContent()).toContain(String(n));
    await page.screenshot({ path: artifact('lotto-draw-1440.png'), fullPage: true });
  });

  it('buys a toto coupon in the coupon builder', async () => {
    type TotoDraw = { drawId: string; status: string; minStakeMinor: string; matches: unknown[] };
    let draw: TotoDraw | null = null;
    for (let i = 0; i < 60 && draw?.status !== 'open'; i += 1) {
      const answer: Answer<TotoDraw> = await get<TotoDraw>(page, '/web-api/toto/v1/draws/current');
      draw = answer.status === 200 ? answer.body : null;
      if (draw?.status !== 'open') await page.waitForTimeout(500);
    }
    expect(draw?.status).toBe('open');
    await openApp(page, server.origin, '/en/toto', 'lotto');
    const matches = draw!.matches.length;
    for (let n = 1; n <= matches; n += 1) {
      await page.getByRole('button', { name: `1 in match ${n}`, exact: true }).click();
    }
    await page.getByRole('button', { name: 'X in match 1', exact: true }).click();
    await expect.poll(() => page.getByTestId('toto-combinations').textContent()).toBe('2');
    const before = await mainBalanceMinor(page);
    await page.getByTestId('toto-buy').click();
    await page.getByTestId('toto-bought').waitFor();
    expect(await mainBalanceMinor(page)).toBe(before - 2n * BigInt(draw!.minStakeMinor));
    await page.screenshot({ path: artifact('toto-draw-1440.png'), fullPage: true });

    await openApp(page, server.origin, '/en/toto/coupons', 'lotto');
    await page.getByTestId('toto-coupons').waitFor();
    expect(await page.getByTestId('toto-coupons').textContent()).toContain('2 combinations');
    const { body } = await get<{ data: TotoCoupon[] }>(page, '/web-api/toto/v1/coupons');
    expect(body.data).toHaveLength(1);
    coupon = body.data[0]!;
    expect(coupon).toMatchObject({ drawId: draw!.drawId, status: 'pending', combinations: 2 });
  });

  it('closes the toto pool, settles its matches, distributes it by category and pays the winner', async () => {
    const drawId = coupon!.drawId;
    const env = { DATABASE_URL: database.url };
    // The close: the draw's sales time moved to now, then one worker pass.
    await query(database.url, "update toto_draws set closes_at = now() - interval '1 second' where id = $1", [
      drawId,
    ]);
    parlayCli(['toto', 'run'], env);
    const [closed] = await query<{ status: string }>(
      database.url,
      'select status from toto_draws where id = $1',
      [drawId],
    );
    expect(closed?.status).toBe('closed');
    const refused = await page.evaluate(async (drawId) => {
      const res = await fetch('/web-api/toto/v1/coupons', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-requested-with': 'XMLHttpRequest',
          'idempotency-key': `late-coupon-${drawId}`,
        },
        body: JSON.stringify({ drawId, picks: Array(15).fill('1'), unitStakeMinor: '1000' }),
      });
      return { status: res.status, body: await res.json() };
    }, drawId);
    expect(refused).toMatchObject({ status: 409, body: { error: { code: 'TOTO_POOL_CLOSED' } } });

    // The matches settle as the feed would result them: matches 1-13 home wins, 14 cancelled (void:
    // every outcome counts as correct), 15 away wins. The coupon (1 everywhere, X too in match 1)
    // then holds one combination with 14 correct and one with 13.
    const matches = await query<{
      position: number;
      market_id: string;
      outcome_home: string;
      outcome_away: string;
    }>(
      database.url,
      'select position, market_id, outcome_home, outcome_away from toto_matches where draw_id = $1 order by position',
      [drawId],
    );
    expect(matches).toHaveLength(15);
    for (const m of matches) {
      if (m.position === 14) {
        await query(
          database.url,
          "update markets set state = 'cancelled', version = version + 1 where id = $1",
          [m.market_id],
        );
        continue;
      }
      const winner = m.position === 15 ? m.outcome_away : m.outcome_home;
      await query(
        database.url,
        "update outcomes set state = 'resulted', result = case when id = $1 then 'win' else 'lose' end, version = version + 1 where market_id = $2",
        [winner, m.market_id],
      );
      await query(
        database.url,
        "update markets set state = 'resulted', version = version + 1 where id = $1",
        [m.market_id],
      );
    }

    const before = await mainBalanceMinor(page);
    let mine: TotoCoupon | undefined;
    for (const deadline = Date.now() + 120_000; mine?.status !== 'paid' && Date.now() < deadline; ) {
      parlayCli(['toto', 'run'], env);
      const { body } = await get<{ data: TotoCoupon[] }>(page, '/web-api/toto/v1/coupons');
      mine = body.data.find((c) => c.couponId === coupon!.couponId);
    }
    expect(mine?.status).toBe('paid');
    const results = await query<{ result: string }>(
      database.url,
      'select result from toto_matches where draw_id = $1 order by position',
      [drawId],
    );
    expect(results.map((r) => r.result)).toEqual([...Array(13).fill('1'), 'void', '2']);

    // Distributed by category: the pool is the draw's share of the stakes, each category's fund its
    // share of the pool; 14 and 13 correct have one winning combination each and pay their whole
    // fund to it; the other categories' funds and the rest of the pool go to the jackpot.
    const { body: draw } = await get<TotoDrawView>(page, `/web-api/toto/v1/draws/${drawId}`);
    expect(draw.status).toBe('paid');
    const stakes = BigInt(draw.stakesMinor);
    expect(stakes).toBe(BigInt(coupon!.stakeMinor));
    const pool = (stakes * BigInt(draw.poolBasisPoints)) / 10_000n;
    expect(BigInt(draw.poolMinor)).toBe(pool);
    expect(draw.categories.map((c) => c.category)).toEqual([15, 14, 13, 12, 11, 10, 9]);
    let payout = 0n;
    for (const c of draw.categories) {
      const fund = (pool * BigInt(c.shareBasisPoints)) / 10_000n;
      const won = c.category === 14 || c.category === 13;
      if (c.category !== 15) expect(BigInt(c.fundMinor)).toBe(fund);
      expect(c.winningCombinations).toBe(won ? '1' : '0');
      expect(c.winningCoupons).toBe(won ? 1 : 0);
      expect(BigInt(c.payoutPerCombinationMinor)).toBe(won ? fund : 0n);
      if (won) payout += fund;
    }
    expect(payout).toBeGreaterThan(0n);
    expect(mine?.wins).toMatchObject({ '14': 1, '13': 1 });
    expect(BigInt(mine!.payoutMinor!)).toBe(payout);
    expect(BigInt(draw.paidMinor)).toBe(payout);
    expect(BigInt(draw.jackpotOutMinor)).toBe(pool + BigInt(draw.jackpotInMinor) - payout);
    expect(await mainBalanceMinor(page)).toBe(before + payout);

    // The coupon's win in the office, with links to the coupon and its draw.
    await openApp(page, server.origin, '/en/office/history?tab=draws', 'office');
    const card = page.getByTestId(`office-toto-coupon-${coupon!.couponId}`);
    await expect.poll(() => card.getByTestId('office-draw-status').textContent()).toMatch(/^Won .+, paid$/);
    expect(await card.getByRole('link', { name: 'Draw results' }).getAttribute('href')).toBe(
      `/en/toto/${drawId}`,
    );
    await page.screenshot({ path: artifact('office-draws-1440.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await card.waitFor();
    await page.screenshot({ path: artifact('office-draws-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });

    await openApp(page, server.origin, `/en/toto/${drawId}`, 'lotto');
    await page.getByTestId('toto-categories').waitFor();
    await page.screenshot({ path: artifact('toto-past-1440.png'), fullPage: true });
  });

  it('leaves the ledger without any difference', () => {
    const output = parlayCli(['ledger', 'check'], { DATABASE_URL: database.url });
    expect(output).not.toMatch(/difference:/i);
  });
});
