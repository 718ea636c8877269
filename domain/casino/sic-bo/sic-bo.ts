/** One sic bo roll: outcome = f(definition, random, bets). Three draws of int(6), die 1 first. */
import type { FairRandom } from '../fair/fair-random.ts';
import { GameRuleError } from '../game-rule-error.ts';
import { Ratio } from '../ratio.ts';
import type { SicBoBetKind, SicBoDefinition } from './definition.ts';

/** A bet: small, big and any-triple take no number; total 4–17, single 1–6, triple 1–6. */
export interface SicBoBet {
  readonly kind: SicBoBetKind;
  readonly number?: number;
}

export type SicBoDice = readonly [number, number, number];

const NUMBER_RANGE: Readonly<Record<SicBoBetKind, readonly [number, number] | null>> = {
  small: null,
  big: null,
  'any-triple': null,
  total: [4, 17],
  single: [1, 6],
  triple: [1, 6],
};

/** The bet with its number checked (and dropped for kinds without one); throws GameRuleError. */
export function placeSicBoBet(bet: SicBoBet): SicBoBet {
  const range = NUMBER_RANGE[bet.kind];
  if (range === undefined) throw new GameRuleError('sic-bo', 'unknown bet kind');
  if (range === null) {
    if (bet.number !== undefined) throw new GameRuleError('sic-bo', `${bet.kind} takes no number`);
    return { kind: bet.kind };
  }
  const n = bet.number;
  if (n === undefined || !Number.isInteger(n) || n < range[0] || n > range[1]) {
    throw new GameRuleError('sic-bo', `${bet.kind} needs a number from ${range[0]} to ${range[1]}`);
  }
  return { kind: bet.kind, number: n };
}

/** "To one" odds the bet is paid at on these dice, or null when it loses. */
export function sicBoOdds(definition: SicBoDefinition, bet: SicBoBet, dice: SicBoDice): number | null {
  const total = dice[0] + dice[1] + dice[2];
  const triple = dice[0] === dice[1] && dice[1] === dice[2];
  switch (bet.kind) {
    case 'small':
      return !triple && total <= 10 ? definition.smallBigOdds : null;
    case 'big':
      return !triple && total >= 11 ? definition.smallBigOdds : null;
    case 'total':
      return total === bet.number ? (definition.totalOdds[total] ?? null) : null;
    case 'single': {
      const matches = dice.filter((die) => die === bet.number).length;
      return matches === 0 ? null : definition.singleOdds[matches as 1 | 2 | 3];
    }
    case 'any-triple':
      return triple ? definition.anyTripleOdds : null;
    case 'triple':
      return triple && dice[0] === bet.number ? definition.tripleOdds : null;
  }
}

/** Paid back per unit staked on these dice, stake included (0 on a loss). */
export function sicBoReturn(definition: SicBoDefinition, bet: SicBoBet, dice: SicBoDice): Ratio {
  const odds = sicBoOdds(definition, bet, dice);
  return odds === null ? Ratio.ZERO : new Ratio(BigInt(odds + 1));
}

/** The most a bet can pay back per unit staked (its best odds + 1). */
export function sicBoMaxMultiplier(definition: SicBoDefinition, bet: SicBoBet): Ratio {
  const placed = placeSicBoBet(bet);
  switch (placed.kind) {
    case 'small':
    case 'big':
      return new Ratio(BigInt(definition.smallBigOdds + 1));
    case 'total':
      return new Ratio(BigInt((definition.totalOdds[placed.number!] ?? 0) + 1));
    case 'single':
      return new Ratio(BigInt(Math.max(...definition.singleOdds) + 1));
    case 'any-triple':
      return new Ratio(BigInt(definition.anyTripleOdds + 1));
    case 'triple':
      return new Ratio(BigInt(definition.tripleOdds + 1));
  }
}

export interface SicBoOutcome {
  readonly dice: SicBoDice;
  /** Per bet, in the order given: paid back per unit staked (0 for a losing bet). */
  readonly multipliers: readonly Ratio[];
}

/** Rolls the three dice (int(6) + 1 each, in order) and settles every bet. */
export function rollSicBo(
  definition: SicBoDefinition,
  random: FairRandom,
  bets: readonly SicBoBet[],
): SicBoOutcome {
  if (bets.length === 0) throw new GameRuleError('sic-bo', 'no bets');
  const placed = bets.map(placeSicBoBet);
  const dice: SicBoDice = [
    random.int(definition.faces) + 1,
    random.int(definition.faces) + 1,
    random.int(definition.faces) + 1,
  ];
  return { dice, multipliers: placed.map((bet) => sicBoReturn(definition, bet, dice)) };
}

/** Every ordered roll of three dice (216), for the exact RTP. */
export function allSicBoRolls(definition: SicBoDefinition): SicBoDice[] {
  const rolls: SicBoDice[] = [];
  for (let a = 1; a <= definition.faces; a += 1)
    for (let b = 1; b <= definition.faces; b += 1)
      for (let c = 1; c <= definition.faces; c += 1) rolls.push([a, b, c]);
  return rolls;
}

/** The exact RTP of a bet: the mean of its return over the 216 equally likely rolls. */
export function sicBoRtp(definition: SicBoDefinition, bet: SicBoBet): Ratio {
  const placed = placeSicBoBet(bet);
  const rolls = allSicBoRolls(definition);
  let sum = 0n;
  for (const dice of rolls) sum += sicBoReturn(definition, placed, dice).numerator;
  return new Ratio(sum, BigInt(rolls.length));
}

/** Every bet of the board, for the tests, the bench and the UI. */
export function allSicBoBets(): SicBoBet[] {
  const bets: SicBoBet[] = [{ kind: 'small' }, { kind: 'big' }, { kind: 'any-triple' }];
  for (let n = 4; n <= 17; n += 1) bets.push({ kind: 'total', number: n });
  for (let n = 1; n <= 6; n += 1) bets.push({ kind: 'single', number: n }, { kind: 'triple', number: n });
  return bets;
}
