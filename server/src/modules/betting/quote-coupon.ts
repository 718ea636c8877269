/**
 * The bet slip's quote (guests too): the coupon's bets with their current prices, states and
 * labels, and every rule of coupon-accounts §5/§9 the slip shows before placing: the coupon
 * coefficient, minimum and maximum amounts and maximum payout for the currency, initial amount and
 * amount step, system values with combinations, express bonus, VIP bet availability, promo code
 * availability and the given promo code's validity. A pure read: nothing is reserved or locked;
 * placement recomputes everything (price-coupon.ts).
 */

import {
  amountLimits,
  amountStepMinor,
  COUPON_TYPE,
  couponCoefMilli,
  expressBonusCoefMilli,
  initialAmountMinor,
  isExpressBonusAvailable,
  isPromoCodeAllowed,
  isSystemType,
  isVipBetAvailable,
  systemCombinationCount,
  systemValues,
} from '@parlay/domain/coupon/index.ts';
import { GAME_STATUS } from '@parlay/domain/sportsbook/game-status.ts';
import { readSelections } from '../sportsbook/index.ts';
import type { BettingContext } from './context.ts';
import { couponSettings } from './coupon-settings.ts';
import { readCouponSettings } from './player-coupon-settings.ts';
import { findPromo, isPromoUsed, normalizePromoCode, promoProblem } from './promo-codes.ts';
import { readSlipBets, type SlipBet, type SlipBetView, type SlipLanguage } from './selection-view.ts';
import { couponMaxStakeMinor, readStakeFactors } from './stake-factors.ts';

export interface QuoteRequest {
  typeId: number;
  systemValue: number;
  currency: string;
  isBonusAccount: boolean;
  lng: SlipLanguage;
  bets: { outcomeId: bigint; isBanker: boolean }[];
  promoCode: string | null;
}

export interface CouponQuote {
  currency: string;
  typeId: number;
  systemValue: number;
  bets: SlipBetView[];
  coefMilli: string | null;
  minAmountMinor: string | null;
  maxAmountMinor: string | null;
  maxPayoutMinor: string | null;
  initialAmountMinor: string;
  amountStepMinor: string;
  systemValues: { value: number; combo: number; offset: number; minBetAmountMinor: string | null }[];
  expressBonus: { available: boolean; coefMilli: number };
  isVipBetAvailable: boolean;
  isPromoCodeAllowed: boolean;
  promo: null | { code: string; valid: boolean; reason?: string; boostBasisPoints?: number };
}

const MIN_BETS: Record<number, number> = { 0: 1, 1: 2, 2: 3, 4: 3, 10001: 1 };

const text = (v: bigint | null) => (v === null ? null : v.toString());

/** An open bet of the quoted coupon: its view and whether the player made it a banker. */
interface OpenBet {
  view: SlipBet;
  isBanker: boolean;
}

/** The coupon coefficient of the open bets when their count fits the type, else null. */
function quoteCoefMilli(request: QuoteRequest, open: readonly OpenBet[]): bigint | null {
  const { typeId } = request;
  if (open.length < (MIN_BETS[typeId] ?? Infinity)) return null;
  if (typeId === COUPON_TYPE.SINGLE && open.length !== 1) return null;
  try {
    return couponCoefMilli({
      typeId,
      systemValue: request.systemValue,
      legs: open.map((b) => ({ oddsMilli: b.view.oddsMilli, isBanker: b.isBanker })),
    });
  } catch {
    return null; // a system value not offered for these bets
  }
}

/**
 * The coupon the slip would place: its open bets (not unavailable, locked or finished). Every figure
 * of the quote — coefficient, express bonus and its coefficient, system values and minimum, VIP — is
 * of these bets, as the slip computes its own (slip-figures.ts) and places only them.
 */
function openBets(request: QuoteRequest, views: readonly SlipBetView[]): OpenBet[] {
  return views.flatMap((view, i) =>
    'isUnavailable' in view || view.isLocked || view.isFinished
      ? []
      : [{ view, isBanker: request.bets[i]!.isBanker }],
  );
}

