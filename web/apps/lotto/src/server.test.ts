import { commitment } from '@parlay/domain/casino/fair/seeds.ts';
import { drawNumbers, LOTTO_4_OF_20, LOTTO_GAMES, type LottoGame } from '@parlay/domain/lotto/index.ts';
import type { RemoteRenderInput } from '@parlay/mf/contract.ts';
import { describe, expect, it } from 'vitest';
import { ROUTE_SAMPLES } from '../route-samples.ts';
import { checkDraw } from './lotto/DrawView.tsx';
import type { DrawDetailView, GameView, TotoDraw } from './model.ts';
import lotto from './server.tsx';

const NOW = Date.parse('2026-11-27T10:00:00Z');

function gameView(game: LottoGame): GameView {
  return {
    gameId: game.id,
    kind: game.kind,
    currency: game.currency,
    priceMinor: game.priceMinor.toString(),
    intervalSeconds: game.intervalSeconds,
    salesCloseSeconds: game.salesCloseSeconds,
    maxDraws: game.maxDraws,
    salt: game.salt,
    main: { ...game.main },
    bonus: game.bonus ? { ...game.bonus } : null,
    fundBasisPoints: game.kind === 'draw' ? game.fundBasisPoints : null,
    rolloverCap: game.kind === 'draw' ? game.rolloverCap : null,
    minimumJackpotMinor: game.kind === 'draw' ? game.minimumJackpotMinor.toString() : null,
    tiers:
      game.kind === 'draw'
        ? game.tiers.map((t) => ({
            id: t.id,
            mainMatches: t.mainMatches,
            bonusMatch: t.bonusMatch,
            kind: t.kind,
            prizeMinor: t.prizeMinor?.toString() ?? null,
            shareBasisPoints: t.shareBasisPoints ?? null,
          }))
        : [],
    paytable:
      game.kind === 'keno'
        ? Object.fromEntries(Object.entries(game.paytable).map(([k, v]) => [k, [...v]]))
        : null,
    nextDraw: {
      drawId: '77',
      drawAt: new Date(NOW + 125_000).toISOString(),
      closesAt: new Date(NOW + 95_000).toISOString(),
      secondsToClose: 95,
      secondsToDraw: 125,
      commitment: 'ab'.repeat(32),
      jackpotMinor: '1234500',
    },
  };
}

const SEED = '5f2b8c1e9a7d4e3f0b6c2a1d8e9f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f';
const drawn = drawNumbers(LOTTO_4_OF_20, { serverSeed: SEED, salt: LOTTO_4_OF_20.salt, drawId: 42 });

const DRAW: DrawDetailView = {
  drawId: '42',
  gameId: '4of20',
  status: 'settled',
  drawAt: new Date(NOW - 600_000).toISOString(),
  closesAt: new Date(NOW - 630_000).toISOString(),
  commitment: commitment(SEED),
  numbers: drawn.main,
  bonus: null,
  tickets: '12',
  salesMinor: '60000',
  jackpotInMinor: '0',
  jackpotOutMinor: '30000',
  salt: LOTTO_4_OF_20.salt,
  serverSeed: SEED,
  drawOrder: drawn.order,
  fundMinor: '30000',
  poolMinor: '20000',
  fixedMinor: '10000',
  houseTopUpMinor: '0',
  paidMinor: '10000',
  rolloversIn: 0,
  rolloversOut: 1,
  rolledDown: false,
  drawnAt: new Date(NOW - 600_000).toISOString(),
  settledAt: new Date(NOW - 590_000).toISOString(),
  tiers: [
    { tierId: '4', kind: 'jackpot', winners: '0', allocatedMinor: '0', prizeEachMinor: '0', totalMinor: '0' },
    {
      tierId: '2',
      kind: 'fixed',
      winners: '2',
      allocatedMinor: '10000',
      prizeEachMinor: '5000',
      totalMinor: '10000',
    },
  ],
};

