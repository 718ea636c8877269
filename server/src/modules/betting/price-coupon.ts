/**
 * Prices a prepared coupon (coupon-accounts §3) from the selections' current state: never from the
 * browser's coefficients. Answers the accepted legs, coefficient, stake and possible win, or the
 * first rule that rejects it (a RejectionCode of the errors catalogue). Pure: no I/O, no clock.
 */
import {
  amountLimits,
  type ChangeCoefAction,
  COUPON_TYPE,
  checkAmount,
  couponCoefMilli,
  decideOddsChange,
  isBelowExactCoef,
  isExpressBonusAvailable,
  isPromoCodeAllowed,
  isSystemType,
  marketKindCode,
  possibleWinMinor,
  systemCombinationCount,
  systemValueRange,
} from '@parlay/domain/coupon/index.ts';
import { isBetLive } from '@parlay/domain/sportsbook/bet-state.ts';
import { isOverStatus } from '@parlay/domain/sportsbook/game-status.ts';
import { AppError, type ErrorCode } from '../../platform/errors.ts';
import type { SelectionState } from '../sportsbook/index.ts';
import type { CouponSettings } from './coupon-settings.ts';
import type { FreeBetProblem } from './free-bets.ts';
import type { OddsBoostProblem } from './odds-boosts.ts';

export type RejectionCode =
  | 'ODDS_CHANGED'
  | 'ODDS_LOWERED'
  | 'MARKET_UNAVAILABLE'
  | 'MARKET_SUSPENDED'
  | 'GAME_FINISHED'
  | 'SCORE_CHANGED'
  | 'DEPENDENT_BETS'
  | 'STAKE_TOO_LOW'
  | 'STAKE_TOO_HIGH'
  | 'PAYOUT_TOO_HIGH'
  | 'PROMO_CODE_NOT_ALLOWED'
  | 'PROMO_CODE_INVALID'
  | 'PROMO_CODE_USED'
  | 'PROMO_CODE_MIN_COEF'
  | FreeBetProblem
  | OddsBoostProblem
  | Extract<ErrorCode, `LIMIT_${string}`>
  | 'INSUFFICIENT_FUNDS'
  | 'ACCOUNT_FROZEN';

export interface CouponRequest {
  typeId: number;
  systemValue: number;
  /** The coupon amount; for multiple singles the default of bets without their own amount. */
  amountMinor: bigint | null;
  /** Multiple singles: each bet's own amount by outcome id. */
  amountByOutcomeId: Map<bigint, bigint>;
  accountId: bigint;
  bets: { outcomeId: bigint; seenOddsMilli: number; isBanker: boolean }[];
  changeCoefAction: ChangeCoefAction;
  exactCoefMilli: number | null;
  promoCode: string | null;
  /** The player's free bet staked on this coupon (free-bets.ts), or none. */
  freeBetId?: bigint | null;
  /** The player's odds boost applied to this coupon (odds-boosts.ts), or none. */
  oddsBoostId?: bigint | null;
}

export interface PricedLeg {
  outcomeId: bigint;
  seenOddsMilli: number;
  oddsMilli: number;
  isBanker: boolean;
  amountMinor: bigint | null;
  isLive: boolean;
  selection: SelectionState;
}

export interface PricedCoupon {
  legs: PricedLeg[];
  coefMilli: bigint | null;
  stakeMinor: bigint;
  possibleWinMinor: bigint;
  isExpressBonus: boolean;
  isLive: boolean;
  isOddsChanged: boolean;
}

/**
 * What a refusal tells the player beyond its code: which limit refused it (limitKind: max_stake,
 * min_stake, max_payout here; wager, loss, deposit, self_exclusion, time_out from the limits) and
 * its figures (minor units as strings, times as ISO strings).
 */
export type RejectionDetails = Record<string, string | number | null>;

export type PriceAnswer =
  | ({ ok: true } & PricedCoupon)
  | { ok: false; code: RejectionCode; legIndex?: number; details?: RejectionDetails };

const text = (minor: bigint | null) => (minor === null ? null : minor.toString());

const MIN_BETS: Record<number, number> = { 0: 1, 1: 2, 2: 3, 4: 3, 10001: 1 };

