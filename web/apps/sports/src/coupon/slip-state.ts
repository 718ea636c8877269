/**
 * The bet slip's own state (coupon-accounts §3 "Coupon state" and "Coupon settings") as a pure
 * reducer, and its stored form. The selections themselves live in the shared coupon store
 * (@parlay/mf/coupon-store.ts); this keeps what only the slip knows: tab, type, system value,
 * bankers, amounts, account, promo code, the prices the player has seen, and the settings.
 * The one-click, drop-on-score-change and exact-coefficient rules are domain/coupon's reducer.
 */
import {
  CHANGE_COEF_ACTION,
  type ChangeCoefAction,
  type CouponSettings,
  type CouponSettingsAction,
  clampSystemValue,
  DEFAULT_COUPON_SETTINGS,
  DEFAULT_SYSTEM_VALUE,
  decideOddsChange,
  isChangeCoefAction,
  reduceCouponSettings,
} from '@parlay/domain/coupon/index.ts';

export type SlipTab = 'slip' | 'bets';
/** The type switcher's choices; "system" is type 4, or type 2 once a banker is set. */
export type SlipKind = 'single' | 'express' | 'system' | 'multiple';
export const SLIP_KINDS: readonly SlipKind[] = ['single', 'express', 'system', 'multiple'];

export interface SlipState {
  tab: SlipTab;
  kind: SlipKind;
  systemValue: number;
  /** Outcome ids marked as bankers (they count on a system only). */
  bankers: number[];
  /** The coupon amount as typed, major units; '' means the currency's initial amount. */
  amountText: string;
  /** Multiple singles: each bet's amount as typed, by outcome id. */
  amountTextByBetId: Record<string, string>;
  accountId: string | null;
  promoCode: string;
  /** The price the player has seen and accepted, by outcome id (sent as the bet's coef). */
  seenOddsByBetId: Record<string, number>;
  settings: CouponSettings;
  isOneClickConfirmOpen: boolean;
}

/** The slip's defaults: what a new player sees (balance, possible win and account shown). */
export const INITIAL_SLIP_SETTINGS: CouponSettings = {
  ...DEFAULT_COUPON_SETTINGS,
  isBalanceShown: true,
  isPossibleWinShown: true,
  isSelectAccountShown: true,
};

export const INITIAL_SLIP: SlipState = {
  tab: 'slip',
  kind: 'single',
  systemValue: DEFAULT_SYSTEM_VALUE,
  bankers: [],
  amountText: '',
  amountTextByBetId: {},
  accountId: null,
  promoCode: '',
  seenOddsByBetId: {},
  settings: INITIAL_SLIP_SETTINGS,
  isOneClickConfirmOpen: false,
};

export type SlipAction =
  | { type: 'tabSelected'; tab: SlipTab }
  | { type: 'kindSelected'; kind: SlipKind }
  | { type: 'systemValueSelected'; value: number }
  | { type: 'bankerToggled'; outcomeId: number }
  | { type: 'amountTyped'; text: string }
  | { type: 'betAmountTyped'; outcomeId: number; text: string }
  | { type: 'accountSelected'; accountId: string }
  | { type: 'promoTyped'; code: string }
  /** Current prices arrived: prices the player's action accepts are taken as seen at once. */
  | { type: 'pricesArrived'; oddsByBetId: Record<string, number> }
  /** The player accepted the changed prices shown. */
  | { type: 'pricesAccepted'; oddsByBetId: Record<string, number> }
  | { type: 'settingsChanged'; patch: Partial<CouponSettings> }
  | { type: 'settingsRuled'; action: CouponSettingsAction }
  /** Only these outcome ids remain in the coupon: forget bankers, amounts and prices of the others. */
  | { type: 'selectionsKept'; outcomeIds: readonly number[] }
  | { type: 'couponLoaded'; kind: SlipKind; systemValue: number; bankers: number[] }
  | { type: 'restored'; state: SlipState };

/** The kinds the type switcher enables for n selections. */
export function kindsFor(betCount: number): SlipKind[] {
  if (betCount <= 0) return [];
  if (betCount === 1) return ['single'];
  if (betCount === 2) return ['express', 'multiple'];
  return ['express', 'system', 'multiple'];
}

