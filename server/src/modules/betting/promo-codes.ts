/**
 * Promo codes with an odds boost (issue 7). A promo code adds, to a winning bet's payout, a share of
 * its profit:
 *
 *   boostMinor = floor((payoutMinor − stakeMinor) × boostBasisPoints / 10 000), only when payout > stake
 *
 * where payoutMinor is what the coupon's own maths pays at settlement (express bonus included) and
 * stakeMinor the stake still in the bet. 1000 basis points = +10 % of the profit: a 100.00 single at
 * 2.50 that wins pays 250.00 + 15.00. Lost and void bets (payout ≤ stake) get nothing; a half win
 * gets the boost on its smaller profit. The boost is its own ledger transfer (reason promo_boost,
 * house → player) posted with the payout, reversed and reposted by resettlement like the payout.
 *
 * A code is usable when active, inside its valid-from/valid-to window, on a coupon type that takes
 * promo codes (not multiple singles) whose coefficient is at least the code's minimum, and not yet
 * used by the player: every player uses each code once; the use is claimed in the placement
 * transaction (primary key (code, user_id)), so of concurrent placements with one code one wins.
 * A live bet rejected after its delay gives its code back.
 *
 * Errors: PROMO_CODE_INVALID (unknown, disabled, outside its dates), PROMO_CODE_USED,
 * PROMO_CODE_MIN_COEF, PROMO_CODE_NOT_ALLOWED (multiple singles); VALIDATION_FAILED for bad CLI input.
 */

import { isPromoCodeAllowed } from '@parlay/domain/coupon/index.ts';
import { oddsMilliText } from '@parlay/domain/odds/formats.ts';
import { type Kysely, sql } from 'kysely';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';

export const BASIS_POINTS = 10_000n;
const CODE_PATTERN = /^[A-Z0-9_-]{3,50}$/;

export type PromoProblem =
  | 'PROMO_CODE_INVALID'
  | 'PROMO_CODE_USED'
  | 'PROMO_CODE_MIN_COEF'
  | 'PROMO_CODE_NOT_ALLOWED';

export interface PromoCode {
  code: string;
  boostBasisPoints: number;
  minCoefMilli: number;
  validFrom: Date | null;
  validTo: Date | null;
  isActive: boolean;
}

/** Codes are stored and compared upper-case, without surrounding spaces. */
export const normalizePromoCode = (code: string) => code.trim().toUpperCase();

/** The boost paid with a settled payout (see the module comment). @example promoBoostMinor(25000n, 10000n, 1000) === 1500n */
export function promoBoostMinor(payoutMinor: bigint, stakeMinor: bigint, boostBasisPoints: number): bigint {
  if (payoutMinor <= stakeMinor || boostBasisPoints <= 0) return 0n;
  return ((payoutMinor - stakeMinor) * BigInt(boostBasisPoints)) / BASIS_POINTS;
}

type PromoRow = Database['promo_codes'];

function toPromo(row: Omit<PromoRow, 'created_at'>): PromoCode {
  return {
    code: row.code,
    boostBasisPoints: row.boost_basis_points,
    minCoefMilli: row.min_coef_milli,
    validFrom: row.valid_from,
    validTo: row.valid_to,
    isActive: row.is_active,
  };
}

export async function findPromo(db: Kysely<Database>, code: string): Promise<PromoCode | null> {
  const normal = normalizePromoCode(code);
  if (!CODE_PATTERN.test(normal)) return null;
  const row = await db.selectFrom('promo_codes').selectAll().where('code', '=', normal).executeTakeFirst();
  return row ? toPromo(row) : null;
}

const isInWindow = (promo: PromoCode, now: Date) =>
  (promo.validFrom === null || promo.validFrom <= now) && (promo.validTo === null || now < promo.validTo);

/** Why the promo code cannot be used on this coupon now (use by the player not checked), or null. */
export function promoProblem(
  promo: PromoCode | null,
  coupon: { typeId: number; coefMilli: bigint | null },
  now: Date,
): PromoProblem | null {
  if (!isPromoCodeAllowed(coupon.typeId)) return 'PROMO_CODE_NOT_ALLOWED';
  if (!promo?.isActive || !isInWindow(promo, now)) return 'PROMO_CODE_INVALID';
  if (coupon.coefMilli !== null && coupon.coefMilli < BigInt(promo.minCoefMilli))
    return 'PROMO_CODE_MIN_COEF';
  return null;
}

