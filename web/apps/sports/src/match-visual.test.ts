import { describe, expect, it } from 'vitest';
import { eventMinute, fieldOf, parseGamePlay, zoneSpan } from './match-visual.ts';

const answer = {
  gameId: 7,
  sportId: 1,
  status: 2,
  available: true,
  moment: { phase: 'dangerous_attack', side: 'away', zone: 'danger' },
  score: { home: 1, away: 0 },
  corners: [2, 1],
  cards: [0, 1],
  events: [{ id: 'goal-1', type: 'goal', side: 'home', period: 1, clockSeconds: 600, value: 1 }],
};

describe('match visualisation data', () => {
  it.each([
    ['football', 'pitch'],
    ['virtual-football', 'pitch'],
    ['efootball', 'pitch'],
    ['ice-hockey', 'rink'],
    ['tennis', 'tennis'],
    ['volleyball', 'volleyball'],
    ['cricket', 'generic'],
  ])('%s is drawn on a %s', (slug, field) => {
    expect(fieldOf(slug)).toBe(field);
  });

  it('puts the away side’s zones at the other end, and net sports’ on either side of the net', () => {
    expect(zoneSpan('danger', 'home', 'pitch')).toEqual([0.85, 1]);
    expect(zoneSpan('danger', 'away', 'pitch').map((x) => Math.round(x * 100))).toEqual([0, 15]);
    expect(zoneSpan('own', 'away', 'pitch')).toEqual([0.65, 1]);
    expect(zoneSpan('attack', 'home', 'tennis')).toEqual([0.5, 1]);
    expect(zoneSpan('middle', 'away', 'volleyball')).toEqual([0.5, 1]);
  });

  it('reads the API’s answer and refuses another shape', () => {
    expect(parseGamePlay(answer)?.events).toHaveLength(1);
    expect(parseGamePlay({ ...answer, moment: { phase: 'flying', side: null, zone: null } })).toBeNull();
    expect(parseGamePlay({ ...answer, corners: [1] })).toBeNull();
    expect(parseGamePlay(null)).toBeNull();
    const odd = parseGamePlay({ ...answer, events: [...answer.events, { id: 'x', type: 'teleport' }] });
    expect(odd?.events.map((e) => e.id)).toEqual(['goal-1']);
  });

  it('writes the minute of an event, none without a clock', () => {
    const goal = answer.events[0] as Parameters<typeof eventMinute>[0];
    expect(eventMinute(goal, true)).toBe("11'");
    expect(eventMinute({ ...goal, type: 'period_end', clockSeconds: 2700 }, true)).toBe("45'");
    expect(eventMinute(goal, false)).toBeNull();
  });
});
