/** The dashboards' answers as the API writes them: amounts in minor units as digit strings, times ISO 8601 (UTC). */

export interface FiguresRow {
  currency: string;
  turnoverMinor: string;
  payoutsMinor: string;
  ggrMinor: string;
  margin: number | null;
  openStakeMinor: string;
  bets: number;
  rounds: number;
  depositsMinor: string;
  deposits: number;
  withdrawalsMinor: string;
  withdrawals: number;
  activePlayers: number | null;
  /** A series point's day or hour. */
  bucket?: string;
  /** A breakdown row's product, its sport or game key and name. */
  product?: string;
  key?: string;
  label?: string;
}

export interface FiguresAnswer {
  from: string;
  to: string;
  granularity: 'day' | 'hour';
  totals: FiguresRow[];
  series: FiguresRow[];
  products: (FiguresRow & { product: string })[];
}

export interface RtpRow {
  gameId: number;
  name: string;
  currency: string;
  rounds: number;
  stakedMinor: string;
  paidMinor: string;
  measured: number | null;
  declared: number | null;
  flag: 'ok' | 'far' | 'few_rounds' | 'undeclared';
}

export interface LiveAnswer {
  at: string;
  betsPerSecond: number;
  betsLastMinute: number;
  openRounds: number;
  liability: { currency: string; liabilityMinor: string }[];
}
