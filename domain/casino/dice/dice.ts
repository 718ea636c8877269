/** One dice round: outcome = f(definition, random, bet). */
import type { FairRandom } from '../fair/fair-random.ts';
import { GameRuleError } from '../game-rule-error.ts';
import { Ratio } from '../ratio.ts';
import type { DiceDefinition } from './definition.ts';

/** Under t wins on rolls 0 … t − 1; over t wins on rolls t + 1 … 9999 (targets in hundredths). */
export interface DiceBet {
  readonly direction: 'under' | 'over';
  readonly target: number;
}

export interface DiceOutcome {
  /** The roll in hundredths (6826 is 68.26). */
  readonly roll: number;
  readonly win: boolean;
  /** Paid back per unit staked, stake included; zero on a loss. */
  readonly multiplier: Ratio;
}

/** How many of the rolls win the bet; throws GameRuleError for a bet outside the definition. */
export function winningRolls(definition: DiceDefinition, bet: DiceBet): number {
  if (!Number.isInteger(bet.target) || bet.target < 0 || bet.target >= definition.rollCount) {
    throw new GameRuleError('dice', 'target out of range');
  }
  const count = bet.direction === 'under' ? bet.target : definition.rollCount - 1 - bet.target;
  if (count < definition.minWinningRolls || count > definition.maxWinningRolls) {
    throw new GameRuleError('dice', 'win chance out of range');
  }
  return count;
}

/** The multiplier a winning bet pays: RTP × rolls / winning rolls. */
export function diceMultiplier(definition: DiceDefinition, bet: DiceBet): Ratio {
  return definition.rtp.times(new Ratio(BigInt(definition.rollCount), BigInt(winningRolls(definition, bet))));
}

/** Whether `roll` wins `bet`. */
export function diceWins(bet: DiceBet, roll: number): boolean {
  return bet.direction === 'under' ? roll < bet.target : roll > bet.target;
}

export function playDice(definition: DiceDefinition, random: FairRandom, bet: DiceBet): DiceOutcome {
  const multiplier = diceMultiplier(definition, bet);
  const roll = random.int(definition.rollCount);
  const win = diceWins(bet, roll);
  return { roll, win, multiplier: win ? multiplier : Ratio.ZERO };
}

/** The exact RTP of a bet in closed form: P(win) × multiplier. */
export function diceRtp(definition: DiceDefinition, bet: DiceBet): Ratio {
  const chance = new Ratio(BigInt(winningRolls(definition, bet)), BigInt(definition.rollCount));
  return chance.times(diceMultiplier(definition, bet));
}
