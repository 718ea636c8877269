/**
 * POST /coupons: a coupon on the open draw, bought through the ledger (the player's account in the
 * draw's currency → the house, key `toto:coupon:<id>:stake`). The coupon row, the transfer and the
 * limits' count (the stake for the wager limits; a loss of the whole stake recorded now, replaced by
 * stake − payout if it wins) commit in one transaction under a shared lock of the draw row, so a
 * coupon is either in the pool that closes or refused. Bad input is refused before anything moves.
 * A replayed Idempotency-Key answers the first coupon; the same key with another body is
 * TOTO_IDEMPOTENCY_MISMATCH.
 *
 * Errors: TOTO_MATCH_MISSING, TOTO_BAD_OUTCOME, TOTO_STAKE_BELOW_MINIMUM, TOTO_STAKE_STEP,
 * TOTO_CURRENCY, TOTO_IDEMPOTENCY_MISMATCH (422); TOTO_DRAW_NOT_FOUND (404); TOTO_POOL_CLOSED (409, also
 * when no drawId is given and no draw is on sale);
 * the ledger's INSUFFICIENT_FUNDS, ACCOUNT_FROZEN, ACCOUNT_NOT_FOUND and the limits' LIMIT_* pass.
 */
import { createHash } from 'node:crypto';
import { MAX_AMOUNT_MINOR } from '@parlay/domain/money/index.ts';
import {
  combinations,
  packPicks,
  parsePicks,
  stakeWeight,
  TOTO_MATCHES,
  TotoPickError,
} from '@parlay/domain/toto/index.ts';
import type { Transaction } from 'kysely';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import { isUniqueViolation, type TotoContext } from './context.ts';
import { couponView, type TotoCouponView } from './views.ts';

export interface BuyCouponRequest {
  /** The draw bought into; the open draw when absent. */
  drawId?: string;
  /** One entry per match; null or a missing entry is TOTO_MATCH_MISSING. */
  picks: (string | null)[];
  /** Stake per combination, a whole multiple of the draw's minimum stake (string of minor units). */
  unitStakeMinor: string;
}

function hashOf(request: BuyCouponRequest): string {
  return createHash('sha256')
    .update(JSON.stringify([request.drawId ?? null, request.picks, request.unitStakeMinor]))
    .digest('hex');
}

async function replay(
  ctx: TotoContext,
  userId: bigint,
  key: string,
  hash: string,
): Promise<TotoCouponView | null> {
  const row = await ctx.db
    .selectFrom('toto_coupons')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  if (!row) return null;
  if (row.request_hash !== hash) throw new AppError('TOTO_IDEMPOTENCY_MISMATCH');
  const draw = await ctx.db
    .selectFrom('toto_draws')
    .select(['number', 'status'])
    .where('id', '=', row.draw_id)
    .executeTakeFirstOrThrow();
  return couponView(row, draw);
}

/** The masks of the picks, or the coupon's error (nothing read or moved yet). */
export function checkedPicks(picks: readonly (string | null)[]): number[] {
  try {
    return parsePicks(picks, TOTO_MATCHES);
  } catch (err) {
    if (err instanceof TotoPickError) {
      throw new AppError(
        err.reason === 'match_missing' ? 'TOTO_MATCH_MISSING' : 'TOTO_BAD_OUTCOME',
        err.message,
        {
          match: err.match + 1,
        },
      );
    }
    throw err;
  }
}

