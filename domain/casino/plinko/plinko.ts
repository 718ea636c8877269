/** One plinko drop: outcome = f(definition, random, rows, risk). */
import type { FairRandom } from '../fair/fair-random.ts';
import { GameRuleError } from '../game-rule-error.ts';
import { choose, milli, Ratio } from '../ratio.ts';
import type { PlinkoDefinition, PlinkoRisk, PlinkoTable } from './definition.ts';

export interface PlinkoOutcome {
  /** Per row, 0 for left and 1 for right (one draw of [0, 2) each). */
  readonly path: readonly number[];
  /** The slot, 0 (far left) … rows: the number of rights. */
  readonly slot: number;
  readonly multiplier: Ratio;
}

/** The table for a board; throws GameRuleError for rows or a risk level the game does not have. */
export function plinkoTable(definition: PlinkoDefinition, rows: number, risk: PlinkoRisk): PlinkoTable {
  const table = definition.tables[risk]?.[rows];
  if (!table) throw new GameRuleError('plinko', 'no such board');
  return table;
}

export function dropPlinko(
  definition: PlinkoDefinition,
  random: FairRandom,
  rows: number,
  risk: PlinkoRisk,
): PlinkoOutcome {
  const table = plinkoTable(definition, rows, risk);
  const path: number[] = [];
  let slot = 0;
  for (let row = 0; row < rows; row += 1) {
    const step = random.int(2);
    path.push(step);
    slot += step;
  }
  return { path, slot, multiplier: milli(table.multipliersMilli[slot]!) };
}

/** The exact RTP of a board by the binomial sum. */
export function plinkoRtp(definition: PlinkoDefinition, rows: number, risk: PlinkoRisk): Ratio {
  const table = plinkoTable(definition, rows, risk);
  let rtp = Ratio.ZERO;
  for (let slot = 0; slot <= rows; slot += 1) {
    const chance = new Ratio(choose(rows, slot), 1n << BigInt(rows));
    rtp = rtp.plus(chance.times(milli(table.multipliersMilli[slot]!)));
  }
  return rtp;
}
