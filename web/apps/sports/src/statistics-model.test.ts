import { describe, expect, it } from 'vitest';
import {
  bracketRounds,
  type Draw,
  type DrawMatch,
  type GameStatistics,
  goalLines,
  matchResult,
  parseChampStatistics,
  parseGameStatistics,
  scorerUnitOf,
  seriesMaps,
} from './statistics-model.ts';

const player = (name: string, seed: number | null = null) => ({ team: { id: null, name }, seed });
const played = (
  home: string,
  away: string,
  winner: 'home' | 'away',
  seed: number | null = null,
): DrawMatch => ({
  home: player(home, seed),
  away: player(away),
  score: winner === 'home' ? { home: 2, away: 1 } : { home: 0, away: 2 },
  winner,
});
const open = (home: DrawMatch['home'], away: DrawMatch['away']): DrawMatch => ({
  home,
  away,
  score: null,
  winner: null,
});

/** A draw of 4 as the answer may list it: the final first, the semi-finals after. */
const draw: Draw = {
  rounds: [
    { key: 'final', matches: [open(player('A. Alvarez', 1), null)] },
    { key: 'sf', matches: [played('A. Alvarez', 'B. Brown', 'home', 1), open(player('C. Costa'), null)] },
    { key: 'qf', matches: [] },
  ],
};

describe('bracketRounds', () => {
  it('orders rounds as they are played and leaves out rounds without matches', () => {
    expect(bracketRounds(draw).map((r) => r.key)).toEqual(['sf', 'final']);
    const full: Draw = {
      rounds: ['final', 'qf', 'r32', 'sf', 'r16'].map((key) => ({ key, matches: [open(null, null)] })),
    };
    expect(bracketRounds(full).map((r) => r.key)).toEqual(['r32', 'r16', 'qf', 'sf', 'final']);
  });

  it('keeps an unknown round after the known ones and answers nothing for a league', () => {
    const odd: Draw = { rounds: [{ key: 'x', matches: [open(null, null)] }, ...draw.rounds] };
    expect(bracketRounds(odd).map((r) => r.key)).toEqual(['sf', 'final', 'x']);
    expect(bracketRounds(null)).toEqual([]);
    expect(bracketRounds(undefined)).toEqual([]);
  });
});

describe('matchResult', () => {
  it('names who went through and who went out, whichever side won', () => {
    expect(matchResult(played('A', 'B', 'home'))).toEqual({ winner: player('A'), loser: player('B') });
    expect(matchResult(played('A', 'B', 'away'))).toEqual({ winner: player('B'), loser: player('A') });
  });

  it('has no result for a match not played, even with both places decided', () => {
    expect(matchResult(open(player('A'), player('B')))).toBeNull();
    expect(matchResult(open(player('A'), null))).toBeNull();
  });

  it('keeps an undecided place null (TBD) next to a decided one', () => {
    const [final] = bracketRounds(draw).at(-1)!.matches;
    expect(final!.home).toEqual(player('A. Alvarez', 1));
    expect(final!.away).toBeNull();
  });
});

describe('seriesMaps', () => {
  const game = (
    status: number,
    maps: string[],
    periodScores: [number, number][],
  ): GameStatistics['game'] => ({
    id: 1,
    sportId: 40,
    champ: { id: 1, name: 'Major' },
    home: { id: 1, name: 'Navi' },
    away: { id: 2, name: 'Vitality' },
    status,
    maps,
    periodScores,
  });

  it('scores each map and marks the last one as under way while the series is in play', () => {
    expect(
      seriesMaps(
        game(
          2,
          ['Mirage', 'Nuke'],
          [
            [13, 9],
            [4, 6],
          ],
        ),
      ),
    ).toEqual([
      { name: 'Mirage', score: { home: 13, away: 9 }, current: false },
      { name: 'Nuke', score: { home: 4, away: 6 }, current: true },
    ]);
  });

  it('marks no map once the series is over, and a map not yet scored has no score', () => {
    expect(
      seriesMaps(
        game(
          4,
          ['Ascent', 'Bind'],
          [
            [13, 11],
            [14, 12],
          ],
        ),
      ).some((m) => m.current),
    ).toBe(false);
    expect(seriesMaps(game(2, ['Ascent'], []))).toEqual([{ name: 'Ascent', score: null, current: true }]);
    expect(seriesMaps(game(2, [], [[3, 1]]))).toEqual([]);
  });
});

