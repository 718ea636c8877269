/**
 * The bingo pages' state, pure: the room snapshot from GET /bingo/rooms/:room, moved on by the
 * `casino:bingo` topic's messages (a ball appends only when it is the next one; a gap asks for a
 * fresh snapshot, since balls are droppable), and the auto-daub of the player's cards.
 */

export type Variant = '75' | '90';

export interface GameView {
  id: string;
  room: string;
  variant: Variant;
  game: number;
  status: 'buying' | 'running' | 'finished';
  currency: string;
  cardPriceMinor: string;
  startsAt: string;
  ballMs: number;
  commitment: string;
  serverSeed: string | null;
  balls: number[];
  ballsTotal: number | null;
  endsAt: string | null;
  cardsSold: number;
  players: number;
  potMinor: string;
}

export interface RoomSummary {
  id: string;
  variant: Variant;
  currency: string;
  cardPriceMinor: string;
  maxCardsPerPlayer: number;
  potPercent: number;
  shares: { line: number; two_lines: number; full_house: number };
  jackpotBalls: number;
  jackpotMinor: string;
  current: GameView | null;
  next: GameView | null;
}

export interface WinnerView {
  stage: 'line' | 'two_lines' | 'full_house' | 'jackpot';
  ball: number;
  cardId: string;
  player: string;
  amountMinor: string;
}

export interface MyCard {
  cardId: string;
  gameId: string;
  cells: number[];
}

export interface RoomState {
  room: RoomSummary;
  winners: WinnerView[];
  myCards: MyCard[];
  history: GameView[];
  serverTime: number;
}

export type BingoMessage =
  | { type: 'bingo.game'; game: GameView }
  | { type: 'bingo.ball'; room: string; gameId: string; index: number; ball: number; at: number }
  | {
      type: 'bingo.win';
      room: string;
      gameId: string;
      win: { stage: string; ball: number; cardIds: string[] };
    }
  | {
      type: 'bingo.sold';
      room: string;
      gameId: string;
      cardsSold: number;
      players: number;
      potMinor: string;
    };

/** The result of a message: the next state, and whether a fresh snapshot is needed. */
export function applyBingoMessage(
  state: RoomState,
  message: BingoMessage,
): { state: RoomState; reload: boolean } {
  const room = state.room;
  if (message.type === 'bingo.game') {
    if (message.game.room !== room.id) return { state, reload: false };
    // A game that started, finished or opened: the snapshot tells winners and cards exactly.
    return { state, reload: true };
  }
  if (message.room !== room.id) return { state, reload: false };
  if (message.type === 'bingo.sold') {
    if (room.next?.id !== message.gameId) return { state, reload: false };
    const next = {
      ...room.next,
      cardsSold: message.cardsSold,
      players: message.players,
      potMinor: message.potMinor,
    };
    return { state: { ...state, room: { ...room, next } }, reload: false };
  }
  if (message.type === 'bingo.win') return { state, reload: true };
  const current = room.current;
  if (!current || current.id !== message.gameId) return { state, reload: true };
  if (message.index <= current.balls.length) return { state, reload: false };
  if (message.index !== current.balls.length + 1) return { state, reload: true };
  const updated = { ...current, balls: [...current.balls, message.ball] };
  return { state: { ...state, room: { ...room, current: updated } }, reload: false };
}

/** Which cells of a card are daubed by the called balls (the 75-ball centre is free). */
export function daubed(cells: readonly number[], balls: readonly number[]): boolean[] {
  const called = new Set(balls);
  return cells.map((n) => n === 0 || called.has(n));
}

/** Numbers still missing for a full house. */
export function toGo(cells: readonly number[], balls: readonly number[]): number {
  const called = new Set(balls);
  return cells.filter((n) => n !== 0 && !called.has(n)).length;
}

/** The 75-ball column letter of a ball (B I N G O), or '' for 90-ball. */
export function letterOf(variant: Variant, ball: number): string {
  return variant === '75' ? ('BINGO'[Math.floor((ball - 1) / 15)] ?? '') : '';
}

/** Seconds left until `iso` on the server's clock (never below 0). */
export function secondsUntil(iso: string, serverNowMs: number): number {
  return Math.max(0, Math.ceil((Date.parse(iso) - serverNowMs) / 1000));
}

export function clockText(seconds: number): string {
  const m = Math.floor(seconds / 60);
  return `${m}:${String(seconds % 60).padStart(2, '0')}`;
}
