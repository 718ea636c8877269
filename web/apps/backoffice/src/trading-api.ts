/** Shapes of the trading desk's answers (/backoffice-api/v1/trading/…, /bets/…): amounts in minor units as strings. */

export interface OutcomeLiabilityRow {
  outcomeId: string;
  outcomeLabel: string;
  bets: number;
  stakeMinor: string;
  potentialPayoutMinor: string;
  liabilityMinor: string;
}

export interface MarketLiabilityRow {
  marketId: string;
  marketLabel: string;
  currency: string;
  liabilityMinor: string;
  outcomes: OutcomeLiabilityRow[];
}

export interface GameLiabilityRow {
  gameId: number;
  gameLabel: string;
  champName: string;
  currency: string;
  liabilityMinor: string;
  legs: number;
  markets: MarketLiabilityRow[];
}

export interface OutcomeBook {
  id: string;
  key: string;
  label: string;
  oddsMilli: number;
  feedOddsMilli: number | null;
  state: string;
  result: string | null;
}

export interface MarketBook {
  marketId: string;
  gameId: number;
  sportId: number;
  marketLabel: string;
  gameLabel?: string;
  state: string;
  suspendedBy: string | null;
  maxStakeMinor: string | null;
  version: string;
  margin?: number | null;
  outcomes: OutcomeBook[];
}

export interface GameBook {
  gameId: number;
  gameLabel: string;
  markets: MarketBook[];
}

export interface SettlementPreview {
  bets: number;
  settling: number;
  totals: {
    currency: string;
    bets: number;
    stakeMinor: string;
    payoutMinor: string;
    paidBeforeMinor: string;
  }[];
}

export interface BetRow {
  id: string;
  userId: string;
  currency: string;
  typeId: number;
  stakeMinor: string;
  coefMilli: string | null;
  possibleWinMinor: string;
  payoutMinor: string | null;
  status: string;
  legs: number;
  placedAt: string;
  settledAt: string | null;
}

export interface BetDetailView {
  bet: BetRow;
  legs: {
    position: number;
    gameId: number;
    marketId: string;
    outcomeId: string;
    oddsMilli: number;
    result: string | null;
    voidReason: string | null;
  }[];
  settlements: { version: number; payoutMinor: string; results: string[]; settledAt: string }[];
  transfers: {
    id: string;
    reason: string;
    idempotencyKey: string;
    reversesId: string | null;
    createdAt: string;
    postings: { accountId: string; currency: string; amountMinor: string }[];
  }[];
}

export const RESULT_CODES = ['win', 'lose', 'void', 'half_win', 'half_lose'] as const;
export const BET_STATES = [
  'pending_delay',
  'accepted',
  'rejected',
  'won',
  'lost',
  'void',
  'cashed_out',
] as const;

/** Decimal odds of thousandths for display: 2500 → "2.50". */
export const oddsText = (oddsMilli: number) => (oddsMilli / 1000).toFixed(2);

/** A success or failure line above a panel, announced politely. */
export type Notice = { kind: 'success' | 'error'; text: string } | null;
