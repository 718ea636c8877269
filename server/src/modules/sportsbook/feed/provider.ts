/**
 * The odds feed contract (ARCHITECTURE §6). A provider delivers typed events in batches: first the
 * world as it stands (catalogue, fixtures, markets with prices, live states), then changes as they
 * happen. Objects are named by the provider's own references (ref), markets by their stable key
 * inside the game, outcomes by their key inside the market, so a re-delivered batch updates in
 * place. A provider with nothing to say still sends a heartbeat; silence suspends the markets.
 */
import type { Names, OutcomeResultCode } from '../tables.ts';

export interface FeedCountry {
  type: 'country';
  ref: string;
  code: string;
  names: Names;
  position: number;
}

export interface FeedChamp {
  type: 'champ';
  ref: string;
  sportId: number;
  countryRef: string;
  names: Names;
  position: number;
  isTop: boolean;
}

export interface FeedTeam {
  type: 'team';
  ref: string;
  sportId: number;
  countryRef: string | null;
  names: Names;
  attack: number;
  defence: number;
  rating: number;
}

export interface FeedFixture {
  type: 'fixture';
  ref: string;
  number: number;
  sportId: number;
  champRef: string;
  homeRef: string;
  awayRef: string;
  startAtMs: number;
  isTop: boolean;
  statisticId: string | null;
}

export interface FeedOutcome {
  key: string;
  nameKey: string;
  /** null: not offered at the moment (the outcome is suspended). */
  oddsMilli: number | null;
}

export interface FeedMarket {
  key: string;
  typeId: number;
  type: string;
  kind: string;
  nameKey: string;
  specifiers: Record<string, string>;
  isMain: boolean;
  isLive: boolean;
  position: number;
  suspended: boolean;
  outcomes: FeedOutcome[];
}

/** Adds markets to a game, or replaces their prices and state when they exist. */
export interface FeedMarkets {
  type: 'markets';
  gameRef: string;
  markets: FeedMarket[];
}

export interface FeedOdds {
  type: 'odds';
  gameRef: string;
  changes: { marketKey: string; outcomeKey: string; oddsMilli: number | null }[];
}

/** The scoreboard: status (game-status.ts), period, clock, score, period scores, statistics. */
export interface FeedLive {
  type: 'live';
  gameRef: string;
  status: number;
  period: number;
  clockSeconds: number;
  clockRunning: boolean;
  score: [number, number];
  periodScores: [number, number][];
  stats: Record<string, [number, number]>;
}

/** Suspends or reopens markets of a game: the listed keys, or every unresulted one (null). */
export interface FeedMarketState {
  type: 'market_state';
  gameRef: string;
  marketKeys: string[] | null;
  suspended: boolean;
}

export interface FeedResult {
  type: 'result';
  gameRef: string;
  markets: { marketKey: string; outcomes: { key: string; result: OutcomeResultCode }[] }[];
}

export interface FeedHeartbeat {
  type: 'heartbeat';
}

export type FeedEvent =
  | FeedCountry
  | FeedChamp
  | FeedTeam
  | FeedFixture
  | FeedMarkets
  | FeedOdds
  | FeedLive
  | FeedMarketState
  | FeedResult
  | FeedHeartbeat;

/** Receives batches in order; the provider waits for one batch before sending the next. */
export type FeedSink = (events: FeedEvent[]) => Promise<void>;

export interface FeedProvider {
  readonly name: string;
  /** Starts delivering to the sink: the world first, then changes. */
  start(sink: FeedSink): void;
  /** Stops delivering; resolves when the batch in flight has been handed over. */
  stop(): Promise<void>;
}
