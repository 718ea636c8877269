/**
 * Buying bingo cards for a room's next game: accepted while the game is buying and its start has not
 * come (CASINO_DRAW_CLOSED otherwise). The purchase row, its cards (dealt from the game's committed
 * seed, stream of this purchase), the stake transfer (player → house, key
 * casino:bingo:<purchaseId>:stake) and the limits count (limits.casinoRound: a self-excluded or
 * timed-out player is refused, the wager counted) commit in one transaction holding the game row
 * shared, so the start (which takes it exclusively) sees every purchase that got in. The limits
 * call takes the player's lock first, so the per-player card cap is checked without races.
 * A replayed Idempotency-Key answers the first purchase; another body is CASINO_IDEMPOTENCY_MISMATCH.
 */
import { purchaseCards } from '@parlay/domain/casino/bingo/index.ts';
import type { Transaction } from 'kysely';
import { AppError } from '../../../platform/errors.ts';
import type { Database } from '../../../platform/schema.ts';
import { isUniqueViolation } from '../crash/context.ts';
import { type BingoContext, publishBingo } from './context.ts';
import { roomById } from './rooms.ts';
import { soldIn } from './sold.ts';

export interface BuyCardsInput {
  userId: bigint;
  room: string;
  count: number;
  idempotencyKey: string;
}

export interface PurchaseView {
  purchaseId: string;
  gameId: string;
  room: string;
  currency: string;
  totalMinor: string;
  cards: { cardId: string; cells: number[] }[];
}

const requestHash = (input: BuyCardsInput) => `${input.room}|${input.count}`;

async function replayed(ctx: BingoContext, input: BuyCardsInput): Promise<PurchaseView | null> {
  const purchase = await ctx.db
    .selectFrom('bingo_purchases')
    .selectAll()
    .where('user_id', '=', input.userId)
    .where('idempotency_key', '=', input.idempotencyKey)
    .executeTakeFirst();
  if (!purchase) return null;
  if (purchase.request_hash !== requestHash(input)) {
    throw new AppError('CASINO_IDEMPOTENCY_MISMATCH', 'This Idempotency-Key was used for another purchase');
  }
  const game = await ctx.db
    .selectFrom('bingo_games')
    .select('room')
    .where('id', '=', purchase.game_id)
    .executeTakeFirstOrThrow();
  const cards = await ctx.db
    .selectFrom('bingo_cards')
    .select(['id', 'cells'])
    .where('purchase_id', '=', purchase.id)
    .orderBy('id')
    .execute();
  return {
    purchaseId: purchase.id.toString(),
    gameId: purchase.game_id.toString(),
    room: game.room,
    currency: purchase.currency,
    totalMinor: purchase.total_minor.toString(),
    cards: cards.map((c) => ({ cardId: c.id.toString(), cells: c.cells })),
  };
}

export async function buyBingoCards(ctx: BingoContext, input: BuyCardsInput): Promise<PurchaseView> {
  const now = ctx.clock.now();
  const earlier = await replayed(ctx, input);
  if (earlier) return earlier;
  const room = roomById(ctx.rooms, input.room);
  if (!room) throw new AppError('CASINO_GAME_NOT_FOUND', 'No such bingo room');
  if (!Number.isInteger(input.count) || input.count < 1 || input.count > room.maxCardsPerPlayer) {
    throw new AppError('CASINO_RULE', 'Cards: 1 to the room maximum', { max: room.maxCardsPerPlayer });
  }
  const game = await ctx.db
    .selectFrom('bingo_games')
    .selectAll()
    .where('room', '=', room.id)
    .where('status', '=', 'buying')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!game || now.getTime() >= game.starts_at.getTime()) throw new AppError('CASINO_DRAW_CLOSED');
  const { activeAccount } = await ctx.ledger.accounts(input.userId);
  if (!activeAccount) throw new AppError('ACCOUNT_NOT_FOUND', 'The player has no active account');
  if (activeAccount.iso !== room.currency) {
    throw new AppError('CASINO_RULE', 'The room plays in another currency', { currency: room.currency });
  }
  const total = room.cardPriceMinor * BigInt(input.count);
  let used: Transaction<Database> | null = null;
  let view: PurchaseView;
  try {
    view = await ctx.db.transaction().execute(async (trx) => {
      used = trx;
      const held = await trx
        .selectFrom('bingo_games')
        .select(['status', 'starts_at'])
        .where('id', '=', game.id)
        .forShare()
        .executeTakeFirstOrThrow();
      if (held.status !== 'buying' || now.getTime() >= held.starts_at.getTime()) {
        throw new AppError('CASINO_DRAW_CLOSED');
      }
      const purchase = await trx
        .insertInto('bingo_purchases')
        .values({
          game_id: game.id,
          user_id: input.userId,
          account_id: activeAccount.id,
          currency: activeAccount.iso,
          cards: input.count,
          total_minor: total,
          idempotency_key: input.idempotencyKey,
          request_hash: requestHash(input),
          created_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      // Refuses a self-excluded / timed-out player and counts the wager; takes the player's lock.
      await ctx.limits.casinoRound(
        {
          userId: input.userId,
          currency: purchase.currency,
          stakeMinor: total,
          roundId: `bingo:${purchase.id}`,
        },
        trx,
      );
      const mine = await trx
        .selectFrom('bingo_purchases')
        .select((eb) => eb.fn.sum<string>('cards').as('cards'))
        .where('game_id', '=', game.id)
        .where('user_id', '=', input.userId)
        .executeTakeFirst();
      if (Number(mine?.cards ?? 0) > room.maxCardsPerPlayer) {
        throw new AppError('CASINO_RULE', 'Too many cards in this game', { max: room.maxCardsPerPlayer });
      }
      await ctx.ledger.in(trx).move({
        idempotencyKey: `casino:bingo:${purchase.id}:stake`,
        reason: 'casino_stake',
        currency: purchase.currency,
        from: purchase.account_id,
        to: { system: 'house' },
        amountMinor: total,
        userId: input.userId,
        metadata: {
          game: 'bingo',
          room: room.id,
          gameId: game.id.toString(),
          purchaseId: purchase.id.toString(),
        },
      });
      const dealt = purchaseCards(
        room.variant,
        game.server_seed,
        room.id,
        game.game,
        Number(purchase.id),
        input.count,
      );
      const cards = await trx
        .insertInto('bingo_cards')
        .values(
          dealt.map((cells) => ({
            game_id: game.id,
            purchase_id: purchase.id,
            user_id: input.userId,
            cells: JSON.stringify(cells),
          })),
        )
        .returning(['id', 'cells'])
        .execute();
      return {
        purchaseId: purchase.id.toString(),
        gameId: game.id.toString(),
        room: room.id,
        currency: purchase.currency,
        totalMinor: total.toString(),
        cards: cards.map((c) => ({ cardId: c.id.toString(), cells: c.cells })),
      };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'idempotency_key')) {
      const answer = await replayed(ctx, input);
      if (answer) return answer;
    }
    throw err;
  }
  if (used) ctx.ledger.committed(used);
  const sold = await soldIn(ctx.db, game.id);
  publishBingo(ctx, {
    type: 'bingo.sold',
    room: room.id,
    gameId: game.id.toString(),
    cardsSold: sold.cards,
    players: sold.players,
    potMinor: ((sold.salesMinor * BigInt(room.table.potPercent)) / 100n).toString(),
  });
  return view;
}
