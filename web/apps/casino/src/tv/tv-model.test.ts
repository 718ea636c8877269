import { describe, expect, it } from 'vitest';
import {
  applyDraw,
  type DrawView,
  parseStake,
  revealProgress,
  shownBalls,
  type TvState,
  wheelRotation,
} from './tv-model.ts';

const draw = (over: Partial<DrawView> = {}): DrawView => ({
  id: '1',
  game: 'lottery',
  draw: 1,
  status: 'drawn',
  closesAt: '2026-11-27T12:00:00.000Z',
  revealMs: 12_000,
  commitment: 'c'.repeat(64),
  serverSeed: 's'.repeat(64),
  result: [4, 8, 15, 16, 23, 42],
  ...over,
});

describe('tv model', () => {
  it('reveals lottery balls one by one over the reveal time', () => {
    const start = Date.parse('2026-11-27T12:00:00.000Z');
    expect(revealProgress(draw(), start - 1)).toBe(0);
    expect(shownBalls([4, 8, 15, 16, 23, 42], revealProgress(draw(), start + 6_000))).toEqual([4, 8, 15]);
    expect(shownBalls([4, 8, 15, 16, 23, 42], revealProgress(draw(), start + 60_000))).toHaveLength(6);
  });

  it('turns the wheel so the segment lands under the pointer', () => {
    expect(wheelRotation(0, 50, 0)).toBeCloseTo(-3.6);
    expect(((wheelRotation(10, 50) % 360) + 360) % 360).toBeCloseTo(360 - 10.5 * 7.2);
  });

  it('parses stakes in major units', () => {
    expect(parseStake('10')).toBe('1000');
    expect(parseStake('10,5')).toBe('1050');
    expect(parseStake('0')).toBeNull();
    expect(parseStake('abc')).toBeNull();
  });

  it('applies a drawn draw to its game', () => {
    const state: TvState = {
      games: [
        { game: 'lottery', open: draw({ status: 'open', result: null }), last: null, history: [], rtp: [] },
      ],
      wheelSegments: [],
      myBets: [],
      serverTime: 0,
    };
    const next = applyDraw(state, draw());
    expect(next.games[0]!.open).toBeNull();
    expect(next.games[0]!.last?.result).toEqual([4, 8, 15, 16, 23, 42]);
    expect(next.games[0]!.history).toHaveLength(1);
  });
});
