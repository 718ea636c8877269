/**
 * The full placement path, inside a ledger transaction: the markets of the selections are read FOR
 * SHARE (a suspension either committed before, and the coupon is rejected, or waits for this
 * commit), the coupon is priced from current prices, a promo code's one use is claimed
 * (promo-codes.ts), the limits hook runs, the stake is reserved (and a line coupon's captured to the
 * house), and the bet with its legs and answer is written. The usual placement takes the batched
 * path (place-in-batch.ts) and comes here only when that one cannot take it; an approved VIP bet
 * request places here too (vip-requests.ts).
 */

import type { Kysely } from 'kysely';
import type { Database } from '../../platform/schema.ts';
import type { Ledger } from '../accounts/index.ts';
import { readSelections } from '../sportsbook/index.ts';
import type { BettingContext } from './context.ts';
import { type CouponConfig, resolveCouponSettings } from './coupon-settings.ts';
import { isFreeBetCouponType } from './free-bets.ts';
import type { PlaceAnswer, Placement } from './placement.ts';
import { planStake } from './plan-stake.ts';
import { type PricedCoupon, priceCoupon, type RejectionCode } from './price-coupon.ts';
import { claimPromoUse, findPromo, normalizePromoCode, promoProblem } from './promo-codes.ts';
import { readStakeFactors, stakeFactorRefusal } from './stake-factors.ts';
import { insertBet, nextBetId, rejectInTransaction } from './write-bet.ts';

/**
 * The placement inside the caller's ledger transaction, with the coupon group read before it
 * (couponConfig). isVip: an approved VIP bet request, whose stake may be above the maximum bet
 * amount (every other rule applies).
 */
