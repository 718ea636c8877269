/** slot-cluster (243 ways) as an InHouseGame: params `{}`, stake = total bet, view as slot-cluster.ts. */
import { Ratio } from '../ratio.ts';
import { slotGame } from '../slots/slot-game.ts';
import { SLOT_CLUSTER } from './definition.ts';
import { playSlotCluster, slotClusterMaxMultiplier, slotClusterView } from './slot-cluster.ts';

export const SLOT_CLUSTER_GAME = slotGame({
  id: 'slot-cluster',
  rtp: Ratio.parse(SLOT_CLUSTER.rtp),
  volatility: 'medium',
  maxMultiplier: slotClusterMaxMultiplier(SLOT_CLUSTER),
  spin(random) {
    const round = playSlotCluster(random);
    return { multiplier: round.multiplier, view: slotClusterView(round) };
  },
});
