/**
 * VIP bet requests (coupon-accounts §5 "VIP bet"): a coupon whose stake is above the maximum bet
 * amount, when the VIP bet is available (shown by the site, finite maximum, all bets line, not
 * multiple singles), waits for an operator instead of being refused. The request (Idempotency-Key)
 * is priced like a placement without the maximum (every other rule applies, at current prices) and
 * its stake is reserved in the ledger (key vip:<id>). Then, exactly once:
 * - approve (parlay bets vip approve): the reservation is released and the coupon placed in the same
 *   transaction at the prices current then, with the request's changeCoefAction and without the
 *   maximum (place-in-transaction.ts, bet key vip:<id>); refused by a rule → rejected
 *   with that rule's code, the stake back;
 * - reject (parlay bets vip reject): released, reason VIP_REQUEST_REJECTED;
 * - no decision within VIP_REQUEST_TTL_MS: the betting workers release it, reason VIP_REQUEST_EXPIRED.
 * The workers tell the player on user:<id> ({ type: 'vip', requestId, status, code?, betId? }) once
 * the request is decided, whichever process decided it.
 *
 * Errors: VALIDATION_FAILED (400), ACCOUNT_NOT_FOUND, VIP_REQUEST_NOT_FOUND (404),
 * VIP_BET_NOT_AVAILABLE, VIP_REQUEST_DECIDED, the placement rules' codes, INSUFFICIENT_FUNDS (409),
 * IDEMPOTENCY_KEY_REUSED (422).
 */

import { amountLimits, isVipBetAvailable } from '@parlay/domain/coupon/index.ts';
import { GAME_STATUS } from '@parlay/domain/sportsbook/game-status.ts';
import type { Kysely, Selectable } from 'kysely';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import type { Ledger } from '../accounts/index.ts';
import { readSelections } from '../sportsbook/index.ts';
import { type BettingContext, isUniqueViolation, publishBet, retryConflicts, userTopic } from './context.ts';
import { couponConfig, resolveCouponSettings } from './coupon-settings.ts';
import { placeInTransaction } from './place-in-transaction.ts';
import { couponRequestHash, type PlaceAnswer } from './placement.ts';
import { assertCouponShape, type CouponRequest, priceCoupon, type RejectionCode } from './price-coupon.ts';
import type { BettingTables, VipRequestStatus } from './tables.ts';

export const VIP_REQUEST_TTL_MS = 15 * 60_000;
const MAX_PER_RUN = 200;

type VipRow = Selectable<BettingTables['vip_requests']>;

export interface VipRequestView {
  id: string;
  status: VipRequestStatus;
  reasonCode: string | null;
  betId: string | null;
  typeId: number;
  currency: string;
  accountId: string;
  stakeMinor: string;
  createdAt: string;
  expiresAt: string;
  decidedAt: string | null;
}

export function toVipView(row: VipRow): VipRequestView {
  return {
    id: row.id.toString(),
    status: row.status,
    reasonCode: row.reason_code,
    betId: row.bet_id?.toString() ?? null,
    typeId: row.type_id,
    currency: row.currency,
    accountId: row.account_id.toString(),
    stakeMinor: row.stake.toString(),
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
  };
}

/** The coupon request as stored (JSON) and back. */
function storeRequest(request: CouponRequest): Record<string, unknown> {
  return JSON.parse(
    JSON.stringify(request, (_k, v) =>
      typeof v === 'bigint' ? v.toString() : v instanceof Map ? [...v.entries()] : v,
    ),
  );
}

function loadRequest(raw: Record<string, unknown>): CouponRequest {
  const r = raw as {
    typeId: number;
    systemValue: number;
    amountMinor: string | null;
    amountByOutcomeId: [string, string][];
    accountId: string;
    bets: { outcomeId: string; seenOddsMilli: number; isBanker: boolean }[];
    changeCoefAction: 0 | 1 | 2;
    exactCoefMilli: number | null;
    promoCode: string | null;
  };
  return {
    typeId: r.typeId,
    systemValue: r.systemValue,
    amountMinor: r.amountMinor === null ? null : BigInt(r.amountMinor),
    amountByOutcomeId: new Map(r.amountByOutcomeId.map(([k, v]) => [BigInt(k), BigInt(v)])),
    accountId: BigInt(r.accountId),
    bets: r.bets.map((b) => ({ ...b, outcomeId: BigInt(b.outcomeId) })),
    changeCoefAction: r.changeCoefAction,
    exactCoefMilli: r.exactCoefMilli,
    promoCode: r.promoCode,
  };
}

