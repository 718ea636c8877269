/**
 * Video poker, Jacks or Better 9/6. The round deals ten distinct cards (drawDistinct(10, 52)):
 * cards 0–4 are the hand, 5–9 replace the discarded cards in order (the first discarded position
 * takes card 5, the next card 6, …). The player holds any of the five cards once; the final hand is
 * paid from the table below.
 *
 * The paytable is the usual 9/6 machine's for five coins (royal flush 4000) divided by five: the
 * stake is one coin's worth and each hand pays `pays` times the stake, stake included (jacks or
 * better gives the stake back). Under optimal holds the exact RTP is the stated fraction (99.54 %),
 * recomputed by optimal.ts (every one of the 2,598,960 hands, every hold, integer counts).
 */
import { Ratio } from '../ratio.ts';

export type PokerHand =
  | 'royal-flush'
  | 'straight-flush'
  | 'four-of-a-kind'
  | 'full-house'
  | 'flush'
  | 'straight'
  | 'three-of-a-kind'
  | 'two-pair'
  | 'jacks-or-better';

export interface VideoPokerDefinition {
  readonly id: 'video-poker';
  /** Paid back per unit staked, stake included, by final hand; anything else pays nothing. */
  readonly pays: Readonly<Record<PokerHand, number>>;
  /** The exact RTP under optimal holds, as optimal.ts works it out. */
  readonly rtp: Ratio;
}

export const VIDEO_POKER: VideoPokerDefinition = {
  id: 'video-poker',
  pays: {
    'royal-flush': 800,
    'straight-flush': 50,
    'four-of-a-kind': 25,
    'full-house': 9,
    flush: 6,
    straight: 4,
    'three-of-a-kind': 3,
    'two-pair': 2,
    'jacks-or-better': 1,
  },
  rtp: Ratio.parse('1653526326983/1661102543100'),
};
