/**
 * The Jacks or Better 9/6 paytable the screen shows, rows from the best hand down, each paying this
 * many times the stake (stake included), read from the domain's definition.
 */
import { type PokerHand, VIDEO_POKER } from '@parlay/domain/casino/video-poker/definition.ts';

export interface PaytableRow {
  readonly rank: PokerHand;
  /** Pays this multiple of the stake. */
  readonly pays: number;
}

export const JACKS_OR_BETTER: readonly PaytableRow[] = (
  Object.entries(VIDEO_POKER.pays) as [PokerHand, number][]
)
  .map(([rank, pays]) => ({ rank, pays }))
  .sort((a, b) => b.pays - a.pays);
