import { describe, expect, it } from 'vitest';
import { type FinishedGame, formOf, headToHead, leagueTable, pointsRuleOf } from './league-table.ts';

const game = (
  key: string,
  homeKey: string,
  awayKey: string,
  day: number,
  h: number,
  a: number,
): FinishedGame => ({
  key,
  homeKey,
  awayKey,
  startAtMs: day * 86_400_000,
  score: [h, a],
});

// Four teams, six games: A beats B and C, draws D; B beats C; C and D draw; D beats B.
const GAMES = [
  game('g1', 'A', 'B', 1, 2, 0),
  game('g2', 'C', 'D', 1, 1, 1),
  game('g3', 'B', 'C', 2, 3, 1),
  game('g4', 'D', 'A', 2, 0, 0),
  game('g5', 'A', 'C', 3, 1, 0),
  game('g6', 'B', 'D', 3, 0, 2),
  game('x1', 'A', 'Z', 4, 9, 0), // Z is not in the league: not counted
];
const FOOTBALL = pointsRuleOf({ model: 'goals', ties: 'draw' });

describe('league table', () => {
  it('counts played, won, drawn, lost, scores and 3-1-0 points, and orders by points then difference', () => {
    const table = leagueTable(['A', 'B', 'C', 'D'], GAMES, FOOTBALL);
    expect(
      table.map((r) => [r.teamKey, r.played, r.won, r.drawn, r.lost, r.scoreFor, r.scoreAgainst, r.points]),
    ).toEqual([
      ['A', 3, 2, 1, 0, 3, 0, 7],
      ['D', 3, 1, 2, 0, 3, 1, 5],
      ['B', 3, 1, 0, 2, 3, 5, 3],
      ['C', 3, 0, 1, 2, 2, 5, 1],
    ]);
    expect(table.map((r) => r.position)).toEqual([1, 2, 3, 4]);
  });

  it('gives each row its form, newest first', () => {
    const table = leagueTable(['A', 'B', 'C', 'D'], GAMES, FOOTBALL);
    expect(table.find((r) => r.teamKey === 'B')!.form).toEqual(['L', 'W', 'L']);
    expect(formOf('A', GAMES, 2)).toEqual(['W', 'W']); // the game with Z counts for form outside a table
  });

  it('breaks equal points by difference, then scores for, then the given order', () => {
    const table = leagueTable(
      ['P', 'Q', 'R', 'S'],
      [game('a', 'P', 'Q', 1, 1, 1), game('b', 'R', 'S', 1, 2, 2)],
      FOOTBALL,
    );
    expect(table.map((r) => r.teamKey)).toEqual(['R', 'S', 'P', 'Q']);
  });

  it('scores 2-1-0 where a game cannot end level', () => {
    expect(pointsRuleOf({ model: 'sets', ties: 'draw' })).toEqual({ win: 2, draw: 1, loss: 0 });
    expect(pointsRuleOf({ model: 'points', ties: 'overtime' })).toEqual({ win: 2, draw: 1, loss: 0 });
    expect(pointsRuleOf({ model: 'goals', ties: 'draw' })).toEqual({ win: 3, draw: 1, loss: 0 });
  });

  it('head-to-head lists their games newest first, counted from the first team’s side, up to the limit', () => {
    const games = [...GAMES, game('g7', 'B', 'A', 5, 1, 1), game('g8', 'B', 'A', 6, 2, 1)];
    const h2h = headToHead('A', 'B', games, 2);
    expect(h2h.games.map((g) => g.key)).toEqual(['g8', 'g7']);
    expect([h2h.firstWins, h2h.draws, h2h.secondWins]).toEqual([0, 1, 1]);
    expect(headToHead('A', 'B', games, 10).firstWins).toBe(1);
  });
});
