/**
 * The slip's cash-out confirmation and why-am-I-limited in Chromium. The simulated feed makes the
 * world, then the server runs on it without the feed (prices stand still unless the test moves them
 * in the database, as the feed would). A player places singles through the HTTP API with the page's
 * cookies and, in the slip's "My bets":
 * - a cash-out needs two taps: the first shows the offer beside its fair value and the house margin
 *   and pays nothing; the offer moves while the player decides (a shorter price in the database);
 *   the second tap pays that offer once (balance and ledger follow);
 * - an offer that went down between the taps is refused by the server (CASHOUT_PRICE_CHANGED): the
 *   slip says it went down, from what to what, and the new amount confirmed pays once;
 * - with the coupon setting "Cash out in one tap" the first tap pays.
 * Another player with a wagering limit of their own sees, for a stake above what is left, which
 * limit, what is left and a link to the limits page; a deposit over their deposit limit (on a ru
 * page, whose payment methods read in Russian) shows the limit and what is left, never "Something
 * went wrong". Screenshots of the slip with a cash-out confirmation and with a limit explanation at
 * 390 and 1440 px, light and dark, ru and en go to tests/e2e/artifacts/cash-out-*.png and
 * limit-explanation-*.png; at each size no slip control lies under the support button. The ledger
 * check is clean at the end.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositViaSandbox, mainBalanceMinor, openApp, registerFastPlayer } from './players.ts';
import { betSlip, openSports } from './slip-pages.ts';
import {
  artifact,
  createE2eDatabase,
  launchBrowser,
  parlayCli,
  type StartedServer,
  startParlay,
} from './support.ts';

const STAKE_MINOR = 10_000; // 100.00 RUB
/** The bound of every wait for a state: generous for a loaded machine, never a condition of the test. */
const STATE_WAIT_MS = 60_000;
const until = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: STATE_WAIT_MS });
const LIMITS = '/limit-service-api/api/external/web/v3';

interface Pick {
  outcomeId: number;
  oddsMilli: number;
}

let database: Awaited<ReturnType<typeof createE2eDatabase>>;
let server: StartedServer;
let browser: Browser;

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

beforeAll(async () => {
  database = await createE2eDatabase();
  // The feed makes the world, then stops: the test runs on it as it stood, prices moved by the test.
  const feeding = await startParlay({ DATABASE_URL: database.url });
  await feeding.stop();
  await sql(
    "update markets set state = 'open', suspended_by = null, version = version + 1 where suspended_by = 'feed' and state = 'suspended'",
  );
  [server, browser] = await Promise.all([
    startParlay({ DATABASE_URL: database.url, FEED_PROVIDER: 'none' }),
    launchBrowser(),
  ]);
}, 4 * STATE_WAIT_MS);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await database?.drop();
});

async function newContext(width: number, theme: 'dark' | 'light'): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  context.setDefaultTimeout(STATE_WAIT_MS);
  await context.addCookies([
    { name: 'theme', value: theme, url: server.origin },
    { name: 'cookies_agree_type', value: 'all', url: server.origin },
  ]);
  return context;
}

/** Open 1X2/winner outcomes (priced 1.5 to 4) of `count` line games starting in an hour or later. */
async function linePicks(page: Page, count: number): Promise<Pick[]> {
  const rows = await sql<{ outcome_id: string; odds_milli: number }>(
    `select distinct on (g.id) o.id as outcome_id, o.odds_milli
       from games g join markets m on m.game_id = g.id join outcomes o on o.market_id = m.id
      where g.start_at > now() + interval '1 hour' and m.state = 'open' and m.is_main
        and m.type in ('result', 'winner') and not (m.specifiers ? 'period')
        and o.state = 'open' and o.odds_milli between 1500 and 4000
        and not exists (select 1 from outcomes x where x.market_id = m.id and x.state <> 'open')
      order by g.id, o.id
      limit $1`,
    [count],
  );
  expect(rows.length).toBe(count);
  void page;
  return rows.map((r) => ({ outcomeId: Number(r.outcome_id), oddsMilli: r.odds_milli }));
}

