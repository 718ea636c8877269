/** One round of slot-fruits: the base spin and its free spins, outcome = f(definition, random). */
import type { FairRandom } from '../fair/fair-random.ts';
import type { Ratio } from '../ratio.ts';
import { type LineSlotRound, lineSlotReturn, spinLineSlot } from '../slots/line-slot.ts';
import { SLOT_FRUITS } from './definition.ts';

export function playSlotFruits(random: FairRandom, definition = SLOT_FRUITS): LineSlotRound {
  return spinLineSlot(definition, random);
}

/** The exact RTP of the definition (closed form, see slots/line-slot.ts). */
export function slotFruitsRtp(definition = SLOT_FRUITS): Ratio {
  return lineSlotReturn(definition).rtp;
}
