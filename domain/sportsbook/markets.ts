/**
 * Market definitions. A market is one question about a game (the 1X2, the total at 2.5, the home
 * handicap −1.25…), identified inside its game by a stable key built from its type and specifiers.
 * Every outcome carries its settle function over the final score of the market's grid, which both
 * prices it (pricing.ts) and results it, so the two always agree.
 */
import type { ProjectedSettle, Settle } from './pricing.ts';
import type { Projection } from './score-grid.ts';
import { formatLine, type Settlement, settleExcess, settleOver, settleUnder } from './settlement.ts';

/** Market type ids (spec §3 Bet: market.typeId) with their group on the game page (kind). */
export const MARKET_TYPES = {
  result: { id: 1, kind: 'main' },
  double_chance: { id: 2, kind: 'main' },
  draw_no_bet: { id: 3, kind: 'main' },
  winner: { id: 4, kind: 'main' },
  total: { id: 5, kind: 'totals' },
  handicap: { id: 6, kind: 'handicaps' },
  team_total: { id: 7, kind: 'teams' },
  btts: { id: 8, kind: 'goals' },
  odd_even: { id: 9, kind: 'goals' },
  correct_score: { id: 10, kind: 'score' },
  next_goal: { id: 11, kind: 'live' },
  fight_end: { id: 12, kind: 'specials' },
  goal_range: { id: 13, kind: 'goals' },
} as const;

export type MarketType = keyof typeof MARKET_TYPES;
export type MarketKind = (typeof MARKET_TYPES)[MarketType]['kind'] | 'periods' | 'corners' | 'cards';

/**
 * Which distribution a market reads: the whole match, regular time only (ice hockey), a period
 * ("p1" = first half, set, quarter, map), a counted statistic, the next scorer, or a fight's end.
 */
export type GridKey = 'match' | 'regular' | `p${number}` | 'corners' | 'cards' | 'games' | 'next' | 'fight';

export interface OutcomeSpec {
  key: string;
  nameKey: string;
  settle: Settle;
  /** The same rule over one projection of the score, for fast pricing of large grids. */
  projected?: ProjectedSettle;
}

export interface MarketSpec {
  key: string;
  typeId: number;
  type: MarketType;
  kind: MarketKind;
  nameKey: string;
  specifiers: Record<string, string>;
  grid: GridKey;
  /** Shown in the line and live lists beside the game. */
  isMain: boolean;
  /** Offered only in play. */
  isLive: boolean;
  outcomes: OutcomeSpec[];
}

interface MarketOptions {
  grid?: GridKey;
  /** Written into the name key and the specifiers (stat: corners, cards, games, sets, maps…). */
  stat?: string;
  period?: number;
  isMain?: boolean;
  isLive?: boolean;
  extra?: Record<string, string>;
}

/** "total|line=2.5|period=1": the type and sorted specifiers, stable across feeds and restarts. */
export function marketKey(type: string, specifiers: Record<string, string>): string {
  const parts = Object.keys(specifiers)
    .sort()
    .map((k) => `${k}=${specifiers[k]}`);
  return [type, ...parts].join('|');
}

function market(type: MarketType, outcomes: OutcomeSpec[], options: MarketOptions): MarketSpec {
  const specifiers: Record<string, string> = { ...options.extra };
  if (options.period) specifiers.period = String(options.period);
  if (options.stat) specifiers.stat = options.stat;
  const grid = options.grid ?? (options.period ? (`p${options.period}` as GridKey) : 'match');
  let kind: MarketKind = MARKET_TYPES[type].kind;
  if (options.stat === 'corners' || options.stat === 'cards') kind = options.stat;
  else if (options.period) kind = 'periods';
  return {
    key: marketKey(type, specifiers),
    typeId: MARKET_TYPES[type].id,
    type,
    kind,
    nameKey: `market.${type}`,
    specifiers,
    grid,
    isMain: options.isMain ?? false,
    isLive: options.isLive ?? false,
    outcomes,
  };
}

