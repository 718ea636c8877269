import { describe, expect, it } from 'vitest';
import { awayLine, cardTitle, formatLine, outcomeName, outcomeShort, periodUnit } from './market-labels.ts';

/** A translate function that shows the key and its values, so the test reads which text was chosen. */
const t = (key: string, values?: Record<string, string | number>) =>
  values
    ? `${key}(${Object.entries(values)
        .map(([k, v]) => `${k}=${v}`)
        .join(',')})`
    : key;
const names = { t, sportSlug: 'football', home: 'Arsenal', away: 'Chelsea' };

describe('market labels', () => {
  it.each([
    ['football', 'half'],
    ['tennis', 'set'],
    ['cs2', 'map'],
    ['curling', 'period'],
  ])('a period of %s is a %s', (sport, unit) => {
    expect(periodUnit(sport)).toBe(unit);
  });

  it.each([
    [{ type: 'result', specifiers: { period: '1' } }, 'period.half(ord=ordinal.1,n=1) · market.result'],
    [{ type: 'total', specifiers: { stat: 'corners', line: '9.5' } }, 'stat.corners · market.total'],
    [{ type: 'team_total', specifiers: { team: 'away' } }, 'market.team_total · Chelsea'],
    [{ type: 'next_goal', specifiers: { goal: '2' } }, 'market.next_goal(n=2)'],
  ])('names the card %j', (card, title) => {
    expect(cardTitle(card, names)).toBe(title);
  });

  it.each([
    [{ type: 'result', specifiers: {} }, { key: 'home', nameKey: 'outcome.home' }, 'Arsenal', 'short.home'],
    [{ type: 'winner', specifiers: {} }, { key: 'away', nameKey: 'outcome.away' }, 'Chelsea', 'short.away'],
    [
      { type: 'result', specifiers: {} },
      { key: 'draw', nameKey: 'outcome.draw' },
      'outcome.draw',
      'short.draw',
    ],
    [
      { type: 'total', specifiers: { line: '2.5' } },
      { key: 'over', nameKey: 'outcome.over' },
      'outcome.over_line(line=2.5)',
      'short.over(line=2.5)',
    ],
    [
      { type: 'handicap', specifiers: { line: '-0.5' } },
      { key: 'away', nameKey: 'outcome.away' },
      'Chelsea (+0.5)',
      'short.away (+0.5)',
    ],
    [
      { type: 'correct_score', specifiers: {} },
      { key: '2:1', nameKey: 'outcome.score' },
      'outcome.score(score=2:1)',
      '2:1',
    ],
  ])('names the outcome of %j: %j', (market, outcome, full, short) => {
    expect(outcomeName(market, outcome, names)).toBe(full);
    expect(outcomeShort(market, outcome, t)).toBe(short);
  });

  it('writes lines with a real minus and a plus for handicaps', () => {
    expect([
      formatLine('-1.25', true),
      formatLine('0.5', true),
      formatLine('0', true),
      formatLine('2.5', false),
    ]).toEqual(['−1.25', '+0.5', '0', '2.5']);
    expect([awayLine('-0.5'), awayLine('0'), awayLine('x')]).toEqual(['0.5', '0', 'x']);
  });
});
