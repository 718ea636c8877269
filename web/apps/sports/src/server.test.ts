import type { ApiFetch, RemoteRenderInput } from '@parlay/mf/contract.ts';
import { parseFragment } from '@parlay/mf/protocol.ts';
import { describe, expect, it } from 'vitest';
import sports from './server.tsx';
import { testGame, testMarket, testOutcome } from './test-games.ts';

const assets = { entry: '/assets/sports/sports-1.js', css: ['/assets/sports/sports-1.css'], preload: [] };
const context = {
  lng: 'en',
  timeZone: 3,
  device: 'desktop' as const,
  geoCountry: null,
  userToken: null,
  forceSpa: false,
};
const football = {
  id: 1,
  slug: 'football',
  name: 'Football',
  position: 1,
  icon: '⚽',
  isEsport: false,
  isVirtual: false,
  liveCount: 1,
  lineCount: 5,
};
const game = testGame({
  id: 42,
  score: { home: 1, away: 0 },
  periodScores: [[1, 0]],
  isTop: true,
  markets: [
    testMarket(5, [testOutcome(1, 'home', 1850), testOutcome(2, 'draw', 3400), testOutcome(3, 'away', 4200)]),
  ],
});

const api: ApiFetch & { paths: string[] } = Object.assign(
  async (path: string) => {
    api.paths.push(path);
    const body = path.includes('/sports?')
      ? { data: [football] }
      : path.includes('/champs?')
        ? { data: [] }
        : path.includes('/games/')
          ? { ...game, groups: [{ kind: 'main', markets: game.markets }] }
          : { data: [game], total: 1 };
    return { status: 200, json: async () => body };
  },
  { paths: [] as string[] },
);

const input = (url: string, overrides: Partial<RemoteRenderInput> = {}): RemoteRenderInput => ({
  url,
  context,
  components: null,
  api,
  assets,
  ...overrides,
});