/** A single of 100.00 through the HTTP API with the page's session; answers the bet id. */
async function placeSingle(page: Page, pick: Pick): Promise<string> {
  const answer = await page.evaluate(
    async ({ pick, stake }) => {
      const accounts = await (await fetch('/web-api/accounts/v1/accounts')).json();
      const res = await fetch('/web-api/betting/v1/coupons', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-requested-with': 'XMLHttpRequest',
          'idempotency-key': crypto.randomUUID(),
        },
        body: JSON.stringify({
          typeId: 0,
          accountId: String(accounts.mainAccount.id),
          amount: String(stake),
          bets: [{ outcomeId: String(pick.outcomeId), coef: pick.oddsMilli / 1000 }],
          changeCoefAction: 2,
        }),
      });
      return (await res.json()) as { status: string; betId?: string };
    },
    { pick, stake: STAKE_MINOR },
  );
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 'accepted' });
  return answer.betId!;
}

async function setLimit(page: Page, limitType: number, limitValue: number): Promise<void> {
  const answer = await page.evaluate(
    async ({ url, body }) =>
      (
        await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
          body: JSON.stringify(body),
        })
      ).json(),
    { url: `${LIMITS}/limit`, body: { limitType, limitValue } },
  );
  expect(answer).toMatchObject({ status: 'applied' });
}

async function cashoutTransfers(betId: string): Promise<number> {
  const rows = await sql<{ n: number }>(
    "select count(*)::int as n from ledger_transfers where reason = 'cashout' and metadata->>'betId' = $1",
    [betId],
  );
  return rows[0]!.n;
}

async function betStatus(page: Page, betId: string): Promise<string> {
  return page.evaluate(
    async (id) => (await (await fetch(`/web-api/betting/v1/bets/${id}`)).json()).status,
    betId,
  );
}

/** Multiplies an outcome's price in the database, as the feed would move it. */
async function movePrice(outcomeId: number, factor: number): Promise<void> {
  await sql(
    'update outcomes set odds_milli = greatest(1010, round(odds_milli * $2::numeric)), version = version + 1 where id = $1',
    [outcomeId, factor],
  );
}

const card = (page: Page, betId: string): Locator => betSlip(page).locator(`article[data-bet-id="${betId}"]`);
const offerOf = async (page: Page, betId: string) =>
  BigInt((await card(page, betId).getByTestId('cashout-offer').getAttribute('data-offer-minor')) ?? '0');

/** Opens the slip (the bottom sheet below 1100 px) on its "My bets" or "Bet slip" tab. */
async function openSlipTab(page: Page, tab: 'bets' | 'slip', lng: 'en' | 'ru'): Promise<void> {
  const width = page.viewportSize()?.width ?? 1440;
  if (width < 1100 && !(await betSlip(page).isVisible())) {
    await page.getByTestId('tab-coupon').dispatchEvent('click');
    await betSlip(page)
      .getByRole('button', { name: lng === 'en' ? 'Close the bet slip' : 'Закрыть купон' })
      .waitFor();
  }
  const names = { en: { bets: /^My bets/, slip: /^Bet slip/ }, ru: { bets: /^Мои ставки/, slip: /^Купон/ } };
  await betSlip(page).getByRole('tab', { name: names[lng][tab] }).click();
}

/**
 * No control of the slip that is in view lies under another element (the support button above
 * all): the element at the centre of each is the control itself — at every scroll position of the
 * panel that holds the slip, in steps of 24 px. Checked once the sheet has stopped moving; a control
 * scrolled out of its panel is not in view.
 */
