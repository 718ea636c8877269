/**
 * The bet slip's settings and extras in Chromium, on a PostgreSQL database so the operator's CLI can
 * act while the server runs: one-click bets (turning them on asks and clears the coupon, a price click
 * then places at the one-click stake; drop-on-score-change turns them off; clearing the exact odds
 * turns drop-on-score-change off), promo codes typed and picked from the list, a VIP bet request
 * approved with `parlay bets vip approve` and seen by the player, auto-max, a manual stake step, the
 * settings kept across a reload and in another browser, the settings dialog by keyboard, and the
 * quick coupon on tagged pages at 390 and 1366 px. Screenshots (both themes, en and ru) of the quick
 * coupon and the one-click state go to tests/e2e/artifacts/.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { depositViaSandbox, mainBalanceMinor, registerFastPlayer } from './players.ts';
import {
  betSlip,
  clearSlip,
  describePage,
  openSports,
  pickInSlip,
  pickOutcomes,
  placeAccepted,
  slipContext,
} from './slip-pages.ts';
import {
  artifact,
  createE2eDatabase,
  launchBrowser,
  parlayCli,
  type StartedServer,
  startParlay,
} from './support.ts';

const LINE = '/en/home/line/sports/football';
const MAX_RUB = '300';

describe('bet slip settings, one-click, promo, VIP and the quick coupon', () => {
  let database: { url: string; drop(): Promise<void> };
  let server: StartedServer;
  let browser: Browser;
  let player: BrowserContext;
  let page: Page;
  /** The coupon settings the player started with (the server's defaults). */
  let startSettings: Record<string, unknown> = {};
  const cli = (...args: string[]) => parlayCli(args, { DATABASE_URL: database.url });

  async function newContext(
    options: { width?: number; theme?: 'dark' | 'light'; signedIn?: boolean } = {},
  ): Promise<BrowserContext> {
    const context = await slipContext(browser, server.origin, options);
    if (options.signedIn) {
      const session = (await player.cookies()).filter(
        (c) => !['theme', 'cookies_agree_type'].includes(c.name),
      );
      await context.addCookies(session);
    }
    return context;
  }

  const open = (target: Page, path: string) => openSports(target, server.origin, path);
  const slip = (target: Page = page) => betSlip(target);
  const quick = (target: Page = page) => target.getByTestId('quick-coupon');
  const pick = (target: Page, ids: string[], legs = ids.length) => pickInSlip(target, ids, legs);

  async function settings(target: Page = page) {
    await slip(target).getByRole('button', { name: 'Bet slip settings' }).click();
    const dialog = target.getByRole('dialog', { name: 'Bet slip settings' });
    await dialog.waitFor();
    return dialog;
  }

  /**
   * Waits until the slip saved settings for the signed-in player that `saved` accepts (the PUT answers
   * the whole object): an earlier change's save still on its way must not pass for this one.
   */
  function settingsSaved(saved: (settings: Record<string, unknown>) => boolean, target: Page = page) {
    return target.waitForResponse(
      async (r) =>
        r.url().endsWith('/web-api/betting/v1/coupon-settings') &&
        r.request().method() === 'PUT' &&
        r.ok() &&
        saved((await r.json()) as Record<string, unknown>),
      { timeout: 10_000 },
    );
  }

  beforeAll(async () => {
    database = await createE2eDatabase();
    cli(
      'config',
      'set',
      'coupon.maxBetAmountByCurrency',
      JSON.stringify({ RUB: MAX_RUB, USD: '5', EUR: '5', UAH: '100', KZT: '1500' }),
    );
    cli('promo', 'create', 'E2ETYPED', '--boost', '1000');
    cli('promo', 'create', 'E2ELISTED', '--boost', '500');
    server = await startParlay({ DATABASE_URL: database.url });
    browser = await launchBrowser();
    player = await newContext();
    page = await player.newPage();
    await registerFastPlayer(page, server.origin);
    await depositViaSandbox(page, 'card', '5000');
    for (let i = 0; i < 50 && (await mainBalanceMinor(page)) !== 500_000n; i++)
      await page.waitForTimeout(200);
    await open(page, LINE);
    startSettings = await serverSettings();
  });

  /** The signed-in player's coupon settings as the server holds them (GET /coupon-settings). */
  function serverSettings(target: Page = page): Promise<Record<string, unknown>> {
    return target.evaluate(async () => {
      const answer = await fetch('/web-api/betting/v1/coupon-settings', {
        headers: { 'x-requested-with': 'XMLHttpRequest' },
      });
      return (await answer.json()) as Record<string, unknown>;
    });
  }

  /**
   * Starts a test from the player's first settings on a freshly opened list, whatever an earlier test
   * (or this test's failed first attempt) left on the page or on the server: a failure then stays
   * one failure instead of every later test failing on its leftovers (auto-max left on, a dialog open).
   */
  async function startFresh(): Promise<void> {
    // Off the sports page first: a live slip writes its state back to localStorage on every price.
    // The picks (parlay.coupon.v1) and the slip's own state (parlay.slip.v1) both live there.
    await page.goto(`${server.origin}/version.json`);
    const status = await page.evaluate(async (settings) => {
      localStorage.clear();
      const answer = await fetch('/web-api/betting/v1/coupon-settings', {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        body: JSON.stringify(settings),
      });
      return answer.status;
    }, startSettings);
    expect(status).toBe(200);
    await open(page, LINE);
    await expect.poll(() => slip().getByTestId('slip-leg').count()).toBe(0);
  }

  // CI keeps only the output: a failed step prints what was on every open page.
  beforeEach(() => {
    onTestFailed(async () => {
      for (const open of browser?.contexts().flatMap((c) => c.pages()) ?? [])
        console.error(`page at the failure: ${await describePage(open)}`);
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await database?.drop();
  });

  it('one-click: turning it on asks and clears the coupon, then a price click places at the one-click stake', async () => {
    await pick(page, await pickOutcomes(page, 1));
    const dialog = await settings();
    await dialog.getByLabel('One-click stake, RUB').fill('20');
    await dialog.getByRole('button', { name: 'Turn on one-click bets' }).click();
    const confirm = dialog.getByRole('alertdialog');
    await expect(confirm.textContent()).resolves.toContain('Turning them on clears the bet slip.');
    // Nothing changes before the player confirms.
    await expect(slip().getByTestId('slip-leg').count()).resolves.toBe(1);
    const saved = settingsSaved((settings) => settings.isActiveOneClick === true);
    await confirm.getByRole('button', { name: 'Turn on and clear' }).click();
    await saved;
    await expect.poll(() => slip().getByTestId('slip-leg').count()).toBe(0);
    await expect(
      dialog.getByText('On: a tap on odds places a single at the one-click stake.').count(),
    ).resolves.toBe(1);
    await page.keyboard.press('Escape');
    await expect(
      slip().getByText('One-click bets are on: a tap on odds places the bet at once.').count(),
    ).resolves.toBe(1);

    const before = await mainBalanceMinor(page);
    const [id] = await pickOutcomes(page, 1, 1150, 3);
    await page.locator(`button[data-outcome-id="${id}"]`).first().click();
    await slip().getByTestId('slip-accepted').waitFor({ timeout: 20_000 });
    await expect(slip().getByTestId('slip-accepted').textContent()).resolves.toMatch(
      /^Bet accepted at \d+\.\d+ · one-click/,
    );
    // The price went to a bet, not into the coupon.
    await expect(slip().getByTestId('slip-leg').count()).resolves.toBe(0);
    await expect.poll(() => mainBalanceMinor(page), { timeout: 10_000 }).toBe(before - 2000n);
    await page.screenshot({ path: artifact('bet-slip-one-click-1366-dark-en.png') });
  });

  it('drop-on-score-change turns one-click off; clearing the exact odds turns drop-on-score-change off', async () => {
    const dialog = await settings();
    await expect(dialog.getByRole('button', { name: 'Turn off one-click bets' }).count()).resolves.toBe(1);
    const drop = dialog.getByRole('checkbox', { name: "Drop a selection when its game's score changes" });
    await drop.check();
    await dialog.getByRole('button', { name: 'Turn on one-click bets' }).waitFor();
    await expect(dialog.getByText('Off: a tap on odds adds it to the bet slip.').count()).resolves.toBe(1);

    const exact = dialog.getByLabel('Place only at these odds or better');
    await exact.fill('1.5');
    await expect(drop.isChecked()).resolves.toBe(true);
    await exact.fill('');
    await expect.poll(() => drop.isChecked()).toBe(false);
    await page.keyboard.press('Escape');

    // With one-click off a price click fills the coupon again.
    const [id] = await pickOutcomes(page, 1, 1150, 4);
    await pick(page, [id!]);
    await clearSlip(page);
  });

  it('keeps the settings dialog to the keyboard: focus inside, Tab cycles, Escape returns to the gear', async () => {
    const gear = slip().getByRole('button', { name: 'Bet slip settings' });
    await gear.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Bet slip settings' });
    await dialog.waitFor();
    await expect(gear.getAttribute('aria-expanded')).resolves.toBe('true');
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press(i % 7 === 6 ? 'Shift+Tab' : 'Tab');
      const inside = await page.evaluate(
        () => document.getElementById('bet-slip-settings')?.contains(document.activeElement) ?? false,
      );
      expect(inside).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Bet slip settings');
  });

  it('a manual stake step, auto-max, and the settings kept over a reload and in another browser', async () => {
    await startFresh();
    await pick(page, await pickOutcomes(page, 1, 1150, 4));
    let dialog = await settings();
    await dialog.getByRole('radio', { name: /Accept higher odds/ }).check();
    await dialog.getByRole('checkbox', { name: 'Use my own stake step' }).check();
    const saved = settingsSaved(
      (settings) =>
        settings.isManualAmountStep === true &&
        (settings.amountStepByCurrencyIso as Record<string, string>).RUB === '2500',
    );
    await dialog.getByLabel('Step, RUB').fill('25');
    await saved;
    await page.keyboard.press('Escape');

    const amount = slip().getByLabel('Stake, RUB');
    await amount.fill('100');
    await slip().getByRole('button', { name: 'Stake up by 25.00 RUB' }).click();
    await expect(amount.inputValue()).resolves.toBe('125');
    await slip().getByRole('button', { name: 'Stake down by 25.00 RUB' }).click();
    await slip().getByRole('button', { name: 'Stake down by 25.00 RUB' }).click();
    await expect(amount.inputValue()).resolves.toBe('75');

    dialog = await settings();
    const autoSaved = settingsSaved((settings) => settings.isAutoMax === true);
    await dialog.getByRole('checkbox', { name: 'Stake the maximum automatically' }).check();
    await autoSaved;
    await page.keyboard.press('Escape');
    // Auto-max: the maximum stake (300 RUB here, below the balance), not editable.
    await expect.poll(() => amount.inputValue()).toBe('300');
    await expect(amount.getAttribute('readonly')).resolves.not.toBeNull();

    await page.reload();
    await page.locator('[data-hydrated="true"]').first().waitFor();
    dialog = await settings();
    await expect(dialog.getByRole('radio', { name: /Accept higher odds/ }).isChecked()).resolves.toBe(true);
    await expect(
      dialog.getByRole('checkbox', { name: 'Stake the maximum automatically' }).isChecked(),
    ).resolves.toBe(true);
    await page.keyboard.press('Escape');

    // Another browser (no local storage) signed in as the same player reads them from the server.
    const other = await newContext({ signedIn: true });
    const second = await other.newPage();
    await open(second, LINE);
    const remote = await settings(second);
    await expect
      .poll(() => remote.getByRole('radio', { name: /Accept higher odds/ }).isChecked(), { timeout: 10_000 })
      .toBe(true);
    await expect(remote.getByRole('checkbox', { name: 'Use my own stake step' }).isChecked()).resolves.toBe(
      true,
    );
    await expect(remote.getByLabel('Step, RUB').inputValue()).resolves.toBe('25');
    await expect(
      remote.getByRole('checkbox', { name: 'Stake the maximum automatically' }).isChecked(),
    ).resolves.toBe(true);
    await other.close();

    dialog = await settings();
    const off = settingsSaved((settings) => settings.isAutoMax === false);
    await dialog.getByRole('checkbox', { name: 'Stake the maximum automatically' }).uncheck();
    await off;
    await page.keyboard.press('Escape');
    await clearSlip(page);
  });

  it('keeps a change made just before a reload: the waiting save goes with the unload', async () => {
    await startFresh();
    const serverAutoMax = async () => (await serverSettings()).isAutoMax;
    await expect(serverAutoMax()).resolves.toBe(false);
    const dialog = await settings();
    await dialog.getByRole('checkbox', { name: 'Stake the maximum automatically' }).check();
    // Reloaded within the slip's save delay: the page's GET would bring the older settings back.
    await page.reload();
    await page.locator('[data-mf-root="sports"] [data-hydrated="true"]').first().waitFor();
    await expect.poll(serverAutoMax, { timeout: 10_000 }).toBe(true);
    const after = await settings();
    await expect
      .poll(() => after.getByRole('checkbox', { name: 'Stake the maximum automatically' }).isChecked())
      .toBe(true);
    const off = settingsSaved((settings) => settings.isAutoMax === false);
    await after.getByRole('checkbox', { name: 'Stake the maximum automatically' }).uncheck();
    await off;
    await page.keyboard.press('Escape');
  });

  it('places with a typed promo code and with one picked from the listed codes', async () => {
    await startFresh();
    await pick(page, await pickOutcomes(page, 1, 1150, 1));
    await slip().getByText('Promo code', { exact: true }).click();
    await slip().getByLabel('Enter a promo code').fill('E2ETYPED');
    await expect
      .poll(() => slip().locator('#slip-promo-check').textContent(), { timeout: 10_000 })
      .toBe('The promo code applies to this bet.');
    await slip().getByLabel('Stake, RUB').fill('30');
    await placeAccepted(page);
    await clearSlip(page);

    await pick(page, await pickOutcomes(page, 1, 1150, 2));
    // The used code left the slip with its bet: the section starts closed and empty.
    await slip().getByText('Promo code', { exact: true }).click();
    await expect(slip().getByLabel('Enter a promo code').inputValue()).resolves.toBe('');
    const listed = slip().getByLabel('Your promo codes');
    await expect
      .poll(() => listed.locator('option').allTextContents(), { timeout: 10_000 })
      .toContain('E2ELISTED (+5 %)');
    await listed.selectOption('E2ELISTED');
    await expect(slip().getByLabel('Enter a promo code').inputValue()).resolves.toBe('E2ELISTED');
    await expect
      .poll(() => slip().locator('#slip-promo-check').textContent(), { timeout: 10_000 })
      .toBe('The promo code applies to this bet.');
    await slip().getByLabel('Stake, RUB').fill('30');
    await placeAccepted(page);

    // Each code was used once, and a used code leaves the slip with its bet.
    const promos = cli('promo', 'list');
    expect(promos).toMatch(/E2ETYPED .* 1 uses/);
    expect(promos).toMatch(/E2ELISTED .* 1 uses/);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('parlay.slip.v1') ?? '{}'));
    expect(stored.promoCode).toBe('');
    await clearSlip(page);
  });

  it('a stake above the maximum becomes a VIP request that the operator approves and the player sees', async () => {
    await startFresh();
    await pick(page, await pickOutcomes(page, 1, 1150, 3));
    await slip().getByLabel('Stake, RUB').fill('400');
    await expect.poll(() => slip().getByText('The largest stake is 300.00 RUB.').count()).toBe(1);
    await expect(
      slip()
        .getByRole('button', { name: /^Place bet/ })
        .isDisabled(),
    ).resolves.toBe(true);
    const before = await mainBalanceMinor(page);
    await slip().getByRole('button', { name: 'Request a VIP bet' }).click();
    const status = slip().getByTestId('slip-vip-status');
    await expect
      .poll(() => status.textContent(), { timeout: 10_000 })
      .toMatch(/^VIP bet request №\d+ is waiting/);
    // The stake is reserved while the operator decides.
    await expect.poll(() => mainBalanceMinor(page), { timeout: 10_000 }).toBe(before - 40_000n);
    const requestId = /№(\d+)/.exec((await status.textContent()) ?? '')?.[1];
    expect(cli('bets', 'vip', 'list')).toContain(`#${requestId}`);
    expect(cli('bets', 'vip', 'approve', requestId!)).toMatch(/approved #\d+: bet \d+ accepted/);
    await expect
      .poll(() => status.textContent(), { timeout: 20_000 })
      .toMatch(/^VIP bet approved: bet №\d+ accepted\./);
    await expect.poll(() => mainBalanceMinor(page), { timeout: 10_000 }).toBe(before - 40_000n);
    await page.screenshot({ path: artifact('bet-slip-vip-approved-1366-dark-en.png') });
    await status.getByRole('button', { name: 'Dismiss' }).click();
    await clearSlip(page);
  });

  /** The link of the first game of the line list. */
  async function gamePath(target: Page): Promise<string> {
    const href = await target.locator('[data-game-id] a[href*="/home/line/"]').first().getAttribute('href');
    if (!href) throw new Error('no game link on the line list');
    return href;
  }

  it('shows the quick coupon on tagged pages when the full slip is not on screen, and places from it', async () => {
    await startFresh();
    // Mobile: on a game page (tagged) the quick coupon floats above the tab bar.
    const mobile = await newContext({ width: 390, signedIn: true });
    const phone = await mobile.newPage();
    await open(phone, LINE);
    const game = await gamePath(phone);
    const [a, b] = await pickOutcomes(phone, 2, 1150, 1);
    await phone.locator(`button[data-outcome-id="${a}"]`).first().click();
    await phone.locator(`button[data-outcome-id="${b}"]`).first().click();
    await quick(phone).waitFor();
    await expect(quick(phone).getByTestId('quick-count').textContent()).resolves.toBe('2');
    await open(phone, game);
    await quick(phone).waitFor();
    // The express coefficient of the coupon, and the bet is accepted at that coefficient, not a leg's.
    const coef = (await quick(phone).getByTestId('quick-coef').textContent()) ?? '';
    expect(coef).toMatch(/^\d+\.\d{2,3}$/);
    await quick(phone).getByLabel('Stake, RUB').fill('10');
    const box = await quick(phone).boundingBox();
    const bar = await phone.getByTestId('tab-coupon').boundingBox();
    expect(box && bar && box.y + box.height <= bar.y).toBe(true);
    await phone.screenshot({ path: artifact('quick-coupon-390-dark-en.png') });
    await quick(phone).getByRole('button', { name: 'Place bet' }).click();
    await quick(phone).getByTestId('quick-accepted').waitFor({ timeout: 20_000 });
    await expect(quick(phone).getByTestId('quick-accepted').textContent()).resolves.toBe(
      `Bet accepted at ${coef}`,
    );
    // The same result is in the full slip: opening it from the quick coupon hides the quick coupon.
    await quick(phone)
      .getByRole('button', { name: /^Open the bet slip/ })
      .click();
    await slip(phone).getByRole('button', { name: 'Close the bet slip' }).waitFor();
    await expect(quick(phone).count()).resolves.toBe(0);
    await expect(slip(phone).getByTestId('slip-accepted').locator('p').textContent()).resolves.toBe(
      `Bet accepted at ${coef}`,
    );
    await slip(phone).getByRole('button', { name: 'Close the bet slip' }).click();

    // Results (untagged): no quick coupon even with a selection in the coupon.
    await open(phone, LINE);
    await phone
      .locator(`button[data-outcome-id="${(await pickOutcomes(phone, 1, 1150, 3))[0]}"]`)
      .first()
      .click();
    await quick(phone).waitFor();
    await open(phone, '/en/results');
    await phone.waitForTimeout(500);
    await expect(quick(phone).count()).resolves.toBe(0);
    await mobile.close();

    // Desktop: the slip column is on screen, so no quick coupon until the player hides the column.
    await clearSlip(page);
    await pick(page, await pickOutcomes(page, 1, 1150, 2));
    await open(page, game);
    await page.waitForTimeout(300);
    await expect(quick().isVisible()).resolves.toBe(false);
    await slip().getByRole('button', { name: 'Hide the bet slip' }).click();
    await quick().waitFor();
    await expect(slip().isVisible()).resolves.toBe(false);
    await expect(quick().getByTestId('quick-count').textContent()).resolves.toBe('1');
    await quick()
      .getByRole('button', { name: /^Open the bet slip/ })
      .click();
    await slip().waitFor();
    await expect(quick().isVisible()).resolves.toBe(false);
    // With nothing to show the quick coupon stays away and a button offers the slip back instead.
    await clearSlip(page);
    await slip().getByRole('button', { name: 'Hide the bet slip' }).click();
    await expect(quick().count()).resolves.toBe(0);
    await page.getByTestId('show-slip').click();
    await slip().waitFor();
  });

  /** Opens the full slip from the quick coupon, then the slip's settings. */
  async function openSettingsFromQuick(target: Page, en: boolean): Promise<void> {
    await quick(target)
      .getByRole('button', { name: en ? /^Open the bet slip/ : /^Открыть купон/ })
      .click();
    await slip(target)
      .getByRole('button', { name: en ? 'Bet slip settings' : 'Настройки купона' })
      .click();
  }

  it.each([
    [1366, 'dark', 'en'],
    [1366, 'light', 'ru'],
    [390, 'light', 'en'],
    [390, 'dark', 'ru'],
  ] as const)(
    'screenshots the quick coupon and the one-click state at %i px, %s theme, %s',
    async (width, theme, lng) => {
      const context = await newContext({ width, theme, signedIn: true });
      const shot = await context.newPage();
      await open(shot, `/${lng}/home/line/sports/football`);
      const game = await gamePath(shot);
      await pick(shot, await pickOutcomes(shot, 3, 1150));
      await open(shot, game);
      if (width >= 1100) {
        await slip(shot)
          .getByRole('button', { name: lng === 'en' ? 'Hide the bet slip' : 'Скрыть купон' })
          .click();
      }
      await quick(shot).waitFor();
      await shot.screenshot({ path: artifact(`quick-coupon-${width}-${theme}-${lng}.png`) });
      // The one-click state: turned on in the settings (the coupon clears), then one tap on a price.
      const en = lng === 'en';
      await openSettingsFromQuick(shot, en);
      const dialog = shot.locator('#bet-slip-settings');
      await dialog.locator('#slip-one-click-amount').fill('20');
      await dialog
        .getByRole('button', { name: en ? 'Turn on one-click bets' : 'Включить ставки в один клик' })
        .click();
      await dialog.getByRole('button', { name: en ? 'Turn on and clear' : 'Включить и очистить' }).click();
      await expect.poll(() => slip(shot).getByTestId('slip-leg').count()).toBe(0);
      await shot.keyboard.press('Escape');
      if (width < 1100) await shot.keyboard.press('Escape');
      else {
        await slip(shot)
          .getByRole('button', { name: en ? 'Hide the bet slip' : 'Скрыть купон' })
          .click();
      }
      await shot.locator('main button[data-outcome-id]:not([disabled]):visible').first().click();
      await quick(shot).getByTestId('quick-accepted').waitFor({ timeout: 20_000 });
      await shot.screenshot({ path: artifact(`quick-coupon-one-click-${width}-${theme}-${lng}.png`) });
      // One-click off again for the next screenshots.
      await openSettingsFromQuick(shot, en);
      await shot.screenshot({ path: artifact(`bet-slip-one-click-settings-${width}-${theme}-${lng}.png`) });
      await dialog
        .getByRole('button', { name: en ? 'Turn off one-click bets' : 'Выключить ставки в один клик' })
        .click();
      await expect
        .poll(async () => (await serverSettings(shot)).isActiveOneClick, { timeout: 10_000 })
        .toBe(false);
      await context.close();
    },
    60_000,
  );
});
