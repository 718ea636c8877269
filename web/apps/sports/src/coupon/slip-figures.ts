/**
 * What the bet slip shows and places, computed from the selections, the slip state, the last quote
 * and the live prices, with domain/coupon's rules only: coefficient, system values and combinations,
 * express bonus, possible win, amount limits and steps, odds-change decision. Pure.
 */

import {
  amountLimits,
  amountStepMinor,
  canToggleBanker,
  checkAmount,
  couponCoefMilli,
  decideOddsChange,
  expressBonusCoefMilli,
  initialAmountMinor,
  isExpressBonusAvailable,
  isPromoCodeAllowed,
  possibleWinMinor,
  type SystemValueItem,
  systemValues,
} from '@parlay/domain/coupon/index.ts';
import { AmountError, parseAmount } from '@parlay/domain/money/amount.ts';
import { currency, isCurrencyCode } from '@parlay/domain/money/currencies.ts';
import type { CouponSelection } from '@parlay/mf/coupon-store.ts';
import type { Quote, QuoteSystemValue } from './coupon-api.ts';
import {
  effectiveKind,
  kindsFor,
  type SlipKind,
  type SlipState,
  slipSystemValue,
  typeIdOf,
} from './slip-state.ts';

export type LegStatus = 'open' | 'locked' | 'finished' | 'unavailable';

/** What is known now about one selection (from the quote, then /ws). */
export interface LegLive {
  oddsMilli: number;
  status: LegStatus;
  isLive: boolean;
  isDisabledBanker: boolean;
  marketKind: number;
  score: string | null;
  /** Last price move and when (ms), for the ▲▼ marker. */
  move: { dir: 'up' | 'down'; atMs: number } | null;
  /**
   * The names the server gives in the page's language (the team for a result, the market's full
   * title): they replace those the price button stored, which may be of another page or language.
   */
  labels?: Pick<CouponSelection, 'gameLabel' | 'marketLabel' | 'outcomeLabel'>;
}

export interface SlipLeg {
  selection: CouponSelection;
  oddsMilli: number;
  seenOddsMilli: number;
  status: LegStatus;
  isLive: boolean;
  isBanker: boolean;
  canToggleBanker: boolean;
  move: LegLive['move'];
  score: string | null;
  /** Multiple singles: this bet's amount (null when the text is not an amount). */
  amountMinor: bigint | null;
  amountText: string;
}

export type AmountProblem = 'INVALID' | 'BELOW_MIN' | 'ABOVE_MAX' | null;

export interface SlipFigures {
  kinds: SlipKind[];
  kind: SlipKind;
  typeId: 0 | 1 | 2 | 4 | 10001;
  legs: SlipLeg[];
  /** The legs that will be placed (open ones). */
  placeable: SlipLeg[];
  excludedCount: number;
  systemValue: number;
  systemValues: SystemValueItem[];
  bankerCount: number;
  coefMilli: bigint | null;
  expressBonusCoefMilli: number | null;
  currency: string;
  amountMinor: bigint | null;
  amountText: string;
  minMinor: bigint | null;
  maxMinor: bigint | null;
  amountProblem: AmountProblem;
  stakeMinor: bigint;
  possibleWinMinor: bigint | null;
  maxPayoutMinor: bigint | null;
  isPayoutAboveMax: boolean;
  initialAmountMinor: bigint;
  stepMinor: bigint;
  /** The first leg whose price moved beyond the player's changeCoefAction. */
  oddsChange: { outcomeId: number; fromMilli: number; toMilli: number; label: string } | null;
  isPromoCodeAllowed: boolean;
  isVipBetAvailable: boolean;
  /** Why the Place bet button cannot place now, or null. */
  blocker: 'EMPTY' | 'TOO_FEW' | 'AMOUNT' | 'ODDS_CHANGED' | 'PAYOUT' | null;
}

export interface SlipInputs {
  selections: readonly CouponSelection[];
  state: SlipState;
  quote: Quote | null;
  live: Readonly<Record<string, LegLive>>;
  /** The account the coupon is paid from: currency and whether it is a bonus account. */
  account: { iso: string; isBonus: boolean; balanceMinor: bigint | null } | null;
}

const MIN_LEGS: Record<number, number> = { 0: 1, 1: 2, 2: 3, 4: 3, 10001: 1 };

/** The amount in minor units of a typed text, or null when it is not an amount of the currency. */
export function amountFromText(text: string, iso: string): bigint | null {
  try {
    return parseAmount(text, iso);
  } catch (error) {
    if (error instanceof AmountError || error instanceof RangeError) return null;
    throw error;
  }
}