export async function isPromoUsed(db: Kysely<Database>, code: string, userId: bigint): Promise<boolean> {
  const row = await db
    .selectFrom('promo_code_uses')
    .select('code')
    .where('code', '=', normalizePromoCode(code))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Claims the player's one use of the code inside the placement transaction; false when already
 * used (a concurrent claim waits for the other transaction and sees its row once it commits).
 */
export async function claimPromoUse(
  trx: Kysely<Database>,
  code: string,
  userId: bigint,
  betId: bigint,
  now: Date,
): Promise<boolean> {
  const row = await trx
    .insertInto('promo_code_uses')
    .values({ code, user_id: userId, bet_id: betId, used_at: now })
    .onConflict((oc) => oc.columns(['code', 'user_id']).doNothing())
    .returning('code')
    .executeTakeFirst();
  return row !== undefined;
}

/** Gives a bet's promo code back to the player (a live bet rejected after its delay). */
export async function releasePromoUse(trx: Kysely<Database>, betId: bigint): Promise<void> {
  await trx.deleteFrom('promo_code_uses').where('bet_id', '=', betId).execute();
}

export interface PromoView {
  code: string;
  boostBasisPoints: number;
  minCoefMilli: number;
  validFrom: string | null;
  validTo: string | null;
}

const toView = (p: PromoCode): PromoView => ({
  code: p.code,
  boostBasisPoints: p.boostBasisPoints,
  minCoefMilli: p.minCoefMilli,
  validFrom: p.validFrom?.toISOString() ?? null,
  validTo: p.validTo?.toISOString() ?? null,
});

const MAX_LISTED = 100;

/** The codes the player can still use now (the slip's listed promo codes), newest first. */
export async function listPlayerPromos(
  db: Kysely<Database>,
  userId: bigint,
  now: Date,
): Promise<PromoView[]> {
  const rows = await db
    .selectFrom('promo_codes as p')
    .selectAll('p')
    .where('p.is_active', '=', true)
    .where((eb) => eb.or([eb('p.valid_from', 'is', null), eb('p.valid_from', '<=', now)]))
    .where((eb) => eb.or([eb('p.valid_to', 'is', null), eb('p.valid_to', '>', now)]))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('promo_code_uses as u')
            .select('u.code')
            .whereRef('u.code', '=', 'p.code')
            .where('u.user_id', '=', userId),
        ),
      ),
    )
    .orderBy('p.created_at', 'desc')
    .limit(MAX_LISTED)
    .execute();
  return rows.map((r) => toView(toPromo(r)));
}

// Operator commands (parlay promo …).

export interface NewPromo {
  code: string;
  boostBasisPoints: number;
  minCoefMilli?: number;
  validFrom?: Date | null;
  validTo?: Date | null;
}

export async function createPromo(db: Kysely<Database>, input: NewPromo, now: Date): Promise<PromoView> {
  const code = normalizePromoCode(input.code);
  if (!CODE_PATTERN.test(code)) throw new AppError('VALIDATION_FAILED', 'code: 3 to 50 of A-Z, 0-9, _ and -');
  if (
    !Number.isSafeInteger(input.boostBasisPoints) ||
    input.boostBasisPoints < 1 ||
    input.boostBasisPoints > 100_000
  ) {
    throw new AppError('VALIDATION_FAILED', 'boost: 1 to 100000 basis points');
  }
  const minCoefMilli = input.minCoefMilli ?? 1000;
  if (!Number.isSafeInteger(minCoefMilli) || minCoefMilli < 1000) {
    throw new AppError('VALIDATION_FAILED', 'min-coef: at least 1.000');
  }
  const row = await db
    .insertInto('promo_codes')
    .values({
      code,
      boost_basis_points: input.boostBasisPoints,
      min_coef_milli: minCoefMilli,
      valid_from: input.validFrom ?? null,
      valid_to: input.validTo ?? null,
      is_active: true,
      created_at: now,
    })
    .onConflict((oc) => oc.column('code').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new AppError('VALIDATION_FAILED', `promo code ${code} exists`);
  return toView(toPromo(row));
}

export async function listPromos(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('promo_codes as p')
    .selectAll('p')
    .select(sql<string>`(select count(*) from promo_code_uses u where u.code = p.code)`.as('uses'))
    .orderBy('p.created_at', 'desc')
    .limit(1000)
    .execute();
  return rows.map((r) => ({ ...toView(toPromo(r)), isActive: r.is_active, uses: Number(r.uses) }));
}

export async function disablePromo(db: Kysely<Database>, code: string): Promise<boolean> {
  const result = await db
    .updateTable('promo_codes')
    .set({ is_active: false })
    .where('code', '=', normalizePromoCode(code))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** "+10 % of the profit, coefficient ≥ 1.500" for the CLI. */
export const promoText = (p: PromoView) =>
  `${p.code}  +${p.boostBasisPoints / 100} % of the profit, coefficient ≥ ${oddsMilliText(BigInt(p.minCoefMilli))}`;
