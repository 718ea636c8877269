/**
 * Seeded simulation of a game's return, for the RTP tests and bench/rtp: plays `rounds` rounds
 * through the game's own function with a fast generator and tallies the multiplier of each.
 */

import { FairRandom } from './fair/fair-random.ts';
import { SimulationSource } from './fair/fast-source.ts';
import type { Ratio } from './ratio.ts';
import { ReturnTally } from './statistics.ts';

/** One round of a game with fixed decisions, answering the multiplier paid (0 on a loss). */
export type SimulatedRound = (random: FairRandom) => Ratio;

export function simulateReturn(round: SimulatedRound, rounds: number, seed: number): ReturnTally {
  const random = new FairRandom(new SimulationSource(seed));
  const tally = new ReturnTally();
  for (let i = 0; i < rounds; i += 1) {
    const multiplier = round(random);
    tally.add(Number(multiplier.numerator) / Number(multiplier.denominator));
  }
  return tally;
}
