/**
 * What the sportsbook publishes on the bus (and so on /ws): topics and message shapes.
 *
 * - `live`           LiveListMessage when games enter or leave the live list; FeedStatusMessage.
 * - `sport:<id>`     GamesMessage for new fixtures; ScoreMessage; OddsMessage and StateMessage for
 *                    the main markets only (what the line and live lists show).
 * - `game:<id>`      ScoreMessage, OddsMessage, StateMessage, ResultMessage, MarketsMessage for
 *                    every market of the game.
 *
 * Versions increase with every change of a row, so a client can drop a message older than what it
 * has already applied (e.g. after refetching the game).
 */
import type { MarketState, OutcomeResultCode, OutcomeState } from './tables.ts';

export const LIVE_TOPIC = 'live';
export const sportTopic = (sportId: number) => `sport:${sportId}`;
export const gameTopic = (gameId: number) => `game:${gameId}`;

export interface OutcomeView {
  id: number;
  key: string;
  nameKey: string;
  oddsMilli: number;
  state: OutcomeState;
  result: OutcomeResultCode | null;
  version: number;
}

export interface MarketView {
  id: number;
  key: string;
  typeId: number;
  type: string;
  kind: string;
  nameKey: string;
  specifiers: Record<string, string>;
  state: MarketState;
  isMain: boolean;
  isLive: boolean;
  position: number;
  version: number;
  outcomes: OutcomeView[];
}

export interface OddsMessage {
  type: 'odds';
  gameId: number;
  outcomes: {
    id: number;
    marketId: number;
    oddsMilli: number;
    prev: number;
    state: OutcomeState;
    version: number;
  }[];
}

export interface ScoreMessage {
  type: 'score';
  gameId: number;
  sportId: number;
  status: number;
  period: number;
  clockSeconds: number;
  clockRunning: boolean;
  /** When clockSeconds was read; a running clock is clockSeconds + (now − clockAt). */
  clockAt: string;
  score: { home: number; away: number };
  periodScores: [number, number][];
  stats: Record<string, [number, number]>;
  version: number;
}

export interface StateMessage {
  type: 'state';
  gameId: number;
  markets: { id: number; state: MarketState }[];
  /** feed = the provider went silent (heartbeat); provider = the provider said so; operator = the back office. */
  reason: 'feed' | 'provider' | 'operator';
}

export interface ResultMessage {
  type: 'result';
  gameId: number;
  markets: { id: number; outcomes: { id: number; result: OutcomeResultCode }[] }[];
}

export interface MarketsMessage {
  type: 'markets';
  gameId: number;
  markets: MarketView[];
}

export interface GamesMessage {
  type: 'games';
  sportId: number;
  added: number[];
}

export interface LiveListMessage {
  type: 'live';
  added: { gameId: number; sportId: number }[];
  removed: { gameId: number; sportId: number }[];
}

export interface FeedStatusMessage {
  type: 'feed';
  state: 'down' | 'up';
}

export type SportsbookMessage =
  | OddsMessage
  | ScoreMessage
  | StateMessage
  | ResultMessage
  | MarketsMessage
  | GamesMessage
  | LiveListMessage
  | FeedStatusMessage;

/**
 * Bus messages gathered during a feed transaction and published once it has committed (in memory;
 * not the outbox module, which keeps e-mail and SMS in the database).
 */
export class AfterCommitMessages {
  readonly messages: [topic: string, message: SportsbookMessage][] = [];

  add(topic: string, message: SportsbookMessage): void {
    this.messages.push([topic, message]);
  }
}
