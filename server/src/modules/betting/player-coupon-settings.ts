/**
 * The coupon settings of a signed-in player (coupon-accounts §3 "Coupon settings"), stored so they
 * follow the player across devices. Field names are domain/coupon CouponSettings' with money as
 * minor-unit strings: amountStepByCurrencyIso { ISO: minor }, isManualAmountStep, changeCoefAction
 * (0 accept no change, 1 accept higher odds, 2 accept any), isAutoMax, isVipBet, isBalanceShown,
 * isPossibleWinShown, isSelectAccountShown, isCouponFixed, oneClickAmountMinor, isActiveOneClick,
 * exactCoefMilli (thousandths or null), isDropOnScoreChange, bonusAccountOneClickAmountMinor, and
 * isOneTapCashout (beyond the spec: the slip's cash-out pays on the first tap instead of confirming).
 * Unset fields read as DEFAULT_COUPON_SETTINGS. A change goes through the §4 rules of
 * reduceCouponSettings: setting drop-on-score-change turns one-click off; clearing the exact
 * coefficient turns drop-on-score-change off.
 */

import {
  type ChangeCoefAction,
  type CouponSettings,
  DEFAULT_COUPON_SETTINGS,
  type OneClickState,
  reduceCouponSettings,
} from '@parlay/domain/coupon/index.ts';
import { type Static, Type } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/schema.ts';

const Minor = Type.String({ pattern: '^\\d{1,16}$', description: 'Minor units' });

/** The settings as the API reads and writes them; PUT takes any subset. */
export const CouponSettingsBody = Type.Object(
  {
    amountStepByCurrencyIso: Type.Record(Type.String({ pattern: '^[A-Z]{3}$' }), Minor, {
      maxProperties: 50,
      additionalProperties: false,
    }),
    isManualAmountStep: Type.Boolean(),
    changeCoefAction: Type.Integer({ minimum: 0, maximum: 2 }),
    isAutoMax: Type.Boolean(),
    isVipBet: Type.Boolean(),
    isBalanceShown: Type.Boolean(),
    isPossibleWinShown: Type.Boolean(),
    isSelectAccountShown: Type.Boolean(),
    isCouponFixed: Type.Boolean(),
    oneClickAmountMinor: Minor,
    isActiveOneClick: Type.Boolean(),
    exactCoefMilli: Type.Union([Type.Integer({ minimum: 1001, maximum: 1_000_000_000 }), Type.Null()]),
    isDropOnScoreChange: Type.Boolean(),
    bonusAccountOneClickAmountMinor: Minor,
    isOneTapCashout: Type.Boolean({ description: 'Cash out on the first tap, without the confirmation' }),
  },
  { additionalProperties: false },
);
export const CouponSettingsPatch = Type.Partial(CouponSettingsBody, { additionalProperties: false });

export type CouponSettingsJson = Static<typeof CouponSettingsBody>;
export type CouponSettingsPatchJson = Static<typeof CouponSettingsPatch>;

function toJson(s: CouponSettings): CouponSettingsJson {
  return {
    amountStepByCurrencyIso: Object.fromEntries(
      Object.entries(s.amountStepByCurrencyIso).map(([iso, v]) => [iso, v.toString()]),
    ),
    isManualAmountStep: s.isManualAmountStep,
    changeCoefAction: s.changeCoefAction,
    isAutoMax: s.isAutoMax,
    isVipBet: s.isVipBet,
    isBalanceShown: s.isBalanceShown,
    isPossibleWinShown: s.isPossibleWinShown,
    isSelectAccountShown: s.isSelectAccountShown,
    isCouponFixed: s.isCouponFixed,
    oneClickAmountMinor: s.oneClickAmountMinor.toString(),
    isActiveOneClick: s.isActiveOneClick,
    exactCoefMilli: s.exactCoefMilli,
    isDropOnScoreChange: s.isDropOnScoreChange,
    bonusAccountOneClickAmountMinor: s.bonusAccountOneClickAmountMinor.toString(),
    isOneTapCashout: s.isOneTapCashout,
  };
}

