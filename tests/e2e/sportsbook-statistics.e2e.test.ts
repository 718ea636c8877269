/**
 * The statistics page in Chromium: from a live football game's page the scoreboard's Statistics
 * link opens the game's figures (shots, possession, corners, cards as bars), both teams' form, their
 * head-to-head and the championship's table, all named, with no internal id on the page; the same
 * page in Russian at 390 px, a championship's table alone (?champ=) and the popup, in both themes;
 * and the live game's match visualisation, shown instead of a video stream, with its spoken line.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifact, launchBrowser, type StartedServer, startParlay } from './support.ts';

const V1 = '/web-api/sportsbook/v1';

interface ListGame {
  id: number;
  number: number;
  statisticId: string | null;
  clockSeconds: number;
  champ: { id: number; name: string };
  home: { id: number; name: string };
  away: { id: number; name: string };
}

describe('sportsbook statistics in Chromium', () => {
  let server: StartedServer;
  let browser: Browser;

  async function newContext(width: number, theme: 'dark' | 'light'): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addCookies([
      { name: 'theme', value: theme, url: server.origin },
      { name: 'cookies_agree_type', value: 'all', url: server.origin },
    ]);
    return context;
  }

  async function open(context: BrowserContext, path: string): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${server.origin}${path}`);
    await page.locator('[data-hydrated="true"]').first().waitFor();
    await page
      .getByRole('button', { name: /^(Accept all|Принять все)$/ })
      .click({ timeout: 1500 })
      .catch(() => {});
    return page;
  }

  /**
   * A live football game whose clock has run (possession is measured from the first second played: a
   * game at 0:00 has shots but no possession yet). The fixture calendar leaves about one instant in a
   * thousand without one (a midweek gap between kick-offs): then it waits for the next kick-off, bounded.
   * `beforeSeconds`: only a game whose clock is below it.
   */
  async function liveFootball(beforeSeconds = Number.POSITIVE_INFINITY): Promise<ListGame> {
    let games: ListGame[] = [];
    await expect
      .poll(
        async () => {
          const res = await fetch(`${server.origin}${V1}/live?sportId=1&limit=20&lang=en`);
          games = ((await res.json()) as { data: ListGame[] }).data.filter(
            (g) => g.clockSeconds > 0 && g.clockSeconds < beforeSeconds,
          );
          return games.length;
        },
        { timeout: 150_000, interval: 2_000 },
      )
      .toBeGreaterThan(0);
    return games[0]!;
  }

  /** No catalogue id, feed ref or statistic id of the game is written on the page. */
  async function expectNoInternalIds(page: Page, game: ListGame): Promise<void> {
    const text = await page.locator('main').innerText();
    expect(text).not.toMatch(/\b[tg]:\d+:\d+/);
    if (game.statisticId) expect(text).not.toContain(game.statisticId);
    // Small numbers are figures and dates; an id as long as the game's is not.
    if (game.id >= 10_000) expect(text).not.toMatch(new RegExp(`\\b${game.id}\\b`));
  }

  beforeAll(async () => {
    server = await startParlay();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('opens a live game’s statistics from its page: figures, form, head-to-head and the table', async () => {
    const game = await liveFootball();
    const context = await newContext(1440, 'dark');
    const page = await open(context, `/en/home/live/sports/football/${game.champ.id}/${game.id}`);
    await page.getByRole('region', { name: 'Scoreboard' }).getByRole('link', { name: 'Statistics' }).click();
    await page.getByRole('heading', { name: 'Match statistics' }).waitFor();
    const match = page.getByRole('region', { name: 'Match statistics' });
    for (const figure of ['Shots', 'Shots on target', 'Possession', 'Corners', 'Cards'])
      await expect.poll(() => match.getByText(figure, { exact: true }).count(), { message: figure }).toBe(1);
    await page
      .getByRole('region', { name: 'Form' })
      .getByRole('list', { name: `Form of ${game.home.name}, newest first` })
      .waitFor();
    await page.getByRole('region', { name: 'Head to head' }).waitFor();
    const table = page.getByRole('region', { name: 'Table' }).getByRole('table');
    const api = await fetch(`${server.origin}${V1}/champs/${game.champ.id}/statistics?lang=en`);
    const rows = ((await api.json()) as { table: unknown[] }).table.length;
    expect(await table.getByRole('row').count()).toBe(rows + 1);
    await table.getByRole('rowheader', { name: new RegExp(`^${game.home.name}`) }).waitFor();
    await expect.poll(() => table.locator('tr[data-focus="true"]').count()).toBe(2);
    await expectNoInternalIds(page, game);
    await page.screenshot({ path: artifact('statistics-game-en-1440-dark.png'), fullPage: true });
    await context.close();
  });

  it('shows the same in Russian at 390 px without horizontal scroll, the champ table and the popup', async () => {
    const game = await liveFootball();
    const context = await newContext(390, 'light');
    const page = await open(context, `/ru/statistic?game=${game.id}`);
    await page.getByRole('heading', { name: 'Статистика матча' }).waitFor();
    await page.getByRole('heading', { name: 'Турнирная таблица' }).waitFor();
    await page.getByText('Удары в створ', { exact: true }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoInternalIds(page, game);
    await page.screenshot({ path: artifact('statistics-game-ru-390-light.png'), fullPage: true });

    const champ = await open(context, `/ru/statistic?champ=${game.champ.id}`);
    await champ.getByRole('heading', { name: 'Турнирная таблица' }).waitFor();
    await champ.getByRole('columnheader', { name: 'Очки', exact: true }).waitFor();
    // The champ's top scorers: a table of its own, the page still without horizontal scroll.
    const scorers = champ.getByRole('region', { name: 'Бомбардиры' }).getByRole('table');
    await scorers.getByRole('columnheader', { name: 'Голы', exact: true }).waitFor();
    expect(await scorers.getByRole('rowheader').count()).toBeGreaterThan(0);
    expect(
      await champ.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await champ.screenshot({ path: artifact('statistics-champ-ru-390-light.png'), fullPage: true });

    const popup = await open(await newContext(1440, 'light'), `/en/statisticpopup?game=${game.id}`);
    await popup.getByRole('heading', { name: 'Head to head' }).waitFor();
    await popup.screenshot({ path: artifact('statistics-popup-en-1440-light.png'), fullPage: true });
    await context.close();
  });

  it('shows a live game’s match visualisation instead of a video stream, with the latest event in words', async () => {
    // Not in its last minutes: a game that ends while the test looks at it leaves the live page.
    const game = await liveFootball(75 * 60);
    for (const [width, theme, lng, label, noStream, live] of [
      [
        1440,
        'dark',
        'en',
        'Match visualisation',
        'No video stream for this game',
        /^(Latest: |Events appear)/,
      ],
      [
        390,
        'light',
        'ru',
        'Визуализация матча',
        'Видеотрансляции этого матча нет',
        /^(Последнее: |События появятся)/,
      ],
    ] as const) {
      const context = await newContext(width, theme);
      const page = await open(context, `/${lng}/home/live/sports/football/${game.champ.id}/${game.id}`);
      const visual = page.getByRole('region', { name: label });
      await visual.getByText(noStream, { exact: true }).waitFor();
      const spoken = visual.locator('[aria-live="polite"]');
      await expect.poll(() => spoken.innerText(), { message: 'the live line' }).toMatch(live);
      expect(await visual.locator('svg[aria-hidden="true"]').count()).toBeGreaterThan(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await visual.scrollIntoViewIfNeeded();
      await page.screenshot({ path: artifact(`game-visual-${lng}-${width}-${theme}.png`) });
      await context.close();
    }
  });

  it('shows a tennis tournament’s draw as rounds of matches, scrolling inside its card at 390 px', async () => {
    const sports = (await (await fetch(`${server.origin}${V1}/sports?lang=en`)).json()) as {
      data: { id: number; slug: string }[];
    };
    const tennis = sports.data.find((s) => s.slug === 'tennis');
    expect(tennis).toBeDefined();
    const champs = (await (
      await fetch(`${server.origin}${V1}/champs?sportId=${tennis!.id}&lang=en`)
    ).json()) as {
      data: { id: number }[];
    };
    type Answer = { draw: { rounds: { key: string; matches: { winner: string | null }[] }[] } | null };
    let champId = 0;
    let draw: NonNullable<Answer['draw']> | null = null;
    // Every tournament has a draw under way (a round a day): the first one answered is enough.
    for (const c of champs.data) {
      const answer = (await (
        await fetch(`${server.origin}${V1}/champs/${c.id}/statistics?lang=en`)
      ).json()) as Answer;
      if (answer.draw && answer.draw.rounds.length > 0) {
        champId = c.id;
        draw = answer.draw;
        break;
      }
    }
    expect(draw).not.toBeNull();
    const first = draw!.rounds.find((r) => r.key === 'r32') ?? draw!.rounds.find((r) => r.key === 'r16')!;
    const played = first.matches.some((m) => m.winner !== null);
    for (const [width, theme, lng, heading, round, beat] of [
      [
        390,
        'dark',
        'ru',
        'Сетка турнира',
        first.key === 'r32' ? '1/16 финала' : '1/8 финала',
        /^Победитель: /,
      ],
      [1440, 'light', 'en', 'Draw', first.key === 'r32' ? 'Round of 32' : 'Round of 16', / beat /],
    ] as const) {
      const context = await newContext(width, theme);
      const page = await open(context, `/${lng}/statistic?champ=${champId}`);
      const card = page.getByRole('region', { name: heading, exact: true });
      const list = card.getByRole('list', { name: round, exact: true });
      await list.waitFor();
      expect(await list.getByRole('listitem').count()).toBe(first.matches.length);
      if (played)
        expect(await list.getByRole('listitem').filter({ hasText: beat }).count()).toBeGreaterThan(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: artifact(`statistics-draw-${lng}-${width}-${theme}.png`) });
      await context.close();
    }
  });

  it('shows the scorers of the other team sports: Dota 2 kills by handle, cricket runs, American football points', async () => {
    const sports = (await (await fetch(`${server.origin}${V1}/sports?lang=en`)).json()) as {
      data: { id: number; slug: string }[];
    };
    const firstChamp = async (sportId: number) => {
      const champs = (await (
        await fetch(`${server.origin}${V1}/champs?sportId=${sportId}&lang=en`)
      ).json()) as { data: { id: number }[] };
      return champs.data[0]!.id;
    };
    for (const [sportId, width, theme, lng, heading, column] of [
      [41, 1440, 'dark', 'en', 'Most kills', 'Kills'],
      [10, 390, 'light', 'ru', 'Лидеры по ранам', 'Раны'],
      [9, 390, 'dark', 'en', 'Top scorers', 'Points'],
    ] as const) {
      expect(sports.data.some((s) => s.id === sportId)).toBe(true);
      const champId = await firstChamp(sportId);
      const answer = (await (
        await fetch(`${server.origin}${V1}/champs/${champId}/statistics?lang=${lng}`)
      ).json()) as { scorers: { name: string }[] };
      expect(answer.scorers.length).toBeGreaterThan(0);
      const context = await newContext(width, theme);
      const page = await open(context, `/${lng}/statistic?champ=${champId}`);
      const card = page.getByRole('region', { name: heading, exact: true });
      await card.getByRole('columnheader', { name: column, exact: true }).waitFor();
      await card.getByRole('rowheader', { name: answer.scorers[0]!.name, exact: true }).first().waitFor();
      expect(await card.getByRole('rowheader').count()).toBe(answer.scorers.length);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: artifact(`statistics-scorers-${sportId}-${lng}-${width}-${theme}.png`) });
      await context.close();
    }
  });
});