/** The kind in effect: the chosen one when enabled for n, else single (1) or express (2+). */
export function effectiveKind(chosen: SlipKind, betCount: number): SlipKind {
  const kinds = kindsFor(betCount);
  if (kinds.includes(chosen)) return chosen;
  return betCount <= 1 ? 'single' : 'express';
}

/** The coupon typeId of a kind (coupon-accounts §4): system with bankers is 2, without 4. */
export function typeIdOf(kind: SlipKind, bankerCount: number): 0 | 1 | 2 | 4 | 10001 {
  switch (kind) {
    case 'single':
      return 0;
    case 'express':
      return 1;
    case 'system':
      return bankerCount > 0 ? 2 : 4;
    case 'multiple':
      return 10001;
  }
}

/** The kind showing a typeId (a coupon loaded from a code). */
export function kindOf(typeId: number): SlipKind {
  if (typeId === 1) return 'express';
  if (typeId === 2 || typeId === 4) return 'system';
  if (typeId === 10001) return 'multiple';
  return 'single';
}

function omitKeys<T>(record: Record<string, T>, keep: ReadonlySet<string>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([key]) => keep.has(key)));
}

function takeSeen(state: SlipState, oddsByBetId: Record<string, number>, all: boolean): SlipState {
  const action = state.settings.changeCoefAction;
  const seen = { ...state.seenOddsByBetId };
  let changed = false;
  for (const [id, current] of Object.entries(oddsByBetId)) {
    const before = seen[id];
    if (before === current) continue;
    const accepts =
      all ||
      before === undefined ||
      decideOddsChange(action, [{ seenOddsMilli: before, currentOddsMilli: current }]).accepted;
    if (accepts) {
      seen[id] = current;
      changed = true;
    }
  }
  return changed ? { ...state, seenOddsByBetId: seen } : state;
}

/** Applies one slip action; returns the same object when nothing changes. */
export function reduceSlip(state: SlipState, action: SlipAction): SlipState {
  switch (action.type) {
    case 'tabSelected':
      return state.tab === action.tab ? state : { ...state, tab: action.tab };
    case 'kindSelected':
      return state.kind === action.kind ? state : { ...state, kind: action.kind };
    case 'systemValueSelected':
      return { ...state, systemValue: Math.max(DEFAULT_SYSTEM_VALUE, Math.trunc(action.value)) };
    case 'bankerToggled': {
      const has = state.bankers.includes(action.outcomeId);
      const bankers = has
        ? state.bankers.filter((id) => id !== action.outcomeId)
        : [...state.bankers, action.outcomeId];
      return { ...state, bankers };
    }
    case 'amountTyped':
      return { ...state, amountText: action.text.slice(0, 24) };
    case 'betAmountTyped':
      return {
        ...state,
        amountTextByBetId: { ...state.amountTextByBetId, [action.outcomeId]: action.text.slice(0, 24) },
      };
    case 'accountSelected':
      return state.accountId === action.accountId ? state : { ...state, accountId: action.accountId };
    case 'promoTyped':
      return { ...state, promoCode: action.code.trim().slice(0, 50) };
    case 'pricesArrived':
      return takeSeen(state, action.oddsByBetId, false);
    case 'pricesAccepted':
      return takeSeen(state, action.oddsByBetId, true);
    case 'settingsChanged':
      return { ...state, settings: { ...state.settings, ...action.patch } };
    case 'settingsRuled':
      return ruleSettings(state, action.action);
    case 'selectionsKept': {
      const keep = new Set(action.outcomeIds.map(String));
      const bankers = state.bankers.filter((id) => keep.has(String(id)));
      const amounts = omitKeys(state.amountTextByBetId, keep);
      const seen = omitKeys(state.seenOddsByBetId, keep);
      const same =
        bankers.length === state.bankers.length &&
        Object.keys(amounts).length === Object.keys(state.amountTextByBetId).length &&
        Object.keys(seen).length === Object.keys(state.seenOddsByBetId).length;
      return same ? state : { ...state, bankers, amountTextByBetId: amounts, seenOddsByBetId: seen };
    }
    case 'couponLoaded':
      return {
        ...state,
        tab: 'slip',
        kind: action.kind,
        systemValue: action.systemValue,
        bankers: action.bankers,
        amountTextByBetId: {},
        seenOddsByBetId: {},
      };
    case 'restored':
      return action.state;
  }
}

