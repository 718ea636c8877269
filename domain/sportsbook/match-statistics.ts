/**
 * Per-match statistics drawn around a game's real scoreboard: what the simulator produces (score,
 * period scores, corners, cards) is shown as it is, and the figures it does not produce (shots,
 * shots on target, possession) are drawn from the game's own seeded stream so that they agree with
 * it: shots on target are never fewer than goals, shots never fewer than shots on target, and
 * possession leans to the stronger side. In play they grow with the share of the match played.
 */
import type { Rng } from './prng.ts';
import type { SportProfile } from './sport-profiles.ts';

/** One statistic of both sides, e.g. { key: 'shots', home: 14, away: 9 }; possession in percent. */
export interface StatLine {
  key: string;
  home: number;
  away: number;
}

export interface MatchFacts {
  score: readonly [number, number];
  periodScores: readonly (readonly [number, number])[];
  /** The simulator's counts (football only); absent for other sports. */
  corners?: readonly [number, number] | undefined;
  cards?: readonly [number, number] | undefined;
  /** Share of the match played, 0 before the start and 1 once finished. */
  progress: number;
  /** Expected scoring events of each side (the model's rates), which tilt shots and possession. */
  rates: readonly [number, number];
}

/** Shots on target per goal and shots per shot on target, for the sports that count shots. */
const SHOT_RATIOS: Record<number, { onTargetPerGoal: number; shotsPerOnTarget: number }> = {
  1: { onTargetPerGoal: 3, shotsPerOnTarget: 2.7 },
  4: { onTargetPerGoal: 10, shotsPerOnTarget: 1.8 },
  7: { onTargetPerGoal: 1.6, shotsPerOnTarget: 1.35 },
  44: { onTargetPerGoal: 2.6, shotsPerOnTarget: 2.2 },
  60: { onTargetPerGoal: 3, shotsPerOnTarget: 2.7 },
};

/** Sports where possession is measured (football and its esports and virtual forms). */
const POSSESSION_SPORTS = new Set([1, 44, 60]);

/** The statistics of one game, in the order a statistics page shows them. */
export function matchStatistics(profile: SportProfile, facts: MatchFacts, rng: Rng): StatLine[] {
  const lines: StatLine[] = [];
  const progress = Math.min(1, Math.max(0, facts.progress));
  if (profile.model === 'goals') lines.push(...shotLines(profile, facts, progress, rng));
  if (POSSESSION_SPORTS.has(profile.sportId) && progress > 0) lines.push(possession(facts, rng));
  if (facts.corners) lines.push({ key: 'corners', home: facts.corners[0], away: facts.corners[1] });
  if (facts.cards) lines.push({ key: 'cards', home: facts.cards[0], away: facts.cards[1] });
  if (profile.model === 'points') lines.push(...pointsLines(facts));
  if (profile.model === 'sets') lines.push(...setLines(profile, facts));
  return lines;
}

function shotLines(profile: SportProfile, facts: MatchFacts, progress: number, rng: Rng): StatLine[] {
  const ratios = SHOT_RATIOS[profile.sportId];
  if (!ratios) return [];
  const onTarget: [number, number] = [0, 0];
  const shots: [number, number] = [0, 0];
  for (const side of [0, 1] as const) {
    // Drawn for the whole match, always in the same order, then shown in proportion to the time
    // played: the figures only ever grow during a game and end where a replay ends.
    const rate = facts.rates[side];
    const savedOrOffTarget = rng.poisson(rate * (ratios.onTargetPerGoal - 1));
    const missed = rng.poisson(rate * ratios.onTargetPerGoal * (ratios.shotsPerOnTarget - 1));
    onTarget[side] = facts.score[side] + Math.floor(savedOrOffTarget * progress);
    shots[side] = onTarget[side] + Math.floor(missed * progress);
  }
  return [
    { key: 'shots', home: shots[0], away: shots[1] },
    { key: 'shots_on_target', home: onTarget[0], away: onTarget[1] },
  ];
}

function possession(facts: MatchFacts, rng: Rng): StatLine {
  const share = facts.rates[0] / (facts.rates[0] + facts.rates[1]);
  const home = Math.min(70, Math.max(30, Math.round(50 + 40 * (share - 0.5) + rng.normal(0, 4))));
  return { key: 'possession', home, away: 100 - home };
}

function pointsLines(facts: MatchFacts): StatLine[] {
  if (facts.periodScores.length === 0) return [];
  const best = (side: 0 | 1) => Math.max(...facts.periodScores.map((p) => p[side]));
  const won = (side: 0 | 1) => facts.periodScores.filter((p) => p[side] > p[1 - side]!).length;
  return [
    { key: 'best_period', home: best(0), away: best(1) },
    { key: 'periods_won', home: won(0), away: won(1) },
  ];
}

/** Set sports: the points (games, rounds, kills) won over all sets, the statistic their lines use. */
function setLines(profile: SportProfile, facts: MatchFacts): StatLine[] {
  if (facts.periodScores.length === 0) return [];
  const total = (side: 0 | 1) => facts.periodScores.reduce((s, p) => s + p[side], 0);
  return [{ key: `${profile.setStat}_won`, home: total(0), away: total(1) }];
}
