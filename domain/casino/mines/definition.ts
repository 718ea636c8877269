/**
 * Mines: a 5×5 field hides 1–24 mines placed at the start of the round; the player reveals tiles
 * one by one and may cash out after any safe one. After k safe tiles with m mines the chance of
 * having come this far is C(25−m, k) / C(25, k), and the multiplier is RTP divided by it, an exact
 * fraction: every cash-out point returns exactly the stated RTP (house edge 1 %).
 */
import { Ratio } from '../ratio.ts';

export interface MinesDefinition {
  readonly id: 'mines';
  readonly tiles: 25;
  readonly minMines: 1;
  readonly maxMines: 24;
  readonly rtp: Ratio;
}

export const MINES: MinesDefinition = {
  id: 'mines',
  tiles: 25,
  minMines: 1,
  maxMines: 24,
  rtp: Ratio.parse('99/100'),
};