export async function placeInTransaction(
  ctx: BettingContext,
  trx: Kysely<Database>,
  ledger: Ledger,
  placement: Placement,
  options: { config: CouponConfig; isVip?: boolean },
): Promise<PlaceAnswer> {
  const { userId, request } = placement;
  const betId = placement.betId ?? (await nextBetId(trx));
  const bet = { ...placement, betId };
  const account = await ledger.account(userId, request.accountId);
  const settings = resolveCouponSettings(options.config, account.iso);
  const selections = await readSelections(
    trx,
    request.bets.map((b) => b.outcomeId),
    { lockMarkets: true },
  );
  const freeBetId = request.freeBetId ?? null;
  const priced = priceCoupon(request, selections, {
    ...settings,
    ...(options.isVip ? { maxBetAmountMinor: null } : {}),
    // A free bet's winnings are payout − stake at most stake × (coefficient − 1): no express bonus.
    ...(freeBetId !== null ? { isExpressBonusAllowed: false } : {}),
    isBonusAccount: account.type === 4,
  });
  const now = ctx.clock.now();
  if (!priced.ok) {
    return rejectInTransaction(trx, bet, account.iso, now, priced.code, priced.legIndex, priced.details);
  }
  // Stake factors of the player, markets and sports (stake-factors.ts), read FOR SHARE here.
  const factors = await readStakeFactors(
    trx,
    userId,
    priced.legs.map((leg) => leg.selection),
    { lock: true },
  );
  const overFactor = stakeFactorRefusal(
    request.amountMinor,
    priced.legs,
    options.isVip ? null : settings.maxBetAmountMinor,
    factors,
  );
  if (overFactor) {
    return rejectInTransaction(
      trx,
      bet,
      account.iso,
      now,
      'STAKE_TOO_HIGH',
      overFactor.legIndex,
      overFactor.details,
    );
  }
  if (freeBetId !== null) {
    const plan = planStake(settings, betId, request.accountId, priced);
    const allowed =
      ctx.freeBets !== undefined &&
      !options.isVip &&
      !request.promoCode &&
      request.oddsBoostId == null &&
      account.type !== 4 &&
      isFreeBetCouponType(request.typeId) &&
      (plan.answer.status === 'accepted' || plan.answer.status === 'pending');
    const problem = allowed
      ? await ctx.freeBets!.take(trx, {
          userId,
          bonusId: freeBetId,
          betId,
          currency: account.iso,
          stakeMinor: priced.stakeMinor,
          coefMilli: priced.coefMilli,
          now,
        })
      : 'FREE_BET_NOT_ALLOWED';
    if (problem) return rejectInTransaction(trx, bet, account.iso, now, problem);
    // The responsible-gaming check still runs (self-exclusion, time-out); the stake is not the player's money.
    await ctx.assertStakeAllowed(trx, {
      betId,
      userId,
      accountId: request.accountId,
      currency: account.iso,
      stakeMinor: 0n,
      isLive: priced.isLive,
    });
    // A live coupon waits for its delay with the free bet taken; the delay's rejection gives it back
    // (decide-live-bets.ts).
    const answer: PlaceAnswer = {
      ...(plan.answer as PlaceAnswer & { status: 'accepted' | 'pending' }),
      freeBetId: freeBetId.toString(),
    };
    await insertBet(trx, bet, account.iso, now, {
      ...plan.outcome(now),
      answer,
      promoBoost: null,
      reservationId: null,
    });
    return answer;
  }
  const promoCode = request.promoCode ? normalizePromoCode(request.promoCode) : null;
  let promoBoost: number | null = null;
  let boostAnswer: { oddsBoostId: string; oddsBoostCapMinor: string } | null = null;
  const oddsBoostId = request.oddsBoostId ?? null;
  if (oddsBoostId !== null) {
    // The player's odds boost (odds-boosts.ts): paid at settlement like a promo code's boost, capped.
    const allowed =
      ctx.oddsBoosts !== undefined &&
      !options.isVip &&
      !promoCode &&
      account.type !== 4 &&
      isFreeBetCouponType(request.typeId) &&
      planStake(settings, betId, request.accountId, priced).answer.status === 'accepted';
    const taken = allowed
      ? await ctx.oddsBoosts!.take(trx, {
          userId,
          bonusId: oddsBoostId,
          betId,
          currency: account.iso,
          coefMilli: priced.coefMilli,
          now,
        })
      : 'ODDS_BOOST_NOT_ALLOWED';
    if (typeof taken === 'string') return rejectInTransaction(trx, bet, account.iso, now, taken);
    promoBoost = taken.percentBp;
    boostAnswer = { oddsBoostId: oddsBoostId.toString(), oddsBoostCapMinor: taken.capMinor.toString() };
  }
  if (promoCode) {
    const taken = await takePromo(trx, bet, promoCode, { ...priced, typeId: request.typeId }, now);
    if ('code' in taken) return rejectInTransaction(trx, bet, account.iso, now, taken.code);
    promoBoost = taken.boostBasisPoints;
  }
  const plan = planStake(settings, betId, request.accountId, priced);
  await ctx.assertStakeAllowed(trx, {
    betId,
    userId,
    accountId: request.accountId,
    currency: account.iso,
    stakeMinor: priced.stakeMinor,
    isLive: priced.isLive,
  });
  const reservation = plan.capture
    ? await ledger.reserveAndCapture(plan.stake, plan.capture)
    : await ledger.reserve(plan.stake);
  const answer: PlaceAnswer = boostAnswer
    ? { ...(plan.answer as PlaceAnswer & { status: 'accepted' }), ...boostAnswer }
    : plan.answer;
  await insertBet(trx, bet, account.iso, now, {
    ...plan.outcome(now),
    ...(boostAnswer ? { answer } : {}),
    promoBoost,
    reservationId: reservation.id,
  });
  return answer;
}

/** The promo code's problem with this coupon, or its boost once the player's one use is claimed. */
async function takePromo(
  trx: Kysely<Database>,
  bet: { userId: bigint; betId: bigint },
  code: string,
  priced: PricedCoupon & { typeId: number },
  now: Date,
): Promise<{ code: RejectionCode } | { boostBasisPoints: number }> {
  const promo = await findPromo(trx, code);
  const problem = promoProblem(promo, { typeId: priced.typeId, coefMilli: priced.coefMilli }, now);
  if (problem) return { code: problem };
  if (!(await claimPromoUse(trx, code, bet.userId, bet.betId, now))) return { code: 'PROMO_CODE_USED' };
  return { boostBasisPoints: promo!.boostBasisPoints };
}
