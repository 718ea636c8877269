/**
 * Coupons saved under a shareable code (guests too): 8 characters of an alphabet without the look-alikes
 * 0/O and 1/I, unique, kept 30 days, looked up case-insensitively. Only the selections, type, system
 * value and bankers are saved; loading answers them with their current state (quote bet shape),
 * outcomes that no longer exist or are settled marked isUnavailable. At most 20 codes are created
 * per hour by one IP address or one player.
 *
 * Errors: VALIDATION_FAILED (400), COUPON_CODE_NOT_FOUND (404), RATE_LIMITED (429).
 */
import { randomInt } from 'node:crypto';
import { isCouponTypeId, isSystemType } from '@parlay/domain/coupon/index.ts';
import { type Kysely, sql } from 'kysely';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import type { BettingContext } from './context.ts';
import { readSlipBets, type SlipBetView, type SlipLanguage } from './selection-view.ts';

export const COUPON_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const COUPON_CODE_LENGTH = 8;
export const COUPON_CODE_TTL_MS = 30 * 86_400_000;
export const COUPON_CODES_PER_HOUR = 20;
const HOUR_MS = 3_600_000;
const MAX_ATTEMPTS = 5;

export interface SavedCoupon {
  typeId: number;
  systemValue: number | null;
  bets: { outcomeId: bigint; isBanker: boolean }[];
}

export function newCouponCode(): string {
  let code = '';
  for (let i = 0; i < COUPON_CODE_LENGTH; i++)
    code += COUPON_CODE_ALPHABET[randomInt(COUPON_CODE_ALPHABET.length)];
  return code;
}

function assertSavable(coupon: SavedCoupon): void {
  if (!isCouponTypeId(coupon.typeId))
    throw new AppError('VALIDATION_FAILED', `body/typeId: ${coupon.typeId}`);
  if (new Set(coupon.bets.map((b) => b.outcomeId)).size !== coupon.bets.length) {
    throw new AppError('VALIDATION_FAILED', 'body/bets: an outcome appears twice');
  }
}

/**
 * The hour's codes of this address or player, newest first, as far as the limit looks: with the
 * limit reached, the last of them is the one whose leaving the hour lets the next code in, and the
 * 429 names that wait (Retry-After) rather than a default minute.
 */
async function assertUnderHourlyLimit(db: Kysely<Database>, ip: string, userId: bigint | null, now: Date) {
  const since = new Date(now.getTime() - HOUR_MS);
  const { rows } = await sql<{ created_at: Date }>`select created_at from coupon_codes
    where created_at > ${since} and (ip = ${ip} or user_id = ${userId})
    order by created_at desc limit ${COUPON_CODES_PER_HOUR}`.execute(db);
  if (rows.length < COUPON_CODES_PER_HOUR) return;
  const freedAt = new Date(rows[rows.length - 1]!.created_at).getTime() + HOUR_MS;
  throw new AppError('RATE_LIMITED', `at most ${COUPON_CODES_PER_HOUR} coupon codes an hour`, {
    retryAfterSeconds: Math.max(1, Math.ceil((freedAt - now.getTime()) / 1000)),
  });
}

/** Saves the coupon under a new code. */
export async function saveCouponCode(
  ctx: BettingContext,
  coupon: SavedCoupon,
  by: { ip: string; userId: bigint | null },
): Promise<{ code: string; expiresAt: string }> {
  assertSavable(coupon);
  const now = ctx.clock.now();
  await assertUnderHourlyLimit(ctx.db, by.ip, by.userId, now);
  const expiresAt = new Date(now.getTime() + COUPON_CODE_TTL_MS);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const code = newCouponCode();
    const row = await ctx.db
      .insertInto('coupon_codes')
      .values({
        code,
        type_id: coupon.typeId,
        system_value: isSystemType(coupon.typeId) ? coupon.systemValue : null,
        bets: JSON.stringify(
          coupon.bets.map((b) => ({ outcomeId: b.outcomeId.toString(), isBanker: b.isBanker })),
        ) as unknown as SavedCouponRow['bets'],
        user_id: by.userId,
        ip: by.ip,
        created_at: now,
        expires_at: expiresAt,
      })
      .onConflict((oc) => oc.column('code').doNothing())
      .returning('code')
      .executeTakeFirst();
    if (row) return { code: row.code, expiresAt: expiresAt.toISOString() };
  }
  throw new Error('no free coupon code after several attempts');
}

type SavedCouponRow = Database['coupon_codes'];

export interface LoadedCoupon {
  code: string;
  typeId: number;
  systemValue: number | null;
  bets: (SlipBetView & { isBanker: boolean })[];
}

/** The saved coupon with its selections' current state. */
export async function loadCouponCode(
  db: Kysely<Database>,
  code: string,
  lng: SlipLanguage,
  now: Date,
): Promise<LoadedCoupon> {
  const normal = code.trim().toUpperCase();
  if (!/^[A-Z0-9]{8}$/.test(normal)) throw new AppError('COUPON_CODE_NOT_FOUND');
  const row = await db
    .selectFrom('coupon_codes')
    .selectAll()
    .where('code', '=', normal)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) throw new AppError('COUPON_CODE_NOT_FOUND');
  const saved = row.bets;
  const { views } = await readSlipBets(
    db,
    row.type_id,
    saved.map((b) => BigInt(b.outcomeId)),
    lng,
    { settledUnavailable: true },
  );
  return {
    code: row.code,
    typeId: row.type_id,
    systemValue: row.system_value,
    bets: views.map((view, i) => ({ ...view, isBanker: saved[i]?.isBanker === true })),
  };
}
