/**
 * A bingo game's three steps, each one transaction that claims the game row, so running them twice
 * or from two processes does nothing the second time:
 *  - open: a room without a game buying gets one, with a fresh committed seed (the unique (room,
 *    game) pair makes a second opener fail harmlessly);
 *  - start: at starts_at the balls are drawn from the seed, the cards sold played with the bitmask
 *    marker, the prizes written (bingo_prizes) and the end fixed (ends_at); the next game opens to
 *    start a pause after this one's last ball;
 *  - settle: once ends_at passed every prize is paid (house → player, key casino:bingo:prize:<id>),
 *    each purchase's settlement recorded with the limits, the game finished; once committed each
 *    purchase is told to the tournaments' observer (bingo:<gameId>:<purchaseId>, its cards' price
 *    and prizes).
 */
import { randomBytes } from 'node:crypto';
import { bingoPrizes, gameBalls, playBingo, potOf } from '@parlay/domain/casino/bingo/index.ts';
import { commitment, serverSeedFrom } from '@parlay/domain/casino/fair/seeds.ts';
import type { Transaction } from 'kysely';
import type { Database } from '../../../platform/schema.ts';
import { isUniqueViolation } from '../crash/context.ts';
import type { FinishedRound } from '../rounds/round-observer.ts';
import { tellSettled } from '../shared-rounds/tell-settled.ts';
import { type BingoContext, publishBingo } from './context.ts';
import { type BingoRoom, roomById } from './rooms.ts';
import { soldIn } from './sold.ts';
import type { StoredWin } from './tables.ts';
import { type GameRow, gameView } from './views.ts';

export interface SettleHooks {
  /** Test hook: runs inside the settlement transaction, before it commits. */
  beforeCommit?(game: GameRow, prizes: number): Promise<void>;
}