async function assertSlipControlsUncovered(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
  const covered = await betSlip(page).evaluate((slip) => {
    const controls = [...slip.querySelectorAll<HTMLElement>('button, input, a, select')];
    const coveredNow = () =>
      controls.flatMap((el) => {
        const r = el.getBoundingClientRect();
        // Visually hidden inputs (a checkbox drawn by its label) are 1 px, and a closed <details> hides
        // its content: neither is what a finger finds.
        if (r.width < 4 || r.height < 4 || !el.checkVisibility({ visibilityProperty: true })) return [];
        let top = Math.max(r.top, 0);
        let bottom = Math.min(r.bottom, window.innerHeight);
        for (let box = el.parentElement; box; box = box.parentElement) {
          if (getComputedStyle(box).overflowY === 'visible') continue;
          const clip = box.getBoundingClientRect();
          top = Math.max(top, clip.top);
          bottom = Math.min(bottom, clip.bottom);
        }
        if (bottom - top < r.height / 2) return [];
        // The centre and the four corners (2 px in) of the part in view: a corner under the button
        // is a control partly covered.
        const xs = [r.left + 2, r.left + r.width / 2, r.right - 2];
        const ys = [top + 2, (top + bottom) / 2, bottom - 2];
        const points = [[xs[1]!, ys[1]!], ...[0, 2].flatMap((i) => [0, 2].map((j) => [xs[i]!, ys[j]!]))];
        return points.flatMap(([x, y]) => {
          const at = document.elementFromPoint(x!, y!);
          return at && (at === el || el.contains(at) || at.contains(el))
            ? []
            : [
                `${el.textContent?.trim() || el.getAttribute('aria-label') || el.outerHTML.slice(0, 80)} under ${at?.outerHTML.slice(0, 80)}`,
              ];
        });
      });
    let panel: HTMLElement | null = slip.parentElement;
    while (
      panel &&
      !(panel.scrollHeight > panel.clientHeight && getComputedStyle(panel).overflowY !== 'visible')
    )
      panel = panel.parentElement;
    const found = new Set(coveredNow());
    if (panel) {
      const start = panel.scrollTop;
      for (let y = 0; y <= panel.scrollHeight - panel.clientHeight + 24; y += 24) {
        panel.scrollTop = y;
        for (const item of coveredNow()) found.add(`${item} at scroll ${y}`);
      }
      panel.scrollTop = start;
    }
    return [...found];
  });
  expect(covered).toEqual([]);
}

