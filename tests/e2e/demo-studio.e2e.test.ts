/**
 * The development demo studio in Chromium (issue 19): a signed-in player with money opens the demo
 * studio's slot from the casino; the casino's page launches it and shows the studio's page in an
 * iframe; a spin there moves the player's balance by exactly what the studio shows; the live
 * roulette table's page shows the shared round (countdown, the last numbers). At the studio's
 * hold'em tables (from the poker route) the player sits down with a buy-in, plays a hand against the
 * bots and leaves: the balance moves by −buy-in + the stack paid back, the provider round is closed
 * and the ledger has no difference. The server runs on a PostgreSQL database of its own so the
 * ledger check and the round's row are read beside it. Screenshots to /tmp/shots/demo-studio/.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositViaSandbox, mainBalanceMinor, registerFastPlayer } from './players.ts';
import { createE2eDatabase, launchBrowser, parlayCli, type StartedServer, startParlay } from './support.ts';

const SHOTS = '/tmp/shots/demo-studio';

let database: Awaited<ReturnType<typeof createE2eDatabase>>;

async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

async function routeOf(page: Page, gameId: number): Promise<string> {
  const body = await page.evaluate(
    async (id) => (await fetch(`/web-api/casino/v1/games/${id}?lang=en`)).json(),
    gameId,
  );
  const game = (body as { game?: { route: string }; route?: string }).game ?? (body as { route: string });
  return game.route;
}

describe('demo studio in Chromium', () => {
  let server: StartedServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    database = await createE2eDatabase();
    server = await startParlay({ DATABASE_URL: database.url });
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: 'cookies_agree_type', value: 'all', url: server.origin }]);
    mkdirSync(SHOTS, { recursive: true });
    page = await context.newPage();
    await registerFastPlayer(page, server.origin);
    await depositViaSandbox(page, 'card', '500');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await database?.drop();
  });

  it('a slot spin in the studio iframe moves the balance by −stake + win; the live table runs', async () => {
    const before = await mainBalanceMinor(page);
    await page.goto(`${server.origin}/en${await routeOf(page, 9001)}`);
    const frame = page.frameLocator('[data-testid="provider-frame"]');
    const spin = frame.getByRole('button', { name: 'Spin' });
    await expect.poll(() => spin.isEnabled(), { timeout: 20_000 }).toBe(true);
    await spin.click();
    await expect.poll(() => frame.locator('#msg').textContent(), { timeout: 10_000 }).toMatch(/Win|No win/);
    const message = (await frame.locator('#msg').textContent()) ?? '';
    const win = /Win: (\d+)\.(\d{2})/.exec(message);
    const winMinor = win ? BigInt(`${win[1]}${win[2]}`) : 0n;
    expect(await mainBalanceMinor(page)).toBe(before - 100n + winMinor);
    const shown = (await frame.locator('#balance').textContent()) ?? '';
    expect(BigInt(shown.replace('.', ''))).toBe(before - 100n + winMinor);
    await page.screenshot({ path: `${SHOTS}/slot-1280.png`, fullPage: true });

    await page.goto(`${server.origin}/en${await routeOf(page, 9002)}`);
    const table = page.frameLocator('[data-testid="provider-frame"]');
    await expect
      .poll(() => table.locator('#phase').textContent(), { timeout: 20_000 })
      .toMatch(/Bets (open|closed)/);
    await expect.poll(() => table.locator('#hist span').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/roulette-1280.png`, fullPage: true });
  });

  it("sits at a hold'em table from the poker route, plays a hand, leaves: −buy-in + stack, round closed", async () => {
    const before = await mainBalanceMinor(page);
    await page.goto(`${server.origin}/en/poker`);
    await page
      .getByRole('link', { name: /Hold'em tables \(demo studio\)/ })
      .first()
      .click();
    const frame = page.frameLocator('[data-testid="provider-frame"]');
    const sitDown = frame.getByRole('button', { name: 'Sit down' });
    await expect.poll(() => sitDown.isEnabled(), { timeout: 30_000 }).toBe(true);
    await frame.locator('#table-choice').selectOption('nl-heads-up-1');
    await frame.locator('#buyin').fill('50.00');
    await sitDown.click();

    const hole = frame.locator('#hole span');
    await expect.poll(() => hole.count(), { timeout: 20_000 }).toBe(2);
    // Sitting down is the provider's bet of the buy-in.
    await expect.poll(() => mainBalanceMinor(page)).toBe(before - 5000n);
    // The board area (empty before the flop) in the middle of the table.
    const felt = frame.getByRole('group', { name: 'The table and its seats' });
    await expect.poll(() => felt.getByText(/^Board:/).isVisible()).toBe(true);
    expect(await felt.locator('#board span').count()).toBeLessThanOrEqual(5);
    await page.screenshot({ path: `${SHOTS}/holdem-seated-1280.png`, fullPage: true });

    const turn = frame.locator('#turn');
    const history = frame.locator('#history');
    const myTurn = async () => /^Your turn/.test((await turn.textContent()) ?? '');
    const handNumber = async () => Number(/Hand #(\d+)/.exec((await history.textContent()) ?? '')?.[1] ?? 0);
    // A hand is over once its pot was shown (a "Pot …" line) or the next one was dealt.
    const handFinished = async () =>
      (await handNumber()) >= 2 || (await history.getByText(/^Pot \S+ \(rake /).count()) > 0;
    const stackShown = async () => {
      const mine = (await frame.locator('#seats li').first().textContent()) ?? '';
      const stack = /Stack (\d+)\.(\d{2})/.exec(mine);
      if (!stack) throw new Error(`no stack in ${JSON.stringify(mine)}`);
      return BigInt(`${stack[1]}${stack[2]}`);
    };
    const busted = async () =>
      (await handFinished()) &&
      (await frame.locator('#next-hand').isDisabled()) &&
      (await stackShown()) === 0n;

    // Acts whenever it is the player's turn until a hand is over; then leaves at the player's next
    // turn (the bots wait for it, so the stack read is the one paid back), or at once when the
    // stack is empty (no hand is dealt then).
    for (let actions = 0; ; actions += 1) {
      expect(actions).toBeLessThan(60);
      await expect.poll(async () => (await myTurn()) || (await busted()), { timeout: 45_000 }).toBe(true);
      if ((await handFinished()) && ((await busted()) || (await myTurn()))) break;
      const seen = await history.textContent();
      const check = frame.locator('#actions button[data-act="check"]');
      const call = frame.locator('#actions button[data-act="call"]');
      if (await check.isEnabled()) await check.click();
      else if (await call.isEnabled()) await call.click();
      else await frame.locator('#actions button[data-act="fold"]').click();
      await expect.poll(() => history.textContent(), { timeout: 20_000 }).not.toBe(seen);
    }
    const stack = await stackShown();
    await page.screenshot({ path: `${SHOTS}/holdem-hand-1280.png`, fullPage: true });
    await frame.getByRole('button', { name: 'Leave the table' }).click();
    const paidBack = `${stack / 100n}.${String(stack % 100n).padStart(2, '0')}`;
    await expect
      .poll(() => turn.textContent(), { timeout: 20_000 })
      .toContain(`paid back to your account: ${paidBack} RUB`);
    await expect.poll(() => sitDown.isEnabled(), { timeout: 20_000 }).toBe(true);

    expect(await mainBalanceMinor(page)).toBe(before - 5000n + stack);
    const rounds = await sql<{ staked: string; paid: string; closed_at: Date | null; closed_by: string }>(
      "select staked::text, paid::text, closed_at, closed_by from casino_provider_rounds where round_ref like 'hd-%'",
    );
    expect(rounds).toHaveLength(1);
    expect(rounds[0]).toMatchObject({ staked: '5000', paid: String(stack), closed_by: 'provider' });
    expect(rounds[0]?.closed_at).not.toBeNull();
    expect(parlayCli(['ledger', 'check'], { DATABASE_URL: database.url })).toContain(
      'ledger check: no difference',
    );
  });
});
