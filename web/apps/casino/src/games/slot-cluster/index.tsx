/** slot-cluster "Gem Ways": 5 reels × 3 rows, 243 ways, a wild on reels 2–4. */
import { SLOT_CLUSTER } from '@parlay/domain/casino/slot-cluster/definition.ts';
import type { GameUiProps } from '../game-ui.ts';
import { waysPaytable } from '../slot-shared/paytables.ts';
import { type SlotConfig, SlotScreen } from '../slot-shared/SlotScreen.tsx';

export const SLOT_CLUSTER_SCREEN: SlotConfig = {
  gameId: 'slot-cluster',
  reels: SLOT_CLUSTER.strips.length,
  rows: SLOT_CLUSTER.rows,
  strips: SLOT_CLUSTER.strips,
  paytable: waysPaytable(SLOT_CLUSTER.paytable),
};

export default function SlotClusterGame(props: GameUiProps) {
  return <SlotScreen config={SLOT_CLUSTER_SCREEN} props={props} />;
}
