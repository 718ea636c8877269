/**
 * A simulated game is drawn in full before it starts: periods with their real start and end, every
 * scoring event, corners, cards and dangerous moments. The live state at any instant is then a pure
 * function of (timeline, elapsed time), so the simulator can restart at any moment and find every
 * game exactly where it was, and the same seed replays the same match.
 */
import { GAME_STATUS, type GameStatus } from './game-status.ts';
import type { Rng } from './prng.ts';
import { periodRealMs, type SportProfile } from './sport-profiles.ts';

export type Side = 0 | 1;

export interface TimelinePeriod {
  /** 1-based; a period after the regular ones is overtime (or extra innings, a super over). */
  index: number;
  startMs: number;
  endMs: number;
  /** Match clock at the period's start, in seconds (football's second half starts at 2700). */
  clockStartS: number;
}

export interface TimelineEvent {
  atMs: number;
  period: number;
  side: Side;
  stat: 'score' | 'corner' | 'card';
  value: number;
}

export interface Timeline {
  /** Late start: the game shows as STARTING until then. */
  startDelayMs: number;
  periods: TimelinePeriod[];
  events: TimelineEvent[];
  /** Moments when markets are suspended (dangerous attacks, goals, set points). */
  dangers: { fromMs: number; toMs: number }[];
  endMs: number;
  /** Fights: who won and in which round (rounds + 1 = on points). */
  fightEnd: { side: Side; round: number } | null;
}

export interface Strengths {
  /** Expected scoring events per team over regular time. */
  homeRate: number;
  awayRate: number;
  /** Chance the home side wins a set, a map or the fight. */
  pSet: number;
}

const second = 1000;

export function drawTimeline(profile: SportProfile, strengths: Strengths, rng: Rng): Timeline {
  const startDelayMs = rng.chance(0.3) ? Math.round(rng.between(30, 300)) * second : 0;
  switch (profile.model) {
    case 'sets':
      return drawSets(profile, strengths, rng, startDelayMs);
    case 'fight':
      return drawFight(profile, strengths, rng, startDelayMs);
    default:
      return drawScoring(profile, strengths, rng, startDelayMs);
  }
}

function pickValue(profile: SportProfile, rng: Rng): number {
  let roll = rng.next() * profile.pointValues.reduce((s, [, w]) => s + w, 0);
  for (const [value, weight] of profile.pointValues) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return profile.pointValues[0]![0];
}

/** Share of a side's scoring done in a period: even, or all in its own innings when alternating. */
export function periodShare(profile: SportProfile, period: number, side: Side): number {
  if (!profile.alternating) return 1 / profile.periods;
  return (period - 1) % 2 === side ? 2 / profile.periods : 0;
}

function drawScoring(profile: SportProfile, s: Strengths, rng: Rng, startDelayMs: number): Timeline {
  const periods: TimelinePeriod[] = [];
  const events: TimelineEvent[] = [];
  const breakMs = (profile.breakSeconds * second) / profile.speed;
  let at = startDelayMs;
  for (let index = 1; index <= profile.periods; index += 1) {
    const stoppageMs =
      profile.hasClock && profile.ties === 'draw' ? rng.between(30, 300) * (second / profile.speed) : 0;
    const period = {
      index,
      startMs: at,
      endMs: at + periodRealMs(profile) + stoppageMs,
      clockStartS: (index - 1) * profile.periodSeconds,
    };
    periods.push(period);
    for (const side of [0, 1] as const) {
      const rate = (side === 0 ? s.homeRate : s.awayRate) * periodShare(profile, index, side);
      addEvents(events, period, side, rng.poisson(rate), 'score', () => pickValue(profile, rng), rng);
    }
    if (profile.hasCornersAndCards) {
      const cornerShare = s.homeRate / (s.homeRate + s.awayRate);
      addEvents(events, period, 0, rng.poisson(5 * cornerShare), 'corner', () => 1, rng);
      addEvents(events, period, 1, rng.poisson(5 * (1 - cornerShare)), 'corner', () => 1, rng);
      for (const side of [0, 1] as const)
        addEvents(events, period, side, rng.poisson(1.05), 'card', () => 1, rng);
    }
    at = period.endMs + breakMs;
  }
  if (profile.ties !== 'draw') addOvertime(profile, s, rng, periods, events, at);
  events.sort((a, b) => a.atMs - b.atMs);
  const dangers = profile.model === 'goals' ? drawDangers(events, periods, rng, profile.speed) : [];
  return { startDelayMs, periods, events, dangers, endMs: periods.at(-1)!.endMs, fightEnd: null };
}

