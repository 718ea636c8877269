/** slot-fruits "Fruit Storm": 5 reels × 3 rows, 20 paylines, wild, star scatter with free spins (×3). */
import { SLOT_FRUITS } from '@parlay/domain/casino/slot-fruits/definition.ts';
import type { GameUiProps } from '../game-ui.ts';
import { linePaytable } from '../slot-shared/paytables.ts';
import { type SlotConfig, SlotScreen } from '../slot-shared/SlotScreen.tsx';

export const SLOT_FRUITS_SCREEN: SlotConfig = {
  gameId: 'slot-fruits',
  reels: SLOT_FRUITS.strips.length,
  rows: SLOT_FRUITS.rows,
  strips: SLOT_FRUITS.strips,
  lines: SLOT_FRUITS.lines,
  paytable: linePaytable(SLOT_FRUITS),
};

export default function SlotFruitsGame(props: GameUiProps) {
  return <SlotScreen config={SLOT_FRUITS_SCREEN} props={props} />;
}
