import { describe, expect, it } from 'vitest';
import {
  applyBingoMessage,
  clockText,
  daubed,
  type GameView,
  letterOf,
  type RoomState,
  toGo,
} from './bingo-model.ts';

const game = (over: Partial<GameView> = {}): GameView => ({
  id: '5',
  room: 'classic75',
  variant: '75',
  game: 5,
  status: 'running',
  currency: 'RUB',
  cardPriceMinor: '1000',
  startsAt: '2026-11-27T12:00:00.000Z',
  ballMs: 2000,
  commitment: 'c'.repeat(64),
  serverSeed: null,
  balls: [7, 22],
  ballsTotal: null,
  endsAt: null,
  cardsSold: 4,
  players: 2,
  potMinor: '3400',
  ...over,
});

const state: RoomState = {
  room: {
    id: 'classic75',
    variant: '75',
    currency: 'RUB',
    cardPriceMinor: '1000',
    maxCardsPerPlayer: 24,
    potPercent: 85,
    shares: { line: 20, two_lines: 30, full_house: 50 },
    jackpotBalls: 40,
    jackpotMinor: '5000000',
    current: game(),
    next: game({ id: '6', status: 'buying', balls: [] }),
  },
  winners: [],
  myCards: [],
  history: [],
  serverTime: 0,
};

describe('bingo model', () => {
  it('appends the next ball, ignores a repeat, reloads on a gap', () => {
    const next = applyBingoMessage(state, {
      type: 'bingo.ball',
      room: 'classic75',
      gameId: '5',
      index: 3,
      ball: 61,
      at: 0,
    });
    expect(next.reload).toBe(false);
    expect(next.state.room.current!.balls).toEqual([7, 22, 61]);
    expect(
      applyBingoMessage(next.state, {
        type: 'bingo.ball',
        room: 'classic75',
        gameId: '5',
        index: 3,
        ball: 61,
        at: 0,
      }).state,
    ).toBe(next.state);
    expect(
      applyBingoMessage(state, {
        type: 'bingo.ball',
        room: 'classic75',
        gameId: '5',
        index: 5,
        ball: 9,
        at: 0,
      }).reload,
    ).toBe(true);
    expect(
      applyBingoMessage(state, { type: 'bingo.ball', room: 'lucky90', gameId: '9', index: 1, ball: 9, at: 0 })
        .reload,
    ).toBe(false);
  });

  it('updates sales of the next game', () => {
    const next = applyBingoMessage(state, {
      type: 'bingo.sold',
      room: 'classic75',
      gameId: '6',
      cardsSold: 9,
      players: 3,
      potMinor: '7650',
    });
    expect(next.state.room.next).toMatchObject({ cardsSold: 9, players: 3, potMinor: '7650' });
  });

  it('daubs called numbers and the free centre', () => {
    const cells = [
      1, 16, 31, 46, 61, 2, 17, 32, 47, 62, 3, 18, 0, 48, 63, 4, 19, 34, 49, 64, 5, 20, 35, 50, 65,
    ];
    const marks = daubed(cells, [1, 65]);
    expect(marks.filter(Boolean)).toHaveLength(3);
    expect(marks[12]).toBe(true);
    expect(toGo(cells, [1, 65])).toBe(22);
    expect(letterOf('75', 31)).toBe('N');
    expect(letterOf('90', 31)).toBe('');
    expect(clockText(125)).toBe('2:05');
  });
});