/** The domain's settings reducer over the slip (its "bets" are not the slip's: clearing is the caller's). */
function ruleSettings(state: SlipState, action: CouponSettingsAction): SlipState {
  const before = {
    settings: state.settings,
    bets: [] as const,
    isOneClickConfirmOpen: state.isOneClickConfirmOpen,
  };
  const after = reduceCouponSettings(before, action);
  if (after === before) return state;
  return { ...state, settings: after.settings, isOneClickConfirmOpen: after.isOneClickConfirmOpen };
}

/** The system value kept within what n bets with b bankers offer (never below 2). */
export function slipSystemValue(state: SlipState, betCount: number, bankerCount: number): number {
  return clampSystemValue(state.systemValue, betCount, bankerCount);
}

// Stored form: bigints as strings, unknown fields dropped, every value checked on the way back.

export const SLIP_STORAGE_KEY = 'parlay.slip.v1';

/** The fields of `after` that differ from `before`, in JSON form (the PUT /coupon-settings patch). */
export function settingsPatch(before: CouponSettings, after: CouponSettings): Record<string, unknown> {
  const a = settingsToJson(before);
  const b = settingsToJson(after);
  return Object.fromEntries(
    Object.entries(b).filter(([key, value]) => JSON.stringify(a[key]) !== JSON.stringify(value)),
  );
}

/**
 * The server's settings with the `unsaved` ones (changed on this device, not confirmed saved) taken
 * from `local`; names that are not settings are ignored.
 * @example withUnsaved(server, local, new Set(['isAutoMax'])).isAutoMax === local.isAutoMax
 */
export function withUnsaved(
  server: CouponSettings,
  local: CouponSettings,
  unsaved: ReadonlySet<string>,
): CouponSettings {
  const merged: CouponSettings = { ...server };
  for (const key of unsaved) {
    if (Object.hasOwn(server, key)) Object.assign(merged, { [key]: local[key as keyof CouponSettings] });
  }
  return merged;
}

/** Settings in their JSON form (also the PUT /coupon-settings body): minor units as strings. */
export function settingsToJson(settings: CouponSettings): Record<string, unknown> {
  return {
    amountStepByCurrencyIso: Object.fromEntries(
      Object.entries(settings.amountStepByCurrencyIso).map(([iso, v]) => [iso, v.toString()]),
    ),
    isManualAmountStep: settings.isManualAmountStep,
    changeCoefAction: settings.changeCoefAction,
    isAutoMax: settings.isAutoMax,
    isVipBet: settings.isVipBet,
    isBalanceShown: settings.isBalanceShown,
    isPossibleWinShown: settings.isPossibleWinShown,
    isSelectAccountShown: settings.isSelectAccountShown,
    isCouponFixed: settings.isCouponFixed,
    oneClickAmountMinor: settings.oneClickAmountMinor.toString(),
    isActiveOneClick: settings.isActiveOneClick,
    exactCoefMilli: settings.exactCoefMilli,
    isDropOnScoreChange: settings.isDropOnScoreChange,
    bonusAccountOneClickAmountMinor: settings.bonusAccountOneClickAmountMinor.toString(),
    isOneTapCashout: settings.isOneTapCashout,
  };
}

const bigOr = (value: unknown, fallback: bigint): bigint =>
  typeof value === 'string' && /^\d{1,16}$/.test(value)
    ? BigInt(value)
    : typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
      ? BigInt(value)
      : fallback;
const boolOr = (value: unknown, fallback: boolean): boolean =>
  typeof value === 'boolean' ? value : fallback;

