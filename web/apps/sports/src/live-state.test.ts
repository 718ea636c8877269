import { describe, expect, it } from 'vitest';
import {
  addGames,
  applyMessage,
  clockAt,
  type LiveState,
  MOVE_MS,
  pruneMoves,
  removeGames,
} from './live-state.ts';
import type { Game, Market } from './model.ts';
import { testGame, testMarket, testOutcome } from './test-games.ts';

const market = (id: number, outcomes: [number, string, number][], extra: Partial<Market> = {}): Market =>
  testMarket(
    id,
    outcomes.map(([oid, key, odds]) => testOutcome(oid, key, odds)),
    extra,
  );

const game = (id: number, markets: Market[] = []): Game =>
  testGame({
    id,
    number: id,
    home: { id: 10, name: 'Arsenal' },
    away: { id: 11, name: 'Chelsea' },
    version: 5,
    markets,
  });

const state = (): LiveState => ({
  games: [
    game(1, [
      market(100, [
        [1, 'home', 1850],
        [2, 'draw', 3400],
        [3, 'away', 4200],
      ]),
    ]),
    game(2),
  ],
  moves: {},
});

describe('applyMessage', () => {
  it('applies an odds change and marks it up or down', () => {
    const next = applyMessage(
      state(),
      {
        type: 'odds',
        gameId: 1,
        outcomes: [
          { id: 1, marketId: 100, oddsMilli: 1900, prev: 1850, state: 'open', version: 2 },
          { id: 3, marketId: 100, oddsMilli: 4000, prev: 4200, state: 'open', version: 2 },
        ],
      },
      5000,
    );
    expect(next.games[0]?.markets[0]?.outcomes.map((o) => o.oddsMilli)).toEqual([1900, 3400, 4000]);
    expect(next.moves).toEqual({ 1: { dir: 'up', atMs: 5000 }, 3: { dir: 'down', atMs: 5000 } });
  });

  it('drops an odds message older than what the page has', () => {
    const before = state();
    const next = applyMessage(
      before,
      {
        type: 'odds',
        gameId: 1,
        outcomes: [{ id: 1, marketId: 100, oddsMilli: 1500, prev: 1850, state: 'open', version: 0 }],
      },
      1,
    );
    expect(next).toBe(before);
  });

  it('applies a suspension of a market and of an outcome', () => {
    const suspended = applyMessage(
      state(),
      { type: 'state', gameId: 1, markets: [{ id: 100, state: 'suspended' }], reason: 'provider' },
      1,
    );
    expect(suspended.games[0]?.markets[0]?.state).toBe('suspended');
    const outcome = applyMessage(
      state(),
      {
        type: 'odds',
        gameId: 1,
        outcomes: [{ id: 2, marketId: 100, oddsMilli: 3400, prev: 3400, state: 'suspended', version: 2 }],
      },
      1,
    );
    expect(outcome.games[0]?.markets[0]?.outcomes[1]?.state).toBe('suspended');
    expect(outcome.moves).toEqual({});
  });

  it('applies a score, status and clock', () => {
    const next = applyMessage(
      state(),
      {
        type: 'score',
        gameId: 1,
        sportId: 1,
        status: 3,
        period: 1,
        clockSeconds: 2700,
        clockRunning: false,
        clockAt: '2026-11-22T10:45:00.000Z',
        score: { home: 1, away: 0 },
        periodScores: [[1, 0]],
        stats: { corners: [3, 1] },
        version: 6,
      },
      1,
    );
    expect(next.games[0]).toMatchObject({
      status: 3,
      score: { home: 1, away: 0 },
      clockRunning: false,
      stats: { corners: [3, 1] },
      version: 6,
    });
    expect(next.games[1]).toBe(state().games[1] === undefined ? undefined : next.games[1]);
  });

  it('results markets and adds new markets (main only on lists)', () => {
    const resulted = applyMessage(
      state(),
      { type: 'result', gameId: 1, markets: [{ id: 100, outcomes: [{ id: 1, result: 'win' }] }] },
      1,
    );
    expect(resulted.games[0]?.markets[0]?.state).toBe('resulted');
    expect(resulted.games[0]?.markets[0]?.outcomes[0]).toMatchObject({ state: 'resulted', result: 'win' });
    const extra = market(200, [[9, 'over', 1900]], { isMain: false, position: 5 });
    expect(
      applyMessage(state(), { type: 'markets', gameId: 1, markets: [extra] }, 1, { mainOnly: true }).games[0]
        ?.markets,
    ).toHaveLength(1);
    expect(
      applyMessage(state(), { type: 'markets', gameId: 1, markets: [extra] }, 1).games[0]?.markets,
    ).toHaveLength(2);
  });

  it('ignores messages of other games and of other shapes', () => {
    const before = state();
    expect(applyMessage(before, { type: 'odds', gameId: 99, outcomes: [] }, 1)).toBe(before);
    expect(applyMessage(before, { type: 'live', added: [] }, 1)).toBe(before);
    expect(applyMessage(before, null, 1)).toBe(before);
  });
});

describe('live list', () => {
  it('removes games that left and adds new ones in start order', () => {
    const removed = removeGames(state(), [1]);
    expect(removed.games.map((g) => g.id)).toEqual([2]);
    const early = { ...game(3), startAt: '2026-11-22T09:00:00.000Z' };
    expect(addGames(removed, [early, game(2)]).games.map((g) => g.id)).toEqual([3, 2]);
  });

  it('forgets moves after 3 s', () => {
    expect(pruneMoves({ 1: { dir: 'up', atMs: 0 }, 2: { dir: 'down', atMs: 2000 } }, MOVE_MS)).toEqual({
      2: { dir: 'down', atMs: 2000 },
    });
  });

  it('runs the clock from clockAt', () => {
    const g = game(1);
    expect(clockAt(g, Date.parse('2026-11-22T10:10:30.000Z'))).toBe(630);
    expect(clockAt({ ...g, clockRunning: false }, Date.parse('2026-11-22T10:10:30.000Z'))).toBe(600);
  });
});