describe('sports remote', () => {
  it('renders the home page with live events and their prices, and props for hydration', async () => {
    const { status, fragment } = await sports.render(input('/en/?x=1'));
    expect(status).toBe(200);
    expect(parseFragment(fragment)).toEqual(fragment);
    expect(fragment.title).toBe('Sports betting — Parlay');
    expect(fragment.scriptsToLoad).toEqual([assets.entry]);
    expect(fragment.body).toContain('<div data-mf-root="sports">');
    expect(fragment.body).toContain('Football');
    expect(fragment.body).toContain('Arsenal');
    expect(fragment.body).toContain('aria-label="Arsenal — Chelsea, 1X2: Arsenal, 1.85"');
    expect(fragment.body).toContain('data-hydrated="false"');
    const props = /data-mf-props="sports">(.*)<\/script>/.exec(fragment.body)?.[1] ?? '';
    expect(JSON.parse(props)).toMatchObject({ lng: 'en', timeZone: 3, oddsView: 0, page: { kind: 'home' } });
  });

  it('renders prices in the odds format passed by the shell in the fragment context', async () => {
    const { fragment } = await sports.render(
      input('/en/home/live/sports/football', { context: { ...context, view: { coefViewId: 1 } } }),
    );
    expect(fragment.body).toContain('aria-label="Arsenal — Chelsea, 1X2: Arsenal, 5/6"');
  });

  it('draws rows with the display settings of the context: compact, game number, detailed score, Asian view', async () => {
    const plain = (await sports.render(input('/en/home/live/sports/football'))).fragment.body;
    expect(plain).not.toContain('data-testid="game-number"');
    expect(plain).not.toContain('data-compact="true"');
    const view = { isCompactView: 1, isShowGameId: 1, isDetailedScore: 1, appViewType: 1 };
    const { fragment } = await sports.render(
      input('/en/home/live/sports/football', { context: { ...context, view } }),
    );
    expect(fragment.body).toContain('data-compact="true"');
    expect(fragment.body).toContain('data-asian="true"');
    expect(fragment.body).toMatch(/data-testid="game-number"[^>]*>#<!-- -->1</);
    expect(fragment.body).toContain('data-testid="period-scores"');
    const props = /data-mf-props="sports">(.*)<\/script>/.exec(fragment.body)?.[1] ?? '';
    expect(JSON.parse(props).view).toEqual(view);
  });

  it('draws start times with the 12 h clock and the side columns hidden as the context says', async () => {
    const pre = testGame({ id: 43, status: 0, isLive: false, startAt: '2026-11-22T12:05:00.000Z' });
    const lineApi: ApiFetch = async (path) => ({
      status: 200,
      json: async () =>
        path.includes('/sports?')
          ? { data: [football] }
          : path.includes('/games/')
            ? { ...pre, groups: [{ kind: 'main', markets: pre.markets }] }
            : { data: path.includes('/champs?') ? [] : [pre], total: 1 },
    });
    const url = '/en/home/line/sports/football/2-premier-league/43-arsenal-chelsea';
    const plain = (await sports.render(input(url, { api: lineApi }))).fragment.body;
    expect(plain).toMatch(/>15:05</);
    expect(plain).toContain('data-menu-column="shown"');
    expect(plain).toContain('data-slip-column="shown"');
    const view = { is12h: 1, hideLeft: 1, hideRight: 1 };
    const { fragment } = await sports.render(input(url, { api: lineApi, context: { ...context, view } }));
    expect(fragment.body).toMatch(/>3:05 PM</);
    expect(fragment.body).not.toMatch(/>15:05</);
    expect(fragment.body).toContain('data-menu-column="hidden"');
    expect(fragment.body).toContain('data-slip-column="hidden"');
    expect(fragment.body).toContain('data-testid="show-menu"');
  });

  it('renders a game page with its scoreboard', async () => {
    const { status, fragment } = await sports.render(
      input('/en/home/live/sports/football/2-premier-league/42-arsenal-chelsea'),
    );
    expect(status).toBe(200);
    expect(fragment.title).toBe('Arsenal — Chelsea — Parlay');
    expect(fragment.body).toContain('data-testid="score"');
  });

  it('shows an honest error when the API fails', async () => {
    const failing: ApiFetch = async () => ({ status: 503, json: async () => ({}) });
    const { status, fragment } = await sports.render(input('/ru/', { api: failing }));
    expect(status).toBe(200);
    expect(fragment.body).toContain('ответ сервера 503');
  });

  it('renders a tennis tournament’s draw as rounds of matches a screen reader can read, TBD places named', async () => {
    const p = (name: string, seed: number | null = null) => ({ team: { id: null, name }, seed });
    const champStats = {
      champ: {
        id: 7,
        name: 'Paris Open',
        sport: { id: 3, slug: 'tennis', name: 'Tennis' },
        country: { code: 'FR', name: 'France' },
      },
      season: { from: '2026-11-20T00:00:00.000Z', to: '2026-11-24T00:00:00.000Z', games: 3 },
      pointsRule: { win: 1, draw: 0, loss: 0 },
      table: [],
      draw: {
        rounds: [
          { key: 'final', matches: [{ home: p('A. Alvarez', 1), away: null, score: null, winner: null }] },
          {
            key: 'sf',
            matches: [
              { home: p('A. Alvarez', 1), away: p('B. Brown'), score: { home: 2, away: 1 }, winner: 'home' },
              { home: p('C. Costa'), away: p('D. Dunn', 2), score: null, winner: null },
            ],
          },
        ],
      },
    };
    const drawApi: ApiFetch = async (path) => ({
      status: 200,
      json: async () =>
        path.includes('/statistics')
          ? champStats
          : path.includes('/sports?')
            ? { data: [football] }
            : { data: [] },
    });
    for (const [lng, heading, sentence, tbd] of [
      ['en', 'Semi-final', 'Seed 1 A. Alvarez beat B. Brown 2–1', 'Seed 1 A. Alvarez v To be decided'],
      [
        'ru',
        'Полуфинал',
        'Победитель: Посев 1 A. Alvarez; соперник: B. Brown; счёт 2–1',
        'Посев 1 A. Alvarez — Определится',
      ],
    ] as const) {
      const body = (await sports.render(input(`/${lng}/statistic?champ=7`, { api: drawApi }))).fragment.body;
      const text = body.replace(/<!-- -->/g, '');
      expect(text.indexOf(`>${heading}</h3>`)).toBeGreaterThan(-1);
      expect(text.indexOf(`>${heading}</h3>`)).toBeLessThan(
        text.indexOf(lng === 'en' ? '>Final</h3>' : '>Финал</h3>'),
      );
      expect(text).toContain(sentence);
      expect(text).toContain(tbd);
      expect(text).toContain('data-result="won"');
      expect(text).toContain('>(1)<');
    }
  });

  it('renders a champ’s top scorers as a table with a caption and row headers, in both languages', async () => {
    const scorer = (name: string, team: string, goals: number, games: number) => ({
      name,
      team: { id: null, name: team },
      goals,
      games,
    });
    const champStats = (ru: boolean) => ({
      champ: {
        id: 8,
        name: ru ? 'Премьер-лига' : 'Premier League',
        sport: { id: 1, slug: 'football', name: 'Football' },
        country: { code: 'EN', name: ru ? 'Англия' : 'England' },
      },
      season: { from: '2026-11-01T00:00:00.000Z', to: '2026-11-24T00:00:00.000Z', games: 21 },
      pointsRule: { win: 3, draw: 1, loss: 0 },
      table: [],
      draw: null,
      scorers: ru
        ? [scorer('Д. Смит', 'Лондон ФК', 7, 6), scorer('О. Тейлор', 'Лидс Сити', 5, 5)]
        : [scorer('J. Smith', 'London FC', 7, 6), scorer('O. Taylor', 'Leeds City', 5, 5)],
    });
    for (const [lng, heading, player, column] of [
      ['en', 'Top scorers', 'J. Smith', 'Goals'],
      ['ru', 'Бомбардиры', 'Д. Смит', 'Голы'],
    ] as const) {
      const api: ApiFetch = async (path) => ({
        status: 200,
        json: async () =>
          path.includes('/statistics')
            ? champStats(lng === 'ru')
            : path.includes('/sports?')
              ? { data: [football] }
              : { data: [] },
      });
      const body = (await sports.render(input(`/${lng}/statistic?champ=8`, { api }))).fragment.body;
      const text = body.replace(/<!-- -->/g, '');
      expect(text).toContain(`id="stat-scorers" class="`);
      expect(text).toContain(`>${heading}</h2>`);
      expect(text).toMatch(new RegExp(`<th scope="row"[^>]*>${player}</th>`));
      expect(text).toContain(`>${column}</span>`);
      expect(text.indexOf(player)).toBeLessThan(text.indexOf(lng === 'en' ? 'O. Taylor' : 'О. Тейлор'));
    }
    // Basketball's scorers count points: the column and the note say so.
    const points: ApiFetch = async (path) => ({
      status: 200,
      json: async () =>
        path.includes('/statistics')
          ? { ...champStats(false), scorerUnit: 'points' }
          : path.includes('/sports?')
            ? { data: [football] }
            : { data: [] },
    });
    const body = (await sports.render(input('/en/statistic?champ=8', { api: points }))).fragment.body;
    const page = body.replace(/<!-- -->/g, '');
    const scorers = page.slice(page.indexOf('id="stat-scorers"'));
    expect(page.indexOf('id="stat-scorers"')).toBeGreaterThan(-1);
    expect(scorers).toContain('>Points</span>');
    expect(scorers).not.toContain('>Goals</span>');
    expect(scorers).toContain('Points in the table’s games');
  });

  it('renders runs and kills scorers under their own title, column and note', async () => {
    const base = {
      champ: {
        id: 9,
        name: 'Major',
        sport: { id: 41, slug: 'dota-2', name: 'Dota 2' },
        country: { code: 'WO', name: 'World' },
      },
      season: { from: '2026-11-01T00:00:00.000Z', to: '2026-11-24T00:00:00.000Z', games: 30 },
      pointsRule: { win: 2, draw: 1, loss: 0 },
      table: [],
      draw: null,
      scorers: [{ name: 'Tsubaki', team: { id: null, name: 'Red Dragons' }, goals: 140, games: 6 }],
    };
    for (const [lng, unit, title, column, note] of [
      ['en', 'kills', 'Most kills', 'Kills', 'Kills in the table’s series'],
      ['ru', 'kills', 'Лидеры по убийствам', 'Убийства', 'Убийства в сериях таблицы'],
      ['en', 'runs', 'Most runs', 'Runs', 'Runs in the table’s games'],
      ['ru', 'runs', 'Лидеры по ранам', 'Раны', 'Раны в матчах таблицы'],
    ] as const) {
      const unitApi: ApiFetch = async (path) => ({
        status: 200,
        json: async () =>
          path.includes('/statistics')
            ? { ...base, scorerUnit: unit }
            : path.includes('/sports?')
              ? { data: [football] }
              : { data: [] },
      });
      const body = (await sports.render(input(`/${lng}/statistic?champ=9`, { api: unitApi }))).fragment.body;
      const page = body.replace(/<!-- -->/g, '');
      const card = page.slice(page.indexOf('id="stat-scorers"'));
      expect(page.indexOf('id="stat-scorers"')).toBeGreaterThan(-1);
      expect(card).toContain(`>${title}</h2>`);
      expect(card).toContain(`>${column}</span>`);
      expect(card).toContain(note);
      expect(card).toMatch(/<th scope="row"[^>]*>Tsubaki<\/th>/);
    }
  });

  it('marks an own goal in a game’s goal list, listed for the side it counts for, in both languages', async () => {
    const stats = (ru: boolean) => ({
      game: {
        id: 42,
        sportId: 1,
        champ: { id: 2, name: 'Premier League' },
        home: { id: 1, name: 'Arsenal' },
        away: { id: 2, name: 'Chelsea' },
        status: 3,
        periodScores: [[1, 1]],
      },
      match: [],
      form: { home: [], away: [] },
      headToHead: { games: [], homeWins: 0, draws: 0, awayWins: 0 },
      goals: [
        { minute: 12, added: 0, side: 'home', scorer: ru ? 'Б. Сака' : 'B. Saka', ownGoal: false },
        // A home player's own goal: a goal for Chelsea, listed on Chelsea's side.
        { minute: 45, added: 2, side: 'away', scorer: ru ? 'В. Салиба' : 'W. Saliba', ownGoal: true },
      ],
    });
    for (const [lng, label, full, player] of [
      ['en', '(o.g.)', 'own goal', 'W. Saliba'],
      ['ru', '(авт.)', 'автогол', 'В. Салиба'],
    ] as const) {
      const goalsApi: ApiFetch = async (path) => ({
        status: 200,
        json: async () =>
          path.includes('/games/42/statistics')
            ? stats(lng === 'ru')
            : path.includes('/statistics')
              ? {
                  champ: { id: 2, name: 'Premier League', country: { name: 'England' } },
                  season: { from: '2026-11-01T00:00:00.000Z', to: '2026-11-24T00:00:00.000Z', games: 0 },
                  pointsRule: { win: 3, draw: 1, loss: 0 },
                  table: [],
                }
              : path.includes('/sports?')
                ? { data: [football] }
                : path.includes('/games/')
                  ? { ...game, groups: [{ kind: 'main', markets: game.markets }] }
                  : { data: [] },
      });
      const body = (await sports.render(input(`/${lng}/statistic?game=42`, { api: goalsApi }))).fragment.body;
      const text = body.replace(/<!-- -->/g, '');
      const list = text.slice(
        text.indexOf('id="stat-goals"'),
        text.indexOf('</ol>', text.indexOf('id="stat-goals"')),
      );
      expect(text.indexOf('id="stat-goals"')).toBeGreaterThan(-1);
      // Seen: the name and the label on the away side; heard: the name, "own goal", the team it counts for.
      expect(list).toMatch(new RegExp(`${player}<span[^>]*> \\${label.slice(0, -1)}\\)</span>`));
      expect(list).toContain(`${player}, ${full}, `);
      expect(list.match(new RegExp(`\\${label.slice(0, -1)}\\)`, 'g'))).toHaveLength(1);
      expect(list).toContain('>1:1<');
    }
  });

  it.each(['/en/information/contacts', '/en/x'])('answers 404 for %s', async (url) => {
    const { status, fragment } = await sports.render(input(url));
    expect(status).toBe(404);
    expect(fragment.body).toContain('This page could not be found');
  });
});
