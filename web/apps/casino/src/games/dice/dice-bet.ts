/** The dice bet the screen builds: direction and target in hundredths, as DICE_GAME's params. */
import { DICE } from '@parlay/domain/casino/dice/definition.ts';
import { diceMultiplier } from '@parlay/domain/casino/dice/dice.ts';
import { payoutMinor } from '@parlay/domain/casino/payout.ts';
import type { Ratio } from '@parlay/domain/casino/ratio.ts';

export type DiceDirection = 'under' | 'over';

export interface DiceBet {
  readonly direction: DiceDirection;
  /** Hundredths, 0–9999 (50.00 is 5000). */
  readonly target: number;
}

/** The lowest and highest target a direction allows (1 % to 98 % win chance). */
export function targetRange(direction: DiceDirection): { readonly min: number; readonly max: number } {
  const last = DICE.rollCount - 1;
  return direction === 'under'
    ? { min: DICE.minWinningRolls, max: DICE.maxWinningRolls }
    : { min: last - DICE.maxWinningRolls, max: last - DICE.minWinningRolls };
}

/** The target moved inside the direction's range (after a switch of direction or a typed value). */
export function clampTarget(direction: DiceDirection, target: number): number {
  const { min, max } = targetRange(direction);
  const whole = Number.isFinite(target) ? Math.round(target) : 5000;
  return Math.min(max, Math.max(min, whole));
}

/** Params for props.play: `{ direction, target }`. */
export function diceParams(bet: DiceBet): { direction: DiceDirection; target: number } {
  return { direction: bet.direction, target: clampTarget(bet.direction, bet.target) };
}

/** Winning rolls of 10,000 in hundredths of a percent (4950 → 49.50 %). */
export function winChanceCenti(bet: DiceBet): number {
  const target = clampTarget(bet.direction, bet.target);
  return bet.direction === 'under' ? target : DICE.rollCount - 1 - target;
}

export function multiplierOf(bet: DiceBet): Ratio {
  return diceMultiplier(DICE, diceParams(bet));
}

/** What the stake pays back on a win. */
export function possibleWin(bet: DiceBet, stakeMinor: bigint): bigint {
  return payoutMinor(stakeMinor, multiplierOf(bet));
}