function addEvents(
  events: TimelineEvent[],
  period: TimelinePeriod,
  side: Side,
  count: number,
  stat: TimelineEvent['stat'],
  value: () => number,
  rng: Rng,
): void {
  for (let k = 0; k < count; k += 1) {
    const atMs = Math.round(rng.between(period.startMs + second, period.endMs - second));
    events.push({ atMs, period: period.index, side, stat, value: value() });
  }
}

/** A tie after regular time is settled in one extra period; if still level, its last event decides. */
function addOvertime(
  profile: SportProfile,
  s: Strengths,
  rng: Rng,
  periods: TimelinePeriod[],
  events: TimelineEvent[],
  at: number,
): void {
  const totals = [0, 0];
  for (const e of events) if (e.stat === 'score') totals[e.side]! += e.value;
  if (totals[0] !== totals[1]) return;
  const lengthMs = periodRealMs(profile) / (profile.periods > 4 ? 1 : 2);
  const index = profile.periods + 1;
  const period = {
    index,
    startMs: at,
    endMs: at + lengthMs,
    clockStartS: profile.periods * profile.periodSeconds,
  };
  periods.push(period);
  const homeShare = s.homeRate / (s.homeRate + s.awayRate);
  const side: Side = rng.chance(homeShare) ? 0 : 1;
  events.push({ atMs: Math.round(period.endMs - 2 * second), period: index, side, stat: 'score', value: 1 });
}

/** Suspensions: a few seconds before and after every goal, and some attacks that come to nothing. */
function drawDangers(events: TimelineEvent[], periods: TimelinePeriod[], rng: Rng, speed: number) {
  const dangers: { fromMs: number; toMs: number }[] = [];
  for (const e of events) {
    if (e.stat !== 'score') continue;
    dangers.push({
      fromMs: e.atMs - Math.round((rng.between(5, 20) * second) / speed),
      toMs: e.atMs + Math.round((rng.between(15, 30) * second) / speed),
    });
  }
  const falseAlarms = rng.poisson(6);
  for (let k = 0; k < falseAlarms; k += 1) {
    const period = rng.pick(periods);
    const fromMs = Math.round(rng.between(period.startMs, period.endMs - 20 * second));
    dangers.push({ fromMs, toMs: fromMs + Math.round((rng.between(8, 20) * second) / speed) });
  }
  return dangers.sort((a, b) => a.fromMs - b.fromMs);
}

function drawSets(profile: SportProfile, s: Strengths, rng: Rng, startDelayMs: number): Timeline {
  const toWin = Math.ceil(profile.periods / 2);
  const periods: TimelinePeriod[] = [];
  const events: TimelineEvent[] = [];
  const dangers: { fromMs: number; toMs: number }[] = [];
  const won = [0, 0];
  let at = startDelayMs;
  for (let index = 1; won[0]! < toWin && won[1]! < toWin; index += 1) {
    const winner: Side = rng.chance(s.pSet) ? 0 : 1;
    won[winner]! += 1;
    const lengthMs = Math.round(profile.periodSeconds * second * rng.between(0.75, 1.3));
    const period = { index, startMs: at, endMs: at + lengthMs, clockStartS: 0 };
    periods.push(period);
    const sides = setPoints(profile, winner, rng);
    const stepMs = lengthMs / (sides.length + 1);
    sides.forEach((side, k) => {
      events.push({ atMs: Math.round(at + stepMs * (k + 1)), period: index, side, stat: 'score', value: 1 });
    });
    dangers.push({ fromMs: period.endMs - Math.round(stepMs), toMs: period.endMs });
    at = period.endMs + profile.breakSeconds * second;
  }
  return { startDelayMs, periods, events, dangers, endMs: periods.at(-1)!.endMs, fightEnd: null };
}

