import type { RemoteRenderInput } from '@parlay/mf/contract.ts';
import { describe, expect, it } from 'vitest';
import { ROUTE_SAMPLES } from '../route-samples.ts';
import casino from './server.tsx';

const tile = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  slug: name.toLowerCase().replace(/\s+/g, '-'),
  engineId: id === 31 ? 'roulette' : null,
  name,
  route: `/slots/game/${id}/${name.toLowerCase().replace(/\s+/g, '-')}`,
  provider: { id: 'parlay-originals', name: 'Parlay Games' },
  categories: ['video'],
  tags: [],
  rtp: '96.50',
  volatility: 'high',
  thumbnail: `/web-api/casino/v1/thumbnails/${id}.svg`,
  badges: id === 1001 ? ['jackpot', 'new'] : [],
  demo: true,
  real: true,
  ...extra,
});

const GAMES = [tile(1001, 'Fruit Storm'), tile(1002, 'Lucky Sevens'), tile(31, 'Roulette')];

interface Call {
  path: string;
}

function fakeApi(calls: Call[], options: { lobbyStatus?: number } = {}): RemoteRenderInput['api'] {
  return async (path) => {
    calls.push({ path });
    const url = new URL(path, 'http://x');
    const ok = (body: unknown) => ({ status: 200, json: async () => body });
    switch (url.pathname) {
      case '/web-api/casino/v1/lobby':
        if (options.lobbyStatus) return { status: options.lobbyStatus, json: async () => ({}) };
        return ok({ games: GAMES, nextCursor: 'c2', total: 2000 });
      case '/web-api/casino/v1/categories':
        return ok({
          categories: [
            { id: 'video', name: 'categories.video', count: 1500 },
            { id: 'popular', name: 'Popular', count: 3 },
          ],
        });
      case '/web-api/casino/v1/providers':
        return ok({ providers: [{ id: 'parlay-originals', name: 'Parlay Games', count: 2000, logo: null }] });
      case '/web-api/casino/v1/games/31':
        return ok({
          ...tile(31, 'Roulette'),
          oldRoute: null,
          tagId: null,
          description: 'Bet on a pocket of the wheel.',
          limits: { currency: 'RUB', minStakeMinor: '1000', maxStakeMinor: '10000000', stepMinor: '1' },
          settings: {
            autoplay: true,
            autoplayMaxRounds: 100,
            turbo: true,
            minRoundMs: 0,
            showNetPosition: true,
            showSessionTimer: true,
            maxStakeMinor: null,
          },
          related: [tile(1002, 'Lucky Sevens')],
          inHouse: true,
        });
      default:
        return { status: 404, json: async () => ({}) };
    }
  };
}

const input = (
  url: string,
  api: RemoteRenderInput['api'],
  components: string[] | null = null,
): RemoteRenderInput => ({
  url,
  context: { lng: 'en', timeZone: 3, device: 'desktop', geoCountry: null, userToken: null, forceSpa: false },
  components,
  api,
  assets: { entry: '/assets/casino/casino-1.js', css: [], preload: [] },
});

const ON_THE_BROWSER = new Set(['casino-game', 'casino-verify']);

