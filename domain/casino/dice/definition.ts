/**
 * Dice: a roll from 0.00 to 99.99 (10,000 equally likely values, kept in hundredths); the player
 * wins rolling under or over a target. The multiplier is RTP × 10,000 / (winning rolls), an exact
 * fraction, so every target returns exactly the stated RTP (house edge 1 %).
 */
import { Ratio } from '../ratio.ts';

export interface DiceDefinition {
  readonly id: 'dice';
  /** Equally likely rolls 0 … rollCount − 1, shown as hundredths (6826 → 68.26). */
  readonly rollCount: number;
  /** Return to player of every bet, exactly. */
  readonly rtp: Ratio;
  /** Fewest and most winning rolls a bet may cover (1.00 % to 98.00 % win chance). */
  readonly minWinningRolls: number;
  readonly maxWinningRolls: number;
}

export const DICE: DiceDefinition = {
  id: 'dice',
  rollCount: 10_000,
  rtp: Ratio.parse('99/100'),
  minWinningRolls: 100,
  maxWinningRolls: 9_800,
};
