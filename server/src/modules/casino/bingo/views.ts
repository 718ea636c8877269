/** What the bingo routes and the topic show: games as the clock says they are, cards, winners. */
import type { Selectable } from 'kysely';
import type { CasinoBingoTables, StoredWin } from './tables.ts';

export type GameRow = Selectable<CasinoBingoTables['bingo_games']>;

export interface BingoWinView {
  stage: 'line' | 'two_lines' | 'full_house' | 'jackpot';
  ball: number;
  cardId: string;
  player: string;
  amountMinor: string;
}

export interface BingoGameView {
  id: string;
  room: string;
  variant: '75' | '90';
  game: number;
  status: 'buying' | 'running' | 'finished';
  currency: string;
  cardPriceMinor: string;
  startsAt: string;
  ballMs: number;
  commitment: string;
  /** Shown once the game is finished. */
  serverSeed: string | null;
  /** The balls called by now (server clock). */
  balls: number[];
  ballsTotal: number | null;
  endsAt: string | null;
  cardsSold: number;
  players: number;
  potMinor: string;
}

export type BingoMessage =
  | { type: 'bingo.game'; game: BingoGameView }
  | { type: 'bingo.ball'; room: string; gameId: string; index: number; ball: number; at: number }
  | { type: 'bingo.win'; room: string; gameId: string; win: StoredWin }
  | {
      type: 'bingo.sold';
      room: string;
      gameId: string;
      cardsSold: number;
      players: number;
      potMinor: string;
    };

/** How many balls have been called at `nowMs`: ball i (1-based) at starts_at + i · ball_ms. */
export function calledAt(game: Pick<GameRow, 'starts_at' | 'ball_ms' | 'balls'>, nowMs: number): number {
  if (!game.balls) return 0;
  const n = Math.floor((nowMs - game.starts_at.getTime()) / game.ball_ms);
  return Math.max(0, Math.min(game.balls.length, n));
}

export function maskPlayer(userId: bigint): string {
  const s = userId.toString();
  return `${s.slice(0, 2)}***${s.slice(-1)}`;
}

export function gameView(
  game: GameRow,
  nowMs: number,
  sold: { cards: number; players: number; salesMinor: bigint; potPercent: number },
): BingoGameView {
  const called = game.settled_at ? (game.balls?.length ?? 0) : calledAt(game, nowMs);
  const pot = game.status === 'buying' ? (sold.salesMinor * BigInt(sold.potPercent)) / 100n : game.pot_minor;
  return {
    id: game.id.toString(),
    room: game.room,
    variant: game.variant,
    game: game.game,
    status: game.status,
    currency: game.currency,
    cardPriceMinor: game.card_price_minor.toString(),
    startsAt: game.starts_at.toISOString(),
    ballMs: game.ball_ms,
    commitment: game.commitment,
    serverSeed: game.settled_at ? game.server_seed : null,
    balls: (game.balls ?? []).slice(0, called),
    ballsTotal: game.settled_at ? (game.balls?.length ?? 0) : null,
    endsAt: game.settled_at && game.ends_at ? game.ends_at.toISOString() : null,
    cardsSold: game.status === 'buying' ? sold.cards : game.cards_sold,
    players: sold.players,
    potMinor: pot.toString(),
  };
}

export function winsUpTo(wins: StoredWin[] | null, called: number): StoredWin[] {
  return (wins ?? []).filter((w) => w.ball <= called);
}
