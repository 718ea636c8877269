/**
 * Coupon settings (coupon-accounts §3) and the one-click rules of §4 as a pure reducer:
 * - one-click is active only if the site config allows it and the player turned it on;
 * - enabling one-click asks for confirmation (the coupon will be cleared); confirming clears all
 *   coupon bets and turns one-click on;
 * - setting drop-on-score-change turns one-click off;
 * - clearing the exact coefficient, or setting it to an empty value, turns drop-on-score-change off.
 */
import { CHANGE_COEF_ACTION, type ChangeCoefAction } from './odds-change.ts';

export interface CouponSettings {
  amountStepByCurrencyIso: Readonly<Record<string, bigint>>;
  isManualAmountStep: boolean;
  changeCoefAction: ChangeCoefAction;
  isAutoMax: boolean;
  isVipBet: boolean;
  isBalanceShown: boolean;
  isPossibleWinShown: boolean;
  isSelectAccountShown: boolean;
  isCouponFixed: boolean;
  oneClickAmountMinor: bigint;
  isActiveOneClick: boolean;
  /** Thousandths; null when not set. */
  exactCoefMilli: number | null;
  isDropOnScoreChange: boolean;
  bonusAccountOneClickAmountMinor: bigint;
  /** Cash-out pays on the first tap (beyond the spec); off: the first tap shows the offer to confirm. */
  isOneTapCashout: boolean;
}

/** Defaults: changeCoefAction 2 (spec §9); everything else off or empty (chosen here). */
export const DEFAULT_COUPON_SETTINGS: CouponSettings = {
  amountStepByCurrencyIso: {},
  isManualAmountStep: false,
  changeCoefAction: CHANGE_COEF_ACTION.ACCEPT_ANY,
  isAutoMax: false,
  isVipBet: false,
  isBalanceShown: false,
  isPossibleWinShown: false,
  isSelectAccountShown: false,
  isCouponFixed: false,
  oneClickAmountMinor: 0n,
  isActiveOneClick: false,
  exactCoefMilli: null,
  isDropOnScoreChange: false,
  bonusAccountOneClickAmountMinor: 0n,
  isOneTapCashout: false,
};

/** One-click is active only if the site config allows it and the player turned it on. */
export function isOneClickActive(
  isAllowedBySite: boolean,
  settings: Pick<CouponSettings, 'isActiveOneClick'>,
): boolean {
  return isAllowedBySite && settings.isActiveOneClick;
}

export interface OneClickState<B> {
  settings: CouponSettings;
  bets: readonly B[];
  /** The "coupon will be cleared" confirmation is open. */
  isOneClickConfirmOpen: boolean;
}

export type CouponSettingsAction =
  | { type: 'oneClickRequested'; isAllowedBySite: boolean }
  | { type: 'oneClickConfirmed' }
  | { type: 'oneClickCancelled' }
  | { type: 'oneClickTurnedOff' }
  | { type: 'dropOnScoreChangeSet'; value: boolean }
  | { type: 'exactCoefSet'; valueMilli: number | null }
  | { type: 'changeCoefActionSet'; value: ChangeCoefAction };

/**
 * Applies one settings action. Returns the same state object when nothing changes.
 * @example reduceCouponSettings(state, { type: 'oneClickConfirmed' }).bets.length === 0
 */
export function reduceCouponSettings<B>(
  state: OneClickState<B>,
  action: CouponSettingsAction,
): OneClickState<B> {
  const settings = (patch: Partial<CouponSettings>): OneClickState<B> => ({
    ...state,
    settings: { ...state.settings, ...patch },
  });
  switch (action.type) {
    case 'oneClickRequested':
      if (!action.isAllowedBySite || state.settings.isActiveOneClick) return state;
      return { ...state, isOneClickConfirmOpen: true };
    case 'oneClickConfirmed':
      if (!state.isOneClickConfirmOpen) return state;
      return {
        settings: { ...state.settings, isActiveOneClick: true },
        bets: [],
        isOneClickConfirmOpen: false,
      };
    case 'oneClickCancelled':
      return state.isOneClickConfirmOpen ? { ...state, isOneClickConfirmOpen: false } : state;
    case 'oneClickTurnedOff':
      return settings({ isActiveOneClick: false });
    case 'dropOnScoreChangeSet':
      return action.value
        ? settings({ isDropOnScoreChange: true, isActiveOneClick: false })
        : settings({ isDropOnScoreChange: false });
    case 'exactCoefSet': {
      const value = action.valueMilli;
      if (value === null || !Number.isFinite(value) || value <= 0) {
        return settings({ exactCoefMilli: null, isDropOnScoreChange: false });
      }
      return settings({ exactCoefMilli: value });
    }
    case 'changeCoefActionSet':
      return settings({ changeCoefAction: action.value });
  }
}