/** Throws VALIDATION_FAILED when the coupon's shape does not fit its type. */
export function assertCouponShape(request: CouponRequest): void {
  const { typeId, bets } = request;
  const min = MIN_BETS[typeId];
  if (min === undefined)
    throw new AppError('VALIDATION_FAILED', `body/typeId: unknown coupon type ${typeId}`);
  if (bets.length < min || (typeId === COUPON_TYPE.SINGLE && bets.length !== 1)) {
    throw new AppError('VALIDATION_FAILED', `body/bets: coupon type ${typeId} needs ${min}+ bets`);
  }
  if (new Set(bets.map((b) => b.outcomeId)).size !== bets.length) {
    throw new AppError('VALIDATION_FAILED', 'body/bets: an outcome appears twice');
  }
  if (isSystemType(typeId)) {
    const bankers = typeId === COUPON_TYPE.SYSTEM_BANKER ? bets.filter((b) => b.isBanker).length : 0;
    const range = systemValueRange(bets.length, bankers);
    if (!range || request.systemValue < range.min || request.systemValue > range.max) {
      throw new AppError('VALIDATION_FAILED', `body/systemValue: ${request.systemValue} is not offered`);
    }
  }
  if (typeId === COUPON_TYPE.MULTIPLE_SINGLES) {
    for (const bet of bets) {
      if ((request.amountByOutcomeId.get(bet.outcomeId) ?? request.amountMinor ?? 0n) <= 0n) {
        throw new AppError('VALIDATION_FAILED', `body/amountByBetId: no amount for ${bet.outcomeId}`);
      }
    }
  } else if ((request.amountMinor ?? 0n) <= 0n) {
    throw new AppError('VALIDATION_FAILED', 'body/amount: a positive amount of minor units');
  }
}

/** Why a selection cannot be bet on now, or null when it is open. */
export function selectionProblem(selection: SelectionState | undefined): RejectionCode | null {
  if (!selection) return 'MARKET_UNAVAILABLE';
  if (selection.isGameFinished || isOverStatus(selection.gameStatus)) return 'GAME_FINISHED';
  if (selection.marketState === 'resulted' || selection.marketState === 'cancelled') return 'GAME_FINISHED';
  if (selection.marketState !== 'open' || selection.outcomeState !== 'open') return 'MARKET_SUSPENDED';
  return null;
}

/** Prices the coupon against the selections (by outcome id) and the coupon settings. */
export function priceCoupon(
  request: CouponRequest,
  selections: ReadonlyMap<bigint, SelectionState>,
  settings: CouponSettings & { isBonusAccount: boolean },
): PriceAnswer {
  const { typeId, bets } = request;
  if (request.promoCode && !isPromoCodeAllowed(typeId)) return { ok: false, code: 'PROMO_CODE_NOT_ALLOWED' };
  for (const [legIndex, bet] of bets.entries()) {
    const problem = selectionProblem(selections.get(bet.outcomeId));
    if (problem) return { ok: false, code: problem, legIndex };
  }
  const chosen = bets.map((bet) => selections.get(bet.outcomeId)!);
  if (typeId !== COUPON_TYPE.MULTIPLE_SINGLES && new Set(chosen.map((s) => s.gameId)).size !== bets.length) {
    return { ok: false, code: 'DEPENDENT_BETS' };
  }
  const decision = decideOddsChange(
    request.changeCoefAction,
    bets.map((bet, i) => ({ seenOddsMilli: bet.seenOddsMilli, currentOddsMilli: chosen[i]!.oddsMilli })),
  );
  if (!decision.accepted) return { ok: false, code: decision.reason, legIndex: decision.legIndex };
  const legs = bets.map((bet, i): PricedLeg => {
    const selection = chosen[i]!;
    return {
      outcomeId: bet.outcomeId,
      seenOddsMilli: bet.seenOddsMilli,
      oddsMilli: decision.oddsMilli[i]!,
      isBanker: typeId === COUPON_TYPE.SYSTEM_BANKER && bet.isBanker,
      amountMinor:
        typeId === COUPON_TYPE.MULTIPLE_SINGLES
          ? (request.amountByOutcomeId.get(bet.outcomeId) ?? request.amountMinor)
          : null,
      isLive: isBetLive(
        { status: selection.gameStatus, isTimeRunning: selection.isTimeRunning },
        { isLive: selection.marketIsLive },
      ),
      selection,
    };
  });
  // A market's own maximum stake, set by an operator (the back office's trading desk).
  for (const [legIndex, leg] of legs.entries()) {
    const max = leg.selection.marketMaxStakeMinor;
    if (max !== null && (leg.amountMinor ?? request.amountMinor ?? 0n) > max) {
      return {
        ok: false,
        code: 'STAKE_TOO_HIGH',
        legIndex,
        details: { limitKind: 'market_max_stake', maxMinor: text(max) },
      };
    }
  }
  const priced = priceLegs(request, legs, settings);
  if (!priced.ok) return priced;
  return { ...priced, isOddsChanged: decision.isChanged };
}

