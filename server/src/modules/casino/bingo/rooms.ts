/**
 * The bingo rooms: variant, currency, card price, the most cards one player may hold in a game,
 * the ball pace, the pause between a game's last ball and the next game's first, and the prize
 * table (pot 85 % of card sales, stage shares, jackpot for an early full house, paid by the house).
 */
import type { BingoVariant, PrizeTable } from '@parlay/domain/casino/bingo/index.ts';

export interface BingoRoom {
  id: string;
  /**
   * The game id tournaments know the room by (their eligible games, docs/casino-tournaments.md):
   * in the catalogue's numeric range but no catalogue game, whose ids stay below 1100.
   */
  gameId: number;
  variant: BingoVariant;
  currency: string;
  cardPriceMinor: bigint;
  maxCardsPerPlayer: number;
  ballMs: number;
  /** From one game's last ball to the next game's start (buying stays open all along). */
  pauseMs: number;
  /** How long the very first game of a room is open for buying. */
  firstBuyingMs: number;
  /** The least time from a game's start to the next one's (a quiet room still plays every 2 min). */
  minBuyingMs: number;
  table: PrizeTable;
}

export const BINGO_ROOMS: readonly BingoRoom[] = [
  {
    id: 'classic75',
    gameId: 1101,
    variant: '75',
    currency: 'RUB',
    cardPriceMinor: 10_00n,
    maxCardsPerPlayer: 24,
    ballMs: 2_000,
    pauseMs: 30_000,
    firstBuyingMs: 60_000,
    minBuyingMs: 120_000,
    table: {
      potPercent: 85,
      shares: { line: 20, two_lines: 30, full_house: 50 },
      jackpotBalls: 40,
      jackpotMinor: 50_000_00n,
    },
  },
  {
    id: 'lucky90',
    gameId: 1102,
    variant: '90',
    currency: 'RUB',
    cardPriceMinor: 5_00n,
    maxCardsPerPlayer: 36,
    ballMs: 1_500,
    pauseMs: 30_000,
    firstBuyingMs: 60_000,
    minBuyingMs: 120_000,
    table: {
      potPercent: 85,
      shares: { line: 15, two_lines: 25, full_house: 60 },
      jackpotBalls: 50,
      jackpotMinor: 100_000_00n,
    },
  },
];

export function roomById(rooms: readonly BingoRoom[], id: string): BingoRoom | undefined {
  return rooms.find((r) => r.id === id);
}
