/** One round of slot-classic (one spin, no feature), outcome = f(definition, random). */
import type { FairRandom } from '../fair/fair-random.ts';
import type { Ratio } from '../ratio.ts';
import { type LineSlotRound, lineSlotReturn, spinLineSlot } from '../slots/line-slot.ts';
import { SLOT_CLASSIC } from './definition.ts';

export function playSlotClassic(random: FairRandom, definition = SLOT_CLASSIC): LineSlotRound {
  return spinLineSlot(definition, random);
}

/** The exact RTP of the definition (every line returns the same; see slots/paylines.ts). */
export function slotClassicRtp(definition = SLOT_CLASSIC): Ratio {
  return lineSlotReturn(definition).rtp;
}
