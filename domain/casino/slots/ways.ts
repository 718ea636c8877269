/**
 * "243 ways" evaluation (slot-cluster): every paying symbol pays when it shows on each of the first
 * k ≥ 3 reels anywhere in the window, the wild standing in for it; the win is pay(symbol, k) times
 * the number of ways, the product of how many matching positions each of those reels shows (3^5 =
 * 243 ways on a 5 × 3 window). The wild never lands on the first reel, so every way starts with the
 * symbol itself and no win is counted twice.
 *
 * Exact RTP: for a symbol s let m_i be the matching positions on reel i. The reels are independent,
 * so E[pay_s] = Σ_k pay(s, k) · Π_{i<k} E[m_i] · P(m_k = 0) (the last factor only when k < reels),
 * with E[m_i] and P(m_i = 0) read off each strip over all its stops.
 */
import { Ratio } from '../ratio.ts';
import { windowSymbolCounts } from './reels.ts';

export interface WaysPaytable {
  /** Pays in coins by symbol and reels matched (3 … reels); the total bet is `betCoins`. */
  readonly pays: Readonly<Record<string, Readonly<Record<number, number>>>>;
  readonly wild: string;
  readonly betCoins: number;
}

export interface WaysWin {
  readonly symbol: string;
  /** Reels matched from the left. */
  readonly count: number;
  readonly ways: number;
  /** In coins. */
  readonly pay: number;
  /** [reel, row] of every matching position on the matched reels. */
  readonly positions: readonly (readonly [number, number])[];
}

/** Throws when the wild could land on the first reel (the evaluation assumes it cannot). */
export function checkWaysStrips(table: WaysPaytable, strips: readonly (readonly string[])[]): void {
  if (strips[0]?.includes(table.wild)) throw new Error('a ways slot has no wild on its first reel');
}

/** Every paying symbol's win on this window (grid[reel][row]). */
export function evaluateWays(table: WaysPaytable, grid: readonly (readonly string[])[]): WaysWin[] {
  const wins: WaysWin[] = [];
  for (const symbol in table.pays) {
    if (symbol === table.wild) continue;
    let ways = 1;
    let count = 0;
    for (const column of grid) {
      let matching = 0;
      for (const shown of column) if (shown === symbol || shown === table.wild) matching += 1;
      if (matching === 0) break;
      ways *= matching;
      count += 1;
    }
    const pay = table.pays[symbol]![count] ?? 0;
    if (pay === 0) continue;
    const positions: [number, number][] = [];
    for (let reel = 0; reel < count; reel += 1) {
      grid[reel]!.forEach((shown, row) => {
        if (shown === symbol || shown === table.wild) positions.push([reel, row]);
      });
    }
    wins.push({ symbol, count, ways, pay: pay * ways, positions });
  }
  return wins;
}

/** The exact expected pay of one spin in total bets (see the file comment). */
export function waysReturn(table: WaysPaytable, strips: readonly (readonly string[])[], rows: number): Ratio {
  checkWaysStrips(table, strips);
  let total = Ratio.ZERO;
  for (const [symbol, pays] of Object.entries(table.pays)) {
    if (symbol === table.wild) continue;
    const reels = strips.map((strip) => {
      const counts = windowSymbolCounts(strip, rows, (shown) => shown === symbol || shown === table.wild);
      const length = BigInt(strip.length);
      const matches = counts.reduce((sum, stops, m) => sum + stops * BigInt(m), 0n);
      return { mean: new Ratio(matches, length), none: new Ratio(counts[0]!, length) };
    });
    let reach = new Ratio(1n); // Π_{i<k} E[m_i]
    for (let k = 1; k <= strips.length; k += 1) {
      reach = reach.times(reels[k - 1]!.mean);
      const pay = pays[k] ?? 0;
      if (pay === 0) continue;
      const stopsHere = k < strips.length ? reels[k]!.none : new Ratio(1n);
      total = total.plus(reach.times(stopsHere).times(new Ratio(BigInt(pay))));
    }
  }
  return total.times(new Ratio(1n, BigInt(table.betCoins)));
}
