/**
 * Bet state rules of coupon-accounts §4 "Bet state", as pure predicates over the bet's flags and
 * its game data (spec §3 "Bet").
 */
import { GAME_STATUS, isLiveStatus } from './game-status.ts';

export interface BetFlags {
  isBlocked: boolean;
  isDepend: boolean;
  isBannedExpress: boolean;
}

export interface BetGameState {
  /** Game status code (game-status.ts). */
  status: number;
  /** The feed flagged the game finished (may come before the status does). */
  isFinished: boolean;
  /** The game clock is running. */
  isTimeRunning: boolean;
}

/** Locked if blocked, dependent on another bet of the coupon, or banned from expresses. */
export function isBetLocked(bet: BetFlags): boolean {
  return bet.isBlocked || bet.isDepend || bet.isBannedExpress;
}

/** Finished when flagged finished or status is 4. */
export function isBetFinished(game: Pick<BetGameState, 'status' | 'isFinished'>): boolean {
  return game.isFinished || game.status === GAME_STATUS.FINISHED;
}

/** Live when status is 2 or 3, or time is running, or its market is live. */
export function isBetLive(
  game: Pick<BetGameState, 'status' | 'isTimeRunning'>,
  market: { isLive: boolean },
): boolean {
  return isLiveStatus(game.status) || game.isTimeRunning || market.isLive;
}