const names = (en: string, ru: string) => ({ en, ru });
const TOTO: TotoDraw = {
  drawId: '5',
  number: 3,
  status: 'open',
  currency: 'RUB',
  minStakeMinor: '2000',
  poolBasisPoints: 9000,
  closesAt: new Date(NOW + 3_600_000).toISOString(),
  createdAt: new Date(NOW - 3_600_000).toISOString(),
  closedAt: null,
  resultsAt: null,
  distributedAt: null,
  paidAt: null,
  coupons: 4,
  stakesMinor: '80000',
  poolMinor: '72000',
  jackpotInMinor: null,
  jackpotOutMinor: null,
  paidMinor: null,
  matches: Array.from({ length: 15 }, (_, i) => ({
    position: i + 1,
    gameId: 100 + i,
    sportId: 1,
    startAt: new Date(NOW + 7_200_000 + i * 60_000).toISOString(),
    champ: names('Premier League', 'Премьер-лига'),
    home: names(`Home ${i + 1}`, `Хозяева ${i + 1}`),
    away: names(`Away ${i + 1}`, `Гости ${i + 1}`),
    oddsMilli: { home: 2100, draw: 3300, away: 3500 },
    result: null,
    predictions: { home: 47.5, draw: 30, away: 22.5 },
  })),
  categories: [],
};

function fakeApi(
  calls: string[],
  overrides: Record<string, { status: number; body: unknown }> = {},
): RemoteRenderInput['api'] {
  return async (path) => {
    calls.push(path);
    const url = new URL(path, 'http://x');
    const override = overrides[url.pathname];
    if (override) return { status: override.status, json: async () => override.body };
    const ok = (body: unknown) => ({ status: 200, json: async () => body });
    switch (url.pathname) {
      case '/web-api/lotto/v1/games':
        return ok(LOTTO_GAMES.map(gameView));
      case '/web-api/lotto/v1/draws/42':
        return ok(DRAW);
      case '/web-api/lotto/v1/games/4of20/draws':
        return ok({ items: [DRAW], page: 1, pageSize: 20, total: 1 });
      case '/web-api/toto/v1/draws/current':
        return ok(TOTO);
      case '/web-api/toto/v1/draws/5':
        return ok({
          ...TOTO,
          status: 'paid',
          categories: [
            {
              category: 15,
              shareBasisPoints: 500,
              fundMinor: '3600',
              winningCombinations: '1',
              winningCoupons: 1,
              payoutPerCombinationMinor: '3600',
              paidMinor: '3600',
            },
          ],
        });
      case '/web-api/toto/v1/draws':
        return ok({ data: [{ ...TOTO, status: 'paid' }], total: 1, page: 1, pageSize: 10 });
      case '/web-api/toto/v1/draws/next':
        return ok({
          opensAfter: TOTO.closesAt,
          matches: TOTO.matches.map(({ position, result, predictions, ...m }) => m),
        });
      default:
        return { status: 404, json: async () => ({ error: { code: 'NOT_FOUND' } }) };
    }
  };
}

const input = (
  url: string,
  options: {
    calls?: string[];
    signedIn?: boolean;
    components?: string[] | null;
    overrides?: Record<string, { status: number; body: unknown }>;
  } = {},
): RemoteRenderInput => ({
  url,
  context: {
    lng: url.startsWith('/ru') ? 'ru' : 'en',
    timeZone: 3,
    device: 'desktop',
    geoCountry: null,
    userToken: options.signedIn ? 'token' : null,
    forceSpa: false,
  },
  components: options.components ?? null,
  api: fakeApi(options.calls ?? [], options.overrides),
  assets: { entry: '/assets/lotto/lotto-1.js', css: [], preload: [] },
});

describe('lotto lobby', () => {
  it('shows every game with its rules, jackpot, price and countdown (English)', async () => {
    const { status, fragment } = await lotto.render(input('/en/lotto'));
    expect(status).toBe(200);
    expect(fragment.body).toContain('Lotto games</h1>');
    for (const name of ['6 of 45', '5 of 36 + 1', 'Rapid 4 of 20', 'Keno 20 of 80'])
      expect(fragment.body).toContain(name);
    expect(fragment.body).toContain('Pick 6 numbers of 45');
    expect(fragment.body).toContain('A draw every 5 minutes.');
    expect(fragment.body).toContain('12,345.00');
    expect(fragment.body).toContain('1:35');
    expect(fragment.body).toContain('href="/en/lotto/6of45"');
  });

  it('speaks Russian with plurals', async () => {
    const { fragment } = await lotto.render(input('/ru/lotto'));
    expect(fragment.body).toContain('Лотереи</h1>');
    expect(fragment.body).toContain('Тираж каждые 5 минут.');
    expect(fragment.body).toContain('Тираж каждый час.');
    expect(fragment.body).toContain('Тираж каждый день.');
    expect(fragment.body).toContain('Выберите 6 чисел из 45');
    expect(fragment.body).toContain('Выберите 4 числа из 20');
    expect(fragment.body).toContain('Купить билет');
  });

  it('shows 16 skeleton cards while the games could not be read on the server', async () => {
    const { fragment } = await lotto.render(
      input('/en/lotto', { overrides: { '/web-api/lotto/v1/games': { status: 503, body: {} } } }),
    );
    expect(fragment.body.match(/aria-hidden="true"/g)?.length ?? 0).toBeGreaterThanOrEqual(16);
    expect(fragment.body).toContain('data-testid="lotto-skeleton"');
  });
});

