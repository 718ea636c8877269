/**
 * When each sport plays: a repeating pattern of round windows (matchdays) in the championship's
 * local time, and the kick-off slots inside them. A championship plays one round (every team at
 * most once) per window; its rounds walk through a double round robin, so a season is 2(n-1)
 * windows and restarts cyclically, or (tennis) through a knockout draw of log2(n) rounds, a new
 * draw after each final. Everything here is a pure function of the sport.
 */

const MINUTE = 1;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface RoundWindow {
  /** Start of the window, minutes from the start of the cycle (Monday 00:00 local). */
  at: number;
  /** Length of the window in minutes. */
  span: number;
  /** Kick-offs inside the window: local time of day from..to (inclusive), every `step` minutes. */
  from: number;
  to: number;
  step: number;
  /** Instead of slots: the k-th game of the round starts `spread` minutes after the (k-1)-th. */
  spread?: number;
}

export interface FixturePlan {
  /** Minutes after which the pattern repeats. */
  cycle: number;
  windows: readonly RoundWindow[];
  /** Shifts of the cycle, given to the championships of the sport in turn (staggering them). */
  phases: readonly number[];
  /** Teams (or players) per championship, unless its format says otherwise (names.ts). */
  teams: number;
  /** A knockout draw (tennis) instead of a double round robin: one round of it per window. */
  knockout?: boolean;
}

const at = (h: number, m = 0) => h * HOUR + m;

/** A window of whole days: `days` days from day `day` of the cycle, kick-offs from..to each day. */
function days(day: number, count: number, from: number, to: number, step = 15): RoundWindow {
  return { at: day * DAY, span: count * DAY, from, to, step };
}

/** A window inside a day, games one after another every `spread` minutes. */
function series(startMin: number, span: number, spread: number): RoundWindow {
  return { at: startMin, span, from: 0, to: DAY - 1, step: 1, spread };
}

const WEEK = 7 * DAY;

/**
 * Football: a fortnight of three rounds: Friday-Saturday, Tuesday-Thursday of the next week, then
 * Sunday-Monday. Games i and i+2 of a team are always more than 7 days apart, so no team plays
 * three times in a week; half the leagues run a week behind the others, so every day has football.
 */
const FOOTBALL: FixturePlan = {
  cycle: 2 * WEEK,
  windows: [days(4, 2, at(12), at(22)), days(8, 3, at(15), at(22)), days(13, 2, at(12), at(22))],
  phases: [0, WEEK],
  teams: 14,
};

/** Evening games every two or three days (Tuesday, Thursday, Saturday; half the leagues a day later). */
const EVENINGS: FixturePlan = {
  cycle: WEEK,
  windows: [1, 3, 5].map((d) => days(d, 1, at(17), at(21), 30)),
  phases: [0, DAY],
  teams: 14,
};

/** Twice a week (Wednesday and Saturday, half the leagues a day later). */
const TWICE_A_WEEK: FixturePlan = {
  cycle: WEEK,
  windows: [2, 5].map((d) => days(d, 1, at(15), at(20), 30)),
  phases: [0, DAY],
  teams: 14,
};

const PLANS: Readonly<Record<number, FixturePlan>> = {
  1: FOOTBALL,
  // Tennis: one round of the draw a day per tournament, matches from 10:00 to 20:00 local; the
  // tournaments' draws start on different days, so not every one plays its final the same day.
  2: {
    cycle: DAY,
    windows: [days(0, 1, at(10), at(20), 30)],
    phases: [0, 1, 2, 3, 4].map((d) => d * DAY),
    teams: 16,
    knockout: true,
  },
  3: EVENINGS,
  4: { ...EVENINGS, phases: [DAY, 0] },
  5: TWICE_A_WEEK,
  // Table tennis leagues play around the clock: a round every two hours, a match every 25 minutes.
  6: { cycle: 2 * HOUR, windows: [series(0, 2 * HOUR, 25)], phases: [0, 40, 80], teams: 8 },
  7: { ...TWICE_A_WEEK, windows: [3, 6].map((d) => days(d, 1, at(16), at(20), 30)) },
  // Baseball: a game a day.
  8: { cycle: DAY, windows: [days(0, 1, at(13), at(20), 15)], phases: [0], teams: 14 },
  // American football: one round a week, Thursday to Monday, mostly Sunday afternoon.
  9: { cycle: WEEK, windows: [days(3, 5, at(13), at(20, 30), 15)], phases: [0], teams: 14 },
  // Cricket: twice a week, day games.
  10: { cycle: WEEK, windows: [2, 5].map((d) => days(d, 1, at(10), at(15), 30)), phases: [0], teams: 14 },
  // Fights: a card on Saturday evening.
  11: { cycle: WEEK, windows: [days(5, 1, at(19), at(23, 30), 15)], phases: [0], teams: 16 },
  // eFootball: a round every two hours, a game every quarter of an hour.
  44: { cycle: 2 * HOUR, windows: [series(0, HOUR, 15)], phases: [0, HOUR], teams: 8 },
  // Virtual football: a round every half hour, a game every three minutes.
  60: { cycle: 30 * MINUTE, windows: [series(0, 30 * MINUTE, 3)], phases: [0], teams: 16 },
  // Virtual basketball: a round every hour, a game every five minutes.
  61: { cycle: HOUR, windows: [series(0, 30 * MINUTE, 5)], phases: [0], teams: 12 },
};