describe('cash-out confirmation and limit explanations in Chromium', () => {
  it('needs two taps and pays once, follows the offer, says when it went down, and pays in one tap with the setting', {
    timeout: 8 * STATE_WAIT_MS,
  }, async () => {
    const context = await newContext(1440, 'dark');
    const page = await context.newPage();
    await registerFastPlayer(page, server.origin);
    await depositViaSandbox(page, 'card', '3000');
    const [a, b, c] = await linePicks(page, 3);
    const first = await placeSingle(page, a!);
    const second = await placeSingle(page, b!);
    const third = await placeSingle(page, c!);
    await openSports(page, server.origin, '/en/');
    await openSlipTab(page, 'bets', 'en');

    // First tap: the offer, its fair value and the margin; a confirmation; nothing paid.
    const bet = card(page, first);
    await bet.getByRole('button', { name: /^Cash out / }).click();
    const confirm = bet.getByRole('button', { name: /^Confirm / });
    await confirm.waitFor();
    const fair = (await bet.getByTestId('cashout-fair').textContent()) ?? '';
    const margin = (await bet.getByTestId('cashout-margin').textContent()) ?? '';
    expect(fair).toMatch(/\d.* RUB/);
    expect(margin).toMatch(/RUB \(\d+(\.\d+)? %\)/);
    const before = await mainBalanceMinor(page);
    expect(await cashoutTransfers(first)).toBe(0);
    await page.screenshot({ path: artifact('cash-out-confirm-journey-1440-dark-en.png') });

    // The price shortens while the player decides: the offer shown follows it.
    const seen = await offerOf(page, first);
    await movePrice(a!.outcomeId, 0.8);
    await until(() => offerOf(page, first)).toBeGreaterThan(seen);
    const moved = await offerOf(page, first);

    // Second tap: paid once, at the offer shown.
    await confirm.click();
    await until(() =>
      betSlip(page)
        .getByRole('status')
        .filter({ hasText: `Bet No. ${first} cashed out` })
        .count(),
    ).toBe(1);
    expect(await mainBalanceMinor(page)).toBe(before + moved);
    expect(await cashoutTransfers(first)).toBe(1);
    expect(await betStatus(page, first)).toBe('cashed_out');

    // A lower offer between the taps: the quotes are held so the slip still shows the old one.
    const other = card(page, second);
    await other.getByRole('button', { name: /^Cash out / }).click();
    const held: { continue(): Promise<void> }[] = [];
    const quotePath = `**/web-api/betting/v1/bets/${second}/cashout`;
    await page.route(quotePath, (route) => {
      if (route.request().method() === 'GET') held.push(route);
      else void route.continue();
    });
    const shown = await offerOf(page, second);
    await movePrice(b!.outcomeId, 1.5);
    const refused = page.waitForResponse(
      (r) => r.url().endsWith(`/bets/${second}/cashout`) && r.request().method() === 'POST',
    );
    await other.getByRole('button', { name: /^Confirm / }).click();
    expect((await refused).status()).toBe(409);
    await page.unroute(quotePath);
    for (const route of held.splice(0)) await route.continue();
    const alert = other.getByRole('alert');
    await until(() => alert.textContent()).toContain('The offer went down from');
    const lower = await offerOf(page, second);
    expect(lower).toBeLessThan(shown);
    expect(await cashoutTransfers(second)).toBe(0);
    const beforeSecond = await mainBalanceMinor(page);
    await page.screenshot({ path: artifact('cash-out-changed-1440-dark-en.png') });
    await other.getByRole('button', { name: /^Confirm / }).click();
    await until(() => cashoutTransfers(second)).toBe(1);
    await until(() => mainBalanceMinor(page)).toBe(beforeSecond + lower);

    // One tap with the coupon setting: the first tap pays.
    await betSlip(page).getByRole('button', { name: 'Bet slip settings' }).click();
    await betSlip(page).getByRole('checkbox', { name: 'Cash out in one tap (no confirmation)' }).check();
    await betSlip(page).getByRole('button', { name: 'Close the settings' }).click();
    await until(async () =>
      page.evaluate(
        async () => (await (await fetch('/web-api/betting/v1/coupon-settings')).json()).isOneTapCashout,
      ),
    ).toBe(true);
    const beforeThird = await mainBalanceMinor(page);
    const oneTap = await offerOf(page, third);
    await card(page, third)
      .getByRole('button', { name: /^Cash out / })
      .click();
    await until(() => cashoutTransfers(third)).toBe(1);
    await until(() => mainBalanceMinor(page)).toBe(beforeThird + oneTap);
    expect(await betStatus(page, third)).toBe('cashed_out');
    await context.close();

    expect(parlayCli(['ledger', 'check'], { DATABASE_URL: database.url })).toContain(
      'ledger check: no difference',
    );
  });

  it('explains a stake above the player’s own limit and a deposit over the deposit limit; screenshots', {
    timeout: 12 * STATE_WAIT_MS,
  }, async () => {
    const context = await newContext(1440, 'dark');
    const page = await context.newPage();
    await registerFastPlayer(page, server.origin);
    await depositViaSandbox(page, 'card', '1000');
    const [open, pick] = await linePicks(page, 2);
    await setLimit(page, 1, 150); // wagering: 150.00 RUB a day
    const openBet = await placeSingle(page, open!);

    // A stake of 100.00 with 50.00 left: refused, and the slip says which limit and what to do.
    await openSports(page, server.origin, '/en/');
    await placeFromSlip(page, pick!, 'en');
    const notice = betSlip(page).getByTestId('slip-limit');
    await notice.waitFor();
    expect(await notice.getAttribute('data-limit-kind')).toBe('wager');
    const text = (await notice.textContent()) ?? '';
    expect(text).toContain('Your wagering limit stopped this stake');
    expect(text).toContain('left 50.00 RUB');
    expect(text).toContain('Lower the stake to 50.00 RUB or less');
    expect(await notice.getByRole('link', { name: 'Your limits' }).getAttribute('href')).toBe(
      '/en/office/responsible',
    );

    // The deposit over the deposit limit, on a Russian page: the methods in Russian, the reason shown.
    await setLimit(page, 20, 1500); // 1 500.00 RUB a day, 1 000.00 deposited
    await openApp(page, server.origin, '/ru/office/recharge');
    await page
      .getByRole('radio', { name: /Банковская карта/ })
      .first()
      .check();
    await page.getByLabel('Сумма, RUB').fill('800');
    await page.getByRole('button', { name: /^(Перейти к оплате|Продолжить)/ }).click();
    const refusal = page.getByTestId('deposit-refusal');
    await refusal.waitFor();
    const said = (await refusal.textContent()) ?? '';
    expect(said).toContain('Этот депозит превысит ваш собственный лимит депозитов');
    expect(said).toMatch(/осталось 500,00\sRUB/);
    expect(said).not.toMatch(/пошло не так|went wrong/i);
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: artifact(`deposit-limit-refusal-${width}-dark-ru.png`), fullPage: true });
    }

    // A long slip (six selections) at both sizes: at no scroll position is a control under the
    // support button (or anything else).
    await openSports(page, server.origin, '/en/');
    const six = await linePicks(page, 6);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await openSports(page, server.origin, '/en/');
      await replaceSelections(page, six);
      await openSlipTab(page, 'slip', 'en');
      await until(() => betSlip(page).getByTestId('slip-leg').count()).toBe(6);
      // Named by the quote (the store's selections came without names): "Team", "1X2", "Home — Away".
      await until(() =>
        betSlip(page)
          .getByTestId('slip-leg')
          .evaluateAll((legs) => legs.filter((leg) => leg.textContent?.includes(' — ')).length),
      ).toBe(6);
      await assertSlipControlsUncovered(page);
      await page.screenshot({ path: artifact(`slip-long-${width}-dark-en.png`) });
      await clearSlipSelections(page);
    }

    // Screenshots: the slip with a cash-out confirmation and with the limit explanation.
    for (const lng of ['en', 'ru'] as const) {
      for (const theme of ['light', 'dark'] as const) {
        await context.addCookies([{ name: 'theme', value: theme, url: server.origin }]);
        for (const width of [390, 1440]) {
          await page.setViewportSize({ width, height: 900 });
          await openSports(page, server.origin, `/${lng}/`);
          await openSlipTab(page, 'bets', lng);
          const bet = card(page, openBet);
          await bet.getByRole('button', { name: lng === 'en' ? /^Cash out / : /^Продать / }).click();
          await bet.getByRole('button', { name: lng === 'en' ? /^Confirm / : /^Подтвердить / }).waitFor();
          await bet.scrollIntoViewIfNeeded();
          await assertSlipControlsUncovered(page);
          await page.screenshot({ path: artifact(`cash-out-confirm-${width}-${theme}-${lng}.png`) });
          await bet.getByRole('button', { name: lng === 'en' ? 'Cancel' : 'Отмена' }).click();
          await placeFromSlip(page, pick!, lng);
          await betSlip(page).getByTestId('slip-limit').scrollIntoViewIfNeeded();
          await assertSlipControlsUncovered(page);
          await page.screenshot({ path: artifact(`limit-explanation-${width}-${theme}-${lng}.png`) });
          await clearSlipSelections(page);
        }
      }
    }
    await context.close();
  });
});

