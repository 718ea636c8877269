/**
 * The play-by-play of a simulated game for the live match visualisation: attacks, dangerous attacks,
 * shots, goals or points, corners, cards and period starts and ends, and where the ball is now. It is
 * derived from the game's seeded timeline (match-timeline.ts) and a hash of the game's key, never
 * from chance at request time, so every viewer and every process sees the same match, and the
 * scoreboard (the same timeline) agrees with it.
 *
 * Nothing after `elapsedMs` is returned, and nothing before a moment hints at what comes after it:
 * the side of a coming goal shows only inside the dangerous moment that suspends the markets, and
 * the ball's movement between moments is noise from the hash, independent of the timeline.
 */

import type { Side, Timeline, TimelineEvent, TimelinePeriod } from './match-timeline.ts';
import { hashSeed } from './prng.ts';
import type { SportProfile } from './sport-profiles.ts';

export type PlayEventType =
  | 'goal'
  | 'point'
  | 'shot'
  | 'dangerous_attack'
  | 'corner'
  | 'card'
  | 'period_start'
  | 'period_end';

/** Where the ball is, seen from the side in possession: its own half up to the opponent's box. */
export type BallZone = 'own' | 'middle' | 'attack' | 'danger';

export interface PlayEvent {
  /** Stable within a game: the same event has the same key on every call. */
  key: string;
  atMs: number;
  type: PlayEventType;
  side: Side | null;
  period: number;
  /** Match clock at the event (0 for sports without a clock). */
  clockSeconds: number;
  /** Points of a scoring event (basketball 1-3, cricket 1-6), else 1. */
  value: number;
}

export type PlayPhase = 'stopped' | 'possession' | 'attack' | 'dangerous_attack' | 'corner' | 'scored';

export interface PlayMoment {
  phase: PlayPhase;
  side: Side | null;
  zone: BallZone | null;
}

/** Sports whose scoring events are goals (the others score points, runs or rounds). */
const GOAL_SPORTS = new Set([1, 4, 7, 44, 60]);
/** The ball's movement changes this often (real time). */
export const POSSESSION_WINDOW_MS = 8_000;
const CORNER_PHASE_MS = 6_000;
const ZONES: readonly BallZone[] = ['own', 'middle', 'middle', 'attack'];
/** Most windows looked at for filler shots (8 h of play at 8 s). */
const MAX_WINDOWS = 3_600;

/** The stable key of a game's play: the feed seed and the game's ref. */
export function playKeyOf(seed: number, gameRef: string): number {
  return hashSeed(seed, 'play', gameRef);
}

/** Every event of the game up to `elapsedMs` after its scheduled start, oldest first. */
export function playEventsAt(
  profile: SportProfile,
  timeline: Timeline,
  playKey: number,
  elapsedMs: number,
): PlayEvent[] {
  const events: PlayEvent[] = [];
  const push = (atMs: number, type: PlayEventType, side: Side | null, value = 1, tag = '') => {
    if (atMs > elapsedMs) return;
    const period = periodAt(timeline, atMs);
    if (!period) return;
    const clockSeconds = clockAt(profile, period, atMs);
    events.push({
      key: `${type}-${atMs}${tag}`,
      atMs,
      type,
      side,
      period: period.index,
      clockSeconds,
      value,
    });
  };
  for (const p of timeline.periods) {
    push(p.startMs, 'period_start', null);
    push(p.endMs, 'period_end', null);
  }
  const scoreType: PlayEventType = GOAL_SPORTS.has(profile.sportId) ? 'goal' : 'point';
  timeline.events.forEach((e, i) => {
    push(e.atMs, e.stat === 'score' ? scoreType : e.stat, e.side, e.value, `-${i}`);
  });
  let dangerEndMs = -1;
  for (const d of timeline.dangers) {
    const goal = goalIn(timeline, d.fromMs, d.toMs);
    // An attack that comes to nothing while another is under way is part of that one.
    if (!goal && d.fromMs < dangerEndMs) continue;
    dangerEndMs = Math.max(dangerEndMs, d.toMs);
    const side = dangerSide(profile, playKey, d.fromMs, goal);
    push(d.fromMs, 'dangerous_attack', side);
    // An attack that comes to nothing ends with a shot two times in three.
    if (!goal && side !== null && (hashSeed(playKey, 'danger', d.fromMs) >>> 1) % 3 !== 0)
      push(d.toMs - 1, 'shot', side, 1, '-d');
  }
  if (profile.model === 'goals') fillerShots(timeline, playKey, elapsedMs, push);
  return events.sort((a, b) => a.atMs - b.atMs || order(a.type) - order(b.type));
}

