/**
 * A mines round: the field is drawn first from the round's random stream (so it is fixed before
 * any decision), then the player's reveals are judged against it one by one; outcome =
 * f(definition, random, mine count, reveals, cash-out).
 */
import type { FairRandom } from '../fair/fair-random.ts';
import { GameRuleError } from '../game-rule-error.ts';
import { choose, Ratio } from '../ratio.ts';
import type { MinesDefinition } from './definition.ts';

export interface MinesRound {
  readonly mines: number;
  /** The mined tiles (0–24, row by row), in the order drawn. */
  readonly mineTiles: readonly number[];
  /** The tiles revealed so far, all safe unless `busted`. */
  readonly revealed: readonly number[];
  readonly busted: boolean;
}

function checkMines(definition: MinesDefinition, mines: number): void {
  if (!Number.isInteger(mines) || mines < definition.minMines || mines > definition.maxMines) {
    throw new GameRuleError('mines', 'mine count out of range');
  }
}

/** Starts a round: places the mines. */
export function startMines(definition: MinesDefinition, random: FairRandom, mines: number): MinesRound {
  checkMines(definition, mines);
  return { mines, mineTiles: random.drawDistinct(mines, definition.tiles), revealed: [], busted: false };
}

/** Reveals one tile; a mine ends the round. */
export function revealTile(definition: MinesDefinition, round: MinesRound, tile: number): MinesRound {
  if (round.busted) throw new GameRuleError('mines', 'round is over');
  if (round.revealed.length === definition.tiles - round.mines)
    throw new GameRuleError('mines', 'no safe tile left');
  if (!Number.isInteger(tile) || tile < 0 || tile >= definition.tiles)
    throw new GameRuleError('mines', 'no such tile');
  if (round.revealed.includes(tile)) throw new GameRuleError('mines', 'tile already revealed');
  return { ...round, revealed: [...round.revealed, tile], busted: round.mineTiles.includes(tile) };
}

/** The multiplier for cashing out after `safe` safe tiles: RTP · C(25, k) / C(25 − m, k). */
export function minesMultiplier(definition: MinesDefinition, mines: number, safe: number): Ratio {
  checkMines(definition, mines);
  if (!Number.isInteger(safe) || safe < 1 || safe > definition.tiles - mines) {
    throw new GameRuleError('mines', 'cash out after 1 to all safe tiles');
  }
  return definition.rtp.times(
    new Ratio(choose(definition.tiles, safe), choose(definition.tiles - mines, safe)),
  );
}

/** What the round pays if the player cashes out now. */
export function cashOutMines(definition: MinesDefinition, round: MinesRound): Ratio {
  if (round.busted) throw new GameRuleError('mines', 'round is over');
  return minesMultiplier(definition, round.mines, round.revealed.length);
}

/** A whole round for fixed decisions: reveal `tiles` in order, cash out if none was a mine. */
export function playMines(
  definition: MinesDefinition,
  random: FairRandom,
  mines: number,
  tiles: readonly number[],
): { round: MinesRound; multiplier: Ratio } {
  let round = startMines(definition, random, mines);
  for (const tile of tiles) {
    round = revealTile(definition, round, tile);
    if (round.busted) return { round, multiplier: Ratio.ZERO };
  }
  return { round, multiplier: cashOutMines(definition, round) };
}

/** The exact RTP of cashing out after k safe tiles: P(k safe) × multiplier. */
export function minesRtp(definition: MinesDefinition, mines: number, safe: number): Ratio {
  const chance = new Ratio(choose(definition.tiles - mines, safe), choose(definition.tiles, safe));
  return chance.times(minesMultiplier(definition, mines, safe));
}
