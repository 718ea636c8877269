/**
 * The bet slip in Chromium: a guest is sent to log in; a funded player places a single, an express
 * with the express bonus, a system with a banker and multiple singles with their own amounts, and
 * the balance goes down by exactly the stakes; an odds change is shown and accepted; a live bet
 * goes through the delay; a coupon saved to a code loads in a fresh browser; a player without money
 * opts in to a free bet (campaign created with `parlay bonuses create` before the server starts) and
 * places it from the slip, choosing it with the keyboard; a funded player opts in to an odds boost
 * and applies it from the slip's chip with the keyboard. Screenshots of the
 * slip at 1366 and 390 px, dark and light, en and ru go to tests/e2e/artifacts/.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositViaSandbox, mainBalanceMinor, openApp, registerFastPlayer } from './players.ts';
import {
  betSlip,
  clearSlip,
  openSports,
  pickInSlip,
  pickOutcomes,
  placeAccepted,
  slipContext,
} from './slip-pages.ts';
import { artifact, launchBrowser, parlayCli, type StartedServer, startParlay } from './support.ts';

const LINE = '/en/home/line/sports/football';
const FUNDS_RUB = '5000';
/** An opt-in 300.00 RUB free bet at odds of 1.50 or more (the engine's default minimum). */
const FREE_BET = {
  campaign: {
    code: 'e2e-slip-free-bet',
    category: 'bukmaker',
    trigger: 'opt_in',
    title: { ru: 'Фрибет 300 ₽', en: 'A 300 RUB free bet' },
    terms: { ru: 'Ставка не возвращается.', en: 'The stake is not returned.' },
    conditions: { products: ['sports'] },
    reward: { kind: 'free_bet', amountMinor: '30000' },
    wagering: { multiple: 0, basis: 'bonus', expiryDays: 7 },
    limits: { perPlayer: 1 },
  },
};

/** An opt-in odds boost: +10 % of a win's profit, at most 50.00 RUB, at odds of 1.50 or more. */
const ODDS_BOOST = {
  code: 'e2e-slip-odds-boost',
  category: 'bukmaker',
  trigger: 'opt_in',
  title: { ru: 'Буст 10 %', en: 'A 10 % boost' },
  conditions: { products: ['sports'] },
  reward: { kind: 'odds_boost', percentBp: 1000, capMinor: '5000' },
  wagering: { multiple: 0, expiryDays: 7 },
  limits: { perPlayer: 1 },
};

/** The server's data directory with the free bet and odds boost campaigns (the CLI writes them before start). */
function dataDirWithFreeBet(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'parlay-e2e-slip-'));
  const file = path.join(tmpdir(), `slip-free-bet-${process.pid}.json`);
  writeFileSync(file, JSON.stringify(FREE_BET));
  parlayCli(['bonuses', 'create', file], { DATA_DIR: dir });
  const boost = path.join(tmpdir(), `slip-odds-boost-${process.pid}.json`);
  writeFileSync(boost, JSON.stringify(ODDS_BOOST));
  parlayCli(['bonuses', 'create', boost], { DATA_DIR: dir });
  return dir;
}

