/**
 * A payline slot (slot-classic, slot-fruits): reels, fixed lines, a paytable in line bets, and
 * optionally a scatter that pays in total bets and awards free spins. The stake is the total bet,
 * spread evenly over the lines, so a result is a multiple of the total bet:
 * (Σ line pays) / lines + scatter pay, times the free-spin multiplier during free spins.
 *
 * A round is the base spin and, when it awards them, every free spin, all in one call drawing from
 * the same stream: each spin draws its stops reel by reel (FairRandom.int(stripLength)). Free spins
 * won during free spins are added, the total awarded never above the cap.
 */
import type { Json } from '../engine/in-house-game.ts';
import type { FairRandom } from '../fair/fair-random.ts';
import { Ratio } from '../ratio.ts';
import { expectedFreeSpins } from './free-spins.ts';
import { evaluateLine, type LinePaytable, lineReturn } from './paylines.ts';
import { drawStops, stopCombinations, windowOf } from './reels.ts';
import { byCount, scatterCountDistribution } from './scatter.ts';

export interface ScatterFeature {
  readonly symbol: string;
  /** Pays in total bets by the least number of scatters anywhere in the window. */
  readonly pays: Readonly<Record<number, number>>;
  /** Free spins awarded by the least number of scatters (in the base game and in free spins). */
  readonly freeSpins: Readonly<Record<number, number>>;
  /** Every win during free spins is multiplied by this. */
  readonly freeSpinMultiplier: number;
  /** The most free spins one round may award in total (retriggers stop adding at the cap). */
  readonly freeSpinCap: number;
}

export interface LineSlotDefinition {
  readonly id: string;
  readonly rows: number;
  /** One strip per reel, read top to bottom from the stop. */
  readonly strips: readonly (readonly string[])[];
  /** Each line: the row it takes on each reel. */
  readonly lines: readonly (readonly number[])[];
  readonly paytable: LinePaytable;
  readonly scatter?: ScatterFeature;
  /** The exact RTP this definition works out to, as fraction text (checked by the tests). */
  readonly rtp: string;
}

export interface LineWinView {
  /** Index of the line in the definition. */
  readonly line: number;
  readonly symbol: string;
  readonly count: number;
  /** [reel, row] of each symbol of the run. */
  readonly positions: readonly (readonly [number, number])[];
  /** This win as a multiple of the total bet (free-spin multiplier included). */
  readonly multiplier: Ratio;
}

export interface ScatterWinView {
  readonly symbol: string;
  readonly count: number;
  readonly positions: readonly (readonly [number, number])[];
  readonly multiplier: Ratio;
  readonly freeSpins: number;
}

export interface SpinResult {
  readonly free: boolean;
  readonly stops: readonly number[];
  readonly grid: readonly (readonly string[])[];
  readonly lineWins: readonly LineWinView[];
  readonly scatter: ScatterWinView | null;
  /** Free spins this spin awarded (after the cap). */
  readonly freeSpinsAwarded: number;
  /** The spin's total as a multiple of the total bet. */
  readonly multiplier: Ratio;
}

export interface LineSlotRound {
  readonly spins: readonly SpinResult[];
  readonly freeSpinsAwarded: number;
  /** The round's total as a multiple of the total bet. */
  readonly multiplier: Ratio;
}

/** One spin (base or free): `room` is how many more free spins the cap still allows. */
export function spinOnce(
  definition: LineSlotDefinition,
  random: FairRandom,
  free: boolean,
  room: number,
): SpinResult {
  const stops = drawStops(definition.strips, random);
  const grid = windowOf(definition.strips, stops, definition.rows);
  const lineCount = BigInt(definition.lines.length);
  const factor = free ? (definition.scatter?.freeSpinMultiplier ?? 1) : 1;
  const lineWins: LineWinView[] = [];
  let units = 0; // in line bets, before the free-spin multiplier
  const symbols: string[] = [];
  for (let line = 0; line < definition.lines.length; line += 1) {
    const rows = definition.lines[line]!;
    for (let reel = 0; reel < rows.length; reel += 1) symbols[reel] = grid[reel]![rows[reel]!]!;
    const win = evaluateLine(definition.paytable, symbols);
    if (!win) continue;
    units += win.pay;
    lineWins.push({
      line,
      symbol: win.symbol,
      count: win.count,
      positions: rows.slice(0, win.count).map((row, reel) => [reel, row] as const),
      multiplier: new Ratio(BigInt(win.pay * factor), lineCount),
    });
  }
  let scatter: ScatterWinView | null = null;
  let awarded = 0;
  const feature = definition.scatter;
  if (feature) {
    const positions: [number, number][] = [];
    grid.forEach((column, reel) => {
      column.forEach((symbol, row) => {
        if (symbol === feature.symbol) positions.push([reel, row]);
      });
    });
    const pay = byCount(feature.pays, positions.length);
    awarded = Math.min(byCount(feature.freeSpins, positions.length), room);
    units += pay * definition.lines.length;
    if (pay > 0 || awarded > 0) {
      scatter = {
        symbol: feature.symbol,
        count: positions.length,
        positions,
        multiplier: new Ratio(BigInt(pay * factor)),
        freeSpins: awarded,
      };
    }
  }
  return {
    free,
    stops,
    grid,
    lineWins,
    scatter,
    freeSpinsAwarded: awarded,
    multiplier: new Ratio(BigInt(units * factor), lineCount),
  };
}

