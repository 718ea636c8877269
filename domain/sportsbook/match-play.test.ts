import { describe, expect, it } from 'vitest';
import { strengthsOf } from './live-model.ts';
import { POSSESSION_WINDOW_MS, playEventsAt, playKeyOf, playMomentAt, windowPlay } from './match-play.ts';
import { drawTimeline, snapshotAt, type Timeline } from './match-timeline.ts';
import { Rng } from './prng.ts';
import { profileOf, SPORT_PROFILES } from './sport-profiles.ts';

const football = profileOf(1);
const even = { attack: 1, defence: 1, rating: 0 };
const key = playKeyOf(285, 'test-game');

/** One half of 100 s: a home goal at 50 s inside a danger from 40 s to 70 s, an away corner at 20 s. */
const timeline: Timeline = {
  startDelayMs: 0,
  periods: [{ index: 1, startMs: 0, endMs: 100_000, clockStartS: 0 }],
  events: [
    { atMs: 20_000, period: 1, side: 1, stat: 'corner', value: 1 },
    { atMs: 50_000, period: 1, side: 0, stat: 'score', value: 1 },
  ],
  dangers: [{ fromMs: 40_000, toMs: 70_000 }],
  endMs: 100_000,
  fightEnd: null,
};

describe('the ball’s zone and possession', () => {
  it.each([
    [-1, 'stopped', null, null],
    [21_000, 'corner', 1, 'attack'],
    [45_000, 'dangerous_attack', 0, 'danger'],
    [50_000, 'scored', 0, null],
    [69_999, 'scored', 0, null],
    [100_000, 'stopped', null, null],
  ])('at %i ms: %s, side %s, zone %s', (atMs, phase, side, zone) => {
    expect(playMomentAt(football, timeline, key, atMs)).toEqual({ phase, side, zone });
  });

  it('between moments follows the window hash, the same for every caller', () => {
    const atMs = 80_000;
    const moment = playMomentAt(football, timeline, key, atMs);
    const play = windowPlay(key, Math.floor(atMs / POSSESSION_WINDOW_MS));
    expect(moment.side).toBe(play.side);
    expect(moment.zone).toBe(play.zone);
    expect(moment.phase).toBe(play.zone === 'attack' ? 'attack' : 'possession');
    expect(playMomentAt(football, timeline, playKeyOf(285, 'test-game'), atMs)).toEqual(moment);
  });

  it('spreads possession over both sides and every zone but the box', () => {
    const seen = new Set<string>();
    for (let w = 0; w < 200; w += 1) {
      const { side, zone } = windowPlay(key, w);
      seen.add(`${side}:${zone}`);
    }
    expect([...seen].sort()).toEqual(['0:attack', '0:middle', '0:own', '1:attack', '1:middle', '1:own']);
  });
});

describe('the play-by-play', () => {
  it('folds an attack that comes to nothing into the goal’s moment under way', () => {
    const overlapping = { ...timeline, dangers: [...timeline.dangers, { fromMs: 52_000, toMs: 60_000 }] };
    const attacks = playEventsAt(football, overlapping, key, 60_000).filter(
      (e) => e.type === 'dangerous_attack',
    );
    expect(attacks.map((e) => [e.atMs, e.side])).toEqual([[40_000, 0]]);
    expect(playMomentAt(football, overlapping, key, 55_000)).toEqual({
      phase: 'scored',
      side: 0,
      zone: null,
    });
  });

  it('shows the goal’s dangerous attack first, then the goal, never an event ahead of time', () => {
    const at = (ms: number) => playEventsAt(football, timeline, key, ms).map((e) => `${e.type}:${e.side}`);
    expect(at(39_999)).not.toContain('dangerous_attack:0');
    expect(at(49_999)).toContain('dangerous_attack:0');
    expect(at(49_999)).not.toContain('goal:0');
    expect(at(50_000)).toContain('goal:0');
    expect(at(100_000).at(-1)).toBe('period_end:null');
  });

  it.each(SPORT_PROFILES.map((p) => [p.sportId]))(
    'sport %i: a prefix of the later play, every score so far in it, agreeing with the scoreboard',
    (sportId) => {
      const profile = profileOf(sportId);
      const strengths = strengthsOf(profile, even, even);
      const drawn = drawTimeline(profile, strengths, Rng.derive(285, 'match', `g${sportId}`));
      const k = playKeyOf(285, `g${sportId}`);
      const full = playEventsAt(profile, drawn, k, drawn.endMs);
      for (const share of [0.1, 0.35, 0.6, 0.9]) {
        const elapsed = Math.round(drawn.endMs * share);
        const now = playEventsAt(profile, drawn, k, elapsed);
        expect(now.every((e) => e.atMs <= elapsed)).toBe(true);
        expect(full.slice(0, now.length).map((e) => e.key)).toEqual(now.map((e) => e.key));
        const scored = [0, 0];
        for (const e of now) if (e.type === 'goal' || e.type === 'point') scored[e.side!]! += e.value;
        const state = snapshotAt(profile, drawn, elapsed);
        const totals = state.periodScores.reduce((t, [h, a]) => [t[0]! + h, t[1]! + a], [0, 0]);
        expect(scored).toEqual(totals);
        expect(now.filter((e) => e.type === 'corner').length).toBe(state.corners[0] + state.corners[1]);
      }
      expect(new Set(full.map((e) => e.key)).size).toBe(full.length);
    },
  );
});
