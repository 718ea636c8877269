/**
 * Payline evaluation: a line names one row per reel; it pays for the longest run of one symbol from
 * the leftmost reel, a wild standing in for any paying symbol (not the scatter). A run that starts
 * with wilds pays the better of the wilds' own run and the run of the first other symbol with the
 * wilds standing in (the usual rule, so a wild never lowers a win). Pays are in line bets.
 *
 * Exact RTP: each position of a line is on a different reel and, for a uniform stop, shows that
 * reel's symbols in proportion to their count on the strip whatever its row, so by linearity of
 * expectation every line returns the same: the sum over symbol combinations of
 * Π count(reel, symbol) / Π strip length × pay. `lineReturn` enumerates the distinct symbols of each
 * reel (≈ 10^5 combinations for five reels), through the same `evaluateLine` the spins use.
 */
import { Ratio } from '../ratio.ts';
import { symbolCounts } from './reels.ts';

export interface LinePaytable {
  /** Pays in line bets by symbol and run length (1 … reels); a missing entry pays nothing. */
  readonly pays: Readonly<Record<string, Readonly<Record<number, number>>>>;
  /** The wild symbol, if the game has one. */
  readonly wild?: string;
  /** Symbols that never form or join a line (the scatter). */
  readonly offLine?: readonly string[];
}

export interface LineWin {
  readonly symbol: string;
  readonly count: number;
  /** In line bets. */
  readonly pay: number;
}

function payOf(table: LinePaytable, symbol: string, count: number): number {
  return table.pays[symbol]?.[count] ?? 0;
}

/** The win of one line's symbols (left to right), or null. */
export function evaluateLine(table: LinePaytable, symbols: readonly string[]): LineWin | null {
  const wild = table.wild;
  let wilds = 0;
  while (wilds < symbols.length && symbols[wilds] === wild) wilds += 1;
  let best: LineWin | null = null;
  if (wild !== undefined && wilds > 0) {
    const pay = payOf(table, wild, wilds);
    if (pay > 0) best = { symbol: wild, count: wilds, pay };
  }
  if (wilds < symbols.length) {
    const base = symbols[wilds]!;
    if (!table.offLine?.includes(base)) {
      let count = wilds + 1;
      while (count < symbols.length && (symbols[count] === base || symbols[count] === wild)) count += 1;
      const pay = payOf(table, base, count);
      if (pay > 0 && (best === null || pay > best.pay)) best = { symbol: base, count, pay };
    }
  }
  return best;
}

/**
 * The exact expected pay of one line, in line bets, over uniform stops of these strips: every
 * combination of the reels' distinct symbols weighted by how many stops show it.
 */
export function lineReturn(table: LinePaytable, strips: readonly (readonly string[])[]): Ratio {
  const reels = strips.map((strip) => [...symbolCounts(strip)]);
  let total = 0n;
  let combinations = 1n;
  for (const strip of strips) combinations *= BigInt(strip.length);
  const symbols: string[] = [];
  const walk = (reel: number, weight: bigint): void => {
    if (reel === reels.length) {
      const win = evaluateLine(table, symbols);
      if (win) total += weight * BigInt(win.pay);
      return;
    }
    for (const [symbol, count] of reels[reel]!) {
      symbols[reel] = symbol;
      walk(reel + 1, weight * BigInt(count));
    }
  };
  walk(0, 1n);
  return new Ratio(total, combinations);
}