/**
 * Who won each point (game, round, kill) of a set, in order, the set's winner last: the set's end
 * rule (sport-profiles.ts setEnd) decides the tallies, e.g. CS2 13:7, 16:14 after one overtime.
 */
export function setPoints(profile: SportProfile, winner: Side, rng: Rng): Side[] {
  const loser = (1 - winner) as Side;
  const run = (w: number, l: number) => [...Array<Side>(w).fill(winner), ...Array<Side>(l).fill(loser)];
  const target = profile.setWinnerPoints;
  const loserPoints = rng.int(profile.setLoserPoints[0], profile.setLoserPoints[1]);
  if (profile.setEnd === 'kills') {
    // Kills: the map's winner usually, not always by much, has more; the order swings.
    const spread = Math.round(target / 4);
    const winnerPoints = Math.max(loserPoints + 1, rng.int(target - spread, target + spread));
    return rng.shuffle(run(winnerPoints, loserPoints));
  }
  if (profile.setEnd === 'first-to' || loserPoints < target - 1) {
    return [...rng.shuffle(run(target - 1, loserPoints)), winner];
  }
  // Level at target − 1 each (12:12): regulation, then overtime.
  const sides = rng.shuffle(run(target - 1, target - 1));
  if (profile.setEnd === 'win-by-two') {
    // Each further pair of rounds is split with chance one half; then one side takes two in a row.
    while (rng.chance(0.5) && sides.length < 60) sides.push(...rng.shuffle(run(1, 1)));
    return [...sides, winner, winner];
  }
  // CS2: overtimes of six rounds, first to four of them; three all goes to another overtime.
  while (rng.chance(0.3) && sides.length < 80) sides.push(...rng.shuffle(run(3, 3)));
  return [...sides, ...rng.shuffle(run(3, rng.int(0, 2))), winner];
}

function drawFight(profile: SportProfile, s: Strengths, rng: Rng, startDelayMs: number): Timeline {
  const periods: TimelinePeriod[] = [];
  let at = startDelayMs;
  for (let index = 1; index <= profile.periods; index += 1) {
    const full = profile.periodSeconds * second;
    const finishes = rng.chance(profile.finishPerRound);
    const lengthMs = finishes ? Math.round(rng.between(10, profile.periodSeconds - 5) * second) : full;
    periods.push({ index, startMs: at, endMs: at + lengthMs, clockStartS: 0 });
    if (finishes) return fightOver(periods, rng.chance(s.pSet) ? 0 : 1, index, startDelayMs);
    at += full + profile.breakSeconds * second;
  }
  return fightOver(periods, rng.chance(s.pSet) ? 0 : 1, profile.periods + 1, startDelayMs);
}

function fightOver(periods: TimelinePeriod[], side: Side, round: number, startDelayMs: number): Timeline {
  const endMs = periods.at(-1)!.endMs;
  const last = periods.at(-1)!.index;
  return {
    startDelayMs,
    periods,
    events: [{ atMs: endMs - 1, period: last, side, stat: 'score', value: 1 }],
    dangers: [],
    endMs,
    fightEnd: { side, round },
  };
}

/** What the scoreboard shows at one instant. */
export interface LiveSnapshot {
  status: GameStatus;
  /** Current period (the last one played during a break); 0 before the start. */
  period: number;
  /** Share of the current period already played, 0..1. */
  periodProgress: number;
  clockSeconds: number;
  clockRunning: boolean;
  score: [number, number];
  /** Score of each period so far (sets: games or points of each set). */
  periodScores: [number, number][];
  corners: [number, number];
  cards: [number, number];
  /** Sets (or maps) won, for set sports. */
  setsWon: [number, number];
  isDangerous: boolean;
}