export async function buyCoupon(
  ctx: TotoContext,
  userId: bigint,
  idempotencyKey: string,
  request: BuyCouponRequest,
): Promise<TotoCouponView> {
  const hash = hashOf(request);
  const replayed = await replay(ctx, userId, idempotencyKey, hash);
  if (replayed) return replayed;

  const masks = checkedPicks(request.picks);
  if (!/^\d{1,16}$/.test(request.unitStakeMinor)) {
    throw new AppError('VALIDATION_FAILED', 'unitStakeMinor: a whole number of minor units');
  }
  const unitStake = BigInt(request.unitStakeMinor);
  const combos = combinations(masks);

  const drawQuery = ctx.db.selectFrom('toto_draws').selectAll();
  const draw = await (request.drawId === undefined
    ? drawQuery.where('status', '=', 'open')
    : drawQuery.where('id', '=', BigInt(request.drawId))
  ).executeTakeFirst();
  if (!draw && request.drawId === undefined)
    throw new AppError('TOTO_POOL_CLOSED', 'No toto draw is on sale now');
  if (!draw) throw new AppError('TOTO_DRAW_NOT_FOUND', undefined, { drawId: request.drawId ?? null });
  const rules = { minStakeMinor: BigInt(draw.min_stake_minor) };
  if (unitStake < rules.minStakeMinor) {
    throw new AppError('TOTO_STAKE_BELOW_MINIMUM', undefined, {
      minStakeMinor: rules.minStakeMinor.toString(),
      currency: draw.currency,
    });
  }
  const weight = stakeWeight(unitStake, rules);
  if (weight === null) {
    throw new AppError('TOTO_STAKE_STEP', undefined, { stepMinor: rules.minStakeMinor.toString() });
  }
  const stake = unitStake * BigInt(combos);
  if (stake > MAX_AMOUNT_MINOR)
    throw new AppError('INVALID_AMOUNT', 'The coupon costs more than any account holds');
  if (draw.status !== 'open' || ctx.clock.nowMs() >= new Date(draw.closes_at).getTime()) {
    throw new AppError('TOTO_POOL_CLOSED', undefined, { drawId: draw.id.toString() });
  }
  const view = await ctx.ledger.accounts(userId);
  const candidates = [view.activeAccount, view.mainAccount, ...view.accounts].filter(
    (a) => a !== null && a.iso === draw.currency && a.type !== 4,
  );
  const account = candidates[0];
  if (!account) throw new AppError('TOTO_CURRENCY', undefined, { currency: draw.currency });
  if (account.isFrozen) throw new AppError('ACCOUNT_FROZEN');

  let used: Transaction<Database> | null = null;
  try {
    const row = await ctx.db.transaction().execute(async (trx) => {
      used = trx;
      // Shared lock: closing the draw (an update of this row) waits for coupons in flight.
      const locked = await trx
        .selectFrom('toto_draws')
        .select(['status', 'closes_at'])
        .where('id', '=', draw.id)
        .forShare()
        .executeTakeFirstOrThrow();
      if (locked.status !== 'open' || ctx.clock.nowMs() >= new Date(locked.closes_at).getTime()) {
        throw new AppError('TOTO_POOL_CLOSED', undefined, { drawId: draw.id.toString() });
      }
      const coupon = await trx
        .insertInto('toto_coupons')
        .values({
          draw_id: draw.id,
          user_id: userId,
          account_id: account.id,
          currency: draw.currency,
          picks: packPicks(masks),
          combinations: combos,
          unit_stake_minor: unitStake,
          weight,
          stake_minor: stake,
          idempotency_key: idempotencyKey,
          request_hash: hash,
          created_at: ctx.clock.now(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const reference = `toto:${coupon.id}`;
      await ctx.limits.assertStakeAllowed(
        { userId, currency: draw.currency, amountMinor: stake, reference },
        trx,
      );
      await ctx.limits.recordSettlement(
        { userId, currency: draw.currency, stakeMinor: stake, payoutMinor: 0n, reference },
        trx,
      );
      const transfer = await ctx.ledger.in(trx).move({
        idempotencyKey: `toto:coupon:${coupon.id}:stake`,
        reason: 'toto_stake',
        currency: draw.currency,
        from: account.id,
        to: { system: 'house' },
        amountMinor: stake,
        userId,
        metadata: { product: 'toto', drawId: draw.id.toString(), couponId: coupon.id.toString() },
      });
      await trx
        .updateTable('toto_coupons')
        .set({ stake_transfer_id: transfer.id })
        .where('id', '=', coupon.id)
        .execute();
      return { ...coupon, stake_transfer_id: transfer.id };
    });
    if (used) ctx.ledger.committed(used);
    return couponView(row, { number: draw.number, status: 'open' });
  } catch (err) {
    if (isUniqueViolation(err, 'toto_coupons')) {
      const first = await replay(ctx, userId, idempotencyKey, hash);
      if (first) return first;
    }
    throw err;
  }
}
