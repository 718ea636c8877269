/**
 * Shell behaviours in Chromium: cookie consent, the maintenance notice, a micro-app failing and
 * retrying, modals by keyboard, notification limits; screenshots at 390 and 1366 px in both themes
 * and both languages.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifact, launchBrowser, type StartedServer, startParlay } from './support.ts';

const VIEWPORTS = { mobile: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } } as const;
const YEAR_S = 365 * 24 * 60 * 60;

describe('shell behaviours in Chromium', () => {
  let server: StartedServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startParlay();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function open(
    options: {
      viewport?: keyof typeof VIEWPORTS;
      cookies?: Record<string, string>;
      headers?: Record<string, string>;
    } = {},
  ): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await browser.newContext({
      viewport: VIEWPORTS[options.viewport ?? 'desktop'],
      serviceWorkers: 'block',
      ...(options.headers ? { extraHTTPHeaders: options.headers } : {}),
    });
    await context.addCookies(
      Object.entries(options.cookies ?? {}).map(([name, value]) => ({ name, value, url: server.origin })),
    );
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    return { context, page, errors };
  }

  const consented = { cookies_agree_type: 'all' };
  const cookieNamed = async (context: BrowserContext, name: string) =>
    (await context.cookies()).find((cookie) => cookie.name === name);

  it('cookie consent: main view, customize and back, accept selected stores one type for a year', async () => {
    const { context, page, errors } = await open();
    await page.goto(`${server.origin}/en/`);
    const consent = page.getByRole('dialog', { name: 'Cookies on Parlay' });
    await consent.waitFor();
    // The banner does not block the page: the header stays usable.
    await expect(page.locator('#parlay-page').getAttribute('inert')).resolves.toBeNull();

    await consent.getByRole('button', { name: 'Customize' }).click();
    const functional = consent.getByRole('checkbox', { name: /Functional/ });
    await expect(functional.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    await expect(consent.getByRole('checkbox', { name: /Necessary/ }).isDisabled()).resolves.toBe(true);
    await consent.getByRole('button', { name: 'Back' }).click();
    await expect(
      consent
        .getByRole('button', { name: 'Customize' })
        .evaluate((element) => element === document.activeElement),
    ).resolves.toBe(true);

    await consent.getByRole('button', { name: 'Customize' }).click();
    await functional.check();
    await page.screenshot({ path: artifact('shell-consent-customize-en-desktop-dark.png') });
    await consent.getByRole('button', { name: 'Accept selected' }).click();
    await consent.waitFor({ state: 'detached' });

    const type = await cookieNamed(context, 'cookies_agree_type');
    expect(type?.value).toBe('only_functionality');
    expect(type!.expires - Date.now() / 1000).toBeGreaterThan(YEAR_S - 60);
    const time = await cookieNamed(context, 'cookies_agree_time');
    expect(Math.abs(Number(time?.value) - Date.now())).toBeLessThan(60_000);

    // Functional consent: a hidden side panel is remembered.
    await page.evaluate(() =>
      window.dispatchEvent(new CustomEvent('parlay:panel', { detail: { side: 'left', hidden: true } })),
    );
    await expect.poll(async () => (await cookieNamed(context, 'hide_left'))?.value).toBe('1');

    await page.reload();
    await page.locator('#parlay-overlays [data-shell-layer]').first().waitFor({ state: 'attached' });
    await expect(page.getByRole('dialog', { name: 'Cookies on Parlay' }).count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('cookie consent: no option checked means disabled, and no functional cookies are written', async () => {
    const { context, page } = await open({ viewport: 'mobile' });
    await page.goto(`${server.origin}/ru/`);
    const consent = page.getByRole('dialog', { name: 'Файлы cookie на Parlay' });
    await consent.getByRole('button', { name: 'Настроить' }).click();
    await consent.getByRole('button', { name: 'Принять выбранные' }).click();
    await consent.waitFor({ state: 'detached' });
    expect((await cookieNamed(context, 'cookies_agree_type'))?.value).toBe('disable');
    await page.evaluate(() => {
      window.dispatchEvent(new CustomEvent('parlay:panel', { detail: { side: 'right', hidden: true } }));
      window.dispatchEvent(new Event('resize'));
    });
    await page.waitForTimeout(300);
    expect(await cookieNamed(context, 'hide_right')).toBeUndefined();
    expect(await cookieNamed(context, 'window_width')).toBeUndefined();
    await context.close();
  });

  it('cookie consent: the banner comes with the page, and a press before its script loads is carried out', async () => {
    for (const [press, expected] of [
      ['Accept all', 'all'],
      ['Customize', 'disable'],
    ] as const) {
      const { context, page, errors } = await open();
      // Hold the overlays chunk back, as a slow connection would.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/assets/shell/ShellOverlays-*.js', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${server.origin}/en/`);
      const consent = page.getByRole('dialog', { name: 'Cookies on Parlay' });
      await consent.getByRole('button', { name: press }).click();
      release();
      if (press === 'Customize') {
        await consent.getByRole('button', { name: 'Accept selected' }).click();
      }
      await consent.waitFor({ state: 'detached' });
      await expect.poll(async () => (await cookieNamed(context, 'cookies_agree_type'))?.value).toBe(expected);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('maintenance notice: the cookie turns it on, Russian for configured countries, English elsewhere', async () => {
    for (const [country, title] of [
      ['RU', 'Плановые технические работы'],
      ['DE', 'Scheduled maintenance'],
    ] as const) {
      const { context, page } = await open({
        cookies: { ...consented, maintenance: '1' },
        headers: { 'cf-ipcountry': country },
      });
      await page.goto(`${server.origin}/en/`);
      const notice = page.locator('[data-notification="maintenance"]');
      await notice.waitFor();
      await expect(notice.textContent()).resolves.toContain(title);
      // Start and end: a default 24-hour window.
      await expect(notice.textContent()).resolves.toMatch(/UTC\+3.*UTC\+3/);
      await expect(notice.getAttribute('role')).resolves.toBe('status');
      await context.close();
    }
    const { context, page } = await open({ cookies: consented });
    await page.goto(`${server.origin}/en/`);
    await page.locator('#parlay-overlays [data-shell-layer]').first().waitFor({ state: 'attached' });
    await page.waitForTimeout(500);
    await expect(page.locator('[data-notification="maintenance"]').count()).resolves.toBe(0);
    await context.close();
  });

  it('a micro-app that fails retries (1 s, 2 s) and loads; failing for good shows the error with refresh', async () => {
    const { context, page } = await open({ cookies: consented });
    await page.goto(`${server.origin}/en/`);
    await page.locator('[data-hydrated="true"]').waitFor();

    let failures = 0;
    await page.route('**/mf/info/**', async (route) => {
      if (failures < 2) {
        failures += 1;
        await route.fulfill({ status: 503, contentType: 'application/json', body: '{}' });
      } else {
        await route.continue();
      }
    });
    const startedAt = Date.now();
    // Contacts sits under "More" in the main navigation; the footer links to it directly.
    await page.locator('#parlay-footer').getByRole('link', { name: 'Contacts' }).click();
    await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor({ timeout: 10_000 });
    expect(failures).toBe(2);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(3000);

    await page.unroute('**/mf/info/**');
    await page.route('**/mf/info/**', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }),
    );
    await page.getByRole('link', { name: 'About us' }).first().click();
    const error = page.getByRole('alert').filter({ hasText: 'The page failed to load' });
    await error.waitFor({ timeout: 15_000 });
    const refresh = page.getByRole('button', { name: 'Refresh page' });
    await refresh.waitFor();
    await page.screenshot({ path: artifact('shell-load-error-en-desktop-dark.png') });

    await page.unroute('**/mf/info/**');
    await refresh.click();
    await page.getByRole('heading', { level: 1, name: 'About' }).waitFor({ timeout: 10_000 });
    await context.close();
  });

  it('modals open from the URL and the host API, trap focus, close with Escape and give focus back', async () => {
    const { context, page, errors } = await open({ cookies: consented });
    await page.goto(`${server.origin}/en/?modal=login`);
    const login = page.getByRole('dialog', { name: 'Log in' });
    await login.waitFor();
    await expect(page.locator('#parlay-page').getAttribute('inert')).resolves.not.toBeNull();
    for (let i = 0; i < 4; i += 1) {
      await page.keyboard.press('Tab');
      await expect(login.evaluate((dialog) => dialog.contains(document.activeElement))).resolves.toBe(true);
    }
    await page.screenshot({ path: artifact('shell-modal-login-en-desktop-dark.png') });
    await page.keyboard.press('Escape');
    await login.waitFor({ state: 'detached' });
    expect(new URL(page.url()).search).toBe('');
    await expect(page.locator('#parlay-page').getAttribute('inert')).resolves.toBeNull();

    // From the host API, opened from a focused control: focus comes back to it.
    const themeToggle = page.getByRole('button', { name: /Switch to (light|dark) theme/ });
    await themeToggle.focus();
    await page.evaluate(() =>
      window.dispatchEvent(new CustomEvent('parlay:modal-open', { detail: { id: 'user-question' } })),
    );
    const question = page.getByRole('dialog', { name: 'Ask a question' });
    await question.waitFor();
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'detached' });
    await expect(themeToggle.evaluate((element) => element === document.activeElement)).resolves.toBe(true);

    // A non-closable modal ignores Escape.
    await page.evaluate(() =>
      window.dispatchEvent(new CustomEvent('parlay:modal-open', { detail: { id: 'confirm-terms-error' } })),
    );
    const terms = page.getByRole('dialog', { name: 'Terms not confirmed' });
    await terms.waitFor();
    await page.keyboard.press('Escape');
    await expect(terms.isVisible()).resolves.toBe(true);
    await expect(terms.getByRole('button', { name: 'Close' }).count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the forgot-password query opens its modal for guests', async () => {
    const { context, page } = await open({ viewport: 'mobile', cookies: { ...consented, theme: 'light' } });
    await page.goto(`${server.origin}/ru/?showForgotPasswordModal=1`);
    await page.getByRole('dialog', { name: 'Восстановление пароля' }).waitFor();
    await page.screenshot({ path: artifact('shell-modal-forgot-ru-mobile-light.png') });
    await context.close();
  });

  it('notifications: the default area shows 3, another area 1, the rest wait', async () => {
    const { context, page } = await open({ viewport: 'mobile', cookies: consented });
    await page.goto(`${server.origin}/en/`);
    await page.locator('#parlay-overlays [data-shell-layer]').first().waitFor({ state: 'attached' });
    await page.evaluate(() => {
      for (let i = 1; i <= 5; i += 1) {
        window.dispatchEvent(
          new CustomEvent('parlay:notify', {
            detail: { id: `d${i}`, title: `Default ${i}`, text: 'Bet accepted at 1.85', timeoutMs: null },
          }),
        );
      }
      for (let i = 1; i <= 2; i += 1) {
        window.dispatchEvent(
          new CustomEvent('parlay:notify', {
            detail: { id: `c${i}`, area: 'coupon', kind: 'success', text: `Coupon ${i}`, timeoutMs: null },
          }),
        );
      }
    });
    const defaultArea = page.locator('[data-notification-area="default"] [data-notification]');
    const couponArea = page.locator('[data-notification-area="coupon"] [data-notification]');
    await expect.poll(() => defaultArea.count()).toBe(3);
    await expect(couponArea.count()).resolves.toBe(1);
    await expect(page.getByText('2 more waiting').isVisible()).resolves.toBe(true);
    await page.screenshot({ path: artifact('shell-notifications-en-mobile-dark.png') });

    await page
      .locator('[data-notification="d1"]')
      .getByRole('button', { name: 'Close notification' })
      .click();
    await expect
      .poll(() => defaultArea.evaluateAll((items) => items.map((i) => i.getAttribute('data-notification'))))
      .toEqual(['d2', 'd3', 'd4']);
    await page
      .locator('[data-notification="c1"]')
      .getByRole('button', { name: 'Close notification' })
      .click();
    await expect.poll(() => couponArea.getAttribute('data-notification')).toBe('c2');
    await context.close();
  });

  it('serves the installable web app: manifest with every icon size, service worker and version', async () => {
    const manifest = (await (await fetch(`${server.origin}/manifest.webmanifest`)).json()) as {
      start_url: string;
      icons: { src: string; sizes: string }[];
    };
    expect(manifest.start_url).toBe('/');
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(
      [72, 96, 128, 144, 152, 192, 384, 512].map((size) => `${size}x${size}`),
    );
    const icon = await fetch(`${server.origin}${manifest.icons[0]!.src}`);
    expect(icon.headers.get('content-type')).toBe('image/png');
    const sw = await fetch(`${server.origin}/sw.js`);
    expect(sw.headers.get('content-type')).toContain('javascript');
    expect(await sw.text()).toContain('isCacheableAsset');
    const version = (await (await fetch(`${server.origin}/version.json`)).json()) as { version: string };
    const html = await (await fetch(`${server.origin}/en/`)).text();
    expect(html).toContain(`<meta name="parlay-version" content="${version.version}">`);
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest?lng=en">');
    const russian = (await (await fetch(`${server.origin}/manifest.webmanifest?lng=ru`)).json()) as {
      lang: string;
      description: string;
    };
    expect(russian).toMatchObject({ lang: 'ru', description: expect.stringContaining('Ставки на спорт') });
  });

  it('screenshots: home at 390 and 1366 px, light and dark, ru and en, with notices and sport icons', async () => {
    for (const viewport of ['mobile', 'desktop'] as const) {
      for (const theme of ['dark', 'light'] as const) {
        for (const lng of ['ru', 'en'] as const) {
          const { context, page } = await open({
            viewport,
            cookies: { theme, maintenance: '1' },
            headers: { 'cf-ipcountry': lng === 'ru' ? 'RU' : 'GB' },
          });
          await page.goto(`${server.origin}/${lng}/`);
          await page.locator('[data-notification="maintenance"]').waitFor();
          await page.locator('[data-modal="cookie-consent"]').waitFor();
          await expect(page.locator('[data-sport-icon="football"]').count()).resolves.toBeGreaterThan(0);
          await page.screenshot({ path: artifact(`shell-home-${lng}-${viewport}-${theme}.png`) });
          // The end of the page: the footer is not covered by the bottom tab bar.
          await page.getByRole('dialog').getByRole('button').last().click();
          await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
          await page.waitForTimeout(200);
          await page.screenshot({ path: artifact(`shell-home-end-${lng}-${viewport}-${theme}.png`) });
          await context.close();
        }
      }
    }
  });
});
