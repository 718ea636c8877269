import type { ApiFetch, RemoteRenderInput } from '@parlay/mf/contract.ts';
import { parseFragment } from '@parlay/mf/protocol.ts';
import { describe, expect, it } from 'vitest';
import sports from './server.tsx';

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
const outcome = (id: number, key: string, oddsMilli: number) => ({
  id,
  key,
  nameKey: `outcome.${key}`,
  oddsMilli,
  state: 'open',
  result: null,
  version: 1,
});
const game = {
  id: 42,
  number: 1,
  sportId: 1,
  champ: { id: 2, name: 'Premier League', isTop: true, country: { id: 1, code: 'EN', name: 'England' } },
  home: { id: 1, name: 'Arsenal' },
  away: { id: 2, name: 'Chelsea' },
  startAt: '2026-11-22T10:00:00.000Z',
  status: 2,
  period: 1,
  clockSeconds: 600,
  clockRunning: true,
  clockAt: '2026-11-22T10:10:00.000Z',
  score: { home: 1, away: 0 },
  periodScores: [[1, 0]],
  stats: {},
  isLive: true,
  isFinished: false,
  isTop: true,
  statisticId: null,
  version: 1,
  markets: [
    {
      id: 5,
      key: 'result',
      typeId: 1,
      type: 'result',
      kind: 'main',
      nameKey: 'market.result',
      specifiers: {},
      state: 'open',
      isMain: true,
      isLive: false,
      position: 0,
      version: 1,
      outcomes: [outcome(1, 'home', 1850), outcome(2, 'draw', 3400), outcome(3, 'away', 4200)],
    },
  ],
};

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
    expect(fragment.body).toContain('aria-label="Home win, 1.85"');
    expect(fragment.body).toContain('data-hydrated="false"');
    const props = /data-mf-props="sports">(.*)<\/script>/.exec(fragment.body)?.[1] ?? '';
    expect(JSON.parse(props)).toMatchObject({ lng: 'en', timeZone: 3, oddsView: 0, page: { kind: 'home' } });
  });

  it('renders prices in the odds format passed by the shell', async () => {
    const { fragment } = await sports.render(input('/en/home/live/sports/football?coef_view_id=1'));
    expect(fragment.body).toContain('aria-label="Home win, 17/20"');
    expect(fragment.body).not.toContain('coef_view_id');
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

  it.each(['/en/information/contacts', '/en/x'])('answers 404 for %s', async (url) => {
    const { status, fragment } = await sports.render(input(url));
    expect(status).toBe(404);
    expect(fragment.body).toContain('This page could not be found');
  });
});
