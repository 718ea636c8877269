/**
 * A player's decision the game's rules do not allow (a target outside the range, a tile already
 * revealed, a bet that is not on the layout). The server maps `reason` to a stable error code;
 * nothing has been drawn or paid when it is thrown.
 */
export class GameRuleError extends Error {
  readonly game: string;
  readonly reason: string;

  constructor(game: string, reason: string) {
    super(`${game}: ${reason}`);
    this.name = 'GameRuleError';
    this.game = game;
    this.reason = reason;
  }
}