/** Where the ball is and who has it at `elapsedMs`. */
export function playMomentAt(
  profile: SportProfile,
  timeline: Timeline,
  playKey: number,
  elapsedMs: number,
): PlayMoment {
  const stopped: PlayMoment = { phase: 'stopped', side: null, zone: null };
  const period = periodAt(timeline, elapsedMs);
  if (!period || elapsedMs < period.startMs || elapsedMs >= period.endMs) return stopped;
  if (elapsedMs >= timeline.endMs) return stopped;
  const active = timeline.dangers
    .filter((d) => d.fromMs <= elapsedMs && elapsedMs < d.toMs)
    .map((d) => ({ fromMs: d.fromMs, goal: goalIn(timeline, d.fromMs, d.toMs) }));
  const danger = active.find((d) => d.goal) ?? active[0];
  if (danger?.goal && danger.goal.atMs <= elapsedMs)
    return { phase: 'scored', side: danger.goal.side, zone: null };
  if (danger) {
    const side = dangerSide(profile, playKey, danger.fromMs, danger.goal);
    return { phase: 'dangerous_attack', side, zone: side === null ? null : 'danger' };
  }
  for (const e of timeline.events) {
    if (e.atMs > elapsedMs) break;
    if (e.stat === 'corner' && elapsedMs - e.atMs < CORNER_PHASE_MS)
      return { phase: 'corner', side: e.side, zone: 'attack' };
  }
  const { side, zone } = windowPlay(playKey, Math.floor(elapsedMs / POSSESSION_WINDOW_MS));
  return { phase: zone === 'attack' ? 'attack' : 'possession', side, zone };
}

/** The ball's movement in one window: a pure hash of the game's key and the window's number. */
export function windowPlay(playKey: number, window: number): { side: Side; zone: BallZone } {
  const h = hashSeed(playKey, 'window', window);
  return { side: (h & 1) as Side, zone: ZONES[(h >>> 1) & 3]! };
}

/** Shots from plain attacks: one attacking window in twelve ends with a shot wide or saved. */
function fillerShots(
  timeline: Timeline,
  playKey: number,
  elapsedMs: number,
  push: (atMs: number, type: PlayEventType, side: Side | null, value?: number, tag?: string) => void,
): void {
  const last = Math.min(Math.floor(elapsedMs / POSSESSION_WINDOW_MS), MAX_WINDOWS);
  for (let w = 0; w <= last; w += 1) {
    const atMs = (w + 1) * POSSESSION_WINDOW_MS - 1_000;
    const play = windowPlay(playKey, w);
    if (play.zone !== 'attack' || hashSeed(playKey, 'shot', w) % 12 !== 0) continue;
    const period = periodAt(timeline, atMs);
    if (!period || atMs >= period.endMs || atMs < period.startMs) continue;
    if (timeline.dangers.some((d) => d.fromMs <= atMs && atMs < d.toMs)) continue;
    push(atMs, 'shot', play.side, 1, '-w');
  }
}

/** The attacking side of a dangerous moment: the coming goal's, else a hash; none in set sports (set points). */
function dangerSide(
  profile: SportProfile,
  playKey: number,
  fromMs: number,
  goal: TimelineEvent | null,
): Side | null {
  if (goal) return goal.side;
  return profile.model === 'goals' ? ((hashSeed(playKey, 'danger', fromMs) & 1) as Side) : null;
}

function goalIn(timeline: Timeline, fromMs: number, toMs: number) {
  return timeline.events.find((e) => e.stat === 'score' && e.atMs >= fromMs && e.atMs < toMs) ?? null;
}

/** The period under way at `atMs`, or the last one begun (during a break); null before the start. */
function periodAt(timeline: Timeline, atMs: number): TimelinePeriod | null {
  let found: TimelinePeriod | null = null;
  for (const p of timeline.periods) {
    if (atMs < p.startMs) break;
    found = p;
  }
  return found;
}

function clockAt(profile: SportProfile, period: TimelinePeriod, atMs: number): number {
  if (!profile.hasClock) return 0;
  const inPeriod = Math.min(atMs, period.endMs) - period.startMs;
  return Math.floor(period.clockStartS + (inPeriod / 1000) * profile.speed);
}

/** At the same instant: a period starts before anything in it and ends after it. */
function order(type: PlayEventType): number {
  return type === 'period_start' ? 0 : type === 'period_end' ? 2 : 1;
}
