/**
 * Baccarat (punto banco) from a fresh 8-deck shoe every round: the first six cards of a fair
 * shuffle of the 416 cards (`drawDistinct(6, 416)`) are the shoe's top; the coup uses four to six of
 * them in order (player, banker, player, banker, then the third cards as the rules draw them).
 *
 * Pays back per unit staked (stake included): player 2 (1:1), banker 39/20 (0.95:1, the 5 %
 * commission taken from the win; money rounds down to the minor unit as every payout does), tie 9
 * (8:1). On a tie the player and banker bets push (paid back 1).
 *
 * The RTPs are exact fractions from the enumeration in baccarat.ts (every card value sequence of the
 * fresh shoe, without replacement); the tests recompute them.
 */
import { Ratio } from '../ratio.ts';

export type BaccaratBetKind = 'player' | 'banker' | 'tie';

export interface BaccaratDefinition {
  readonly id: 'baccarat';
  readonly decks: number;
  /** Paid back per unit staked when the bet wins. */
  readonly pays: Readonly<Record<BaccaratBetKind, Ratio>>;
  /** Exact RTP of each bet: player ≈ 98.765 %, banker ≈ 98.942 %, tie ≈ 85.640 %. */
  readonly rtps: Readonly<Record<BaccaratBetKind, Ratio>>;
}

export const BACCARAT: BaccaratDefinition = {
  id: 'baccarat',
  decks: 8,
  pays: { player: new Ratio(2n), banker: new Ratio(39n, 20n), tie: new Ratio(9n) },
  rtps: {
    player: Ratio.parse('19283843717413/19524993263685'),
    banker: Ratio.parse('10732465128097/10847218479825'),
    tie: Ratio.parse('619306544887/723147898655'),
  },
};
