/** One round of slot-cluster (243 ways, one spin), outcome = f(definition, random). */
import type { Json } from '../engine/in-house-game.ts';
import type { FairRandom } from '../fair/fair-random.ts';
import { Ratio } from '../ratio.ts';
import { drawStops, windowOf } from '../slots/reels.ts';
import { checkWaysStrips, evaluateWays, type WaysWin, waysReturn } from '../slots/ways.ts';
import { SLOT_CLUSTER, type WaysSlotDefinition } from './definition.ts';

export interface WaysRound {
  readonly stops: readonly number[];
  readonly grid: readonly (readonly string[])[];
  readonly wins: readonly WaysWin[];
  /** Multiple of the total bet. */
  readonly multiplier: Ratio;
}

export function playSlotCluster(
  random: FairRandom,
  definition: WaysSlotDefinition = SLOT_CLUSTER,
): WaysRound {
  checkWaysStrips(definition.paytable, definition.strips);
  const stops = drawStops(definition.strips, random);
  const grid = windowOf(definition.strips, stops, definition.rows);
  const wins = evaluateWays(definition.paytable, grid);
  const coins = wins.reduce((sum, win) => sum + win.pay, 0);
  return { stops, grid, wins, multiplier: new Ratio(BigInt(coins), BigInt(definition.paytable.betCoins)) };
}

/** The exact RTP (closed form, slots/ways.ts). */
export function slotClusterRtp(definition: WaysSlotDefinition = SLOT_CLUSTER): Ratio {
  return waysReturn(definition.paytable, definition.strips, definition.rows);
}

/** The highest multiple: at most 243 ways in all (each starts on one of reel 1's 3 positions), each at the best 5-reel pay. */
export function slotClusterMaxMultiplier(definition: WaysSlotDefinition = SLOT_CLUSTER): Ratio {
  const best = Math.max(...Object.values(definition.paytable.pays).flatMap((pays) => Object.values(pays)));
  const ways = definition.rows ** definition.strips.length;
  return new Ratio(BigInt(best * ways), BigInt(definition.paytable.betCoins));
}

/** The round as the player sees it (JSON), the same shape as the line slots' (one spin, no scatter). */
export function slotClusterView(round: WaysRound, betCoins = SLOT_CLUSTER.paytable.betCoins): Json {
  const multiplier = round.multiplier.toString();
  return {
    spins: [
      {
        free: false,
        stops: [...round.stops],
        grid: round.grid.map((column) => [...column]),
        wins: round.wins.map((win) => ({
          symbol: win.symbol,
          count: win.count,
          ways: win.ways,
          positions: win.positions.map(([reel, row]) => [reel, row]),
          multiplier: new Ratio(BigInt(win.pay), BigInt(betCoins)).toString(),
        })),
        scatter: null,
        freeSpinsAwarded: 0,
        multiplier,
      },
    ],
    freeSpinsAwarded: 0,
    multiplier,
  };
}
