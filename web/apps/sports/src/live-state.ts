/**
 * Applies /ws sportsbook messages (server events.ts: odds, score, state, result, markets) to the games
 * a page shows, as a pure reducer. Price moves are remembered for MOVE_MS so buttons can show ▲/▼;
 * a message older than what the page already has (its version) is dropped.
 */
import { isInLiveList, isOverStatus } from '@parlay/domain/sportsbook/game-status.ts';
import type { Game, Market, MarketState, OutcomeState } from './model.ts';

export const MOVE_MS = 3000;

export type MoveDirection = 'up' | 'down';
export interface Move {
  dir: MoveDirection;
  atMs: number;
}

export interface LiveState {
  games: Game[];
  /** Recent price moves by outcome id. */
  moves: Record<number, Move>;
}

interface OddsMessage {
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
interface ScoreMessage {
  type: 'score';
  gameId: number;
  status: number;
  period: number;
  clockSeconds: number;
  clockRunning: boolean;
  clockAt: string;
  score: { home: number; away: number };
  periodScores: [number, number][];
  stats: Record<string, [number, number]>;
  version: number;
}
interface StateMessage {
  type: 'state';
  gameId: number;
  markets: { id: number; state: MarketState }[];
}
interface ResultMessage {
  type: 'result';
  gameId: number;
  markets: { id: number; outcomes: { id: number; result: string }[] }[];
}
interface MarketsMessage {
  type: 'markets';
  gameId: number;
  markets: Market[];
}

export type GameMessage = OddsMessage | ScoreMessage | StateMessage | ResultMessage | MarketsMessage;

const GAME_MESSAGE_TYPES = new Set(['odds', 'score', 'state', 'result', 'markets']);

/** The message if it is one the reducer applies to a game, else null. */
export function asGameMessage(data: unknown): GameMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, gameId } = data as { type?: unknown; gameId?: unknown };
  return typeof type === 'string' && GAME_MESSAGE_TYPES.has(type) && Number.isInteger(gameId)
    ? (data as GameMessage)
    : null;
}

export interface ApplyOptions {
  /** List pages keep only the main markets of a game. */
  mainOnly?: boolean;
}

function mapMarkets(game: Game, update: (market: Market) => Market): Game {
  let changed = false;
  const markets = game.markets.map((market) => {
    const next = update(market);
    if (next !== market) changed = true;
    return next;
  });
  return changed ? { ...game, markets } : game;
}

function applyOdds(game: Game, message: OddsMessage, moves: Record<number, Move>, nowMs: number): Game {
  const byId = new Map(message.outcomes.map((o) => [o.id, o]));
  return mapMarkets(game, (market) => {
    let changed = false;
    const outcomes = market.outcomes.map((outcome) => {
      const update = byId.get(outcome.id);
      if (!update || update.version < outcome.version) return outcome;
      if (update.oddsMilli !== outcome.oddsMilli) {
        moves[outcome.id] = { dir: update.oddsMilli > outcome.oddsMilli ? 'up' : 'down', atMs: nowMs };
      }
      if (update.oddsMilli === outcome.oddsMilli && update.state === outcome.state) return outcome;
      changed = true;
      return { ...outcome, oddsMilli: update.oddsMilli, state: update.state, version: update.version };
    });
    return changed ? { ...market, outcomes } : market;
  });
}

function applyScore(game: Game, m: ScoreMessage): Game {
  if (m.version < game.version) return game;
  return {
    ...game,
    status: m.status,
    period: m.period,
    clockSeconds: m.clockSeconds,
    clockRunning: m.clockRunning,
    clockAt: m.clockAt,
    score: m.score,
    periodScores: m.periodScores,
    stats: m.stats,
    isLive: isInLiveList(m.status),
    isFinished: isOverStatus(m.status),
    version: m.version,
  };
}

function applyState(game: Game, m: StateMessage): Game {
  const byId = new Map(m.markets.map((x) => [x.id, x.state]));
  return mapMarkets(game, (market) => {
    const state = byId.get(market.id);
    return state && state !== market.state ? { ...market, state } : market;
  });
}

