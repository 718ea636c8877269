/**
 * POST /tickets: a player buys a ticket — own numbers or a quick pick (numbers from the fair
 * generator over a fresh random seed), a system ticket (more numbers than a combination holds,
 * priced C(n, k) combinations) and/or a multi-draw ticket (the next `draws` draws on sale, one
 * ticket row per draw, priced draws × the one-draw price). The client states the price it expects
 * (priceMinor); a different price is refused, so a stale page never buys something else.
 *
 * One transaction under a lock of (player, Idempotency-Key): the limits service counts the stake
 * (a self-excluded or timed-out player is refused, LIMIT_*), one ledger transfer takes the whole
 * price (player → house, key lotto:buy:<userId>:<key>, reason lotto_stake), the purchase and its
 * tickets are written. A replayed key answers the first purchase; a different request under the
 * same key is LOTTO_IDEMPOTENCY_MISMATCH. Nothing moves on bad input.
 *
 * Errors: LOTTO_GAME_NOT_FOUND (404); LOTTO_WRONG_COUNT, LOTTO_NUMBERS_OUT_OF_RANGE,
 * LOTTO_NUMBERS_REPEATED, LOTTO_DRAWS_OUT_OF_RANGE, LOTTO_PRICE_MISMATCH,
 * LOTTO_CURRENCY_NOT_SUPPORTED, LOTTO_IDEMPOTENCY_MISMATCH (422); LOTTO_SALES_CLOSED,
 * LOTTO_NOT_ENOUGH_DRAWS, INSUFFICIENT_FUNDS (409); ACCOUNT_NOT_FOUND; ACCOUNT_FROZEN, LIMIT_* (403).
 */
import { createHash, randomBytes } from 'node:crypto';
import { FairByteStream } from '@parlay/domain/casino/fair/byte-stream.ts';
import { FairRandom } from '@parlay/domain/casino/fair/fair-random.ts';
import { serverSeedFrom } from '@parlay/domain/casino/fair/seeds.ts';
import {
  bonusMaskOf,
  combinationsOf,
  type LottoGame,
  LottoRuleError,
  lottoGame,
  MASK_BITS,
  maskOf,
  purchasePriceMinor,
  quickPick,
  type TicketNumbers,
  ticketPriceMinor,
  validateTicket,
} from '@parlay/domain/lotto/index.ts';
import { sql, type Transaction } from 'kysely';
import { AppError, type ErrorCode } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import type { LottoContext } from './context.ts';
import { type PurchaseView, purchaseView } from './read-tickets.ts';

export interface BuyTicketRequest {
  gameId: string;
  /** Own numbers; omitted (or quickPick) for a quick pick. */
  numbers?: number[];
  bonusNumbers?: number[];
  quickPick?: boolean;
  /** Quick pick: how many main numbers (a system when more than the game's pick). */
  picks?: number;
  /** Quick pick: how many bonus numbers (games with a bonus ball). */
  bonusPicks?: number;
  /** Consecutive draws to play, 1 … game.maxDraws. */
  draws?: number;
  /** The price the player was shown, minor units. */
  priceMinor: string;
}

const RULE_CODES: Record<LottoRuleError['reason'], ErrorCode> = {
  numbers_out_of_range: 'LOTTO_NUMBERS_OUT_OF_RANGE',
  numbers_repeated: 'LOTTO_NUMBERS_REPEATED',
  wrong_count: 'LOTTO_WRONG_COUNT',
  system_not_allowed: 'LOTTO_WRONG_COUNT',
  draws_out_of_range: 'LOTTO_DRAWS_OUT_OF_RANGE',
};

/** Runs a rule of domain/lotto, turning its refusal into the API's error. */
export function underRules<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof LottoRuleError)
      throw new AppError(RULE_CODES[error.reason], error.message, error.details);
    throw error;
  }
}

export function gameOrThrow(gameId: string): LottoGame {
  const game = lottoGame(gameId);
  if (!game) throw new AppError('LOTTO_GAME_NOT_FOUND', undefined, { gameId });
  return game;
}

