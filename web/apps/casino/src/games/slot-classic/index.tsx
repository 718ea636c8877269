/** slot-classic "Lucky Sevens": 3 reels × 3 rows, 5 paylines, a wild on every reel, any cherry pays. */
import { SLOT_CLASSIC } from '@parlay/domain/casino/slot-classic/definition.ts';
import type { GameUiProps } from '../game-ui.ts';
import { linePaytable } from '../slot-shared/paytables.ts';
import { type SlotConfig, SlotScreen } from '../slot-shared/SlotScreen.tsx';

export const SLOT_CLASSIC_SCREEN: SlotConfig = {
  gameId: 'slot-classic',
  reels: SLOT_CLASSIC.strips.length,
  rows: SLOT_CLASSIC.rows,
  strips: SLOT_CLASSIC.strips,
  lines: SLOT_CLASSIC.lines,
  paytable: linePaytable(SLOT_CLASSIC),
};

export default function SlotClassicGame(props: GameUiProps) {
  return <SlotScreen config={SLOT_CLASSIC_SCREEN} props={props} />;
}
