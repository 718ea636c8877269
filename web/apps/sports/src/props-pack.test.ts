import { describe, expect, it } from 'vitest';
import type { Game, Outcome } from './model.ts';
import type { SportsPageProps } from './page-model.ts';
import { packGame, packProps, unpackGame, unpackProps } from './props-pack.ts';
import { testGame, testMarket, testOutcome } from './test-games.ts';

/** Outcomes of the packing tests: odds 1850 + id, version 3. */
const outcome = (id: number, key: string, extra: Partial<Outcome> = {}) =>
  testOutcome(id, key, 1850 + id, { version: 3, ...extra });

const lineGame: Game = testGame({
  id: 7,
  number: 1974,
  status: 0,
  period: 0,
  clockSeconds: 0,
  clockRunning: false,
  clockAt: null,
  periodScores: [],
  isLive: false,
  marketCount: 44,
  markets: [testMarket(5, [outcome(1, 'home'), outcome(2, 'draw'), outcome(3, 'away')])],
});

// Every value off its default: nothing may be lost.
const liveGame: Game = {
  ...lineGame,
  id: 8,
  status: 3,
  period: 1,
  clockAt: '2026-11-22T10:45:00.000Z',
  periodScores: [[1, 0]],
  stats: { corners: [3, 1] },
  isLive: true,
  statisticId: 'st8',
  markets: [
    {
      ...lineGame.markets[0]!,
      key: 'total|line=2.5',
      type: 'total',
      nameKey: 'market.total_goals',
      specifiers: { line: '2.5' },
      state: 'suspended',
      isLive: true,
      isMain: false,
      version: 4,
      outcomes: [
        outcome(4, 'over', { state: 'suspended', nameKey: 'outcome.more' }),
        outcome(5, 'under', { result: 'win', state: 'resulted' }),
      ],
    },
  ],
};
const { marketCount: _count, ...noCount } = lineGame;

const roundTrip = (g: Game) => unpackGame(JSON.parse(JSON.stringify(packGame(g))));

describe('props packing', () => {
  it('gives back exactly the game it packed, defaults or not', () => {
    for (const game of [lineGame, liveGame, noCount as Game]) expect(roundTrip(game)).toEqual(game);
    expect(roundTrip(noCount as Game)).not.toHaveProperty('marketCount');
  });

  it('leaves the repeated defaults out of the embedded JSON', () => {
    const plain = JSON.stringify(lineGame).length;
    const packed = JSON.stringify(packGame(lineGame));
    expect(packed.length).toBeLessThan(plain * 0.7);
    expect(packed).not.toContain('nameKey');
    expect(packed).not.toContain('"state"');
  });

  it('packs the list games of a page model and unpacks them to the same props', () => {
    const props = {
      lng: 'en',
      page: { kind: 'home', live: [liveGame], top: [lineGame], error: null },
    } as unknown as SportsPageProps;
    const embedded = JSON.parse(JSON.stringify(packProps(props)));
    expect(unpackProps(embedded)).toEqual(props);
    const team = {
      page: {
        kind: 'team',
        player: false,
        team: null,
        section: null,
        live: [liveGame],
        line: [lineGame],
        results: [],
        error: null,
      },
    } as unknown as SportsPageProps;
    expect(unpackProps(JSON.parse(JSON.stringify(packProps(team))))).toEqual(team);
  });
});
