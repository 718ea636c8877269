/**
 * A selection of the bet slip as the quote and coupon-code answers of /web-api/betting/v1 send it:
 * its price and states now and its labels in the player's language. The one description of these
 * fields, written by the server (betting/selection-view.ts) and read by the slip (coupon/coupon-api.ts);
 * only the ids and the start are typed by each side (strings on the wire, numbers in the slip).
 */
export interface SlipSelectionView {
  gameId: number;
  sportId: number;
  oddsMilli: number;
  /** The spec's numeric market kind (market-kind.ts), not the market type id. */
  marketKind: number;
  isLive: boolean;
  /** Its market or outcome is not open, or another bet of the coupon is of the same game. */
  isLocked: boolean;
  /** The game is over or the market resulted. */
  isFinished: boolean;
  /** A locked or finished bet cannot be made a banker. */
  isDisabledBanker: boolean;
  gameLabel: string;
  marketLabel: string;
  outcomeLabel: string;
  /** "1:0" while live or once finished, else null. */
  score: string | null;
}