export async function quoteCoupon(
  ctx: BettingContext,
  request: QuoteRequest,
  userId: bigint | null,
): Promise<CouponQuote> {
  const { typeId, currency } = request;
  const ids = request.bets.map((b) => b.outcomeId);
  const { views } = await readSlipBets(ctx.db, typeId, ids, request.lng);
  const settings = await couponSettings(ctx.siteConfig, currency);
  const player = userId === null ? undefined : await readCouponSettings(ctx.db, userId);
  const limits = amountLimits({
    typeId,
    limitedCouponTypeIds: settings.limitedCouponTypeIds,
    minBetAmountMinor: settings.minBetAmountMinor,
    maxBetAmountMinor: settings.maxBetAmountMinor,
    isBonusAccount: request.isBonusAccount,
  });
  const open = openBets(request, views);
  // The player's, markets' and sports' stake factors lower the slip's maximum (stake-factors.ts).
  const factorMax = await quoteFactorMax(ctx, open, userId, settings.maxBetAmountMinor);
  if (factorMax !== null && (limits.maxMinor === null || factorMax < limits.maxMinor))
    limits.maxMinor = factorMax;
  const coefMilli = quoteCoefMilli(request, open);
  const bankers = typeId === COUPON_TYPE.SYSTEM_BANKER ? open.filter((b) => b.isBanker).length : 0;
  let minAmountMinor = limits.minMinor;
  if (isSystemType(typeId) && minAmountMinor !== null && coefMilli !== null) {
    minAmountMinor *= systemCombinationCount(open.length, bankers, request.systemValue);
  }
  const expressBonus = {
    available:
      coefMilli !== null &&
      isExpressBonusAvailable({
        isAllowedBySite: settings.isExpressBonusAllowed,
        typeId,
        bets: open.map((b) => ({ market: { oddsMilli: b.view.oddsMilli, kind: b.view.marketKind } })),
        coefMilli,
      }),
    coefMilli: expressBonusCoefMilli(open.length),
  };
  return {
    currency,
    typeId,
    systemValue: request.systemValue,
    bets: views,
    coefMilli: text(coefMilli),
    minAmountMinor: text(minAmountMinor),
    maxAmountMinor: text(limits.maxMinor),
    maxPayoutMinor: text(settings.maxPayoutMinor),
    initialAmountMinor: initialAmountMinor(currency).toString(),
    amountStepMinor: amountStepMinor(currency, player).toString(),
    systemValues:
      isSystemType(typeId) && open.length >= 3 ? listSystemValues(open.length, bankers, limits.minMinor) : [],
    expressBonus,
    isVipBetAvailable:
      open.length > 0 &&
      isVipBetAvailable({
        isVipBetShown: settings.isVipBetShown,
        maxBetAmountMinor: limits.maxMinor,
        typeId,
        bets: open.map((b) => ({
          market: { isLive: b.view.isLive },
          game: { status: GAME_STATUS.NOT_STARTED, isTimeRunning: false },
        })),
      }),
    isPromoCodeAllowed: isPromoCodeAllowed(typeId),
    promo: request.promoCode ? await quotePromo(ctx, request, coefMilli, userId) : null,
  };
}

async function quoteFactorMax(
  ctx: BettingContext,
  open: readonly OpenBet[],
  userId: bigint | null,
  siteMaxMinor: bigint | null,
): Promise<bigint | null> {
  if (open.length === 0) return null;
  const selections = await readSelections(
    ctx.db,
    open.map((b) => BigInt(b.view.outcomeId)),
  );
  const legs = [...selections.values()];
  return couponMaxStakeMinor(siteMaxMinor, legs, await readStakeFactors(ctx.db, userId, legs));
}

function listSystemValues(betCount: number, bankers: number, minMinor: bigint | null) {
  return systemValues(betCount, bankers, minMinor).map((item) => ({
    value: item.value,
    combo: item.combo,
    offset: item.offset,
    minBetAmountMinor: text(item.minBetAmountMinor),
  }));
}

async function quotePromo(
  ctx: BettingContext,
  request: QuoteRequest,
  coefMilli: bigint | null,
  userId: bigint | null,
): Promise<NonNullable<CouponQuote['promo']>> {
  const code = normalizePromoCode(request.promoCode ?? '');
  const promo = await findPromo(ctx.db, code);
  const problem =
    promoProblem(promo, { typeId: request.typeId, coefMilli }, ctx.clock.now()) ??
    (userId !== null && (await isPromoUsed(ctx.db, code, userId)) ? 'PROMO_CODE_USED' : null);
  if (problem) return { code, valid: false, reason: problem };
  return { code, valid: true, boostBasisPoints: promo!.boostBasisPoints };
}