describe('ticket builder', () => {
  it('renders a labelled, pressable number grid and the prize tiers', async () => {
    const { status, fragment } = await lotto.render(input('/en/lotto/4of20'));
    expect(status).toBe(200);
    expect(fragment.title).toBe('Rapid 4 of 20 — Parlay');
    expect(fragment.body).toMatch(/href="\/en\/lotto">Lotto<\/a>/);
    expect(fragment.body).toContain('<span aria-current="page">Rapid 4 of 20</span>');
    expect(fragment.body.match(/aria-pressed="false"/g)).toHaveLength(20);
    expect(fragment.body).toContain('aria-label="Number 20"');
    expect(fragment.body).toContain('Sign in to buy tickets.');
    expect(fragment.body).toContain('return-url=%2Fen%2Flotto%2F4of20');
    expect(fragment.body).toContain('60 % of the pool');
  });

  it('offers the buy button to a signed-in player and a bonus grid where the game has one', async () => {
    const { fragment } = await lotto.render(input('/en/lotto/5of36plus1', { signedIn: true }));
    expect(fragment.body).toContain('data-testid="lotto-buy"');
    expect(fragment.body).toContain('Bonus balls 1 to 4');
    expect(fragment.body.match(/aria-pressed="false"/g)).toHaveLength(40);
  });

  it('answers 200 with an error state when the games cannot be read', async () => {
    const { status, fragment } = await lotto.render(
      input('/en/lotto/4of20', { overrides: { '/web-api/lotto/v1/games': { status: 404, body: {} } } }),
    );
    expect(status).toBe(200);
    expect(fragment.body).toContain('Could not load this page');
  });

  it('answers 404 for a game that does not exist', async () => {
    const { status, fragment } = await lotto.render(input('/en/lotto/7of49'));
    expect(status).toBe(404);
    expect(fragment.body).toContain('Not found');
  });
});

describe('results and draw view', () => {
  it('lists a game’s draws with their numbers', async () => {
    const calls: string[] = [];
    const { fragment } = await lotto.render(input('/en/lotto/results?game=4of20', { calls }));
    expect(calls).toContain('/web-api/lotto/v1/games/4of20/draws?page=1&pageSize=20&filter=results');
    expect(fragment.body).toContain('href="/en/lotto/results/42"');
    expect(fragment.body).toContain('12 tickets');
  });

  it('shows the numbers, commitment, revealed seed and winners per tier', async () => {
    const { status, fragment } = await lotto.render(input('/en/lotto/results/42'));
    expect(status).toBe(200);
    expect(fragment.body).toContain('Rapid 4 of 20, draw 42</h1>');
    expect(fragment.body).toContain(DRAW.commitment);
    expect(fragment.body).toContain(SEED);
    expect(fragment.body).toContain('data-testid="lotto-verify-run"');
    expect(fragment.body).toContain('data-testid="lotto-tiers"');
    for (const n of drawn.main) expect(fragment.body).toContain(`>${n}</li>`);
  });

  it('answers 404 for a draw that does not exist', async () => {
    expect((await lotto.render(input('/en/lotto/results/9999'))).status).toBe(404);
  });

  it('reproduces a draw from its revealed seed and refuses a tampered one', () => {
    const good = checkDraw(DRAW);
    expect(good).not.toBe('error');
    expect(good !== 'error' && good.verified).toBe(true);
    const changed = [...(DRAW.numbers ?? [])];
    changed[0] = changed[0] === 1 ? 2 : 1;
    const bad = checkDraw({ ...DRAW, numbers: changed });
    expect(bad !== 'error' && bad.verified).toBe(false);
    const wrongSeed = checkDraw({ ...DRAW, serverSeed: SEED.replace('5f', '6f') });
    expect(wrongSeed !== 'error' && wrongSeed.commitmentMatches).toBe(false);
    expect(checkDraw({ ...DRAW, serverSeed: null })).toBe('error');
  });
});