const outcome = (key: string, settle: Settle, nameKey = `outcome.${key}`): OutcomeSpec => ({
  key,
  nameKey,
  settle,
});

/** An outcome that only reads one projection: its cell rule is derived from the projected rule. */
function projectedOutcome(key: string, on: Projection, rule: (value: number) => Settlement): OutcomeSpec {
  const value = (h: number, a: number) =>
    on === 'sum' ? h + a : on === 'diff' ? h - a : on === 'home' ? h : a;
  return {
    key,
    nameKey: `outcome.${key}`,
    settle: (h, a) => rule(value(h, a)),
    projected: { on, settle: rule },
  };
}
const byDiff = (key: string, rule: (diff: number) => Settlement) => projectedOutcome(key, 'diff', rule);
const sign = (x: number) => Math.sign(x) as -1 | 0 | 1;

/** 1X2. */
export function resultMarket(options: MarketOptions = {}): MarketSpec {
  return market(
    'result',
    [
      byDiff('home', (d) => (d > 0 ? 1 : -1)),
      byDiff('draw', (d) => (d === 0 ? 1 : -1)),
      byDiff('away', (d) => (d < 0 ? 1 : -1)),
    ],
    options,
  );
}

/** Two-way winner: a tie in the grid is a push, which spreads the draw over both sides. */
export function winnerMarket(options: MarketOptions = {}): MarketSpec {
  return market('winner', [byDiff('home', (d) => sign(d)), byDiff('away', (d) => sign(-d))], options);
}

export function doubleChanceMarket(options: MarketOptions = {}): MarketSpec {
  return market(
    'double_chance',
    [
      outcome('1x', (h, a) => (h >= a ? 1 : -1)),
      outcome('12', (h, a) => (h !== a ? 1 : -1)),
      outcome('x2', (h, a) => (a >= h ? 1 : -1)),
    ],
    options,
  );
}

export function drawNoBetMarket(options: MarketOptions = {}): MarketSpec {
  return market('draw_no_bet', [byDiff('home', (d) => sign(d)), byDiff('away', (d) => sign(-d))], options);
}

/** Over/under a line in quarters (whole lines push, quarter lines split). */
export function totalMarket(lineQ: number, options: MarketOptions = {}): MarketSpec {
  return market(
    'total',
    [
      projectedOutcome('over', 'sum', (total) => settleOver(total, lineQ)),
      projectedOutcome('under', 'sum', (total) => settleUnder(total, lineQ)),
    ],
    { ...options, extra: { ...options.extra, line: formatLine(lineQ) } },
  );
}

/** Handicap: the line is the home side's (home −1.5 = away +1.5). */
export function handicapMarket(lineQ: number, options: MarketOptions = {}): MarketSpec {
  return market(
    'handicap',
    [byDiff('home', (d) => settleExcess(4 * d + lineQ)), byDiff('away', (d) => settleExcess(-4 * d - lineQ))],
    { ...options, extra: { ...options.extra, line: formatLine(lineQ) } },
  );
}

export function teamTotalMarket(
  team: 'home' | 'away',
  lineQ: number,
  options: MarketOptions = {},
): MarketSpec {
  return market(
    'team_total',
    [
      projectedOutcome('over', team, (goals) => settleOver(goals, lineQ)),
      projectedOutcome('under', team, (goals) => settleUnder(goals, lineQ)),
    ],
    { ...options, extra: { ...options.extra, team, line: formatLine(lineQ) } },
  );
}

export function bttsMarket(options: MarketOptions = {}): MarketSpec {
  return market(
    'btts',
    [outcome('yes', (h, a) => (h > 0 && a > 0 ? 1 : -1)), outcome('no', (h, a) => (h > 0 && a > 0 ? -1 : 1))],
    options,
  );
}

