/**
 * Helpers of the bet-slip suites: a browser context in a theme and width, a sports page once hydrated,
 * the slip, prices to click on a sports list, picking, clearing and placing.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** A context at `width` px (1366 by default) in the `theme` (dark by default), cookie notice answered. */
export async function slipContext(
  browser: Browser,
  origin: string,
  options: { width?: number; theme?: 'dark' | 'light' } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1366, height: 900 } });
  await context.addCookies([
    { name: 'theme', value: options.theme ?? 'dark', url: origin },
    { name: 'cookies_agree_type', value: 'all', url: origin },
  ]);
  return context;
}

/** Closes a shell modal that opened by itself over the page (a reminder or promotion), if any. */
async function dismissModals(target: Page): Promise<void> {
  for (let i = 0; i < 3 && (await target.locator('#parlay-page[inert]').count()) > 0; i++) {
    const title = await target.getByRole('dialog').first().getAttribute('aria-labelledby');
    console.warn(`closing a shell modal over the page (${title})`);
    await target.keyboard.press('Escape');
    await target.waitForTimeout(300);
  }
}

/** Opens `path` once the sports app has hydrated; the cookie notice (it would cover the slip) is accepted. */
export async function openSports(target: Page, origin: string, path: string): Promise<void> {
  await target.goto(`${origin}${path}`);
  await target.locator('[data-mf-root="sports"] [data-hydrated="true"]').first().waitFor({ timeout: 20_000 });
  await target
    .getByRole('button', { name: /^(Accept all|Принять все)$/ })
    .click({ timeout: 1500 })
    .catch(() => {});
  await dismissModals(target);
}

export const betSlip = (target: Page): Locator => target.getByTestId('bet-slip');

/** Clicks the outcomes on the page and waits until the slip holds `legs` selections. */
export async function pickInSlip(target: Page, ids: string[], legs = ids.length): Promise<void> {
  for (const id of ids) await target.locator(`button[data-outcome-id="${id}"]`).first().click();
  await expect.poll(() => betSlip(target).getByTestId('slip-leg').count()).toBe(legs);
}

export async function clearSlip(target: Page): Promise<void> {
  if ((await betSlip(target).getByTestId('slip-leg').count()) > 0) {
    await betSlip(target).getByRole('button', { name: 'Clear all' }).click();
  }
  await expect.poll(() => betSlip(target).getByTestId('slip-leg').count()).toBe(0);
}

/**
 * Places the slip's coupon, waits for it to be accepted and answers the acceptance text. The slip
 * keeps the last bet's "accepted" result on screen while new selections are added, so the wait is
 * for this placement's answer from the server first: a wait for the result alone could see the
 * previous bet's, and the test went on (and cleared the slip) before this coupon was placed.
 */
export async function placeAccepted(target: Page): Promise<string> {
  const answered = target.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      new URL(response.url()).pathname === '/web-api/betting/v1/coupons',
    { timeout: 20_000 },
  );
  await betSlip(target)
    .getByRole('button', { name: /^Place bet/ })
    .click();
  await answered;
  await betSlip(target).getByTestId('slip-accepted').waitFor({ timeout: 20_000 });
  return (await betSlip(target).getByTestId('slip-accepted').textContent()) ?? '';
}

/** Outcome ids of `count` different games of the list (after `skip`), each priced at least minMilli. */
export async function pickOutcomes(
  target: Page,
  count: number,
  minMilli = 1150,
  skip = 0,
): Promise<string[]> {
  await target.locator('[data-game-id] button[data-outcome-id]:not([disabled])').first().waitFor();
  const ids = await target.$$eval(
    '[data-game-id]',
    (rows, min) =>
      rows.flatMap((row) => {
        const button = [...row.querySelectorAll('button[data-outcome-id]:not([disabled])')].find(
          (b) => Number(b.getAttribute('data-odds-milli')) >= (min as number),
        );
        return button ? [button.getAttribute('data-outcome-id') ?? ''] : [];
      }),
    minMilli,
  );
  const unique = [...new Set(ids)].slice(skip, skip + count);
  if (unique.length < count) throw new Error(`only ${unique.length} priced games on the list`);
  return unique;
}

/**
 * What covers or holds a page when a step of a bet-slip test failed: the address, whether the page is
 * inert behind a modal, the open dialogs, the notifications on screen and the slip's legs and
 * buttons. Printed by the suites on a failure (CI keeps only the output).
 */
export async function describePage(target: Page): Promise<string> {
  if (target.isClosed()) return 'the page is closed';
  return target
    .evaluate(() => {
      const text = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 160);
      const slip = document.querySelector('[data-testid="bet-slip"]');
      return JSON.stringify(
        {
          url: location.href,
          inert: document.querySelector('#parlay-page[inert]') !== null,
          dialogs: [...document.querySelectorAll('[role="dialog"],[role="alertdialog"]')].map(text),
          notifications: [...document.querySelectorAll('[data-notification]')].map(text),
          legs: slip?.querySelectorAll('[data-testid="slip-leg"]').length ?? null,
          slipButtons: slip
            ? [...slip.querySelectorAll('button')].map(
                (b) =>
                  `${b.getAttribute('aria-label') ?? text(b)}${(b as HTMLButtonElement).disabled ? ' (disabled)' : ''}`,
              )
            : null,
          active: document.activeElement?.outerHTML.slice(0, 200) ?? null,
        },
        null,
        1,
      );
    })
    .catch((error: unknown) => `could not read the page: ${String(error)}`);
}
