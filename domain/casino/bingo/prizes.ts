/**
 * Bingo prizes: the pot is a configured share of the game's card sales (floor), each stage takes
 * its share of the pot (floor), and a stage's prize is split evenly between its winning cards
 * (floor): what the floors leave stays with the house, nothing is ever created. A full house
 * called within `jackpotBalls` balls also wins the room's jackpot (from the house), split the same
 * way. Total paid ≤ pot + jackpot, always.
 */
import type { BingoOutcome, BingoStage } from './game.ts';

export interface PrizeTable {
  /** Percent of card sales that forms the pot (e.g. 85). */
  potPercent: number;
  /** Percent of the pot each stage takes (the sum ≤ 100). */
  shares: Record<BingoStage, number>;
  /** A full house on or before this ball also wins the jackpot (0: no jackpot). */
  jackpotBalls: number;
  jackpotMinor: bigint;
}

export interface Prize {
  stage: BingoStage | 'jackpot';
  card: number;
  amountMinor: bigint;
}

export function potOf(salesMinor: bigint, table: PrizeTable): bigint {
  return (salesMinor * BigInt(table.potPercent)) / 100n;
}

export function stagePrizeOf(potMinor: bigint, table: PrizeTable, stage: BingoStage): bigint {
  return (potMinor * BigInt(table.shares[stage])) / 100n;
}

/** Every prize of the outcome, one per winning card and stage (amount 0 prizes left out). */
export function bingoPrizes(salesMinor: bigint, table: PrizeTable, outcome: BingoOutcome): Prize[] {
  const pot = potOf(salesMinor, table);
  const prizes: Prize[] = [];
  for (const win of outcome.wins) {
    const each = stagePrizeOf(pot, table, win.stage) / BigInt(win.cards.length);
    if (each > 0n) for (const card of win.cards) prizes.push({ stage: win.stage, card, amountMinor: each });
    if (win.stage === 'full_house' && table.jackpotMinor > 0n && win.ball <= table.jackpotBalls) {
      const jackpotEach = table.jackpotMinor / BigInt(win.cards.length);
      if (jackpotEach > 0n) {
        for (const card of win.cards) prizes.push({ stage: 'jackpot', card, amountMinor: jackpotEach });
      }
    }
  }
  return prizes;
}

/** Checks a table is sound: percents 0–100 and stage shares summing to at most 100. */
export function isValidPrizeTable(table: PrizeTable): boolean {
  const shares = Object.values(table.shares);
  const sum = shares.reduce((a, b) => a + b, 0);
  return (
    Number.isInteger(table.potPercent) &&
    table.potPercent >= 0 &&
    table.potPercent <= 100 &&
    shares.every((s) => Number.isInteger(s) && s >= 0) &&
    sum <= 100 &&
    table.jackpotMinor >= 0n
  );
}