describe('casino remote', () => {
  it.each(Object.entries(ROUTE_SAMPLES).filter(([id]) => !ON_THE_BROWSER.has(id)))(
    'renders the first page of games in SSR for %s (%s)',
    async (_id, path) => {
      const calls: Call[] = [];
      const { status, fragment } = await casino.render(input(`/en${path}`, fakeApi(calls)));
      expect(status).toBe(200);
      expect(fragment.body).toContain('data-game-id="1001"');
      expect(fragment.body).toContain('Fruit Storm');
      expect(fragment.body).not.toContain('opens soon');
      expect(calls.some((c) => c.path.startsWith('/web-api/casino/v1/lobby?'))).toBe(true);
    },
  );

  it('shows tiles with provider, RTP, volatility, badges and the favourite star; the count and "show more"', async () => {
    const { fragment } = await casino.render(input('/en/slots', fakeApi([])));
    expect(fragment.title).toBe('Slots — Parlay casino');
    expect(fragment.body).toContain('Slots</h1>');
    expect(fragment.body).toContain('Parlay Games');
    expect(fragment.body).toContain('RTP 96.50 %');
    expect(fragment.body).toContain('Volatility: high');
    expect(fragment.body).toContain('Win ×5,000+');
    expect(fragment.body).toContain('aria-label="Add Fruit Storm to favourites"');
    expect(fragment.body).toContain('3 of 2,000 games shown');
    expect(fragment.body).toContain('Show more');
    expect(fragment.body).toContain('role="tablist"');
    expect(fragment.body).toContain('All providers');
  });

  it('asks the lobby for the section, a known subcategory and the provider of the path', async () => {
    const calls: Call[] = [];
    await casino.render(input('/en/slots/video', fakeApi(calls)));
    await casino.render(input('/en/slots/nonsense', fakeApi(calls)));
    await casino.render(input('/en/casino/live', fakeApi(calls)));
    await casino.render(input('/en/providers/parlay-originals', fakeApi(calls)));
    const lobby = calls
      .filter((c) => c.path.includes('/lobby?'))
      .map((c) => new URL(c.path, 'http://x').searchParams);
    expect(lobby.map((q) => [q.get('section'), q.get('category'), q.get('provider')])).toEqual([
      ['slots', 'video', null],
      ['slots', null, null],
      ['live', null, null],
      ['casino', null, 'parlay-originals'],
    ]);
  });

  it('answers 404 for an unknown provider', async () => {
    const { status } = await casino.render(input('/en/providers/nobody', fakeApi([])));
    expect(status).toBe(404);
  });

  it('shows an honest error with a retry when the first page failed to load', async () => {
    const { status, fragment } = await casino.render(input('/en/slots', fakeApi([], { lobbyStatus: 503 })));
    expect(status).toBe(200);
    expect(fragment.body).toContain('The games could not be loaded.');
    expect(fragment.body).toContain('Try again');
  });

  it('renders a game page: name, demo/real switch, stake, fairness, related games', async () => {
    const { status, fragment } = await casino.render(input('/en/casino/game/31/roulette', fakeApi([])));
    expect(status).toBe(200);
    expect(fragment.title).toBe('Roulette — Parlay casino');
    expect(fragment.body).toContain('Roulette</h1>');
    expect(fragment.body).toContain('role="radiogroup"');
    expect(fragment.body).toContain('Log in to play for real money');
    // the login link brings the guest back to this game
    expect(fragment.body).toContain('href="/en/user/login?return-url=%2Fen%2Fslots%2Fgame%2F31%2Froulette"');
    expect(fragment.body).toContain('Stake, RUB');
    expect(fragment.body).toContain('Provably fair');
    expect(fragment.body).toContain('Related games');
    expect(fragment.body).toContain('Bet on a pocket of the wheel.');
    expect(fragment.body).toContain('data-game-id="1002"');
    expect(fragment.body).toContain('Autoplay');
    expect(fragment.body).toContain('Turbo');
  });

  it('puts a game under its own section in the breadcrumbs, and the verifier under the casino', async () => {
    const game = (await casino.render(input('/en/casino/game/31/roulette', fakeApi([])))).fragment.body;
    expect(game).toMatch(/<a[^>]*href="\/en\/slots"[^>]*>Slots<\/a>/);
    expect(game).not.toContain('>Casino games</a>');
    const verifier = (await casino.render(input('/en/provably-fair/42', fakeApi([])))).fragment.body;
    expect(verifier).toMatch(/<a[^>]*href="\/en\/casino"[^>]*>Casino games<\/a>/);
  });

  it('answers 404 for a game that does not exist', async () => {
    const { status, fragment } = await casino.render(input('/en/casino/game/99/none', fakeApi([])));
    expect(status).toBe(404);
    expect(fragment.body).toContain('Game not found');
  });

  it('renders Russian', async () => {
    const { fragment } = await casino.render(input('/ru/slots', fakeApi([])));
    expect(fragment.body).toContain('Показать ещё');
    expect(fragment.body).toContain('Показано 3 из 2');
  });

  it('shows the promotions notice on the casino bonus pages', async () => {
    const { fragment } = await casino.render(input('/en/bonus/casino', fakeApi([])));
    expect(fragment.body).toContain('Casino bonus offers and their terms are on the promotions page');
  });

  it.each([
    ['/en/information/contacts', null],
    ['/en/slots', ['footer']],
  ])('answers 404 for %s (components %j)', async (url, components) => {
    expect((await casino.render(input(url, fakeApi([]), components))).status).toBe(404);
  });
});