describe('bet slip in Chromium', () => {
  let server: StartedServer;
  let browser: Browser;
  let player: BrowserContext;
  let page: Page;

  const newContext = (options: { width?: number; theme?: 'dark' | 'light' } = {}) =>
    slipContext(browser, server.origin, options);
  const open = (target: Page, path: string) => openSports(target, server.origin, path);
  const slip = (target: Page = page) => betSlip(target);

  beforeAll(async () => {
    server = await startParlay({ DATA_DIR: dataDirWithFreeBet() });
    browser = await launchBrowser();
    player = await newContext();
    page = await player.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sends a guest to log in and keeps the guest coupon over a reload', async () => {
    await open(page, LINE);
    const [id] = await pickOutcomes(page, 1);
    await pickInSlip(page, [id!]);
    await slip().getByRole('button', { name: 'Log in to place a bet' }).click();
    await page.getByRole('dialog').first().waitFor();
    await page.keyboard.press('Escape');
    await page.reload();
    await page.locator('[data-hydrated="true"]').first().waitFor();
    await expect.poll(() => slip().getByTestId('slip-leg').count()).toBe(1);
  });

  it('a funded player places a single, an express with the bonus, a system with a banker and multiple singles', async () => {
    await registerFastPlayer(page, server.origin);
    await depositViaSandbox(page, 'card', FUNDS_RUB);
    await expect.poll(() => mainBalanceMinor(page), { timeout: 10_000 }).toBe(500_000n);
    await open(page, LINE);
    // The guest's selection is still there after signing in.
    await expect.poll(() => slip().getByTestId('slip-leg').count()).toBe(1);
    await slip().getByTestId('slip-balance').or(slip().getByLabel('Account')).first().waitFor();
    const start = await mainBalanceMinor(page);

    // Single: 100 RUB.
    await slip().getByLabel('Stake, RUB').fill('100');
    await expect.poll(() => slip().getByTestId('slip-possible-win').textContent()).toMatch(/RUB$/);
    await placeAccepted(page);
    await expect(slip().getByTestId('slip-accepted').textContent()).resolves.toMatch(/Bet accepted at \d/);
    const print = slip().getByRole('link', { name: /Print coupon/ });
    expect(await print.getAttribute('href')).toMatch(/^\/en\/print-coupon\/\d+$/);
    await clearSlip(page);

    // Express of three legs at 1.15 or more: the express bonus shows.
    await pickInSlip(page, await pickOutcomes(page, 3, 1150));
    await expect
      .poll(() => slip().getByRole('button', { name: 'Express' }).getAttribute('aria-pressed'))
      .toBe('true');
    await expect.poll(() => slip().getByTestId('slip-express-bonus').textContent()).toContain('+3 %');
    await slip().getByLabel('Stake, RUB').fill('50');
    await shoot('express');
    await placeAccepted(page);
    await clearSlip(page);

    // System of four with a banker.
    await pickInSlip(page, await pickOutcomes(page, 4, 1150));
    await slip().getByRole('button', { name: 'System' }).click();
    const firstBanker = slip()
      .getByRole('checkbox', { name: /^Banker/ })
      .first();
    await firstBanker.check();
    await expect(slip().getByLabel('System').locator('option').first().textContent()).resolves.toMatch(
      /2 of 4 — 3 combinations/,
    );
    await slip().getByLabel('Stake, RUB').fill('60');
    await shoot('system');
    await placeAccepted(page);
    await clearSlip(page);

    // Multiple singles with their own amounts.
    await pickInSlip(page, await pickOutcomes(page, 2, 1150));
    await slip().getByRole('button', { name: 'Multiple singles' }).click();
    const amounts = slip().getByLabel(/^Stake on /);
    await amounts.nth(0).fill('20');
    await amounts.nth(1).fill('30');
    await expect.poll(() => slip().getByTestId('slip-total-stake').textContent()).toBe('50.00 RUB');
    await placeAccepted(page);
    await expect(slip().getByTestId('slip-accepted').textContent()).resolves.toContain('Bets accepted');

    const stakes = (100n + 50n + 60n + 50n) * 100n;
    await expect.poll(() => mainBalanceMinor(page), { timeout: 10_000 }).toBe(start - stakes);
  });

  it('shows an odds change and places after the player accepts it', async () => {
    await clearSlip(page);
    const [a, b] = await pickOutcomes(page, 2, 1150, 5);
    // Until the first placement, quotes show the player a higher price for leg a than the real one.
    let placed = false;
    let faked = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/web-api/betting/v1/coupons')) placed = true;
    });
    await page.route('**/web-api/betting/v1/coupons/quote', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      for (const bet of Array.isArray(body.bets) ? body.bets : []) {
        if (!placed && String(bet.outcomeId) === a && typeof bet.oddsMilli === 'number') {
          bet.oddsMilli += 100;
          faked += 1;
        }
      }
      await route.fulfill({ response, json: body });
    });
    await slip().getByRole('button', { name: 'Bet slip settings' }).click();
    await page.getByRole('radio', { name: /Accept no change/ }).check();
    await page.getByRole('button', { name: 'Close the settings' }).click();
    await pickInSlip(page, [a!, b!]);
    await slip().getByRole('button', { name: 'Express' }).click();
    // The slip shows the balance after the earlier stakes: 5000 − 260.
    await expect.poll(() => slip().getByTestId('slip-balance').textContent()).toContain('4,740.00 RUB');
    await expect.poll(() => faked).toBeGreaterThan(0);
    await page.waitForTimeout(400);
    await slip().getByLabel('Stake, RUB').fill('10');
    await slip()
      .getByRole('button', { name: /^Place bet/ })
      .click();
    await slip().getByTestId('slip-rejected').waitFor({ timeout: 15_000 });
    await expect(slip().getByTestId('slip-rejected').textContent()).resolves.toContain('The odds changed');
    const notice = slip().getByTestId('slip-odds-change');
    await notice.waitFor({ timeout: 15_000 });
    await expect(notice.textContent()).resolves.toMatch(/Odds changed from \d+\.\d+ to \d+\.\d+/);
    await shoot('odds-change');
    await notice.getByRole('button', { name: 'Accept the new odds' }).click();
    await placeAccepted(page);
    await page.unroute('**/web-api/betting/v1/coupons/quote');
    await slip().getByRole('button', { name: 'Bet slip settings' }).click();
    await page.getByRole('radio', { name: /Accept any change/ }).check();
    await page.getByRole('button', { name: 'Close the settings' }).click();
  });

  it('a live bet waits through the delay, then is decided', async () => {
    await clearSlip(page);
    await open(page, '/en/home/live/sports/football');
    const [id] = await pickOutcomes(page, 1, 1100);
    await pickInSlip(page, [id!]);
    await slip().getByLabel('Stake, RUB').fill('10');
    await slip()
      .getByRole('button', { name: /^Place bet/ })
      .click();
    await expect
      .poll(() => slip().getByTestId('slip-pending').textContent(), { timeout: 10_000 })
      .toMatch(/Waiting for confirmation… \d s/);
    await shoot('live-delay');
    // Decided by the workers once the delay ends; the slip asks every second for up to 30 s and then
    // shows the bet as not confirmed, so it always ends accepted or rejected within the delay and
    // those 30 s (a busy machine decides late: the wait covers the slip's own deadline).
    await slip()
      .getByTestId('slip-accepted')
      .or(slip().getByTestId('slip-rejected'))
      .first()
      .waitFor({ timeout: 55_000 });
  });

  it('saves a coupon to a code that a fresh browser loads from the link and from the input', async () => {
    await open(page, LINE);
    await clearSlip(page);
    const ids = await pickOutcomes(page, 2, 1150, 2);
    await pickInSlip(page, ids);
    await slip().getByRole('button', { name: 'Save coupon as a code' }).click();
    const code = (await slip().getByTestId('slip-code').textContent())?.trim() ?? '';
    expect(code).toMatch(/^[A-Za-z0-9-]{3,40}$/);
    const link = await slip().getByRole('textbox', { name: 'Link that opens this coupon' }).inputValue();
    expect(link).toContain(`?coupon=${code}`);

    const fresh = await newContext();
    const guest = await fresh.newPage();
    await guest.goto(link.replace(/^https?:\/\/[^/]+/, server.origin));
    await guest.locator('[data-hydrated="true"]').first().waitFor();
    await expect.poll(() => slip(guest).getByTestId('slip-leg').count(), { timeout: 10_000 }).toBe(2);
    const loaded = await slip(guest)
      .getByTestId('slip-leg')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-outcome-id')));
    expect(loaded.sort()).toEqual([...ids].sort());
    expect(guest.url()).not.toContain('coupon=');

    await slip(guest).getByRole('button', { name: 'Clear all' }).click();
    await slip(guest).getByLabel('Load a coupon by code').fill(code);
    await slip(guest).getByRole('button', { name: 'Load', exact: true }).click();
    await expect.poll(() => slip(guest).getByTestId('slip-leg').count(), { timeout: 10_000 }).toBe(2);
    await fresh.close();
  });

  it('a player with a free bet places it from the slip without money of their own', async () => {
    const context = await newContext();
    const fresh = await context.newPage();
    await registerFastPlayer(fresh, server.origin);
    await openApp(fresh, server.origin, `/en/promotions/${FREE_BET.campaign.code}`, 'info');
    await fresh.getByTestId('promotion-opt-in').click();
    await fresh.getByText('You are in: the bonus is in your office.').waitFor();
    await open(fresh, LINE);
    await pickInSlip(fresh, await pickOutcomes(fresh, 1, 1600));
    // Chosen with the keyboard: the stake is fixed at the free bet's amount, the win has no stake in it.
    const choice = slip(fresh).getByRole('radio', { name: /^Free bet 300\.00 RUB/ });
    await choice.focus();
    await fresh.keyboard.press('Space');
    await expect
      .poll(() => slip(fresh).getByTestId('slip-free-bet-note').textContent())
      .toMatch(/^Free bet: stake not returned · possible win \d[\d,.]* RUB$/);
    expect(await slip(fresh).getByLabel('Stake, RUB').getAttribute('readonly')).not.toBeNull();
    await placeAccepted(fresh);
    expect(await mainBalanceMinor(fresh)).toBe(0n);
    // Used: the free bet is no longer offered.
    await pickInSlip(fresh, await pickOutcomes(fresh, 1, 1600, 1));
    await expect.poll(() => slip(fresh).getByTestId('slip-free-bets').count()).toBe(0);
    await context.close();
  });

  it('a funded player applies an odds boost from the slip’s chip', async () => {
    const context = await newContext();
    const fresh = await context.newPage();
    await registerFastPlayer(fresh, server.origin);
    await depositViaSandbox(fresh, 'card', '1000');
    await expect.poll(() => mainBalanceMinor(fresh), { timeout: 10_000 }).toBe(100_000n);
    await openApp(fresh, server.origin, `/en/promotions/${ODDS_BOOST.code}`, 'info');
    await fresh.getByTestId('promotion-opt-in').click();
    await fresh.getByText('You are in: the bonus is in your office.').waitFor();
    await open(fresh, LINE);
    await pickInSlip(fresh, await pickOutcomes(fresh, 1, 1600));
    await slip(fresh).getByLabel('Stake, RUB').fill('100');
    // Pressed with the keyboard: the promo field goes, the note says what it can add.
    const chip = slip(fresh).getByRole('button', { name: /^\+10 % of profit · up to 50\.00 RUB/ });
    await chip.focus();
    await fresh.keyboard.press('Enter');
    expect(await chip.getAttribute('aria-pressed')).toBe('true');
    await expect
      .poll(() => slip(fresh).getByTestId('slip-odds-boost-note').textContent())
      .toMatch(/^Odds boost applied: a win gets a share of its profit on top · up to \d[\d,.]* RUB extra$/);
    await placeAccepted(fresh);
    expect(await mainBalanceMinor(fresh)).toBe(90_000n);
    // Used: no boost is offered any more.
    await pickInSlip(fresh, await pickOutcomes(fresh, 1, 1600, 1));
    await expect.poll(() => slip(fresh).getByTestId('slip-odds-boosts').count()).toBe(0);
    await context.close();
  });

  async function shoot(name: string): Promise<void> {
    await page.screenshot({ path: artifact(`bet-slip-${name}-1366-dark-en.png`) });
  }

  it.each([
    [1366, 'dark', 'en'],
    [1366, 'light', 'ru'],
    [390, 'light', 'en'],
    [390, 'dark', 'ru'],
  ] as const)(
    'screenshots the slip at %i px, %s theme, %s',
    async (width, theme, lng) => {
      const context = await newContext({ width, theme });
      const shot = await context.newPage();
      await open(shot, `/${lng}/home/line/sports/football`);
      await pickInSlip(shot, await pickOutcomes(shot, 3, 1150));
      if (width < 1100) {
        // The shell's bottom tab bar opens the slip as a bottom sheet.
        await shot.getByTestId('tab-coupon').dispatchEvent('click');
        await slip(shot)
          .getByRole('button', { name: lng === 'en' ? 'Close the bet slip' : 'Закрыть купон' })
          .waitFor();
        await shot.waitForTimeout(300);
      }
      await slip(shot)
        .getByRole('button', { name: lng === 'en' ? 'System' : 'Система' })
        .click();
      await shot.screenshot({ path: artifact(`bet-slip-${width}-${theme}-${lng}.png`) });
      if (width < 1100) {
        const sizes = await slip(shot)
          .locator('button:visible')
          .evaluateAll((els) =>
            els
              .filter((e) => !e.closest('[role="tablist"]'))
              .map((e) => {
                const r = e.getBoundingClientRect();
                return { h: Math.round(r.height), w: Math.round(r.width), text: e.textContent };
              }),
          );
        const small = sizes.filter((s) => s.h < 44 && s.h > 0);
        expect(small.filter((s) => s.text !== '' || s.w > 20)).toEqual([]);
      }
      await slip(shot)
        .getByRole('button', { name: lng === 'en' ? 'Bet slip settings' : 'Настройки купона' })
        .click();
      await shot.screenshot({ path: artifact(`bet-slip-settings-${width}-${theme}-${lng}.png`) });
      await context.close();
    },
    60_000,
  );
});
