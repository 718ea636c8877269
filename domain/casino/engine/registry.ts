/**
 * Every in-house game the house offers, by id. Adding a game: its folder under domain/casino with a
 * definition and an InHouseGame (`<game>/game.ts`), and one line here.
 */
import { BACCARAT_GAME } from '../baccarat/game.ts';
import { BLACKJACK_GAME } from '../blackjack/game.ts';
import { DICE_GAME } from '../dice/game.ts';
import { KENO_GAME } from '../keno/game.ts';
import { LIMBO_GAME } from '../limbo/game.ts';
import { MINES_GAME } from '../mines/game.ts';
import { PLINKO_GAME } from '../plinko/game.ts';
import { ROULETTE_GAME } from '../roulette/game.ts';
import { SCRATCH_GAME } from '../scratch/game.ts';
import { SIC_BO_GAME } from '../sic-bo/game.ts';
import { SLOT_CLASSIC_GAME } from '../slot-classic/game.ts';
import { SLOT_CLUSTER_GAME } from '../slot-cluster/game.ts';
import { SLOT_FRUITS_GAME } from '../slot-fruits/game.ts';
import { VIDEO_POKER_GAME } from '../video-poker/game.ts';
import type { InHouseGame } from './in-house-game.ts';

export const IN_HOUSE_GAMES: readonly InHouseGame[] = [
  // one line per game, e.g. DICE_GAME,
  DICE_GAME,
  LIMBO_GAME,
  ROULETTE_GAME,
  KENO_GAME,
  MINES_GAME,
  PLINKO_GAME,
  SLOT_CLASSIC_GAME,
  SLOT_FRUITS_GAME,
  SLOT_CLUSTER_GAME,
  BLACKJACK_GAME,
  VIDEO_POKER_GAME,
  SCRATCH_GAME,
  SIC_BO_GAME,
  BACCARAT_GAME,
];

const BY_ID = new Map(IN_HOUSE_GAMES.map((game) => [game.id, game]));

/** The game with this id, or undefined. */
export function inHouseGame(id: string): InHouseGame | undefined {
  return BY_ID.get(id);
}
