/**
 * slot-fruits as an InHouseGame: params `{}`, stake = total bet, view = every spin (base and free)
 * with stops, window, line and scatter wins and multiples as fraction text (slots/line-slot.ts).
 */
import { Ratio } from '../ratio.ts';
import { lineSlotMaxMultiplier, lineSlotView } from '../slots/line-slot.ts';
import { slotGame } from '../slots/slot-game.ts';
import { SLOT_FRUITS } from './definition.ts';
import { playSlotFruits } from './slot-fruits.ts';

export const SLOT_FRUITS_GAME = slotGame({
  id: 'slot-fruits',
  rtp: Ratio.parse(SLOT_FRUITS.rtp),
  volatility: 'high',
  maxMultiplier: lineSlotMaxMultiplier(SLOT_FRUITS),
  spin(random) {
    const round = playSlotFruits(random);
    return { multiplier: round.multiplier, view: lineSlotView(round) };
  },
});