/** Opens the room's next game to start at `startsAt` (null when another process just did). */
export async function openGame(ctx: BingoContext, room: BingoRoom, startsAt: Date): Promise<GameRow | null> {
  const last = await ctx.db
    .selectFrom('bingo_games')
    .select('game')
    .where('room', '=', room.id)
    .orderBy('game', 'desc')
    .limit(1)
    .executeTakeFirst();
  const seed = serverSeedFrom(randomBytes(32));
  try {
    const game = await ctx.db
      .insertInto('bingo_games')
      .values({
        room: room.id,
        variant: room.variant,
        game: (last?.game ?? 0) + 1,
        currency: room.currency,
        card_price_minor: room.cardPriceMinor,
        server_seed: seed,
        commitment: commitment(seed),
        status: 'buying',
        created_at: ctx.clock.now(),
        starts_at: startsAt,
        ball_ms: room.ballMs,
        balls: null,
        wins: null,
        ends_at: null,
        settled_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    publishBingo(ctx, {
      type: 'bingo.game',
      game: gameView(game, ctx.clock.nowMs(), { cards: 0, players: 0, salesMinor: 0n, potPercent: 85 }),
    });
    return game;
  } catch (err) {
    if (isUniqueViolation(err, 'room_game')) return null;
    throw err;
  }
}

/** Starts the game if it is buying and its start came: fixes balls, winners and prizes. */
export async function startGame(ctx: BingoContext, gameId: bigint): Promise<GameRow | null> {
  const now = ctx.clock.now();
  const started = await ctx.db.transaction().execute(async (trx) => {
    const game = await trx
      .selectFrom('bingo_games')
      .selectAll()
      .where('id', '=', gameId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (game.status !== 'buying' || now.getTime() < game.starts_at.getTime()) return null;
    const room = roomById(ctx.rooms, game.room);
    if (!room) return null;
    const cards = await trx
      .selectFrom('bingo_cards')
      .innerJoin('bingo_purchases', 'bingo_purchases.id', 'bingo_cards.purchase_id')
      .select([
        'bingo_cards.id',
        'bingo_cards.cells',
        'bingo_cards.purchase_id',
        'bingo_cards.user_id',
        'bingo_purchases.account_id',
        'bingo_purchases.currency',
      ])
      .where('bingo_cards.game_id', '=', gameId)
      .orderBy('bingo_cards.id')
      .execute();
    const sold = await soldIn(trx, gameId);
    const allBalls = gameBalls(game.variant, game.server_seed, game.room, game.game);
    const outcome = playBingo(
      game.variant,
      cards.map((c) => c.cells),
      allBalls,
    );
    const prizes = bingoPrizes(sold.salesMinor, room.table, outcome);
    if (prizes.length > 0) {
      await trx
        .insertInto('bingo_prizes')
        .values(
          prizes.map((p) => {
            const card = cards[p.card]!;
            const win = outcome.wins.find((w) => w.stage === p.stage) ?? outcome.wins.at(-1)!;
            return {
              game_id: gameId,
              card_id: card.id,
              purchase_id: card.purchase_id,
              user_id: card.user_id,
              account_id: card.account_id,
              currency: card.currency,
              stage: p.stage,
              ball: win.ball,
              amount_minor: p.amountMinor,
              paid_at: null,
            };
          }),
        )
        .execute();
    }
    const wins: StoredWin[] = outcome.wins.map((w) => ({
      stage: w.stage,
      ball: w.ball,
      cardIds: w.cards.map((k) => cards[k]!.id.toString()),
    }));
    return trx
      .updateTable('bingo_games')
      .set({
        status: 'running',
        balls: JSON.stringify(allBalls.slice(0, outcome.ballsCalled)),
        wins: JSON.stringify(wins),
        ends_at: new Date(game.starts_at.getTime() + outcome.ballsCalled * game.ball_ms),
        cards_sold: sold.cards,
        sales_minor: sold.salesMinor,
        pot_minor: potOf(sold.salesMinor, room.table),
      })
      .where('id', '=', gameId)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  if (started) {
    const sold = await soldIn(ctx.db, gameId);
    publishBingo(ctx, {
      type: 'bingo.game',
      game: gameView(started, now.getTime(), { ...sold, potPercent: 0 }),
    });
  }
  return started;
}

/** Settles the game if its last ball was called: pays every prize once; returns it, or null. */
export async function settleGame(
  ctx: BingoContext,
  gameId: bigint,
  hooks: SettleHooks = {},
): Promise<GameRow | null> {
  const now = ctx.clock.now();
  let used: Transaction<Database> | null = null;
  const settled = await ctx.db.transaction().execute(async (trx) => {
    used = trx;
    const game = await trx
      .selectFrom('bingo_games')
      .selectAll()
      .where('id', '=', gameId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (game.status !== 'running' || game.settled_at !== null) return null;
    if (!game.ends_at || now.getTime() < game.ends_at.getTime()) return null;
    const prizes = await trx
      .selectFrom('bingo_prizes')
      .selectAll()
      .where('game_id', '=', gameId)
      .where('paid_at', 'is', null)
      .orderBy('id')
      .execute();
    for (const prize of prizes) {
      await ctx.ledger.in(trx).move({
        idempotencyKey: `casino:bingo:prize:${prize.id}`,
        reason: 'casino_win',
        currency: prize.currency,
        from: { system: 'house' },
        to: prize.account_id,
        amountMinor: prize.amount_minor,
        userId: prize.user_id,
        metadata: { game: 'bingo', room: game.room, gameId: gameId.toString(), stage: prize.stage },
      });
    }
    await trx.updateTable('bingo_prizes').set({ paid_at: now }).where('game_id', '=', gameId).execute();
    const told = await settlePurchases(trx, ctx, game, prizes);
    const row = await trx
      .updateTable('bingo_games')
      .set({ status: 'finished', settled_at: now })
      .where('id', '=', gameId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await hooks.beforeCommit?.(row, prizes.length);
    return { row, told };
  });
  if (used) ctx.ledger.committed(used);
  if (!settled) return null;
  const sold = await soldIn(ctx.db, gameId);
  publishBingo(ctx, {
    type: 'bingo.game',
    game: gameView(settled.row, now.getTime(), { ...sold, potPercent: 0 }),
  });
  await tellSettled(ctx.finished, settled.told);
  return settled.row;
}

/**
 * Records each purchase's settlement with the limits (its cards' price, its prizes) inside the
 * settlement's transaction; answers the purchases as the tournaments count them after the commit.
 */
async function settlePurchases(
  trx: Transaction<Database>,
  ctx: BingoContext,
  game: Pick<GameRow, 'id' | 'room'>,
  prizes: readonly { purchase_id: bigint; amount_minor: bigint }[],
): Promise<FinishedRound[]> {
  const purchases = await trx
    .selectFrom('bingo_purchases')
    .selectAll()
    .where('game_id', '=', game.id)
    .orderBy('id')
    .execute();
  const told: FinishedRound[] = [];
  for (const purchase of purchases) {
    const payout = prizes
      .filter((p) => p.purchase_id === purchase.id)
      .reduce((sum, p) => sum + p.amount_minor, 0n);
    told.push({
      userId: purchase.user_id,
      accountId: purchase.account_id,
      roundKey: `bingo:${game.id}:${purchase.id}`,
      // A room no longer defined counts under 0, which no tournament names.
      gameId: roomById(ctx.rooms, game.room)?.gameId ?? 0,
      currency: purchase.currency,
      stakedMinor: purchase.total_minor,
      payoutMinor: payout,
    });
    await ctx.limits.recordSettlement(
      {
        userId: purchase.user_id,
        currency: purchase.currency,
        stakeMinor: purchase.total_minor,
        payoutMinor: payout,
        reference: `casino:bingo:${purchase.id}`,
      },
      trx,
    );
  }
  return told;
}
