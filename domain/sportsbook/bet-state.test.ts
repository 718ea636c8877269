import { describe, expect, it } from 'vitest';
import { isBetFinished, isBetLive, isBetLocked } from './bet-state.ts';
import { GAME_STATUS, isInLiveList, isLiveStatus, isOverStatus } from './game-status.ts';
import { isTimeFilter, matchesTimeFilter, TIME_FILTER, UPCOMING_WINDOW_MS } from './time-filter.ts';

describe('bet state (coupon-accounts §4)', () => {
  it.each([
    [false, false, false, false],
    [true, false, false, true],
    [false, true, false, true],
    [false, false, true, true],
    [true, true, true, true],
  ])(
    'blocked %s, dependent %s, express-banned %s → locked %s',
    (isBlocked, isDepend, isBannedExpress, locked) => {
      expect(isBetLocked({ isBlocked, isDepend, isBannedExpress })).toBe(locked);
    },
  );

  it.each([
    [0, false, false],
    [2, false, false],
    [3, false, false],
    [4, false, true],
    [5, false, false],
    [0, true, true],
    [2, true, true],
  ])('status %i, flagged finished %s → finished %s', (status, isFinished, finished) => {
    expect(isBetFinished({ status, isFinished })).toBe(finished);
  });

  it.each([
    [0, false, false, false],
    [1, false, false, false],
    [2, false, false, true],
    [3, false, false, true],
    [4, false, false, false],
    [0, true, false, true],
    [0, false, true, true],
    [4, false, true, true],
  ])('status %i, time running %s, market live %s → live %s', (status, isTimeRunning, isLive, live) => {
    expect(isBetLive({ status, isTimeRunning }, { isLive })).toBe(live);
  });
});

describe('game status codes', () => {
  it('2 and 3 are live, 4 and 5 are over, 1 is in the live list without being live', () => {
    expect([0, 1, 2, 3, 4, 5].filter(isLiveStatus)).toEqual([2, 3]);
    expect([0, 1, 2, 3, 4, 5].filter(isOverStatus)).toEqual([4, 5]);
    expect([0, 1, 2, 3, 4, 5].filter(isInLiveList)).toEqual([1, 2, 3]);
    expect(GAME_STATUS.FINISHED).toBe(4);
  });
});

describe('time filters (coupon-accounts §9)', () => {
  const now = Date.UTC(2026, 10, 22, 12, 0, 0);
  const game = (over: Partial<Parameters<typeof matchesTimeFilter>[0]>) => ({
    status: 0,
    period: 0,
    startAtMs: now + 60_000,
    isRecommended: false,
    ...over,
  });

  it('knows the ids 0, 1, 2, 3, 6 and nothing else', () => {
    expect([0, 1, 2, 3, 6].every(isTimeFilter)).toBe(true);
    expect([4, 5, 7, -1].some(isTimeFilter)).toBe(false);
  });

  it.each([
    ['all: anything', TIME_FILTER.ALL, game({ status: 4 }), true],
    ['upcoming: starts in a minute', TIME_FILTER.UPCOMING_EVENTS, game({}), true],
    [
      'upcoming: starts at the window edge',
      TIME_FILTER.UPCOMING_EVENTS,
      game({ startAtMs: now + UPCOMING_WINDOW_MS }),
      true,
    ],
    [
      'upcoming: starts after the window',
      TIME_FILTER.UPCOMING_EVENTS,
      game({ startAtMs: now + UPCOMING_WINDOW_MS + 1 }),
      false,
    ],
    ['upcoming: already live', TIME_FILTER.UPCOMING_EVENTS, game({ status: 2, period: 1 }), false],
    ['first period: in play in period 1', TIME_FILTER.FIRST_PERIOD, game({ status: 2, period: 1 }), true],
    [
      'first period: half time after period 1',
      TIME_FILTER.FIRST_PERIOD,
      game({ status: 3, period: 1 }),
      true,
    ],
    ['first period: period 2', TIME_FILTER.FIRST_PERIOD, game({ status: 2, period: 2 }), false],
    ['first period: not started', TIME_FILTER.FIRST_PERIOD, game({ status: 0, period: 0 }), false],
    ['second period: period 2', TIME_FILTER.SECOND_PERIOD, game({ status: 2, period: 2 }), true],
    ['second period: finished', TIME_FILTER.SECOND_PERIOD, game({ status: 4, period: 2 }), false],
    ['recommended: top game in the line', TIME_FILTER.RECOMMENDED, game({ isRecommended: true }), true],
    [
      'recommended: top game live',
      TIME_FILTER.RECOMMENDED,
      game({ isRecommended: true, status: 2, period: 1 }),
      true,
    ],
    ['recommended: not top', TIME_FILTER.RECOMMENDED, game({}), false],
    [
      'recommended: top but finished',
      TIME_FILTER.RECOMMENDED,
      game({ isRecommended: true, status: 4 }),
      false,
    ],
  ] as const)('%s', (_name, filter, g, expected) => {
    expect(matchesTimeFilter(g, filter, now)).toBe(expected);
  });
});