function applyResult(game: Game, m: ResultMessage): Game {
  const byId = new Map(m.markets.map((x) => [x.id, new Map(x.outcomes.map((o) => [o.id, o.result]))]));
  return mapMarkets(game, (market) => {
    const results = byId.get(market.id);
    if (!results) return market;
    return {
      ...market,
      state: 'resulted',
      outcomes: market.outcomes.map((o) =>
        results.has(o.id) ? { ...o, state: 'resulted' as const, result: results.get(o.id) ?? null } : o,
      ),
    };
  });
}

function applyMarkets(game: Game, m: MarketsMessage, mainOnly: boolean): Game {
  const incoming = mainOnly ? m.markets.filter((x) => x.isMain) : m.markets;
  const byId = new Map(incoming.map((x) => [x.id, x]));
  const kept = game.markets.map((market) => {
    const next = byId.get(market.id);
    byId.delete(market.id);
    return next && next.version >= market.version ? next : market;
  });
  const markets = [...kept, ...byId.values()].sort((a, b) => a.position - b.position);
  return { ...game, markets };
}

/** One game after a message about it. `moves` is filled in place with the price moves it made. */
export function applyToGame(
  game: Game,
  message: GameMessage,
  moves: Record<number, Move>,
  nowMs: number,
  options: ApplyOptions = {},
): Game {
  if (message.gameId !== game.id) return game;
  switch (message.type) {
    case 'odds':
      return applyOdds(game, message, moves, nowMs);
    case 'score':
      return applyScore(game, message);
    case 'state':
      return applyState(game, message);
    case 'result':
      return applyResult(game, message);
    case 'markets':
      return applyMarkets(game, message, options.mainOnly ?? false);
  }
}

/** Drops moves older than MOVE_MS. */
export function pruneMoves(moves: Record<number, Move>, nowMs: number): Record<number, Move> {
  const kept: Record<number, Move> = {};
  for (const [id, move] of Object.entries(moves)) if (nowMs - move.atMs < MOVE_MS) kept[Number(id)] = move;
  return kept;
}

/** The state after one /ws message: the game it names changes, the others stay (same objects). */
export function applyMessage(
  state: LiveState,
  data: unknown,
  nowMs: number,
  options: ApplyOptions = {},
): LiveState {
  const message = asGameMessage(data);
  if (!message) return state;
  const index = state.games.findIndex((g) => g.id === message.gameId);
  if (index < 0) return state;
  const moves = { ...state.moves };
  const game = state.games[index] as Game;
  const next = applyToGame(game, message, moves, nowMs, options);
  if (next === game && Object.keys(moves).length === Object.keys(state.moves).length) return state;
  const games = state.games.slice();
  games[index] = next;
  return { games, moves };
}

/** The live list after a `live` topic message: games that left are removed (added ones are fetched by the page). */
export function removeGames(state: LiveState, gameIds: readonly number[]): LiveState {
  if (gameIds.length === 0) return state;
  const gone = new Set(gameIds);
  const games = state.games.filter((g) => !gone.has(g.id));
  return games.length === state.games.length ? state : { ...state, games };
}

/** Adds games not shown yet (a game entering the live list), keeping start-time order. */
export function addGames(state: LiveState, added: readonly Game[]): LiveState {
  const known = new Set(state.games.map((g) => g.id));
  const fresh = added.filter((g) => !known.has(g.id));
  if (fresh.length === 0) return state;
  const games = [...state.games, ...fresh].sort((a, b) => Date.parse(a.startAt) - Date.parse(b.startAt));
  return { ...state, games };
}

/** The running clock in seconds at `nowMs`: clockSeconds + (now − clockAt) while it runs. */
export function clockAt(
  game: Pick<Game, 'clockSeconds' | 'clockRunning' | 'clockAt'>,
  nowMs: number,
): number {
  if (!game.clockRunning || !game.clockAt) return game.clockSeconds;
  const since = Date.parse(game.clockAt);
  if (Number.isNaN(since)) return game.clockSeconds;
  return game.clockSeconds + Math.max(0, Math.floor((nowMs - since) / 1000));
}
