/**
 * Prices from the live state: what is left to play, scaled from the pre-match rates, added to what
 * has been scored. Before the start this is the pre-match model (nothing played, nothing scored),
 * so pre-match and in-play prices come from one formula and stay coherent across markets.
 */

import { GAME_STATUS } from './game-status.ts';
import type { GameExpectation } from './market-lists.ts';
import type { GridKey, MarketSpec } from './markets.ts';
import type { LiveSnapshot, Strengths, Timeline } from './match-timeline.ts';
import { periodShare } from './match-timeline.ts';
import { impliedProbability, offerMarket } from './pricing.ts';
import {
  certainGrid,
  gridFromPmfs,
  normalPmf,
  type Pmf,
  poissonPmf,
  type ScoreGrid,
  setsGrid,
} from './score-grid.ts';
import { type OutcomeResult, resultOf } from './settlement.ts';
import { playedSets, pointMoments, type SportProfile } from './sport-profiles.ts';

export interface PricedOutcome {
  key: string;
  /** null: not offered at the moment (too unlikely to win, or too likely to be worth a price). */
  oddsMilli: number | null;
}

/** The state before the start: nothing scored, nothing played. */
export function preMatchSnapshot(): LiveSnapshot {
  return {
    status: GAME_STATUS.NOT_STARTED,
    period: 0,
    periodProgress: 0,
    clockSeconds: 0,
    clockRunning: false,
    score: [0, 0],
    periodScores: [],
    corners: [0, 0],
    cards: [0, 0],
    setsWon: [0, 0],
    isDangerous: false,
  };
}

/** Share of period `index` still to play: 1 ahead of it, 0 behind it. */
function remainingOf(state: LiveSnapshot, index: number): number {
  if (state.period === 0 || index > state.period) return 1;
  if (index < state.period || state.status !== GAME_STATUS.IN_PLAY) return 0;
  return 1 - state.periodProgress;
}

function countPmf(profile: SportProfile, events: number): Pmf {
  if (profile.model === 'goals') return poissonPmf(events);
  const { mean, meanSquare } = pointMoments(profile);
  return normalPmf(events * mean, Math.sqrt(events * meanSquare));
}

