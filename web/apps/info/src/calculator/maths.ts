/**
 * The betting calculator's maths: every bet type the page offers, computed with the coupon maths of
 * @parlay/domain/coupon (the same settlement functions the bet slip's possible win and the server's
 * settlement use), in integer minor units and thousandths of odds. Pure.
 *
 * - single, express: settleSingleMinor / settleExpressMinor with the stake;
 * - system k of n with bankers: settleSystemMinor, the stake split equally between combinations
 *   (as on the bet slip);
 * - full cover (trixie … goliath): every combination of the listed sizes, each a bet of the unit
 *   stake (the usual convention of those bets), singles for patent and the lucky bets;
 * - each-way: every bet is doubled — the win part at the odds, the place part at
 *   1 + (odds − 1) × the place fraction (floored to the thousandth), won by a winner or a placed one.
 */
import {
  binomial,
  combinations,
  type SettledLeg,
  settleExpressMinor,
  settleSingleMinor,
  settleSystemMinor,
  systemValueRange,
} from '@parlay/domain/coupon/index.ts';
import { MAX_ODDS_MILLI, MIN_ODDS_MILLI } from '@parlay/domain/odds/formats.ts';

export type CalcResult = 'win' | 'lose' | 'void' | 'place';

export interface CalcLeg {
  oddsMilli: number;
  result: CalcResult;
  isBanker?: boolean;
}

export const FULL_COVER = {
  trixie: { legs: 3, sizes: [2, 3] },
  patent: { legs: 3, sizes: [1, 2, 3] },
  yankee: { legs: 4, sizes: [2, 3, 4] },
  lucky15: { legs: 4, sizes: [1, 2, 3, 4] },
  'super-yankee': { legs: 5, sizes: [2, 3, 4, 5] },
  lucky31: { legs: 5, sizes: [1, 2, 3, 4, 5] },
  heinz: { legs: 6, sizes: [2, 3, 4, 5, 6] },
  lucky63: { legs: 6, sizes: [1, 2, 3, 4, 5, 6] },
  'super-heinz': { legs: 7, sizes: [2, 3, 4, 5, 6, 7] },
  goliath: { legs: 8, sizes: [2, 3, 4, 5, 6, 7, 8] },
} as const;
export type FullCoverName = keyof typeof FULL_COVER;
export const FULL_COVER_NAMES = Object.keys(FULL_COVER) as FullCoverName[];

export type BetType =
  | { kind: 'single' }
  | { kind: 'express' }
  | { kind: 'system'; value: number }
  | { kind: 'full-cover'; name: FullCoverName };

export interface CalcInput {
  bet: BetType;
  legs: readonly CalcLeg[];
  /** Single, express and system: the whole stake; full cover: the stake of each bet (unit stake). */
  stakeMinor: bigint;
  /** Each-way with the place fraction (e.g. 1/4); null for a win-only bet. */
  eachWay: { numerator: number; denominator: number } | null;
}

export interface CalcOutput {
  /** Bets in the coupon (each-way doubles them). */
  bets: number;
  totalStakeMinor: bigint;
  returnMinor: bigint;
  profitMinor: bigint;
}

export class CalculatorError extends Error {}

/** Legs counted by a bet type, e.g. 3 for a trixie; null when any number within its bounds fits. */
export function legsOf(bet: BetType): number | null {
  return bet.kind === 'full-cover' ? FULL_COVER[bet.name].legs : null;
}

/** Number of bets of a bet type (without each-way). @example betCount({kind:'full-cover', name:'yankee'}, 4) === 11 */
export function betCount(bet: BetType, legs: readonly Pick<CalcLeg, 'isBanker'>[]): number {
  switch (bet.kind) {
    case 'single':
    case 'express':
      return 1;
    case 'system': {
      const bankers = legs.filter((l) => l.isBanker).length;
      return Number(binomial(legs.length - bankers, bet.value - bankers));
    }
    case 'full-cover':
      return FULL_COVER[bet.name].sizes.reduce((sum, k) => sum + Number(binomial(legs.length, k)), 0);
  }
}

/** The place odds of an each-way bet: 1 + (odds − 1) × fraction, floored, at least the lowest price. */
export function placeOddsMilli(
  oddsMilli: number,
  fraction: { numerator: number; denominator: number },
): number {
  const profit = Math.floor(((oddsMilli - 1000) * fraction.numerator) / fraction.denominator);
  return Math.min(MAX_ODDS_MILLI, Math.max(MIN_ODDS_MILLI, 1000 + profit));
}

function winLeg(leg: CalcLeg): SettledLeg & { isBanker?: boolean } {
  const result = leg.result === 'place' ? 'lose' : leg.result;
  return { oddsMilli: leg.oddsMilli, result, ...(leg.isBanker ? { isBanker: true } : {}) };
}

function placeLeg(leg: CalcLeg, fraction: { numerator: number; denominator: number }) {
  const result = leg.result === 'place' ? 'win' : leg.result;
  return {
    oddsMilli: placeOddsMilli(leg.oddsMilli, fraction),
    result,
    ...(leg.isBanker ? { isBanker: true } : {}),
  } as SettledLeg & { isBanker?: boolean };
}