describe('parseChampStatistics', () => {
  it('keeps the draw of a tournament and takes a bad draw for none', () => {
    const body = { champ: {}, season: {}, table: [], draw };
    expect(parseChampStatistics(body)?.draw).toEqual(draw);
    expect(parseChampStatistics({ ...body, draw: { rounds: 'x' } })?.draw).toBeNull();
    expect(parseChampStatistics({ ...body, draw: null })?.draw).toBeNull();
  });

  it('goal lines carry the score each goal made; malformed scorers or goals are dropped', () => {
    const goals = [
      { minute: 12, added: 0, side: 'home' as const, scorer: 'A. Smith' },
      { minute: 45, added: 2, side: 'away' as const, scorer: 'B. Jones' },
      { minute: 80, added: 0, side: 'home' as const, scorer: 'A. Smith' },
    ];
    expect(goalLines(goals).map((g) => g.score)).toEqual([
      { home: 1, away: 0 },
      { home: 1, away: 1 },
      { home: 2, away: 1 },
    ]);
    expect(goalLines(undefined)).toEqual([]);
    const game = {
      game: { id: 1 },
      match: [],
      form: { home: [], away: [] },
      headToHead: { games: [], homeWins: 0, draws: 0, awayWins: 0 },
    };
    expect(parseGameStatistics({ ...game, goals })?.goals).toEqual(goals);
    expect(parseGameStatistics({ ...game, goals: [{ minute: 'x' }] })?.goals).toEqual([]);
    expect(parseGameStatistics(game)?.goals).toEqual([]);
    const champ = { champ: {}, season: {}, table: [] };
    const scorers = [{ name: 'A. Smith', team: { id: null, name: 'London FC' }, goals: 3, games: 2 }];
    expect(parseChampStatistics({ ...champ, scorers })?.scorers).toEqual(scorers);
    expect(parseChampStatistics({ ...champ, scorers: [{ name: 1 }] })?.scorers).toEqual([]);
    expect(parseChampStatistics(champ)?.scorers).toEqual([]);
  });

  it('an own goal counts for the side it is listed under; a malformed flag drops the list', () => {
    const goals = [
      { minute: 12, added: 0, side: 'home' as const, scorer: 'A. Smith' },
      // B. Jones of the home team put it in his own net: a goal for the away side.
      { minute: 30, added: 0, side: 'away' as const, scorer: 'B. Jones', ownGoal: true },
      { minute: 70, added: 0, side: 'away' as const, scorer: 'C. Brown', ownGoal: false },
    ];
    expect(goalLines(goals).map((g) => [g.score, g.ownGoal ?? false])).toEqual([
      [{ home: 1, away: 0 }, false],
      [{ home: 1, away: 1 }, true],
      [{ home: 1, away: 2 }, false],
    ]);
    const game = {
      game: { id: 1 },
      match: [],
      form: { home: [], away: [] },
      headToHead: { games: [], homeWins: 0, draws: 0, awayWins: 0 },
    };
    expect(parseGameStatistics({ ...game, goals })?.goals).toEqual(goals);
    expect(parseGameStatistics({ ...game, goals: [{ ...goals[0], ownGoal: 'yes' }] })?.goals).toEqual([]);
  });

  it('the scorers’ unit: goals, points, runs or kills; goals when absent or unknown', () => {
    for (const unit of ['goals', 'points', 'runs', 'kills'] as const)
      expect(scorerUnitOf({ scorerUnit: unit })).toBe(unit);
    expect(scorerUnitOf({})).toBe('goals');
    expect(scorerUnitOf({ scorerUnit: 'assists' })).toBe('goals');
  });
});
