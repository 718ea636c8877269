/**
 * The casino for a player in Chromium (issue 18, "Done when"): a player deposits through the
 * sandbox, spins a slot for real money, cashes out of a crash round while the multiplier rises on
 * screen, splits at blackjack after leaving the table mid-round and coming back to the same round,
 * opens a round in the verifier after rotating seeds and sees it reproduced, sets a loss limit and
 * is stopped at it; `parlay ledger check` is clean afterwards. The server runs on a PostgreSQL
 * database of its own so the ledger check runs beside it.
 *
 * The cards and crash points are the provably fair scheme's: nobody (not the test) can choose them.
 * Where a journey needs a particular deal (a pair to split) the test deals rounds through the API
 * until one comes (each deal is a pair with chance ≈ 0.15; 120 deals miss one with chance < 1e-8)
 * and plays that round in the browser.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositViaSandbox, registerFastPlayer } from './players.ts';
import {
  artifact,
  createE2eDatabase,
  launchBrowser,
  parlayCli,
  type StartedServer,
  startParlay,
} from './support.ts';

interface RoundView {
  roundId: string;
  gameId: number;
  status: 'open' | 'finished';
  stakedMinor: string;
  payoutMinor: string;
  allowed: string[];
  balanceBeforeMinor: string;
  balanceAfterMinor: string;
  view: { hands?: { cards: string[] }[] };
}

interface Answer<T> {
  status: number;
  body: T & { error?: { code: string } };
}

/** A JSON call from the page (its cookies, its session). */
async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<Answer<T>> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const headers: Record<string, string> = {
        accept: 'application/json',
        'x-requested-with': 'XMLHttpRequest',
      };
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (method !== 'GET') headers['idempotency-key'] = `e2e-${crypto.randomUUID()}`;
      const res = await fetch(path, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, body: await res.json().catch(() => ({})) };
    },
    { method, path, body },
  ) as Promise<Answer<T>>;
}

/** The catalogue's game of an in-house engine: its numeric id and its page's path. */
async function gameOf(page: Page, engineId: string): Promise<{ id: number; route: string }> {
  for (const section of ['slots', 'casino', 'fast-games', 'crash-games', 'card-games']) {
    const { body } = await api<{ games: { id: number; engineId: string | null; route: string }[] }>(
      page,
      'GET',
      `/web-api/casino/v1/lobby?section=${section}&limit=100`,
    );
    const found = body.games.find((g) => g.engineId === engineId);
    if (found) return found;
  }
  throw new Error(`no catalogue game plays ${engineId}`);
}

async function openGame(page: Page, origin: string, route: string): Promise<void> {
  await page.goto(`${origin}/en${route}`);
  await page.locator('[data-mf-root="casino"] [data-hydrated="true"]').waitFor({ timeout: 30_000 });
  await page.getByTestId('casino-stage').waitFor();
}

async function chooseRealMoney(page: Page): Promise<void> {
  const real = page.getByRole('radio', { name: 'Real money' });
  await real.click();
  await expect.poll(() => real.getAttribute('aria-checked')).toBe('true');
}

async function history(page: Page, gameId: number): Promise<RoundView[]> {
  const { body } = await api<{ rounds: RoundView[] }>(
    page,
    'GET',
    `/web-api/casino/v1/history?gameId=${gameId}&limit=50`,
  );
  return body.rounds;
}

