/** One roulette spin: outcome = f(definition, random, bets). */
import type { FairRandom } from '../fair/fair-random.ts';
import { GameRuleError } from '../game-rule-error.ts';
import { Ratio } from '../ratio.ts';
import type { RouletteBetKind, RouletteDefinition } from './definition.ts';
import { rouletteLayout } from './layout.ts';

/** A bet: its kind and the numbers it covers (outside bets may leave `numbers` out). */
export interface RouletteBet {
  readonly kind: RouletteBetKind;
  readonly numbers?: readonly number[];
}

/** A bet checked against the layout, with the numbers it covers. */
export interface PlacedRouletteBet {
  readonly kind: RouletteBetKind;
  readonly numbers: readonly number[];
}

export interface RouletteOutcome {
  readonly pocket: number;
  /** Per bet, in the order given: paid back per unit staked (0 for a losing bet). */
  readonly multipliers: readonly Ratio[];
}

const layouts = new WeakMap<RouletteDefinition, ReadonlyMap<RouletteBetKind, readonly number[][]>>();

function layoutOf(definition: RouletteDefinition): ReadonlyMap<RouletteBetKind, readonly number[][]> {
  let layout = layouts.get(definition);
  if (!layout) {
    layout = rouletteLayout(definition);
    layouts.set(definition, layout);
  }
  return layout;
}

/** The bet as it lies on the table; throws GameRuleError when no such bet exists. */
export function placeRouletteBet(definition: RouletteDefinition, bet: RouletteBet): PlacedRouletteBet {
  const candidates = layoutOf(definition).get(bet.kind);
  if (!candidates) throw new GameRuleError('roulette', 'unknown bet kind');
  if (bet.numbers === undefined) {
    if (candidates.length !== 1) throw new GameRuleError('roulette', 'bet needs its numbers');
    return { kind: bet.kind, numbers: candidates[0]! };
  }
  const wanted = [...bet.numbers].sort((a, b) => a - b).join(',');
  const numbers = candidates.find((set) => set.join(',') === wanted);
  if (!numbers) throw new GameRuleError('roulette', 'numbers do not form this bet');
  return { kind: bet.kind, numbers };
}

/** Paid back per unit staked when the bet wins: 36 / numbers covered. */
export function rouletteMultiplier(definition: RouletteDefinition, bet: PlacedRouletteBet): Ratio {
  return new Ratio(BigInt(definition.payoutNumerator), BigInt(bet.numbers.length));
}

/** The multiplier a placed bet earns when the ball lands in `pocket`. */
export function rouletteReturn(
  definition: RouletteDefinition,
  bet: PlacedRouletteBet,
  pocket: number,
): Ratio {
  return bet.numbers.includes(pocket) ? rouletteMultiplier(definition, bet) : Ratio.ZERO;
}

export function spinRoulette(
  definition: RouletteDefinition,
  random: FairRandom,
  bets: readonly RouletteBet[],
): RouletteOutcome {
  if (bets.length === 0) throw new GameRuleError('roulette', 'no bets');
  const placed = bets.map((bet) => placeRouletteBet(definition, bet));
  const pocket = random.int(definition.pockets);
  return { pocket, multipliers: placed.map((bet) => rouletteReturn(definition, bet, pocket)) };
}

/** The exact RTP of a bet in closed form: numbers / pockets × 36 / numbers. */
export function rouletteRtp(definition: RouletteDefinition, bet: PlacedRouletteBet): Ratio {
  return new Ratio(BigInt(bet.numbers.length), BigInt(definition.pockets)).times(
    rouletteMultiplier(definition, bet),
  );
}
