/**
 * A placed bet as /web-api/betting/v1 sends it (history, one bet, cash-out, the /ws `user` topic
 * message): the one description of that wire shape, written by the server and read by the web
 * client. Money is minor units as strings, odds integer thousandths.
 */

export type BetStatus = 'pending_delay' | 'accepted' | 'rejected' | 'won' | 'lost' | 'void' | 'cashed_out';
export type LegResult = 'win' | 'lose' | 'void' | 'half_win' | 'half_lose';

/** A leg's names in the asked language. */
export interface LegNames {
  /** "Home — Away". */
  gameLabel: string;
  home: string;
  away: string;
  champName: string;
  sportSlug: string;
  startAt: string;
  marketLabel: string;
  outcomeLabel: string;
  /** The game's score now, final once isGameOver. */
  score: string;
  isGameOver: boolean;
}

export interface BetLegView {
  outcomeId: string;
  marketId: string;
  gameId: number;
  sportId: number;
  oddsMilli: number;
  isLive: boolean;
  isBanker: boolean;
  amountMinor: string | null;
  result: LegResult | null;
  /** The score when the bet was placed (live legs), "1:0". */
  scoreAtPlacement: string;
  /** Names in the asked language; null when the selection left the catalogue. */
  names: LegNames | null;
}

export interface BetView {
  id: string;
  typeId: number;
  systemValue: number | null;
  status: BetStatus;
  reasonCode: string | null;
  currency: string;
  accountId: string;
  /** The stake still riding (partial cash-outs take parts of it away). */
  stakeMinor: string;
  /** The stake as placed: what is riding plus every part cashed out. */
  originalStakeMinor: string;
  coefMilli: number | null;
  possibleWinMinor: string;
  payoutMinor: string | null;
  cashedOutMinor: string;
  autoCashoutMinor: string | null;
  isExpressBonus: boolean;
  isLive: boolean;
  placedAt: string;
  settledAt: string | null;
  settlementVersion: number;
  legs: BetLegView[];
}

export interface BetPage {
  data: BetView[];
  total: number;
  page: number;
  pageSize: number;
}

export interface CashoutQuote {
  betId: string;
  isAvailable: boolean;
  stakeMinor: string;
  fairValueMinor: string;
  marginBasisPoints: number;
  marginMinor: string;
  offerMinor: string;
}

export interface CashoutAnswer {
  status: 'cashed_out' | 'partially_cashed_out';
  betId: string;
  paidMinor: string;
  remainingStakeMinor: string;
}

/** The message on user:<id> when one of the player's bets changes (settlement, cash-out, live decision). */
export interface BetMessage {
  type: 'bet';
  betId: string;
  status: string;
  code?: string;
  payoutMinor?: string;
}

/**
 * The share of a whole-stake value (offer, fair value, margin) that `partMinor` of the riding stake
 * gets: value × part ÷ stake, rounded down; 0 when nothing rides.
 * @example stakePartValueMinor(12_666n, 10_000n, 5_000n) === 6_333n
 */
export function stakePartValueMinor(valueMinor: bigint, stakeMinor: bigint, partMinor: bigint): bigint {
  return stakeMinor <= 0n ? 0n : (valueMinor * partMinor) / stakeMinor;
}
