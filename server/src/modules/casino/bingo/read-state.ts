/**
 * The bingo pages' snapshots: the lobby (every room's current and next game with countdown, card
 * price, players and pot) and a room (its running game as the clock says: balls called so far and
 * the winners revealed by them, or the last finished game when none runs; the game buying; the
 * player's cards in those games; the last finished
 * games with their revealed seeds).
 */
import type { BingoContext } from './context.ts';
import type { BingoRoom } from './rooms.ts';
import { soldIn } from './sold.ts';
import { type BingoGameView, type BingoWinView, type GameRow, gameView, maskPlayer } from './views.ts';

export interface RoomSummary {
  id: string;
  variant: '75' | '90';
  currency: string;
  cardPriceMinor: string;
  maxCardsPerPlayer: number;
  potPercent: number;
  shares: { line: number; two_lines: number; full_house: number };
  jackpotBalls: number;
  jackpotMinor: string;
  current: BingoGameView | null;
  next: BingoGameView | null;
}

export interface MyCard {
  cardId: string;
  gameId: string;
  cells: number[];
}

export interface RoomState {
  room: RoomSummary;
  winners: BingoWinView[];
  myCards: MyCard[];
  history: BingoGameView[];
  serverTime: number;
}

async function view(ctx: BingoContext, room: BingoRoom, game: GameRow | undefined, nowMs: number) {
  if (!game) return null;
  const sold = await soldIn(ctx.db, game.id);
  return gameView(game, nowMs, { ...sold, potPercent: room.table.potPercent });
}

async function summary(ctx: BingoContext, room: BingoRoom, nowMs: number): Promise<RoomSummary> {
  const games = await ctx.db
    .selectFrom('bingo_games')
    .selectAll()
    .where('room', '=', room.id)
    .where('settled_at', 'is', null)
    .orderBy('id')
    .execute();
  return {
    id: room.id,
    variant: room.variant,
    currency: room.currency,
    cardPriceMinor: room.cardPriceMinor.toString(),
    maxCardsPerPlayer: room.maxCardsPerPlayer,
    potPercent: room.table.potPercent,
    shares: room.table.shares,
    jackpotBalls: room.table.jackpotBalls,
    jackpotMinor: room.table.jackpotMinor.toString(),
    current: await view(
      ctx,
      room,
      games.find((g) => g.status === 'running'),
      nowMs,
    ),
    next: await view(
      ctx,
      room,
      games.find((g) => g.status === 'buying'),
      nowMs,
    ),
  };
}

export async function readLobby(ctx: BingoContext): Promise<{ rooms: RoomSummary[]; serverTime: number }> {
  const nowMs = ctx.clock.nowMs();
  const rooms: RoomSummary[] = [];
  for (const room of ctx.rooms) rooms.push(await summary(ctx, room, nowMs));
  return { rooms, serverTime: nowMs };
}

export async function readRoom(
  ctx: BingoContext,
  room: BingoRoom,
  userId: bigint | null,
): Promise<RoomState> {
  const nowMs = ctx.clock.nowMs();
  const s = await summary(ctx, room, nowMs);
  let winners: BingoWinView[] = [];
  let shownId: bigint | null = null;
  let called = 0;
  if (s.current) {
    shownId = BigInt(s.current.id);
    called = s.current.balls.length;
  } else {
    const last = await ctx.db
      .selectFrom('bingo_games')
      .selectAll()
      .where('room', '=', room.id)
      .where('status', '=', 'finished')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (last) {
      shownId = last.id;
      called = last.balls?.length ?? 0;
    }
  }
  if (shownId !== null) {
    const prizes = await ctx.db
      .selectFrom('bingo_prizes')
      .selectAll()
      .where('game_id', '=', shownId)
      .where('ball', '<=', called)
      .orderBy('id')
      .execute();
    winners = prizes.map((p) => ({
      stage: p.stage,
      ball: p.ball,
      cardId: p.card_id.toString(),
      player: maskPlayer(p.user_id),
      amountMinor: p.amount_minor.toString(),
    }));
  }
  // The cards of the game shown (running, or the last finished one) and of the next game.
  const gameIds = [shownId, s.next ? BigInt(s.next.id) : null].filter((x): x is bigint => x !== null);
  const myCards =
    userId !== null && gameIds.length > 0
      ? (
          await ctx.db
            .selectFrom('bingo_cards')
            .select(['id', 'game_id', 'cells'])
            .where('user_id', '=', userId)
            .where('game_id', 'in', gameIds)
            .orderBy('id')
            .execute()
        ).map((c) => ({ cardId: c.id.toString(), gameId: c.game_id.toString(), cells: c.cells }))
      : [];
  const finished = await ctx.db
    .selectFrom('bingo_games')
    .selectAll()
    .where('room', '=', room.id)
    .where('status', '=', 'finished')
    .orderBy('id', 'desc')
    .limit(10)
    .execute();
  const history = finished.map((g) =>
    gameView(g, nowMs, { cards: g.cards_sold, players: 0, salesMinor: g.sales_minor, potPercent: 0 }),
  );
  return { room: s, winners, myCards, history, serverTime: nowMs };
}