function systemItems(
  quote: Quote | null,
  offset: number,
  bankers: number,
  minMinor: bigint | null,
  typeId: number,
): SystemValueItem[] {
  const local = systemValues(offset, bankers, minMinor);
  // The quote's minimums win when it priced this very system (its limits may differ per type).
  const quoted = quote && quote.typeId === typeId ? quote.systemValues : [];
  const byValue = new Map<number, QuoteSystemValue>(quoted.map((item) => [item.value, item]));
  return local.map((item) => {
    const q = byValue.get(item.value);
    return q && q.combo === item.combo ? { ...item, minBetAmountMinor: q.minBetAmountMinor } : item;
  });
}

/** Everything the slip shows, from its inputs. */
export function slipFigures(input: SlipInputs): SlipFigures {
  const { selections, state, quote, live } = input;
  const given = input.account?.iso ?? quote?.currency ?? 'RUB';
  const iso = isCurrencyCode(given) ? given : 'RUB';
  const legsAll = selections.map((selection): SlipLeg => {
    const known = live[selection.outcomeId];
    const oddsMilli = known?.oddsMilli ?? selection.oddsMilli;
    const amountText = state.amountTextByBetId[selection.outcomeId] ?? '';
    return {
      selection: known?.labels ? { ...selection, ...known.labels } : selection,
      oddsMilli,
      seenOddsMilli: state.seenOddsByBetId[selection.outcomeId] ?? oddsMilli,
      status: known?.status ?? 'open',
      isLive: known?.isLive ?? false,
      isBanker: false,
      canToggleBanker: false,
      move: known?.move ?? null,
      score: known?.score ?? null,
      amountMinor: null,
      amountText,
    };
  });
  const placeableBase = legsAll.filter((leg) => leg.status === 'open');
  const kinds = kindsFor(placeableBase.length);
  const kind = effectiveKind(state.kind, placeableBase.length);
  const bankerIds = new Set(kind === 'system' ? state.bankers : []);
  const bankerFlags = placeableBase.map((leg) => ({
    isBanker: bankerIds.has(leg.selection.outcomeId),
    isDisabledBanker: live[leg.selection.outcomeId]?.isDisabledBanker ?? false,
  }));
  const bankerCount = bankerFlags.filter((b) => b.isBanker).length;
  const typeId = typeIdOf(kind, bankerCount);
  const step = amountStepMinor(iso, state.settings);
  const initial = quote?.initialAmountMinor ?? initialAmountMinor(iso);
  const stepMinor = state.settings.isManualAmountStep ? step : (quote?.amountStepMinor ?? step);
  const limits = amountLimits({
    typeId,
    limitedCouponTypeIds: [typeId],
    minBetAmountMinor: quote?.minAmountMinor ?? null,
    maxBetAmountMinor: quote?.maxAmountMinor ?? null,
    isBonusAccount: input.account?.isBonus ?? false,
  });
  const placeable = placeableBase.map((leg, index) => {
    const isBanker = bankerFlags[index]!.isBanker;
    const amountMinor =
      kind === 'multiple' ? amountFromText(leg.amountText || minorText(initial, iso), iso) : null;
    return {
      ...leg,
      isBanker,
      canToggleBanker: kind === 'system' && canToggleBanker(2, bankerFlags, index),
      amountMinor,
    };
  });
  const byId = new Map(placeable.map((leg) => [leg.selection.outcomeId, leg]));
  const legs = legsAll.map((leg) => byId.get(leg.selection.outcomeId) ?? leg);

  const offset = placeable.length;
  const systemValue = kind === 'system' ? slipSystemValue(state, offset, bankerCount) : state.systemValue;
  const values = kind === 'system' ? systemItems(quote, offset, bankerCount, limits.minMinor, typeId) : [];
  const priced = placeable.map((leg) => ({ oddsMilli: leg.seenOddsMilli, isBanker: leg.isBanker }));
  let coefMilli: bigint | null = null;
  try {
    coefMilli =
      placeable.length >= (MIN_LEGS[typeId] ?? 1)
        ? couponCoefMilli({ typeId, legs: priced, systemValue })
        : null;
  } catch {
    coefMilli = null;
  }
  const bonusAvailable =
    coefMilli !== null &&
    isExpressBonusAvailable({
      isAllowedBySite: quote?.typeId === 1 && quote.bets.length >= 3 ? quote.expressBonus.available : true,
      typeId,
      bets: placeable.map((leg) => ({
        market: { oddsMilli: leg.seenOddsMilli, kind: live[leg.selection.outcomeId]?.marketKind ?? 0 },
      })),
      coefMilli,
    });

  const autoMax = autoMaxMinor(state, limits.maxMinor, input.account?.balanceMinor ?? null);
  const amountText = autoMax !== null ? minorText(autoMax, iso) : state.amountText || minorText(initial, iso);
  const amountMinor = kind === 'multiple' ? null : amountFromText(amountText, iso);
  const systemMin = values.find((item) => item.value === systemValue)?.minBetAmountMinor ?? null;
  const checkLimits = {
    minMinor: kind === 'system' ? systemMin : limits.minMinor,
    maxMinor: limits.maxMinor,
  };
  const amounts = kind === 'multiple' ? placeable.map((leg) => leg.amountMinor) : [amountMinor];
  let amountProblem: AmountProblem = null;
  for (const amount of amounts) {
    if (amount === null || amount <= 0n) amountProblem ??= 'INVALID';
    else {
      const check = checkAmount(amount, checkLimits);
      if (check !== 'OK') amountProblem ??= check;
    }
  }
  const stakeMinor = amounts.reduce<bigint>((sum, a) => sum + (a ?? 0n), 0n);

  let possible: bigint | null = null;
  if (placeable.length >= (MIN_LEGS[typeId] ?? 1) && amountProblem !== 'INVALID') {
    try {
      possible = possibleWinMinor({
        typeId,
        amountMinor: kind === 'multiple' ? 0n : (amountMinor ?? 0n),
        legs: placeable.map((leg) => ({
          oddsMilli: leg.seenOddsMilli,
          isBanker: leg.isBanker,
          ...(leg.amountMinor !== null ? { amountMinor: leg.amountMinor } : {}),
        })),
        systemValue,
        isExpressBonus: bonusAvailable,
      });
    } catch {
      possible = null;
    }
  }
  const maxPayoutMinor = quote?.maxPayoutMinor ?? null;
  const isPayoutAboveMax = possible !== null && maxPayoutMinor !== null && possible > maxPayoutMinor;

  const changed = placeable.find(
    (leg) =>
      !decideOddsChange(state.settings.changeCoefAction, [
        { seenOddsMilli: leg.seenOddsMilli, currentOddsMilli: leg.oddsMilli },
      ]).accepted,
  );
  const oddsChange = changed
    ? {
        outcomeId: changed.selection.outcomeId,
        fromMilli: changed.seenOddsMilli,
        toMilli: changed.oddsMilli,
        label: changed.selection.outcomeLabel ?? '',
      }
    : null;
  const tooFew = placeable.length < (MIN_LEGS[typeId] ?? 1);
  const blocker =
    selections.length === 0
      ? 'EMPTY'
      : tooFew
        ? 'TOO_FEW'
        : oddsChange
          ? 'ODDS_CHANGED'
          : amountProblem
            ? 'AMOUNT'
            : isPayoutAboveMax
              ? 'PAYOUT'
              : null;
  return {
    kinds,
    kind,
    typeId,
    legs,
    placeable,
    excludedCount: legsAll.length - placeable.length,
    systemValue,
    systemValues: values,
    bankerCount,
    coefMilli,
    expressBonusCoefMilli: bonusAvailable ? expressBonusCoefMilli(placeable.length) : null,
    currency: iso,
    amountMinor,
    amountText,
    minMinor: checkLimits.minMinor,
    maxMinor: checkLimits.maxMinor,
    amountProblem,
    stakeMinor,
    possibleWinMinor: possible,
    maxPayoutMinor,
    isPayoutAboveMax,
    initialAmountMinor: initial,
    stepMinor,
    oddsChange,
    isPromoCodeAllowed: isPromoCodeAllowed(typeId) && (quote?.isPromoCodeAllowed ?? true),
    isVipBetAvailable: (quote?.isVipBetAvailable ?? false) && kind !== 'multiple',
    blocker,
  };
}

/** Auto-max (coupon settings isAutoMax): the maximum stake, no more than the balance; null when off or unknown. */
function autoMaxMinor(state: SlipState, maxMinor: bigint | null, balanceMinor: bigint | null): bigint | null {
  if (!state.settings.isAutoMax || state.kind === 'multiple') return null;
  const caps = [maxMinor, balanceMinor].filter((v): v is bigint => v !== null);
  if (caps.length === 0) return null;
  return caps.reduce((low, v) => (v < low ? v : low));
}

/** Minor units as the text an amount field shows ("150" for 15000 RUB, "2.5" for 250 USD). */
export function minorText(amountMinor: bigint, iso: string): string {
  const scale = isCurrencyCode(iso) ? currency(iso).scale : 2;
  if (scale === 0) return amountMinor.toString();
  const unit = 10n ** BigInt(scale);
  const whole = amountMinor / unit;
  const fraction = (amountMinor % unit).toString().padStart(scale, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole.toString();
}