/**
 * Puts the pick in the slip through the shared coupon store's window event (the pick's game need not
 * be on the page), types 100 and places; waits for the limit explanation.
 */
async function placeFromSlip(page: Page, pick: Pick, lng: 'en' | 'ru'): Promise<void> {
  await openSlipTab(page, 'slip', lng);
  await replaceSelections(page, [pick]);
  await until(() => betSlip(page).getByTestId('slip-leg').first().textContent()).toContain(' — ');
  await betSlip(page)
    .getByLabel(lng === 'en' ? 'Stake, RUB' : 'Сумма ставки, RUB')
    .fill('100');
  await betSlip(page)
    .getByRole('button', { name: lng === 'en' ? /^Place bet/ : /^Сделать ставку/ })
    .click();
  await betSlip(page).getByTestId('slip-limit').waitFor();
}

/** Puts these picks in the coupon through the shared coupon store's window event. */
async function replaceSelections(page: Page, picks: Pick[]): Promise<void> {
  const selections = [];
  for (const pick of picks) {
    const [row] = await sql<{ game_id: number; market_id: string }>(
      'select m.game_id, m.id as market_id from outcomes o join markets m on m.id = o.market_id where o.id = $1',
      [pick.outcomeId],
    );
    selections.push({
      outcomeId: pick.outcomeId,
      gameId: Number(row!.game_id),
      marketId: Number(row!.market_id),
      oddsMilli: pick.oddsMilli,
    });
  }
  await page.evaluate((list) => {
    window.dispatchEvent(new CustomEvent('parlay:coupon', { detail: { type: 'replace', selections: list } }));
  }, selections);
}

async function clearSlipSelections(page: Page): Promise<void> {
  await page.evaluate(() =>
    window.dispatchEvent(new CustomEvent('parlay:coupon', { detail: { type: 'clear' } })),
  );
  await until(() => betSlip(page).getByTestId('slip-leg').count()).toBe(0);
}