/** Settings from their JSON form (stored or GET /coupon-settings); missing fields keep `base`. */
export function settingsFromJson(
  json: unknown,
  base: CouponSettings = INITIAL_SLIP_SETTINGS,
): CouponSettings {
  if (typeof json !== 'object' || json === null) return base;
  const j = json as Record<string, unknown>;
  const steps: Record<string, bigint> = {};
  if (typeof j.amountStepByCurrencyIso === 'object' && j.amountStepByCurrencyIso !== null) {
    for (const [iso, value] of Object.entries(j.amountStepByCurrencyIso as Record<string, unknown>)) {
      if (/^[A-Z]{3}$/.test(iso)) {
        const step = bigOr(value, 0n);
        if (step > 0n) steps[iso] = step;
      }
    }
  }
  const action = typeof j.changeCoefAction === 'number' ? j.changeCoefAction : -1;
  const exact =
    j.exactCoefMilli === null
      ? null
      : typeof j.exactCoefMilli === 'number' &&
          Number.isSafeInteger(j.exactCoefMilli) &&
          j.exactCoefMilli > 1000
        ? j.exactCoefMilli
        : base.exactCoefMilli;
  return {
    amountStepByCurrencyIso: j.amountStepByCurrencyIso === undefined ? base.amountStepByCurrencyIso : steps,
    isManualAmountStep: boolOr(j.isManualAmountStep, base.isManualAmountStep),
    changeCoefAction: isChangeCoefAction(action) ? (action as ChangeCoefAction) : base.changeCoefAction,
    isAutoMax: boolOr(j.isAutoMax, base.isAutoMax),
    isVipBet: boolOr(j.isVipBet, base.isVipBet),
    isBalanceShown: boolOr(j.isBalanceShown, base.isBalanceShown),
    isPossibleWinShown: boolOr(j.isPossibleWinShown, base.isPossibleWinShown),
    isSelectAccountShown: boolOr(j.isSelectAccountShown, base.isSelectAccountShown),
    isCouponFixed: boolOr(j.isCouponFixed, base.isCouponFixed),
    oneClickAmountMinor: bigOr(j.oneClickAmountMinor, base.oneClickAmountMinor),
    isActiveOneClick: boolOr(j.isActiveOneClick, base.isActiveOneClick),
    exactCoefMilli: exact,
    isDropOnScoreChange: boolOr(j.isDropOnScoreChange, base.isDropOnScoreChange),
    bonusAccountOneClickAmountMinor: bigOr(
      j.bonusAccountOneClickAmountMinor,
      base.bonusAccountOneClickAmountMinor,
    ),
    isOneTapCashout: boolOr(j.isOneTapCashout, base.isOneTapCashout),
  };
}

/** The slip as stored in localStorage. */
export function slipToJson(state: SlipState): string {
  return JSON.stringify({
    kind: state.kind,
    systemValue: state.systemValue,
    bankers: state.bankers,
    amountText: state.amountText,
    amountTextByBetId: state.amountTextByBetId,
    accountId: state.accountId,
    promoCode: state.promoCode,
    settings: settingsToJson(state.settings),
  });
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value.slice(0, 24) : '');

/** The stored slip, or the initial one when nothing (valid) is stored. */
export function slipFromJson(text: string | null): SlipState {
  if (!text) return INITIAL_SLIP;
  let j: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return INITIAL_SLIP;
    j = parsed as Record<string, unknown>;
  } catch {
    return INITIAL_SLIP;
  }
  const amounts: Record<string, string> = {};
  if (typeof j.amountTextByBetId === 'object' && j.amountTextByBetId !== null) {
    for (const [id, value] of Object.entries(j.amountTextByBetId as Record<string, unknown>).slice(0, 50)) {
      if (/^\d{1,19}$/.test(id)) amounts[id] = textOf(value);
    }
  }
  return {
    ...INITIAL_SLIP,
    kind: SLIP_KINDS.includes(j.kind as SlipKind) ? (j.kind as SlipKind) : INITIAL_SLIP.kind,
    systemValue:
      typeof j.systemValue === 'number' && Number.isSafeInteger(j.systemValue)
        ? Math.max(DEFAULT_SYSTEM_VALUE, Math.min(50, j.systemValue))
        : DEFAULT_SYSTEM_VALUE,
    bankers: Array.isArray(j.bankers) ? j.bankers.filter(Number.isSafeInteger).slice(0, 50) : [],
    amountText: textOf(j.amountText),
    amountTextByBetId: amounts,
    accountId: typeof j.accountId === 'string' && /^\d{1,19}$/.test(j.accountId) ? j.accountId : null,
    promoCode: typeof j.promoCode === 'string' ? j.promoCode.slice(0, 50) : '',
    settings: settingsFromJson(j.settings),
  };
}

export { CHANGE_COEF_ACTION };