function settleOne(
  bet: BetType,
  legs: readonly (SettledLeg & { isBanker?: boolean })[],
  stakeMinor: bigint,
): bigint {
  switch (bet.kind) {
    case 'single':
      return settleSingleMinor(stakeMinor, legs[0] as SettledLeg);
    case 'express':
      return settleExpressMinor(stakeMinor, legs);
    case 'system':
      return settleSystemMinor(stakeMinor, legs, bet.value);
    case 'full-cover': {
      let total = 0n;
      for (const size of FULL_COVER[bet.name].sizes) {
        for (const combination of combinations(legs.length, size)) {
          const chosen = combination.map((i) => legs[i] as SettledLeg);
          total +=
            size === 1
              ? settleSingleMinor(stakeMinor, chosen[0] as SettledLeg)
              : settleExpressMinor(stakeMinor, chosen);
        }
      }
      return total;
    }
  }
}

/** Checks the shape of an input: leg count for the bet type, odds bounds, system value, stake. */
export function validate(input: CalcInput): void {
  const { bet, legs } = input;
  if (input.stakeMinor <= 0n) throw new CalculatorError('stake');
  for (const leg of legs) {
    if (
      !Number.isSafeInteger(leg.oddsMilli) ||
      leg.oddsMilli < MIN_ODDS_MILLI ||
      leg.oddsMilli > MAX_ODDS_MILLI
    ) {
      throw new CalculatorError('odds');
    }
    if (leg.result === 'place' && !input.eachWay) throw new CalculatorError('place');
  }
  if (bet.kind === 'single' && legs.length !== 1) throw new CalculatorError('legs');
  if (bet.kind === 'express' && legs.length < 2) throw new CalculatorError('legs');
  if (bet.kind === 'full-cover' && legs.length !== FULL_COVER[bet.name].legs)
    throw new CalculatorError('legs');
  if (bet.kind === 'system') {
    const bankers = legs.filter((l) => l.isBanker).length;
    const range = legs.length >= 3 ? systemValueRange(legs.length, bankers) : null;
    if (!range || bet.value < range.min || bet.value > range.max) throw new CalculatorError('system');
  }
  if (input.eachWay) {
    const { numerator, denominator } = input.eachWay;
    if (
      !(
        Number.isInteger(numerator) &&
        Number.isInteger(denominator) &&
        numerator > 0 &&
        denominator >= numerator
      )
    ) {
      throw new CalculatorError('fraction');
    }
  }
}

/** What a bet returns for the given results. Throws CalculatorError for an input the bet type cannot take. */
export function calculate(input: CalcInput): CalcOutput {
  validate(input);
  const { bet, legs, stakeMinor, eachWay } = input;
  const count = betCount(bet, legs);
  // A system's stake is split between its combinations; the other types stake per bet.
  const stakePerPart = bet.kind === 'full-cover' ? stakeMinor * BigInt(count) : stakeMinor;
  let returnMinor = settleOne(bet, legs.map(winLeg), stakeMinor);
  let totalStakeMinor = stakePerPart;
  if (eachWay) {
    returnMinor += settleOne(
      bet,
      legs.map((leg) => placeLeg(leg, eachWay)),
      stakeMinor,
    );
    totalStakeMinor *= 2n;
  }
  return {
    bets: eachWay ? count * 2 : count,
    totalStakeMinor,
    returnMinor,
    profitMinor: returnMinor - totalStakeMinor,
  };
}

/**
 * Odds typed in any of the three formats, as thousandths of the decimal price, rounded half up:
 * "2.5" / "2,50" (decimal), "6/4" (fractional), "+150" / "-200" (American). null when not odds.
 * @example parseOdds('6/4') === 2500; parseOdds('-200') === 1500; parseOdds('+150') === 2500
 */
export function parseOdds(text: string): number | null {
  const s = text.trim().replace(/\s+/g, '').replace('−', '-');
  let milli: number | null = null;
  const fraction = /^(\d{1,6})\/(\d{1,6})$/.exec(s);
  const american = /^([+-])(\d{3,6})$/.exec(s);
  const decimal = /^(\d{1,5})(?:[.,](\d{1,6}))?$/.exec(s);
  if (fraction) {
    const num = Number(fraction[1]);
    const den = Number(fraction[2]);
    if (den === 0) return null;
    milli = 1000 + Math.round((num * 1000) / den);
  } else if (american) {
    const value = Number(american[2]);
    if (value < 100) return null;
    milli = american[1] === '+' ? 1000 + value * 10 : 1000 + Math.round(100_000 / value);
  } else if (decimal) {
    const whole = Number(decimal[1]);
    const frac = (decimal[2] ?? '').padEnd(4, '0');
    milli = whole * 1000 + Math.round(Number(frac.slice(0, 4)) / 10);
  }
  if (milli === null || milli < MIN_ODDS_MILLI || milli > MAX_ODDS_MILLI) return null;
  return milli;
}
