/**
 * Time filters of the line and live lists (coupon-accounts §9): 0 all, 1 upcoming_events,
 * 2 first_period, 3 second_period, 6 recommended. The filter is a pure predicate over a game and
 * the current time, so the server query and the browser agree.
 */
import { GAME_STATUS, isInLiveList, isLiveStatus } from './game-status.ts';

export const TIME_FILTER = {
  ALL: 0,
  UPCOMING_EVENTS: 1,
  FIRST_PERIOD: 2,
  SECOND_PERIOD: 3,
  RECOMMENDED: 6,
} as const;

export type TimeFilter = (typeof TIME_FILTER)[keyof typeof TIME_FILTER];
export const TIME_FILTERS: readonly TimeFilter[] = Object.values(TIME_FILTER);

/** "Upcoming events": not started and due within this window, the next few hours of the line. */
export const UPCOMING_WINDOW_MS = 3 * 60 * 60 * 1000;

export interface FilterableGame {
  status: number;
  /** Current period, 1-based; 0 before the start. */
  period: number;
  startAtMs: number;
  /** Top game, or a game of a top championship. */
  isRecommended: boolean;
}

export function isTimeFilter(value: number): value is TimeFilter {
  return (TIME_FILTERS as readonly number[]).includes(value);
}

/**
 * Whether the game passes the filter. Periods count for games in play or at the break after them:
 * "first period" is period 1 in play or its break; "second period" is period 2 likewise.
 */
export function matchesTimeFilter(game: FilterableGame, filter: TimeFilter, nowMs: number): boolean {
  switch (filter) {
    case TIME_FILTER.ALL:
      return true;
    case TIME_FILTER.UPCOMING_EVENTS:
      return (
        game.status === GAME_STATUS.NOT_STARTED &&
        game.startAtMs >= nowMs &&
        game.startAtMs - nowMs <= UPCOMING_WINDOW_MS
      );
    case TIME_FILTER.FIRST_PERIOD:
      return isLiveStatus(game.status) && game.period === 1;
    case TIME_FILTER.SECOND_PERIOD:
      return isLiveStatus(game.status) && game.period === 2;
    case TIME_FILTER.RECOMMENDED:
      return game.isRecommended && (game.status === GAME_STATUS.NOT_STARTED || isInLiveList(game.status));
  }
}
