/**
 * The stated RTP recomputed from scratch: every one of the 2,598,960 hands and its best hold
 * (optimal.ts, proven against brute force in video-poker.test.ts). About 10 s on one core.
 */
import { describe, expect, it } from 'vitest';
import { VIDEO_POKER } from './definition.ts';
import { pokerHand } from './hands.ts';
import { HoldCounter } from './optimal.ts';

describe('video poker RTP', () => {
  it('the stated RTP is the exact optimal-hold return over all 2,598,960 hands (≈ 99.5439 %)', () => {
    expect(VIDEO_POKER.rtp.toNumber()).toBeCloseTo(0.995439, 6); // the published figure for 9/6 Jacks or Better
    const counter = new HoldCounter({
      deckSize: 52,
      pays: (five) => {
        const made = pokerHand(five);
        return made === null ? 0 : VIDEO_POKER.pays[made];
      },
    });
    expect(counter.rtp().equals(VIDEO_POKER.rtp)).toBe(true);
  }, 60_000);
});
