/**
 * The markets offered for a game of each sport. Lines are chosen once, around the pre-match
 * expectation, and kept for the game's life so market keys stay stable while prices move.
 */
import {
  bttsMarket,
  correctScoreMarket,
  doubleChanceMarket,
  drawNoBetMarket,
  fightEndMarket,
  goalRangeMarket,
  handicapMarket,
  type MarketSpec,
  oddEvenMarket,
  resultMarket,
  setScoreMarket,
  teamTotalMarket,
  totalMarket,
  winnerMarket,
} from './markets.ts';
import { playedSets, type SportProfile } from './sport-profiles.ts';

/** Pre-match expectations the lines are centred on. */
export interface GameExpectation {
  home: number;
  away: number;
  /** Set sports: the statistic per team over the match (games, points, rounds, kills). */
  statHome: number;
  statAway: number;
}

/** Half line (in quarters) just under a mean: 2.7 → 2.5 (10 quarters). */
const halfLineBelow = (mean: number) => 4 * Math.floor(mean) + 2;

/** Lines centred on `centreQ`, spaced `stepQ`, `count` each side of it; the centre is first. */
function linesAround(centreQ: number, stepQ: number, count: number, minQ = 2): number[] {
  const lines = [centreQ];
  for (let k = 1; k <= count; k += 1) lines.push(centreQ - k * stepQ, centreQ + k * stepQ);
  return lines.filter((l) => l >= minQ);
}

const quarterSteps = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i).filter((q) => q !== 0);

export function marketsForGame(profile: SportProfile, expected: GameExpectation): MarketSpec[] {
  switch (profile.model) {
    case 'goals':
      // Low-scoring games that can end level get the football menu (football, eFootball, virtual).
      return profile.ties === 'draw' && profile.homeRate < 2.5
        ? soccerMarkets(profile, expected)
        : scoringMarkets(profile, expected);
    case 'points':
      return scoringMarkets(profile, expected);
    case 'sets':
      return setMarkets(profile, expected);
    case 'fight':
      return [winnerMarket({ grid: 'fight', isMain: true }), fightEndMarket(profile.periods)];
  }
}

/** Football-like games (football, eFootball, virtual football): 40-60 markets. */
function soccerMarkets(profile: SportProfile, expected: GameExpectation): MarketSpec[] {
  const diff = expected.home - expected.away;
  const mainHandicapQ = -2 * Math.round(2 * diff);
  const markets: MarketSpec[] = [
    resultMarket({ isMain: true }),
    doubleChanceMarket(),
    drawNoBetMarket(),
    ...[2, 6, 10, 14, 18, 22, 26].map((q) => totalMarket(q, { isMain: q === 10 })),
    ...[7, 8, 9, 11, 12, 13].map((q) => totalMarket(q)),
    ...quarterSteps(-8, 8).map((q) => handicapMarket(q, { isMain: q === (mainHandicapQ || -2) })),
    bttsMarket(),
    oddEvenMarket(),
    goalRangeMarket(),
    correctScoreMarket(4, 4),
    ...(['home', 'away'] as const).flatMap((team) => [2, 6, 10].map((q) => teamTotalMarket(team, q))),
    resultMarket({ period: 1 }),
    ...[2, 6, 10].map((q) => totalMarket(q, { period: 1 })),
    resultMarket({ period: 2 }),
    ...[2, 6].map((q) => totalMarket(q, { period: 2 })),
  ];
  if (!profile.hasCornersAndCards) return markets;
  const corners = { grid: 'corners', stat: 'corners' } as const;
  const cards = { grid: 'cards', stat: 'cards' } as const;
  markets.push(
    resultMarket(corners),
    ...[34, 38, 42, 46].map((q) => totalMarket(q, corners)),
    ...[-6, 6].map((q) => handicapMarket(q, corners)),
    resultMarket(cards),
    ...[10, 14, 18, 22].map((q) => totalMarket(q, cards)),
  );
  return markets;
}

/** High-scoring and no-draw sports: result or winner, alternative totals and handicaps, periods. */
function scoringMarkets(profile: SportProfile, expected: GameExpectation): MarketSpec[] {
  const stepQ = 4 * profile.lineStep;
  const totalQ = halfLineBelow(expected.home + expected.away);
  const handicapQ =
    -halfLineBelow(Math.abs(expected.home - expected.away)) * Math.sign(expected.home - expected.away || 1);
  const markets: MarketSpec[] = [];
  if (profile.ties === 'overtime') markets.push(winnerMarket({ isMain: true }));
  else {
    const grid = profile.ties === 'regular' ? 'regular' : 'match';
    markets.push(resultMarket({ grid, isMain: true }), doubleChanceMarket({ grid }));
    markets.push(profile.ties === 'regular' ? winnerMarket() : drawNoBetMarket());
  }
  const lines = linesAround(totalQ, stepQ, 2);
  markets.push(...lines.map((q, i) => totalMarket(q, { isMain: i === 0 })));
  markets.push(
    ...linesAround(handicapQ, stepQ, 2, -1e9).map((q, i) => handicapMarket(q, { isMain: i === 0 })),
  );
  for (const [team, mean] of [
    ['home', expected.home],
    ['away', expected.away],
  ] as const) {
    markets.push(...linesAround(halfLineBelow(mean), stepQ, 1).map((q) => teamTotalMarket(team, q)));
  }
  markets.push(oddEvenMarket());
  if (profile.model === 'goals' && expected.home + expected.away < 8) markets.push(bttsMarket());
  const periodShare = 1 / profile.periods;
  const firstPeriodTotalQ = halfLineBelow((expected.home + expected.away) * periodShare);
  for (const period of profile.periods > 4 ? [1] : [1, 2]) {
    markets.push(resultMarket({ period }), totalMarket(firstPeriodTotalQ, { period }));
  }
  return markets;
}

/**
 * Best-of-N sports (tennis, volleyball, table tennis, esports maps): the winner, the sets (maps)
 * score, total and handicap, each set (map) every match plays, and the games, points, rounds or
 * kills over the match. A best of 1 has no sets (maps) markets beyond its winner.
 */
function setMarkets(profile: SportProfile, expected: GameExpectation): MarketSpec[] {
  const bestOf = profile.periods;
  const toWin = Math.ceil(bestOf / 2);
  const stat = { grid: 'games', stat: profile.setStat } as const;
  const sets = { stat: profile.setUnit === 'map' ? 'maps' : 'sets' } as const;
  const statTotalQ = halfLineBelow(expected.statHome + expected.statAway);
  const statHandicapQ = -2 * Math.round(expected.statHome - expected.statAway) - 2;
  const stepQ = 4 * Math.max(1, Math.round((expected.statHome + expected.statAway) / 20));
  const setLines = bestOf >= 5 ? [-10, -6, 6, 10] : [-6, 6];
  const totalSetLines = Array.from({ length: bestOf - toWin }, (_, i) => 4 * (toWin + i) + 2);
  const series: MarketSpec[] =
    bestOf === 1
      ? []
      : [
          setScoreMarket(bestOf),
          ...totalSetLines.map((q) => totalMarket(q, sets)),
          ...setLines.map((q) => handicapMarket(q, sets)),
          ...playedSets(profile).map((period) => winnerMarket({ period })),
        ];
  return [
    winnerMarket({ isMain: true }),
    ...series,
    ...linesAround(statTotalQ, stepQ, 1).map((q, i) => totalMarket(q, { ...stat, isMain: i === 0 })),
    ...linesAround(statHandicapQ, stepQ, 1, -1e9).map((q, i) =>
      handicapMarket(q, { ...stat, isMain: i === 0 }),
    ),
  ];
}
