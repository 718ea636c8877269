/**
 * Game status codes, shared by the database (games.status), the API and the browser. The spec
 * (coupon-accounts §4) fixes two points: status 2 or 3 is live, status 4 is finished; the rest is
 * chosen here.
 *
 * | code | name        | meaning                                                      | list |
 * |------|-------------|--------------------------------------------------------------|------|
 * |  0   | NOT_STARTED | in the line, before the start time                           | line |
 * |  1   | STARTING    | start time passed, play not begun yet (late kick-off)        | live |
 * |  2   | IN_PLAY     | a period is being played (the clock may still be stopped)     | live |
 * |  3   | BREAK       | between periods (half time, between sets or maps)            | live |
 * |  4   | FINISHED    | over; markets resulted                                       | results |
 * |  5   | CANCELLED   | abandoned or cancelled; open bets void                       | results |
 */
export const GAME_STATUS = {
  NOT_STARTED: 0,
  STARTING: 1,
  IN_PLAY: 2,
  BREAK: 3,
  FINISHED: 4,
  CANCELLED: 5,
} as const;

export type GameStatus = (typeof GAME_STATUS)[keyof typeof GAME_STATUS];

export const GAME_STATUSES: readonly GameStatus[] = Object.values(GAME_STATUS);

/** Live by status alone (spec: "status is 2 or 3"). */
export function isLiveStatus(status: number): boolean {
  return status === GAME_STATUS.IN_PLAY || status === GAME_STATUS.BREAK;
}

/** Shown in the live list: playing, between periods, or due and about to begin. */
export function isInLiveList(status: number): boolean {
  return status === GAME_STATUS.STARTING || isLiveStatus(status);
}

export function isOverStatus(status: number): boolean {
  return status === GAME_STATUS.FINISHED || status === GAME_STATUS.CANCELLED;
}