describe('my tickets', () => {
  it('asks a guest to sign in', async () => {
    const { fragment } = await lotto.render(input('/en/lotto/my-tickets'));
    expect(fragment.body).toContain('Sign in to see your tickets.');
  });

  it('shows skeletons to a player until the browser loads the tickets', async () => {
    const { fragment } = await lotto.render(input('/ru/lotto/view/15', { signedIn: true }));
    expect(fragment.body).toContain('Билет 15</h1>');
    expect(fragment.body).toContain('data-testid="lotto-skeleton"');
  });
});

describe('toto', () => {
  it('shows the current draw’s 15 matches with prices, predictions and outcome toggles', async () => {
    const { status, fragment } = await lotto.render(input('/en/toto', { signedIn: true }));
    expect(status).toBe(200);
    expect(fragment.body.match(/data-testid="toto-match"/g)).toHaveLength(15);
    expect(fragment.body.match(/aria-pressed="false"/g)).toHaveLength(45);
    expect(fragment.body).toContain('Home 1 — Away 1');
    expect(fragment.body).toContain('47.5%');
    expect(fragment.body).toContain('2.10');
    expect(fragment.body).toContain('data-testid="toto-buy"');
    // The phones' summary bar under the matches leads down to the coupon panel.
    expect(fragment.body).toMatch(/href="#toto-coupon"[^>]*>To the coupon<\/a>/);
    expect(fragment.body).toContain('<aside id="toto-coupon"');
  });

  it('speaks Russian', async () => {
    const { fragment } = await lotto.render(input('/ru/toto/football-15/draw'));
    expect(fragment.body).toContain('Хозяева 1 — Гости 1');
    expect(fragment.body).toContain('Войдите, чтобы покупать купоны.');
  });

  it('lists past draws and shows one with the winners per category', async () => {
    const archive = await lotto.render(input('/en/toto/football-15/draws'));
    expect(archive.fragment.body).toContain('href="/en/toto/5"');
    const past = await lotto.render(input('/en/toto/5'));
    expect(past.fragment.body).toMatch(/href="\/en\/toto">Toto<\/a>/);
    expect(past.fragment.body).toContain('<span aria-current="page">Toto draw 3</span>');
    expect(past.fragment.body).toContain('data-testid="toto-categories"');
    expect(past.fragment.body).toContain('15 correct');
  });

  it('shows the nominees and the next draw', async () => {
    const nominees = await lotto.render(input('/en/toto/nonimees'));
    expect(nominees.fragment.body).toContain('The 15 matches of draw 3 and their prices');
    const next = await lotto.render(input('/en/toto/football-15/next'));
    expect(next.fragment.body).toContain('data-testid="toto-next"');
  });

  it('asks a guest to sign in for coupons and shows a player skeletons until they load', async () => {
    const guest = await lotto.render(input('/en/toto/coupons'));
    expect(guest.fragment.body).toContain('Sign in to buy coupons.');
    expect(guest.fragment.body).toContain('return-url=%2Fen%2Ftoto%2Fcoupons');
    const player = await lotto.render(input('/ru/toto/coupons', { signedIn: true }));
    expect(player.fragment.body).toContain('Мои купоны</h1>');
    expect(player.fragment.body).toContain('data-testid="lotto-skeleton"');
  });

  it('tells that no draw is on sale before the first one', async () => {
    const { status, fragment } = await lotto.render(
      input('/en/toto', { overrides: { '/web-api/toto/v1/draws/current': { status: 404, body: {} } } }),
    );
    expect(status).toBe(200);
    expect(fragment.body).toContain('No toto draw on sale');
  });
});

describe('routes', () => {
  it.each(Object.entries(ROUTE_SAMPLES))('renders the sample of %s', async (_id, path) => {
    expect((await lotto.render(input(`/en${path}`))).status).toBe(200);
  });

  it.each([
    ['/en/toto/x/y', null],
    ['/en/lotto', ['footer']],
  ])('answers 404 for %s (components %j)', async (url, components) => {
    expect((await lotto.render(input(url, { components }))).status).toBe(404);
  });
});