/** Coefficient, stake, amount limits, possible win and maximum payout of legs at their prices. */
export function priceLegs(
  request: Pick<CouponRequest, 'typeId' | 'systemValue' | 'amountMinor' | 'exactCoefMilli'>,
  legs: PricedLeg[],
  settings: CouponSettings & { isBonusAccount: boolean },
):
  | ({ ok: true } & Omit<PricedCoupon, 'isOddsChanged'>)
  | { ok: false; code: RejectionCode; details?: RejectionDetails } {
  const { typeId, systemValue } = request;
  const coefMilli = couponCoefMilli({ typeId, legs, systemValue });
  if (isBelowExactCoef(coefMilli, request.exactCoefMilli)) return { ok: false, code: 'ODDS_CHANGED' };
  const limits = amountLimits({
    typeId,
    limitedCouponTypeIds: settings.limitedCouponTypeIds,
    minBetAmountMinor: settings.minBetAmountMinor,
    maxBetAmountMinor: settings.maxBetAmountMinor,
    isBonusAccount: settings.isBonusAccount,
  });
  const multiple = typeId === COUPON_TYPE.MULTIPLE_SINGLES;
  const amounts = multiple ? legs.map((leg) => leg.amountMinor ?? 0n) : [request.amountMinor ?? 0n];
  if (isSystemType(typeId) && limits.minMinor !== null) {
    const bankers = legs.filter((leg) => leg.isBanker).length;
    limits.minMinor *= systemCombinationCount(legs.length, bankers, systemValue);
  }
  for (const amount of amounts) {
    const check = checkAmount(amount, limits);
    if (check === 'BELOW_MIN') {
      return {
        ok: false,
        code: 'STAKE_TOO_LOW',
        details: { limitKind: 'min_stake', minMinor: text(limits.minMinor) },
      };
    }
    if (check === 'ABOVE_MAX') {
      return {
        ok: false,
        code: 'STAKE_TOO_HIGH',
        details: { limitKind: 'max_stake', maxMinor: text(limits.maxMinor) },
      };
    }
  }
  const stakeMinor = amounts.reduce((sum, a) => sum + a, 0n);
  const isExpressBonus = isExpressBonusAvailable({
    isAllowedBySite: settings.isExpressBonusAllowed,
    typeId,
    bets: legs.map((leg) => ({
      market: { oddsMilli: leg.oddsMilli, kind: marketKindCode(leg.selection.marketKind) },
    })),
    coefMilli: coefMilli ?? 0n,
  });
  const possible = possibleWinMinor({
    typeId,
    amountMinor: multiple ? 0n : stakeMinor,
    legs: legs.map((leg) => ({
      oddsMilli: leg.oddsMilli,
      isBanker: leg.isBanker,
      ...(leg.amountMinor !== null ? { amountMinor: leg.amountMinor } : {}),
    })),
    systemValue,
    isExpressBonus,
  });
  if (settings.maxPayoutMinor !== null && possible > settings.maxPayoutMinor) {
    return {
      ok: false,
      code: 'PAYOUT_TOO_HIGH',
      details: { limitKind: 'max_payout', maxPayoutMinor: settings.maxPayoutMinor.toString() },
    };
  }
  return {
    ok: true,
    legs,
    coefMilli,
    stakeMinor,
    possibleWinMinor: possible,
    isExpressBonus,
    isLive: legs.some((leg) => leg.isLive),
  };
}
