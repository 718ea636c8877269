/**
 * European roulette: 37 pockets (0–36), one zero. Every bet covering k numbers pays 36/k times the
 * stake back (35:1 straight … 1:1 even chances), so every bet returns exactly 36/37.
 */
import { Ratio } from '../ratio.ts';

export type RouletteBetKind =
  | 'straight'
  | 'split'
  | 'street'
  | 'corner'
  | 'line'
  | 'dozen'
  | 'column'
  | 'red'
  | 'black'
  | 'even'
  | 'odd'
  | 'low'
  | 'high';

export interface RouletteDefinition {
  readonly id: 'roulette';
  readonly pockets: 37;
  readonly reds: readonly number[];
  /** Paid back per unit staked on a bet covering k numbers is payoutNumerator / k (36 / k). */
  readonly payoutNumerator: 36;
  readonly rtp: Ratio;
}

export const ROULETTE: RouletteDefinition = {
  id: 'roulette',
  pockets: 37,
  reds: [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36],
  payoutNumerator: 36,
  rtp: Ratio.parse('36/37'),
};
