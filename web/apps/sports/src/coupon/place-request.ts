/**
 * The prepared coupon (coupon-accounts §3 "Prepared coupon to place") the slip sends to
 * POST /coupons, from the figures it shows: only open bets, each with the price the player saw.
 * Pure.
 */
import type { CouponSelection } from '@parlay/mf/coupon-store.ts';
import type { PlaceRequest } from './coupon-api.ts';
import type { SlipFigures } from './slip-figures.ts';
import type { SlipState } from './slip-state.ts';

/** Decimal odds for the wire (the server converts them back to thousandths). */
const decimal = (oddsMilli: number): number => oddsMilli / 1000;

/** The coupon to place; null when the slip cannot be placed as it is. */
export function placeRequest(figures: SlipFigures, state: SlipState, accountId: string): PlaceRequest | null {
  if (figures.blocker !== null) return null;
  const { typeId } = figures;
  const multiple = typeId === 10001;
  const system = typeId === 2 || typeId === 4;
  const promo = figures.isPromoCodeAllowed && state.promoCode ? state.promoCode : null;
  return {
    typeId,
    ...(system ? { systemValue: figures.systemValue } : {}),
    ...(multiple
      ? {
          amountByBetId: Object.fromEntries(
            figures.placeable.map((leg) => [String(leg.selection.outcomeId), String(leg.amountMinor ?? 0n)]),
          ),
        }
      : { amount: String(figures.amountMinor ?? 0n) }),
    accountId,
    bets: figures.placeable.map((leg) => ({
      outcomeId: leg.selection.outcomeId,
      coef: decimal(leg.seenOddsMilli),
      ...(typeId === 2 && leg.isBanker ? { isBanker: true } : {}),
    })),
    changeCoefAction: state.settings.changeCoefAction,
    exactCoef: state.settings.exactCoefMilli === null ? null : decimal(state.settings.exactCoefMilli),
    promoCode: promo,
  };
}

/**
 * A one-click bet (coupon-accounts §4): a single of the clicked price at the one-click amount (the
 * bonus account's own amount when paying from a bonus account); null when no amount is set.
 */
export function oneClickRequest(
  selection: CouponSelection,
  state: SlipState,
  account: { id: string; isBonus: boolean },
): PlaceRequest | null {
  const amount = account.isBonus
    ? state.settings.bonusAccountOneClickAmountMinor
    : state.settings.oneClickAmountMinor;
  if (amount <= 0n) return null;
  return {
    typeId: 0,
    amount: amount.toString(),
    accountId: account.id,
    bets: [{ outcomeId: selection.outcomeId, coef: decimal(selection.oddsMilli) }],
    changeCoefAction: state.settings.changeCoefAction,
    exactCoef: null,
    promoCode: null,
  };
}