export function oddEvenMarket(options: MarketOptions = {}): MarketSpec {
  return market(
    'odd_even',
    [
      projectedOutcome('odd', 'sum', (total) => (total % 2 === 1 ? 1 : -1)),
      projectedOutcome('even', 'sum', (total) => (total % 2 === 0 ? 1 : -1)),
    ],
    options,
  );
}

/** Total goals in bands (0–1, 2–3, 4–5, 6+): a complete market, one band always wins. */
export const GOAL_RANGES: readonly (readonly [key: string, from: number, to: number])[] = [
  ['goals_0_1', 0, 1],
  ['goals_2_3', 2, 3],
  ['goals_4_5', 4, 5],
  ['goals_6_plus', 6, Number.POSITIVE_INFINITY],
];

export function goalRangeMarket(options: MarketOptions = {}): MarketSpec {
  return market(
    'goal_range',
    GOAL_RANGES.map(([key, from, to]) =>
      projectedOutcome(key, 'sum', (total) => (total >= from && total <= to ? 1 : -1)),
    ),
    options,
  );
}

/** Every score up to maxHome:maxAway, plus "any other" so the market is complete. */
export function correctScoreMarket(
  maxHome: number,
  maxAway: number,
  options: MarketOptions = {},
): MarketSpec {
  const listed = (h: number, a: number) => h <= maxHome && a <= maxAway;
  const outcomes: OutcomeSpec[] = [];
  for (let h = 0; h <= maxHome; h += 1) {
    for (let a = 0; a <= maxAway; a += 1) {
      outcomes.push(outcome(`${h}:${a}`, (x, y) => (x === h && y === a ? 1 : -1), 'outcome.score'));
    }
  }
  outcomes.push(outcome('other', (x, y) => (listed(x, y) ? -1 : 1)));
  return market('correct_score', outcomes, options);
}

/** Final sets (or maps) score of a best-of-N: 2:0, 2:1, 1:2, 0:2 for best of 3. */
export function setScoreMarket(bestOf: number, options: MarketOptions = {}): MarketSpec {
  const toWin = Math.ceil(bestOf / 2);
  const outcomes: OutcomeSpec[] = [];
  for (let loser = 0; loser < toWin; loser += 1) {
    outcomes.push(
      outcome(`${toWin}:${loser}`, (h, a) => (h === toWin && a === loser ? 1 : -1), 'outcome.score'),
    );
  }
  for (let loser = toWin - 1; loser >= 0; loser -= 1) {
    outcomes.push(
      outcome(`${loser}:${toWin}`, (h, a) => (a === toWin && h === loser ? 1 : -1), 'outcome.score'),
    );
  }
  return market('correct_score', outcomes, options);
}

/** Which side scores goal number `goal` ("none" if the match ends first); read from the "next" grid. */
export function nextGoalMarket(goal: number): MarketSpec {
  return market(
    'next_goal',
    [
      outcome('home', (h, a) => (h > a ? 1 : -1)),
      outcome('none', (h, a) => (h === a ? 1 : -1)),
      outcome('away', (h, a) => (a > h ? 1 : -1)),
    ],
    { grid: 'next', isLive: true, extra: { goal: String(goal) } },
  );
}

/**
 * How a fight ends, read from the "fight" grid where the winner's cell holds the round it ended in
 * (4 = on points after the last round) and the loser's holds 0.
 */
export function fightEndMarket(rounds: number): MarketSpec {
  const ended = (h: number, a: number) => Math.max(h, a);
  const outcomes = [];
  for (let round = 1; round <= rounds; round += 1) {
    outcomes.push(outcome(`round_${round}`, (h, a) => (ended(h, a) === round ? 1 : -1)));
  }
  outcomes.push(outcome('decision', (h, a) => (ended(h, a) > rounds ? 1 : -1)));
  return market('fight_end', outcomes, { grid: 'fight' });
}