async function findByKey(db: Kysely<Database>, userId: bigint, key: string) {
  return db
    .selectFrom('vip_requests')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

function replay(row: VipRow, requestHash: string): VipRequestView {
  if (row.request_hash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return toVipView(row);
}

/** Files a VIP bet request and reserves its stake. */
export async function requestVipBet(
  ctx: BettingContext,
  userId: bigint,
  idempotencyKey: string,
  request: CouponRequest,
): Promise<VipRequestView> {
  assertCouponShape(request);
  const requestHash = couponRequestHash(request);
  const existing = await findByKey(ctx.db, userId, idempotencyKey);
  if (existing) return replay(existing, requestHash);
  const config = await couponConfig(ctx.siteConfig);
  try {
    return await retryConflicts(() =>
      ctx.ledger.transaction(async (trx, ledger) => {
        const account = await ledger.account(userId, request.accountId);
        const settings = resolveCouponSettings(config, account.iso);
        const isBonusAccount = account.type === 4;
        const selections = await readSelections(
          trx,
          request.bets.map((b) => b.outcomeId),
        );
        const priced = priceCoupon(request, selections, {
          ...settings,
          maxBetAmountMinor: null,
          isBonusAccount,
        });
        if (!priced.ok) throw new AppError(priced.code);
        const { maxMinor } = amountLimits({ ...settings, typeId: request.typeId, isBonusAccount });
        const available = isVipBetAvailable({
          isVipBetShown: settings.isVipBetShown,
          maxBetAmountMinor: maxMinor,
          typeId: request.typeId,
          bets: priced.legs.map((leg) => ({
            market: { isLive: leg.isLive },
            game: { status: GAME_STATUS.NOT_STARTED, isTimeRunning: false },
          })),
        });
        if (!available || maxMinor === null || priced.stakeMinor <= maxMinor) {
          throw new AppError('VIP_BET_NOT_AVAILABLE');
        }
        const now = ctx.clock.now();
        const row = await trx
          .insertInto('vip_requests')
          .values({
            user_id: userId,
            account_id: request.accountId,
            currency: account.iso,
            type_id: request.typeId,
            stake: priced.stakeMinor,
            request: JSON.stringify(storeRequest(request)) as unknown as Record<string, unknown>,
            idempotency_key: idempotencyKey,
            request_hash: requestHash,
            status: 'pending',
            created_at: now,
            expires_at: new Date(now.getTime() + VIP_REQUEST_TTL_MS),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        const reservation = await ledger.reserve({
          idempotencyKey: `vip:${row.id}`,
          accountId: request.accountId,
          amountMinor: priced.stakeMinor,
          reason: 'vip_stake',
          metadata: { vipRequestId: row.id.toString() },
        });
        await trx
          .updateTable('vip_requests')
          .set({ reservation_id: reservation.id })
          .where('id', '=', row.id)
          .execute();
        return toVipView({ ...row, reservation_id: reservation.id });
      }),
    );
  } catch (err) {
    if (isUniqueViolation(err, 'vip_requests_idempotency_uq')) {
      return replay((await findByKey(ctx.db, userId, idempotencyKey))!, requestHash);
    }
    throw err;
  }
}

export async function listVipRequests(db: Kysely<Database>, userId: bigint): Promise<VipRequestView[]> {
  const rows = await db
    .selectFrom('vip_requests')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
  return rows.map(toVipView);
}

/** Pending requests, oldest first (the operator's queue). */
export async function listPendingVipRequests(db: Kysely<Database>): Promise<VipRequestView[]> {
  const rows = await db
    .selectFrom('vip_requests')
    .selectAll()
    .where('status', '=', 'pending')
    .orderBy('id')
    .limit(500)
    .execute();
  return rows.map(toVipView);
}

async function lockPending(trx: Kysely<Database>, id: bigint): Promise<VipRow> {
  const row = await trx
    .selectFrom('vip_requests')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError('VIP_REQUEST_NOT_FOUND');
  if (row.status !== 'pending') throw new AppError('VIP_REQUEST_DECIDED');
  return row;
}

/** Releases the stake and closes the request as rejected or expired (inside the caller's transaction). */
async function close(
  trx: Kysely<Database>,
  ledger: Ledger,
  row: VipRow,
  status: 'rejected' | 'expired',
  code: string,
  now: Date,
): Promise<VipRow> {
  if (row.reservation_id !== null) {
    await ledger.release(row.reservation_id, 'vip_stake_release', { vipRequestId: row.id.toString() });
  }
  return trx
    .updateTable('vip_requests')
    .set({ status, reason_code: code, decided_at: now, notified_at: null })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function rejectVipRequest(ctx: BettingContext, id: bigint): Promise<VipRequestView> {
  const row = await retryConflicts(() =>
    ctx.ledger.transaction(async (trx, ledger) =>
      close(trx, ledger, await lockPending(trx, id), 'rejected', 'VIP_REQUEST_REJECTED', ctx.clock.now()),
    ),
  );
  return toVipView(row);
}

const REJECTING = (code: string) =>
  code === 'INSUFFICIENT_FUNDS' || code === 'ACCOUNT_FROZEN' || code.startsWith('LIMIT_');

/**
 * Approves: places the coupon at the prices current now with the request's changeCoefAction; a
 * rule that refuses it (odds, market, limits…) rejects the request with that code instead.
 */
export async function approveVipRequest(
  ctx: BettingContext,
  id: bigint,
): Promise<{ request: VipRequestView; answer: PlaceAnswer | null }> {
  let answer: PlaceAnswer | null = null;
  let row: VipRow;
  const config = await couponConfig(ctx.siteConfig);
  try {
    row = await retryConflicts(() =>
      ctx.ledger.transaction(async (trx, ledger) => {
        const pending = await lockPending(trx, id);
        await ledger.release(pending.reservation_id!, 'vip_stake_release', { vipRequestId: id.toString() });
        answer = await placeInTransaction(
          ctx,
          trx,
          ledger,
          {
            userId: pending.user_id,
            idempotencyKey: `vip:${id}`,
            requestHash: pending.request_hash,
            request: loadRequest(pending.request),
          },
          { config, isVip: true },
        );
        const approved = answer.status !== 'rejected';
        return trx
          .updateTable('vip_requests')
          .set({
            status: approved ? 'approved' : 'rejected',
            reason_code: answer.status === 'rejected' ? answer.code : null,
            bet_id: answer.betId === null ? null : BigInt(answer.betId),
            decided_at: ctx.clock.now(),
            notified_at: null,
          })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
      }),
    );
  } catch (err) {
    if (!(err instanceof AppError) || !REJECTING(err.code)) throw err;
    const code = err.code as RejectionCode;
    row = await retryConflicts(() =>
      ctx.ledger.transaction(async (trx, ledger) =>
        close(trx, ledger, await lockPending(trx, id), 'rejected', code, ctx.clock.now()),
      ),
    );
  }
  const placed = answer as PlaceAnswer | null;
  if (placed?.betId) await publishBet(ctx, row.user_id, { betId: placed.betId, status: placed.status });
  return { request: toVipView(row), answer: placed };
}

/** Expires the requests nobody decided in time (the betting workers); answers how many. */
export async function expireVipRequests(ctx: BettingContext, limit = MAX_PER_RUN): Promise<number> {
  let expired = 0;
  while (expired < limit) {
    const done = await retryConflicts(() =>
      ctx.ledger.transaction(async (trx, ledger) => {
        const row = await trx
          .selectFrom('vip_requests')
          .selectAll()
          .where('status', '=', 'pending')
          .where('expires_at', '<=', ctx.clock.now())
          .orderBy('expires_at')
          .limit(1)
          .forUpdate()
          .skipLocked()
          .executeTakeFirst();
        if (!row) return false;
        await close(trx, ledger, row, 'expired', 'VIP_REQUEST_EXPIRED', ctx.clock.now());
        return true;
      }),
    );
    if (!done) break;
    expired += 1;
  }
  return expired;
}

/** The message on user:<id> when a VIP bet request is decided. */
export interface VipMessage {
  type: 'vip';
  requestId: string;
  status: VipRequestStatus;
  code?: string;
  betId?: string;
}

/** Tells players of decided requests not told yet (each once: claimed by setting notified_at). */
export async function notifyVipDecisions(ctx: BettingContext, limit = MAX_PER_RUN): Promise<number> {
  const rows = await ctx.db
    .updateTable('vip_requests')
    .set({ notified_at: ctx.clock.now() })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('vip_requests')
        .select('id')
        .where('status', '<>', 'pending')
        .where('notified_at', 'is', null)
        .orderBy('id')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'user_id', 'status', 'reason_code', 'bet_id'])
    .execute();
  for (const row of rows) {
    const message: VipMessage = {
      type: 'vip',
      requestId: row.id.toString(),
      status: row.status,
      ...(row.reason_code ? { code: row.reason_code } : {}),
      ...(row.bet_id ? { betId: row.bet_id.toString() } : {}),
    };
    await ctx.bus.publish(userTopic(row.user_id), message);
  }
  return rows.length;
}