/** Esports: series through the day, each team once a day, starting 10:00-22:00 local. */
const ESPORTS: FixturePlan = {
  cycle: DAY,
  windows: [days(0, 1, at(10), at(22), 30)],
  phases: [0],
  teams: 16,
};

export function fixturePlanOf(sportId: number): FixturePlan {
  return PLANS[sportId] ?? ESPORTS;
}

/** Kick-off minutes (from the window's start) a window offers, for windows without `spread`. */
const slotCache = new WeakMap<RoundWindow, number[]>();
export function slotsOf(window: RoundWindow): number[] {
  const kept = slotCache.get(window);
  if (kept) return kept;
  const slots: number[] = [];
  for (let m = 0; m < window.span; m += window.step) {
    const ofDay = (window.at + m) % DAY;
    if (ofDay >= window.from && ofDay <= window.to) slots.push(m);
  }
  slotCache.set(window, slots);
  return slots;
}

/**
 * Pairs of one round of a double round robin over n teams (circle method), as indexes into the
 * season's order of teams: rounds 0..n-2 are the first half, n-1..2n-3 the second with home and
 * away swapped. With an odd n one team rests each round.
 */
export function roundPairs(n: number, round: number): [number, number][] {
  const size = n % 2 === 0 ? n : n + 1;
  const half = size - 1;
  const r = round % half;
  const second = round >= half;
  // Position 0 stays, the others rotate by r.
  const at = (i: number) => (i === 0 ? 0 : ((i - 1 + r) % half) + 1);
  const pairs: [number, number][] = [];
  for (let i = 0; i < size / 2; i += 1) {
    const a = at(i);
    const b = at(size - 1 - i);
    if (a >= n || b >= n) continue;
    // Alternate who is at home so a team does not stay home or away all half.
    const flip = i === 0 ? r % 2 === 1 : i % 2 === 1;
    const pair: [number, number] = flip ? [b, a] : [a, b];
    pairs.push(second ? [pair[1], pair[0]] : pair);
  }
  return pairs;
}

export const roundsPerSeason = (n: number) => 2 * ((n % 2 === 0 ? n : n + 1) - 1);

/** Rounds of a champ's season: a double round robin's 2(n-1), or a knockout draw's log2(n). */
export function roundsPerCycle(plan: FixturePlan, n: number): number {
  return plan.knockout ? knockoutRounds(n) : roundsPerSeason(n);
}

/** Rounds of a knockout draw of n players (a power of two): 32 → 5 (R32, R16, QF, SF, final). */
export function knockoutRounds(n: number): number {
  const rounds = Math.round(Math.log2(n));
  if (n < 2 || 2 ** rounds !== n) throw new Error(`a draw of ${n} players`);
  return rounds;
}

/**
 * The seed placed at each position of a draw of n, seeds 1 and 2 at the two ends so they can only
 * meet in the final, 1-4 only in the semi-finals, and so on: drawPositions(8) = 1 8 4 5 2 7 3 6.
 * Position 2i plays 2i + 1 in the first round.
 */
export function drawPositions(n: number): number[] {
  let order = [1];
  while (order.length < n) {
    const size = order.length * 2;
    order = order.flatMap((s) => [s, size + 1 - s]);
  }
  return order;
}

/** The name of a knockout round by the players still in it: 32 → "r32", 8 → "qf", 2 → "final". */
export function knockoutRoundKey(players: number): string {
  if (players === 2) return 'final';
  if (players === 4) return 'sf';
  if (players === 8) return 'qf';
  return `r${players}`;
}
