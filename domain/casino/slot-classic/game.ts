/** slot-classic as an InHouseGame: params `{}`, stake = total bet, view as slots/line-slot.ts. */
import { Ratio } from '../ratio.ts';
import { lineSlotMaxMultiplier, lineSlotView } from '../slots/line-slot.ts';
import { slotGame } from '../slots/slot-game.ts';
import { SLOT_CLASSIC } from './definition.ts';
import { playSlotClassic } from './slot-classic.ts';

export const SLOT_CLASSIC_GAME = slotGame({
  id: 'slot-classic',
  rtp: Ratio.parse(SLOT_CLASSIC.rtp),
  volatility: 'low',
  maxMultiplier: lineSlotMaxMultiplier(SLOT_CLASSIC),
  spin(random) {
    const round = playSlotClassic(random);
    return { multiplier: round.multiplier, view: lineSlotView(round) };
  },
});