/** The stored JSON (possibly partial or from an older version) over the defaults. */
function fromJson(raw: Partial<CouponSettingsJson>): CouponSettings {
  const d = DEFAULT_COUPON_SETTINGS;
  const minor = (v: string | undefined, fallback: bigint) => (v === undefined ? fallback : BigInt(v));
  return {
    amountStepByCurrencyIso: raw.amountStepByCurrencyIso
      ? Object.fromEntries(Object.entries(raw.amountStepByCurrencyIso).map(([iso, v]) => [iso, BigInt(v)]))
      : d.amountStepByCurrencyIso,
    isManualAmountStep: raw.isManualAmountStep ?? d.isManualAmountStep,
    changeCoefAction: (raw.changeCoefAction ?? d.changeCoefAction) as ChangeCoefAction,
    isAutoMax: raw.isAutoMax ?? d.isAutoMax,
    isVipBet: raw.isVipBet ?? d.isVipBet,
    isBalanceShown: raw.isBalanceShown ?? d.isBalanceShown,
    isPossibleWinShown: raw.isPossibleWinShown ?? d.isPossibleWinShown,
    isSelectAccountShown: raw.isSelectAccountShown ?? d.isSelectAccountShown,
    isCouponFixed: raw.isCouponFixed ?? d.isCouponFixed,
    oneClickAmountMinor: minor(raw.oneClickAmountMinor, d.oneClickAmountMinor),
    isActiveOneClick: raw.isActiveOneClick ?? d.isActiveOneClick,
    exactCoefMilli: raw.exactCoefMilli === undefined ? d.exactCoefMilli : raw.exactCoefMilli,
    isDropOnScoreChange: raw.isDropOnScoreChange ?? d.isDropOnScoreChange,
    bonusAccountOneClickAmountMinor: minor(
      raw.bonusAccountOneClickAmountMinor,
      d.bonusAccountOneClickAmountMinor,
    ),
    isOneTapCashout: raw.isOneTapCashout ?? d.isOneTapCashout,
  };
}

export async function readCouponSettings(db: Kysely<Database>, userId: bigint): Promise<CouponSettings> {
  const row = await db
    .selectFrom('coupon_settings')
    .select('settings')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return fromJson((row?.settings ?? {}) as Partial<CouponSettingsJson>);
}

export async function getCouponSettings(db: Kysely<Database>, userId: bigint): Promise<CouponSettingsJson> {
  return toJson(await readCouponSettings(db, userId));
}

/** Applies a partial change with the §4 rules and answers the whole stored object. */
export async function updateCouponSettings(
  db: Kysely<Database>,
  userId: bigint,
  patch: CouponSettingsPatchJson,
  now: Date,
): Promise<CouponSettingsJson> {
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('coupon_settings')
      .values({ user_id: userId, settings: '{}' as unknown as Record<string, unknown>, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    const row = await trx
      .selectFrom('coupon_settings')
      .select('settings')
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const current = fromJson(row.settings as Partial<CouponSettingsJson>);
    const { isDropOnScoreChange, exactCoefMilli, ...plain } = patch;
    let state: OneClickState<never> = {
      settings: fromJson({ ...toJson(current), ...plain }),
      bets: [],
      isOneClickConfirmOpen: false,
    };
    if (isDropOnScoreChange !== undefined) {
      state = reduceCouponSettings(state, { type: 'dropOnScoreChangeSet', value: isDropOnScoreChange });
    }
    if (exactCoefMilli !== undefined) {
      state = reduceCouponSettings(state, { type: 'exactCoefSet', valueMilli: exactCoefMilli });
    }
    const stored = toJson(state.settings);
    await trx
      .updateTable('coupon_settings')
      .set({ settings: JSON.stringify(stored) as unknown as Record<string, unknown>, updated_at: now })
      .where('user_id', '=', userId)
      .execute();
    return stored;
  });
}
