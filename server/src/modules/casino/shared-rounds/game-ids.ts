/**
 * The game ids the shared-round games' bets are told under (shared-rounds/tell-settled.ts), in one
 * place for whoever reads those bets back from their rows (the tournaments' catch-up): the crash
 * game's catalogue id, each TV game's id and each bingo room's id (a room no longer defined counts
 * under 0, as bingo/lifecycle.ts tells it).
 */
import { BINGO_ROOMS, type BingoRoom } from '../bingo/rooms.ts';
import { CRASH_GAME_ID } from '../crash/context.ts';
import { TV_GAME_IDS } from '../tv/context.ts';

export interface SharedRoundGameIds {
  /** crash:<roundId>:<betId> */
  crash: number;
  /** tv:<drawId>:<betId>, by tv_draws.game. */
  tv: Readonly<Record<string, number>>;
  /** bingo:<gameId>:<purchaseId>, by bingo_games.room. */
  bingoRooms: Readonly<Record<string, number>>;
}

export function sharedRoundGameIds(rooms: readonly BingoRoom[] = BINGO_ROOMS): SharedRoundGameIds {
  return {
    crash: CRASH_GAME_ID,
    tv: { ...TV_GAME_IDS },
    bingoRooms: Object.fromEntries(rooms.map((room) => [room.id, room.gameId])),
  };
}