/** Expected scoring events left for one side over the given periods. */
function eventsLeft(
  profile: SportProfile,
  s: Strengths,
  state: LiveSnapshot,
  side: 0 | 1,
  periods: number[],
) {
  const rate = side === 0 ? s.homeRate : s.awayRate;
  return periods.reduce((sum, p) => sum + rate * periodShare(profile, p, side) * remainingOf(state, p), 0);
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const at = (scores: [number, number][], i: number): [number, number] => scores[i - 1] ?? [0, 0];

/** Every grid a game's markets read, for its sport and state. */
export function gridsFor(profile: SportProfile, s: Strengths, state: LiveSnapshot): Map<GridKey, ScoreGrid> {
  if (profile.model === 'sets') return setGrids(profile, s, state);
  if (profile.model === 'fight') return new Map([['fight', fightGrid(profile, s, state)]]);
  const grids = new Map<GridKey, ScoreGrid>();
  const all = range(profile.periods);
  const match = (periods: number[], so: [number, number]) =>
    gridFromPmfs(
      countPmf(profile, eventsLeft(profile, s, state, 0, periods)),
      countPmf(profile, eventsLeft(profile, s, state, 1, periods)),
      so[0],
      so[1],
    );
  const regularSoFar = all.reduce<[number, number]>(
    (t, p) => [t[0] + at(state.periodScores, p)[0], t[1] + at(state.periodScores, p)[1]],
    [0, 0],
  );
  grids.set('match', match(all, state.score));
  grids.set(
    'regular',
    state.period > profile.periods ? certainGrid(...regularSoFar) : match(all, regularSoFar),
  );
  for (const p of all.slice(0, 2)) grids.set(`p${p}`, match([p], at(state.periodScores, p)));
  const left = all.reduce((sum, p) => sum + remainingOf(state, p), 0) / profile.periods;
  const share = s.homeRate / (s.homeRate + s.awayRate);
  grids.set(
    'corners',
    gridFromPmfs(poissonPmf(10 * share * left), poissonPmf(10 * (1 - share) * left), ...state.corners),
  );
  grids.set('cards', gridFromPmfs(poissonPmf(2.1 * left), poissonPmf(2.1 * left), ...state.cards));
  grids.set(
    'next',
    nextScorerGrid(eventsLeft(profile, s, state, 0, all), eventsLeft(profile, s, state, 1, all)),
  );
  return grids;
}

/** Who scores next: (1,0) home, (0,1) away, (0,0) nobody before the end. */
function nextScorerGrid(home: number, away: number): ScoreGrid {
  const none = Math.exp(-(home + away));
  const total = home + away || 1;
  const p = new Float64Array(4);
  p[0] = none;
  p[2] = (home / total) * (1 - none);
  p[1] = (away / total) * (1 - none);
  return { h0: 0, a0: 0, nh: 2, na: 2, p };
}

/** The current set leans towards whoever leads it, more so the further it has gone. */
function currentSetChance(s: Strengths, state: LiveSnapshot): number {
  const current = at(state.periodScores, state.period);
  if (state.status !== GAME_STATUS.IN_PLAY) return s.pSet;
  const logit =
    Math.log(s.pSet / (1 - s.pSet)) + 0.25 * (current[0] - current[1]) * (0.5 + state.periodProgress);
  return 1 / (1 + Math.exp(-logit));
}

function setGrids(profile: SportProfile, s: Strengths, state: LiveSnapshot): Map<GridKey, ScoreGrid> {
  const grids = new Map<GridKey, ScoreGrid>();
  const pCurrent = currentSetChance(s, state);
  grids.set('match', setsGrid(profile.periods, s.pSet, ...state.setsWon, pCurrent));
  for (const p of playedSets(profile)) {
    const done = p < state.period || (p === state.period && state.status !== GAME_STATUS.IN_PLAY);
    const scores = at(state.periodScores, p);
    const chance = p === state.period ? pCurrent : s.pSet;
    grids.set(
      `p${p}`,
      done
        ? certainGrid(scores[0] > scores[1] ? 1 : 0, scores[0] > scores[1] ? 0 : 1)
        : bernoulliGrid(chance),
    );
  }
  const played = state.periodScores.reduce<[number, number]>((t, [h, a]) => [t[0] + h, t[1] + a], [0, 0]);
  const setsLeft = Math.max(
    0,
    expectedSets(profile, s) -
      state.setsWon[0] -
      state.setsWon[1] -
      (state.status === GAME_STATUS.IN_PLAY ? state.periodProgress : 0),
  );
  const perSet = setStatPerTeam(profile, s);
  grids.set(
    'games',
    gridFromPmfs(
      normalPmf(setsLeft * perSet.home, 3 * Math.sqrt(setsLeft)),
      normalPmf(setsLeft * perSet.away, 3 * Math.sqrt(setsLeft)),
      ...played,
    ),
  );
  return grids;
}

function bernoulliGrid(pHome: number): ScoreGrid {
  return { h0: 0, a0: 0, nh: 2, na: 2, p: Float64Array.of(0, 1 - pHome, pHome, 0) };
}

/** Expected number of sets a best-of-N lasts. */
export function expectedSets(profile: SportProfile, s: Strengths): number {
  const grid = setsGrid(profile.periods, s.pSet);
  let sum = 0;
  for (let i = 0; i < grid.nh; i += 1)
    for (let j = 0; j < grid.na; j += 1) sum += (i + j) * grid.p[i * grid.na + j]!;
  return sum;
}

/** A side's expected points (games, rounds…) in one set: the winner's tally or a loser's average. */
export function setStatPerTeam(profile: SportProfile, s: Strengths): { home: number; away: number } {
  const loser = (profile.setLoserPoints[0] + profile.setLoserPoints[1]) / 2;
  const win = profile.setWinnerPoints;
  return { home: s.pSet * win + (1 - s.pSet) * loser, away: (1 - s.pSet) * win + s.pSet * loser };
}

/** Fight: cell (round, 0) = home wins in that round, (0, round) = away; rounds + 1 = on points. */
function fightGrid(profile: SportProfile, s: Strengths, state: LiveSnapshot): ScoreGrid {
  const size = profile.periods + 2;
  const p = new Float64Array(size * size);
  let alive = 1;
  for (let round = Math.max(1, state.period); round <= profile.periods; round += 1) {
    const finish = profile.finishPerRound * (round === state.period ? remainingOf(state, round) : 1);
    p[round * size]! += alive * finish * s.pSet;
    p[round]! += alive * finish * (1 - s.pSet);
    alive *= 1 - finish;
  }
  p[(profile.periods + 1) * size]! += alive * s.pSet;
  p[profile.periods + 1]! += alive * (1 - s.pSet);
  return { h0: 0, a0: 0, nh: size, na: size, p };
}

export interface PricedMarket {
  key: string;
  /** Open to bets: every outcome priced (pricing.ts offerMarket); otherwise suspended as a whole. */
  offered: boolean;
  outcomes: PricedOutcome[];
}

/** The fair chance of every outcome of each market (implied probability, null: cannot win). */
export function marketChances(
  markets: readonly MarketSpec[],
  grids: Map<GridKey, ScoreGrid>,
): (number | null)[][] {
  return markets.map((m) => {
    const grid = grids.get(m.grid);
    return m.outcomes.map((o) => (grid ? impliedProbability(grid, o.settle, o.projected) : null));
  });
}

/** Prices of every outcome of the markets, from the grids, with the margin. */
export function priceMarkets(
  markets: readonly MarketSpec[],
  grids: Map<GridKey, ScoreGrid>,
  margin: number,
): PricedMarket[] {
  const chances = marketChances(markets, grids);
  return markets.map((m, i) => {
    const offer = offerMarket(chances[i]!, margin);
    return {
      key: m.key,
      offered: offer.offered,
      outcomes: m.outcomes.map<PricedOutcome>((o, j) => ({ key: o.key, oddsMilli: offer.oddsMilli[j]! })),
    };
  });
}

/** The final value of every grid once the game is over, for resulting markets. */
export function finalValues(
  profile: SportProfile,
  timeline: Timeline,
  state: LiveSnapshot,
): Map<GridKey, [number, number]> {
  const values = new Map<GridKey, [number, number]>();
  const regular = range(profile.periods).reduce<[number, number]>(
    (t, p) => [t[0] + at(state.periodScores, p)[0], t[1] + at(state.periodScores, p)[1]],
    [0, 0],
  );
  values.set('match', state.score);
  values.set('regular', regular);
  for (const p of profile.model === 'sets' ? playedSets(profile) : [1, 2]) {
    const scores = at(state.periodScores, p);
    values.set(`p${p}`, profile.model === 'sets' ? (scores[0] > scores[1] ? [1, 0] : [0, 1]) : scores);
  }
  values.set('corners', state.corners);
  values.set('cards', state.cards);
  values.set(
    'games',
    state.periodScores.reduce<[number, number]>((t, [h, a]) => [t[0] + h, t[1] + a], [0, 0]),
  );
  if (timeline.fightEnd) {
    const { side, round } = timeline.fightEnd;
    values.set('fight', side === 0 ? [round, 0] : [0, round]);
  }
  return values;
}

/** Results of every outcome of a market against a final value. */
export function settleMarket(
  market: MarketSpec,
  value: [number, number],
): { key: string; result: OutcomeResult }[] {
  return market.outcomes.map((o) => ({ key: o.key, result: resultOf(o.settle(value[0], value[1])) }));
}

export interface TeamStrength {
  /** Multiplies the side's scoring rate (goals and points sports). */
  attack: number;
  /** Multiplies the opponent's scoring rate: above 1 is a leaky defence. */
  defence: number;
  /** Rating for set sports and fights: the difference drives the chance of winning a set. */
  rating: number;
}

/** The model's rates for one game from the two teams' strengths. */
export function strengthsOf(profile: SportProfile, home: TeamStrength, away: TeamStrength): Strengths {
  // Many scoring events average out luck, so the same strength gap must move high-scoring sports'
  // rates less (a 30 % edge in football goals would be a 40-point rout in basketball).
  const k = Math.min(1, Math.sqrt(3 / profile.homeRate));
  return {
    homeRate: profile.homeRate * (home.attack * away.defence) ** k,
    awayRate: profile.awayRate * (away.attack * home.defence) ** k,
    pSet: 1 / (1 + Math.exp(-(home.rating - away.rating))),
  };
}

/** Pre-match expectations the market lines are centred on. */
export function expectationOf(profile: SportProfile, s: Strengths): GameExpectation {
  const { mean } = pointMoments(profile);
  const sets = profile.model === 'sets' ? expectedSets(profile, s) : 0;
  const perSet = setStatPerTeam(profile, s);
  return {
    home: s.homeRate * mean,
    away: s.awayRate * mean,
    statHome: sets * perSet.home,
    statAway: sets * perSet.away,
  };
}