function requestHash(request: BuyTicketRequest): string {
  const canonical = JSON.stringify([
    request.gameId,
    request.quickPick ?? false,
    request.numbers ?? null,
    request.bonusNumbers ?? null,
    request.picks ?? null,
    request.bonusPicks ?? null,
    request.draws ?? 1,
    request.priceMinor,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** The ticket's numbers: the player's own, or a quick pick from the fair generator. */
function numbersOf(game: LottoGame, request: BuyTicketRequest): { numbers: TicketNumbers; quick: boolean } {
  const quick = request.quickPick === true || request.numbers === undefined;
  if (!quick) {
    return { numbers: { main: request.numbers ?? [], bonus: request.bonusNumbers ?? [] }, quick };
  }
  const picks = request.picks ?? game.main.pick;
  const bonusPicks = game.bonus ? (request.bonusPicks ?? game.bonus.pick) : 0;
  // Counts are checked before drawing (drawDistinct needs a count within the pool).
  underRules(() =>
    validateTicket(game, {
      main: Array.from({ length: picks }, (_, i) => (i % game.main.pool) + 1),
      bonus: Array.from({ length: bonusPicks }, (_, i) => i + 1),
    }),
  );
  const random = new FairRandom(
    new FairByteStream({ serverSeed: serverSeedFrom(randomBytes(32)), clientSeed: 'quick-pick', nonce: 0 }),
  );
  return { numbers: quickPick(game, random, picks, bonusPicks), quick };
}

async function findPurchase(
  ctx: LottoContext,
  db: LottoContext['db'],
  userId: bigint,
  key: string,
  hash: string,
) {
  const row = await db
    .selectFrom('lotto_purchases')
    .select(['id', 'request_hash'])
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  if (!row) return null;
  if (row.request_hash !== hash) throw new AppError('LOTTO_IDEMPOTENCY_MISMATCH');
  return purchaseView(db, userId, row.id, ctx.clock.now());
}

export async function buyTicket(
  ctx: LottoContext,
  userId: bigint,
  idempotencyKey: string,
  request: BuyTicketRequest,
): Promise<PurchaseView> {
  const hash = requestHash(request);
  const replayed = await findPurchase(ctx, ctx.db, userId, idempotencyKey, hash);
  if (replayed) return replayed;

  const game = gameOrThrow(request.gameId);
  const { numbers, quick } = numbersOf(game, request);
  underRules(() => validateTicket(game, numbers));
  const draws = request.draws ?? 1;
  const total = underRules(() => purchasePriceMinor(game, numbers, draws));
  if (!/^\d{1,20}$/.test(request.priceMinor) || BigInt(request.priceMinor) !== total) {
    throw new AppError('LOTTO_PRICE_MISMATCH', undefined, { priceMinor: total.toString() });
  }
  const view = await ctx.ledger.accounts(userId);
  const account = view.activeAccount ?? view.mainAccount;
  if (!account) throw new AppError('ACCOUNT_NOT_FOUND');
  if (account.isFrozen) throw new AppError('ACCOUNT_FROZEN');
  if (account.iso !== game.currency) {
    throw new AppError('LOTTO_CURRENCY_NOT_SUPPORTED', undefined, { currency: game.currency });
  }
  const now = ctx.clock.now();
  const oneDraw = ticketPriceMinor(game, numbers);
  const purchaseId = await ctx.ledger.transaction(async (trx, ledger) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`lotto:${userId}:${idempotencyKey}`}, 0))`.execute(
      trx,
    );
    const again = await trx
      .selectFrom('lotto_purchases')
      .select(['id', 'request_hash'])
      .where('user_id', '=', userId)
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirst();
    if (again) {
      if (again.request_hash !== hash) throw new AppError('LOTTO_IDEMPOTENCY_MISMATCH');
      return again.id;
    }
    const open = await trx
      .selectFrom('lotto_draws')
      .select(['id'])
      .where('game_id', '=', game.id)
      .where('status', '=', 'selling')
      .where('closes_at', '>', now)
      .orderBy('draw_at')
      .limit(draws)
      .forShare()
      .execute();
    if (open.length === 0) throw new AppError('LOTTO_SALES_CLOSED', undefined, { gameId: game.id });
    if (open.length < draws) {
      throw new AppError('LOTTO_NOT_ENOUGH_DRAWS', undefined, { gameId: game.id, available: open.length });
    }
    await ctx.limits.assertStakeAllowed(
      { userId, currency: account.iso, amountMinor: total, reference: `lotto:${userId}:${idempotencyKey}` },
      trx as Transaction<Database>,
    );
    const transfer = await ledger.move({
      idempotencyKey: `lotto:buy:${userId}:${idempotencyKey}`,
      reason: 'lotto_stake',
      currency: account.iso,
      from: account.id,
      to: { system: 'house' },
      amountMinor: total,
      userId,
      metadata: { game: game.id, draws },
    });
    const purchase = await trx
      .insertInto('lotto_purchases')
      .values({
        user_id: userId,
        idempotency_key: idempotencyKey,
        request_hash: hash,
        game_id: game.id,
        account_id: account.id,
        currency: account.iso,
        draws,
        total_minor: total,
        transfer_id: transfer.id,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const mask = maskOf(numbers.main, MASK_BITS);
    await trx
      .insertInto('lotto_tickets')
      .values(
        open.map((draw) => ({
          purchase_id: purchase.id,
          user_id: userId,
          account_id: account.id,
          currency: account.iso,
          game_id: game.id,
          draw_id: draw.id,
          numbers: [...numbers.main],
          bonus_numbers: [...numbers.bonus],
          mask: sql<string>`${mask}::bit(80)`,
          bonus_mask: bonusMaskOf(numbers.bonus),
          picked: numbers.main.length,
          bonus_picked: numbers.bonus.length,
          combinations: combinationsOf(game, numbers),
          price_minor: oneDraw,
          quick_pick: quick,
          created_at: now,
        })),
      )
      .execute();
    return purchase.id;
  });
  const answer = await purchaseView(ctx.db, userId, purchaseId, now);
  if (!answer) throw new AppError('LOTTO_TICKET_NOT_FOUND');
  return answer;
}