/** One round: the base spin and every free spin it leads to. */
export function spinLineSlot(definition: LineSlotDefinition, random: FairRandom): LineSlotRound {
  const cap = definition.scatter?.freeSpinCap ?? 0;
  const base = spinOnce(definition, random, false, cap);
  const spins = [base];
  let awarded = base.freeSpinsAwarded;
  let multiplier = base.multiplier;
  for (let played = 0; played < awarded; played += 1) {
    const spin = spinOnce(definition, random, true, cap - awarded);
    awarded += spin.freeSpinsAwarded;
    multiplier = multiplier.plus(spin.multiplier);
    spins.push(spin);
  }
  return { spins, freeSpinsAwarded: awarded, multiplier };
}

/** The parts of the exact RTP (each a multiple of the total bet), for the tests and the README. */
export interface LineSlotReturn {
  /** Expected line pays of one spin. */
  readonly lines: Ratio;
  /** Expected scatter pay of one spin. */
  readonly scatter: Ratio;
  /** Chance the base spin awards free spins. */
  readonly featureChance: Ratio;
  /** Expected free spins played per round (all rounds). */
  readonly freeSpinsPerRound: Ratio;
  readonly rtp: Ratio;
}

/**
 * The exact RTP: μ = E[line pays] + E[scatter pay] of one spin; free spins (same strips) return
 * multiplier · μ each, so RTP = μ · (1 + multiplier · Σ_k P(k scatters) · E[spins played | award(k)]).
 */
export function lineSlotReturn(definition: LineSlotDefinition): LineSlotReturn {
  const lines = lineReturn(definition.paytable, definition.strips);
  const feature = definition.scatter;
  if (!feature) {
    return {
      lines,
      scatter: Ratio.ZERO,
      featureChance: Ratio.ZERO,
      freeSpinsPerRound: Ratio.ZERO,
      rtp: lines,
    };
  }
  const combinations = stopCombinations(definition.strips);
  const counts = scatterCountDistribution(definition.strips, definition.rows, feature.symbol);
  let scatterPay = 0n;
  let triggering = 0n;
  const byAward = new Map<number, bigint>();
  counts.forEach((ways, k) => {
    scatterPay += ways * BigInt(byCount(feature.pays, k));
    const spins = Math.min(byCount(feature.freeSpins, k), feature.freeSpinCap);
    if (spins > 0) triggering += ways;
    byAward.set(spins, (byAward.get(spins) ?? 0n) + ways);
  });
  const odds = { combinations, awards: [...byAward] };
  let freeSpins = Ratio.ZERO;
  for (const [spins, ways] of byAward) {
    if (spins === 0) continue;
    freeSpins = freeSpins.plus(
      new Ratio(ways, combinations).times(expectedFreeSpins(odds, spins, feature.freeSpinCap)),
    );
  }
  const scatter = new Ratio(scatterPay, combinations);
  const perSpin = lines.plus(scatter);
  const rtp = perSpin.plus(perSpin.times(freeSpins).times(new Ratio(BigInt(feature.freeSpinMultiplier))));
  return {
    lines,
    scatter,
    featureChance: new Ratio(triggering, combinations),
    freeSpinsPerRound: freeSpins,
    rtp,
  };
}

/** The round as the player sees it (JSON): every spin with its stops, window, wins and multiples as fraction text. */
export function lineSlotView(round: LineSlotRound): Json {
  return {
    spins: round.spins.map((spin) => ({
      free: spin.free,
      stops: [...spin.stops],
      grid: spin.grid.map((column) => [...column]),
      wins: spin.lineWins.map((win) => ({
        line: win.line,
        symbol: win.symbol,
        count: win.count,
        positions: win.positions.map(([reel, row]) => [reel, row]),
        multiplier: win.multiplier.toString(),
      })),
      scatter: spin.scatter && {
        symbol: spin.scatter.symbol,
        count: spin.scatter.count,
        positions: spin.scatter.positions.map(([reel, row]) => [reel, row]),
        multiplier: spin.scatter.multiplier.toString(),
        freeSpins: spin.scatter.freeSpins,
      },
      freeSpinsAwarded: spin.freeSpinsAwarded,
      multiplier: spin.multiplier.toString(),
    })),
    freeSpinsAwarded: round.freeSpinsAwarded,
    multiplier: round.multiplier.toString(),
  };
}

/**
 * An upper bound of a round's multiple (for the max-win check): each line at most the best line
 * pay, the scatter at most its best pay, and every free spin at most that times the multiplier.
 */
export function lineSlotMaxMultiplier(definition: LineSlotDefinition): Ratio {
  const bestLine = Math.max(
    ...Object.values(definition.paytable.pays).flatMap((pays) => Object.values(pays)),
  );
  const feature = definition.scatter;
  const bestScatter = feature ? Math.max(0, ...Object.values(feature.pays)) : 0;
  const perSpin = bestLine + bestScatter;
  const freeSpins = feature ? feature.freeSpinCap * feature.freeSpinMultiplier : 0;
  return new Ratio(BigInt(perSpin * (1 + freeSpins)));
}