describe('casino for a player in Chromium', () => {
  let server: StartedServer;
  let database: { url: string; drop(): Promise<void> };
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    database = await createE2eDatabase();
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

  it('spins a slot for real money: the balance moves by the round, the round is in the history', async () => {
    const slot = await gameOf(page, 'slot-fruits');
    await openGame(page, server.origin, slot.route);
    await chooseRealMoney(page);
    await page.getByRole('button', { name: 'Spin' }).first().click();
    await expect.poll(async () => (await history(page, slot.id)).length, { timeout: 20_000 }).toBe(1);
    const [round] = await history(page, slot.id);
    expect(round?.status).toBe('finished');
    const before = BigInt(round?.balanceBeforeMinor ?? '0');
    const after = BigInt(round?.balanceAfterMinor ?? '0');
    expect(after).toBe(before - BigInt(round?.stakedMinor ?? '0') + BigInt(round?.payoutMinor ?? '0'));
    await page.screenshot({ path: artifact('casino-player-slot-1440.png') });
  });

  it('cashes out of a crash round while the multiplier rises on screen', async () => {
    const crash = await gameOf(page, 'crash');
    await openGame(page, server.origin, crash.route);
    let cashedOut = false;
    // A round may crash before 1.01× (1 in 100) or before the click lands: then the next one.
    for (let attempt = 0; attempt < 6 && !cashedOut; attempt += 1) {
      const bet = page.getByRole('button', { name: /^Bet / });
      // The button says "Bet …" only while a round takes bets; the round before may still be running:
      // a crash at 10× runs 38 s, at 400× 100 s (1 round in 400 gets that far), so wait for 150 s.
      await expect.poll(() => bet.isEnabled(), { timeout: 150_000 }).toBe(true);
      await bet.click();
      await page.getByText(/Your bet .* rides/).waitFor({ timeout: 20_000 });
      const cashOut = page.getByRole('button', { name: /^Cash out / });
      const outcome = await Promise.race([
        cashOut.waitFor({ timeout: 40_000 }).then(() => 'running' as const),
        page
          .getByText('The round crashed before you cashed out')
          .waitFor({ timeout: 40_000 })
          .then(() => 'lost' as const),
      ]);
      if (outcome === 'lost') continue;
      // Pressed until the round answers: cashed out, or crashed first. A press that reached no handler
      // (the button redrawn under a busy machine's click) leaves the round running, so press again.
      const cashedText = page.getByText(/Cashed out at .*×/).first();
      const lostText = page.getByText('The round crashed before you cashed out');
      let result: boolean | null = null;
      await expect
        .poll(
          async () => {
            if (await cashedText.isVisible()) result = true;
            else if (
              (await lostText.isVisible()) ||
              (await bet.isEnabled({ timeout: 100 }).catch(() => false))
            )
              result = false;
            else if (await cashOut.isEnabled({ timeout: 100 }).catch(() => false))
              await cashOut.click({ timeout: 2_000 }).catch(() => {});
            return result;
          },
          { timeout: 150_000 },
        )
        .not.toBeNull();
      cashedOut = result === true;
    }
    expect(cashedOut).toBe(true);
    await page.screenshot({ path: artifact('casino-player-crash-1440.png') });
  }, 420_000);

  it('leaves a blackjack round with a pair and comes back to the same round, then splits', async () => {
    const blackjack = await gameOf(page, 'blackjack');
    let pairRound: RoundView | null = null;
    for (let deal = 0; deal < 120 && !pairRound; deal += 1) {
      let { body: round } = await api<RoundView>(page, 'POST', '/web-api/casino/v1/rounds', {
        gameId: blackjack.id,
        mode: 'real',
        stakeMinor: '10000',
        params: {},
      });
      expect(round.error).toBeUndefined();
      if (round.allowed.includes('no-insurance')) {
        round = (
          await api<RoundView>(page, 'POST', `/web-api/casino/v1/rounds/${round.roundId}/actions`, {
            action: { type: 'no-insurance' },
          })
        ).body;
      }
      if (round.allowed.includes('split')) {
        pairRound = round;
        break;
      }
      while (round.status === 'open') {
        round = (
          await api<RoundView>(page, 'POST', `/web-api/casino/v1/rounds/${round.roundId}/actions`, {
            action: { type: 'stand' },
          })
        ).body;
      }
    }
    if (!pairRound) throw new Error('120 deals without a pair');
    // Away from the table (another page), then back: the game page resumes the open round.
    await page.goto(`${server.origin}/en/slots`);
    await openGame(page, server.origin, blackjack.route);
    await chooseRealMoney(page);
    const split = page.getByRole('button', { name: 'Split' });
    await split.waitFor({ timeout: 20_000 });
    await split.click();
    await page.getByRole('group', { name: 'Hand 2' }).or(page.getByLabel('Hand 2')).first().waitFor();
    // Stand on every hand, one at a time: each press waits for the table to be idle (the buttons are
    // disabled while an action is in flight) and then for the server's round to move on.
    const roundState = async () => {
      const { body } = await api<RoundView>(page, 'GET', `/web-api/casino/v1/rounds/${pairRound?.roundId}`);
      return JSON.stringify([body.status, body.allowed, body.view]);
    };
    const stand = page.getByRole('button', { name: 'Stand' });
    for (let guard = 0; guard < 10; guard += 1) {
      const before = await roundState();
      if (before.startsWith('["finished"')) break;
      await expect.poll(() => stand.isEnabled().catch(() => false)).toBe(true);
      await stand.click();
      await expect.poll(roundState).not.toBe(before);
    }
    await expect
      .poll(async () => {
        const { body } = await api<RoundView>(page, 'GET', `/web-api/casino/v1/rounds/${pairRound?.roundId}`);
        return body.status;
      })
      .toBe('finished');
    const { body: finished } = await api<RoundView>(
      page,
      'GET',
      `/web-api/casino/v1/rounds/${pairRound.roundId}`,
    );
    expect(finished.view.hands?.length).toBe(2);
    expect(BigInt(finished.stakedMinor)).toBeGreaterThanOrEqual(20000n);
    await page.screenshot({ path: artifact('casino-player-blackjack-1440.png') });
  }, 300_000);

  it('opens a played round in the verifier after rotating seeds and sees it reproduced', async () => {
    const slot = await gameOf(page, 'slot-fruits');
    const [round] = await history(page, slot.id);
    const rotated = await api<{ previous: { serverSeed: string } | null }>(
      page,
      'POST',
      '/web-api/casino/v1/fairness/rotate?mode=real',
      {},
    );
    expect(rotated.status).toBe(200);
    await page.goto(`${server.origin}/en/provably-fair/${round?.roundId}`);
    await page.getByText(/Reproduced: the seed matches its commitment/).waitFor({ timeout: 30_000 });
    await page.screenshot({ path: artifact('casino-player-verifier-1440.png') });
  });

  it('sets a daily loss limit and is stopped at it', async () => {
    const set = await api<unknown>(page, 'POST', '/limit-service-api/api/external/web/v3/limit', {
      limitType: 10,
      limitValue: 100,
    });
    expect(set.status).toBe(200);
    const dice = await gameOf(page, 'dice');
    await openGame(page, server.origin, dice.route);
    await chooseRealMoney(page);
    // Roll under 1.00: a 1 % chance, so nearly every round loses its whole stake. Each round stakes
    // what the limit has left today (the slot, crash and blackjack rounds above count too), so one
    // lost round uses it up and the next one is refused.
    await page.getByLabel('Target, exact').fill('1');
    const error = page.getByTestId('casino-error');
    const lossRoom = async (): Promise<number> => {
      const { body } = await api<{ data: { limitType: number; limitBalance: number }[] }>(
        page,
        'GET',
        '/limit-service-api/api/external/web/v3/limits',
      );
      const loss = body.data.find((limit) => limit.limitType === 10);
      if (!loss) throw new Error('the loss limit is not listed');
      return loss.limitBalance;
    };
    let stopped = false;
    for (let round = 0; round < 8 && !stopped; round += 1) {
      const room = await lossRoom();
      expect(room).toBeGreaterThanOrEqual(0);
      const played = (await history(page, dice.id)).length;
      const stake = page.getByLabel(/^Stake/).first();
      await stake.fill(String(Math.max(room, 10)));
      await stake.press('Enter');
      await page.getByRole('button', { name: 'Roll' }).click();
      await expect
        .poll(
          async () =>
            (await error.isVisible().catch(() => false)) || (await history(page, dice.id)).length > played,
          { timeout: 20_000 },
        )
        .toBe(true);
      if (await error.isVisible().catch(() => false)) {
        await expect(error.textContent()).resolves.toContain('This stake could pass your loss limit');
        stopped = true;
      }
    }
    expect(stopped).toBe(true);
    expect(await lossRoom()).toBeGreaterThanOrEqual(0);
    await page.screenshot({ path: artifact('casino-player-loss-limit-1440.png') });
  }, 300_000);

  it('leaves the ledger without any difference', () => {
    const output = parlayCli(['ledger', 'check'], { DATABASE_URL: database.url });
    expect(output).not.toMatch(/difference:/i);
  });
});