/** The scoreboard `elapsedMs` after the scheduled start (negative = not started yet). */
export function snapshotAt(profile: SportProfile, timeline: Timeline, elapsedMs: number): LiveSnapshot {
  const periodScores: [number, number][] = [];
  const corners: [number, number] = [0, 0];
  const cards: [number, number] = [0, 0];
  for (const e of timeline.events) {
    if (e.atMs > elapsedMs) break;
    if (e.stat === 'corner') corners[e.side] += 1;
    else if (e.stat === 'card') cards[e.side] += 1;
    else {
      while (periodScores.length < e.period) periodScores.push([0, 0]);
      periodScores[e.period - 1]![e.side] += e.value;
    }
  }
  const position = positionAt(profile, timeline, elapsedMs);
  while (periodScores.length < position.period) periodScores.push([0, 0]);
  const setsWon = setsWonAt(timeline, periodScores, elapsedMs);
  const totals = periodScores.reduce<[number, number]>((t, [h, a]) => [t[0] + h, t[1] + a], [0, 0]);
  const score = profile.model === 'sets' ? setsWon : totals;
  const isDangerous = timeline.dangers.some((d) => d.fromMs <= elapsedMs && elapsedMs < d.toMs);
  return { ...position, score, periodScores, corners, cards, setsWon, isDangerous };
}

/**
 * Who scored the game's `goal`-th goal (counted in points as the score is): (1,0) the home side,
 * (0,1) the away side, (0,0) nobody, the game ended first. The result of a next-goal market, the
 * same whenever it is asked, so a restarted feed results it as the first run would have.
 */
export function scorerOfGoal(timeline: Timeline, goal: number): [number, number] {
  let total = 0;
  for (const e of timeline.events) {
    if (e.stat !== 'score' || e.atMs > timeline.endMs) continue;
    total += e.value;
    if (total >= goal) return e.side === 0 ? [1, 0] : [0, 1];
  }
  return [0, 0];
}

function setsWonAt(
  timeline: Timeline,
  periodScores: [number, number][],
  elapsedMs: number,
): [number, number] {
  const won: [number, number] = [0, 0];
  timeline.periods.forEach((p, i) => {
    const scores = periodScores[i];
    if (p.endMs > elapsedMs || !scores) return;
    won[scores[0] > scores[1] ? 0 : 1] += 1;
  });
  return won;
}

function positionAt(profile: SportProfile, timeline: Timeline, elapsedMs: number) {
  const still = { periodProgress: 0, clockSeconds: 0, clockRunning: false };
  if (elapsedMs < 0) return { status: GAME_STATUS.NOT_STARTED, period: 0, ...still };
  if (elapsedMs >= timeline.endMs) {
    const last = timeline.periods.at(-1)!;
    return {
      status: GAME_STATUS.FINISHED,
      period: last.index,
      ...still,
      periodProgress: 1,
      clockSeconds: clockAt(profile, last, last.endMs),
    };
  }
  if (elapsedMs < timeline.startDelayMs) return { status: GAME_STATUS.STARTING, period: 0, ...still };
  let previous: TimelinePeriod | null = null;
  for (const p of timeline.periods) {
    if (elapsedMs < p.startMs) break;
    previous = p;
  }
  const p = previous!;
  if (elapsedMs < p.endMs) {
    return {
      status: GAME_STATUS.IN_PLAY,
      period: p.index,
      periodProgress: (elapsedMs - p.startMs) / (p.endMs - p.startMs),
      clockSeconds: clockAt(profile, p, elapsedMs),
      clockRunning: profile.hasClock,
    };
  }
  return {
    status: GAME_STATUS.BREAK,
    period: p.index,
    periodProgress: 1,
    clockSeconds: clockAt(profile, p, p.endMs),
    clockRunning: false,
  };
}

function clockAt(profile: SportProfile, period: TimelinePeriod, atMs: number): number {
  if (!profile.hasClock) return 0;
  return Math.floor(period.clockStartS + ((atMs - period.startMs) / 1000) * profile.speed);
}
