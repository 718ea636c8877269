/**
 * The site configuration: named groups of settings with a schema and a default each. Operators
 * change values with `parlay config set <group>.<key> <json>`; the stored value must pass the
 * schema. Later issues add their groups here (coupon, payments, limits, casino…).
 */
import { type TSchema, Type } from '@sinclair/typebox';

const Bool = Type.Boolean();
const Str = Type.String({ maxLength: 2000 });
const StrList = Type.Array(Type.String({ maxLength: 500 }), { maxItems: 500 });
const Int = (min: number, max: number) => Type.Integer({ minimum: min, maximum: max });
const AmountByCurrency = Type.Record(
  Type.String({ pattern: '^[A-Z]{3}$' }),
  Type.String({ pattern: '^\\d{1,13}(\\.\\d{1,3})?$' }),
);

interface Setting {
  schema: TSchema;
  value: unknown;
}

export const CONFIG_GROUPS = {
  main: {
    siteName: { schema: Str, value: 'Parlay' },
    projectId: { schema: Int(1, 1_000_000), value: 285 },
    defaultLanguage: { schema: Type.String({ pattern: '^[a-z]{2}$' }), value: 'ru' },
    languages: {
      schema: Type.Array(Type.String({ pattern: '^[a-z]{2}$' }), { minItems: 1, maxItems: 50 }),
      value: ['ru', 'en'],
    },
    defaultTimeZone: { schema: Int(-12, 14), value: 3 },
    defaultCurrency: { schema: Type.String({ pattern: '^[A-Z]{3}$' }), value: 'RUB' },
    currencies: { schema: StrList, value: ['RUB', 'USD', 'EUR', 'UAH', 'KZT'] },
    geoCountryHeader: { schema: Str, value: 'x-geo-country' },
    defaultGeoCountry: { schema: Type.String({ pattern: '^[A-Z]{2}$' }), value: 'RU' },
  },
  registration: {
    isRegistrationAllowed: { schema: Bool, value: true },
    registrationTypes: { schema: StrList, value: ['fast', 'phone', 'full', 'social'] },
    isResponsibleGamingAgreementRequired: { schema: Bool, value: false },
    registrationReminderDelaySeconds: { schema: Int(0, 86_400), value: 60 },
    registrationReminderIntervalMinutes: { schema: Int(0, 525_600), value: 1440 },
  },
  identification: {
    isShowIdentification: { schema: Bool, value: true },
    verificationTypes: { schema: StrList, value: ['documents'] },
  },
  features: {
    isRulesRouteEnabled: { schema: Bool, value: true },
    isSnowEnabled: { schema: Bool, value: false },
    isNewSiteModalEnabled: { schema: Bool, value: false },
    isPromoBonusToOffer: { schema: Bool, value: false },
    isRechargeModal: { schema: Bool, value: false },
    isPaymentRouteEnabled: { schema: Bool, value: true },
    isPaymentRouteAuthOnly: { schema: Bool, value: false },
    isTermsConfirmationEnabled: { schema: Bool, value: true },
    isFirstDepositPopupEnabled: { schema: Bool, value: true },
    isAdBlockNoticeEnabled: { schema: Bool, value: true },
    isHomepageVariantTest: { schema: Bool, value: false },
    disabledPaths: { schema: StrList, value: [] },
    autoLogoffMinutes: { schema: Int(0, 24 * 60), value: 0 },
  },
  maintenance: {
    isMaintenance: { schema: Bool, value: false },
    notifyStartDate: { schema: Type.Union([Str, Type.Null()]), value: null },
    notifyEndDate: { schema: Type.Union([Str, Type.Null()]), value: null },
    startAt: { schema: Type.Union([Str, Type.Null()]), value: null },
    finishAt: { schema: Type.Union([Str, Type.Null()]), value: null },
    russianNoticeCountries: { schema: StrList, value: ['RU', 'BY', 'KZ', 'KG', 'UZ', 'TJ', 'AM', 'AZ'] },
  },
  coupon: {
    isExpressBonusAllowed: { schema: Bool, value: true },
    /** Coupon types (typeId) the minimum and maximum amounts apply to (coupon-accounts §5). */
    limitedCouponTypeIds: {
      schema: Type.Array(Int(0, 10_001), { maxItems: 10 }),
      value: [0, 1, 2, 4, 10001],
    },
    /** Per currency, major units; a currency not listed uses RUB's number in its own units. */
    minBetAmountByCurrency: {
      schema: AmountByCurrency,
      value: { RUB: '10', USD: '0.2', EUR: '0.2', UAH: '5', KZT: '50' },
    },
    maxBetAmountByCurrency: {
      schema: AmountByCurrency,
      value: { RUB: '500000', USD: '5000', EUR: '5000', UAH: '200000', KZT: '2500000' },
    },
    maxPayoutByCurrency: {
      schema: AmountByCurrency,
      value: { RUB: '5000000', USD: '50000', EUR: '50000', UAH: '2000000', KZT: '25000000' },
    },
    /** Live bets wait this long before they are re-checked and accepted or rejected. */
    liveDelayMs: { schema: Int(0, 60_000), value: 5000 },
    /** Per sport id ("1": 7000); sports not listed use liveDelayMs. */
    liveDelayMsBySport: {
      schema: Type.Record(Type.String({ pattern: '^\\d{1,9}$' }), Int(0, 60_000)),
      value: {},
    },
    isCashoutEnabled: { schema: Bool, value: true },
    /** Share of the fair value the house keeps on a cash-out, hundredths of a percent. */
    cashoutMarginBasisPoints: { schema: Int(0, 5000), value: 500 },
    /** The house margin of bet builder prices (price = (1 − margin) / P), hundredths of a percent. */
    betBuilderMarginBasisPoints: { schema: Int(0, 5000), value: 800 },
    /** The site offers the VIP bet (coupon-accounts §5): a request above the maximum amount. */
    isVipBetShown: { schema: Bool, value: true },
  },
  /** Jurisdiction switches of the in-house casino (issue 18); gameOverrides by engine id or numeric game id. */
  casino: {
    autoplay: { schema: Bool, value: true },
    autoplayMaxRounds: { schema: Int(0, 10_000), value: 100 },
    turbo: { schema: Bool, value: true },
    /** Shortest time between the starts of two rounds of one player in one game. */
    minRoundMs: { schema: Int(0, 60_000), value: 0 },
    showNetPosition: { schema: Bool, value: false },
    showSessionTimer: { schema: Bool, value: false },
    /** The slots' first-deposit bonus address redirects (301) here when set (coupon-accounts §5); '' = off. */
    slotFirstDepositBonusUrl: {
      schema: Type.String({ maxLength: 500, pattern: '^(|/[^/].*|https://.+)$' }),
      value: '',
    },
    /** Per currency, minor units; a currency not listed has only the game's own maximum. */
    maxStakeMinorByCurrency: {
      schema: Type.Record(Type.String({ pattern: '^[A-Z]{3}$' }), Type.String({ pattern: '^\\d{1,16}$' })),
      value: {},
    },
    gameOverrides: {
      schema: Type.Record(
        Type.String({ pattern: '^[a-z0-9-]{1,40}$' }),
        Type.Object(
          {
            autoplay: Type.Optional(Bool),
            autoplayMaxRounds: Type.Optional(Int(0, 10_000)),
            turbo: Type.Optional(Bool),
            minRoundMs: Type.Optional(Int(0, 60_000)),
            showNetPosition: Type.Optional(Bool),
            showSessionTimer: Type.Optional(Bool),
            maxStakeMinorByCurrency: Type.Optional(
              Type.Record(Type.String({ pattern: '^[A-Z]{3}$' }), Type.String({ pattern: '^\\d{1,16}$' })),
            ),
          },
          { additionalProperties: false },
        ),
        { maxProperties: 5000 },
      ),
      value: {
        'slot-classic': { minRoundMs: 2500 },
        'slot-fruits': { minRoundMs: 2500 },
        'slot-cluster': { minRoundMs: 2500 },
      },
    },
  },
  /** Jurisdiction switches of the bonus engine (issue 20, docs/bonuses.md). */
  bonuses: {
    /** Largest wagering multiple a bonus may carry (0 = none); UK rules from 2026: 10. */
    maxWageringMultiple: { schema: Int(0, 100), value: 10 },
    noMixedProducts: { schema: Bool, value: false },
    optInRequired: { schema: Bool, value: false },
    noBonusesWhenSelfExcluded: { schema: Bool, value: true },
    noBonusesWithoutMarketing: { schema: Bool, value: false },
    /** Points earned per whole unit (100 minor) wagered, in hundredths of a point (100 = 1 point). */
    pointsPerUnitCenti: { schema: Int(0, 100_000), value: 100 },
  },
  support: {
    email: { schema: Str, value: 'support@parlay.example' },
    phone: { schema: Str, value: '+7 800 000-00-00' },
    chatProvider: { schema: Str, value: 'none' },
  },
} as const satisfies Record<string, Record<string, Setting>>;

export type ConfigGroupName = keyof typeof CONFIG_GROUPS;
export const CONFIG_GROUP_NAMES = Object.keys(CONFIG_GROUPS) as ConfigGroupName[];

export function isConfigGroup(name: string): name is ConfigGroupName {
  return Object.hasOwn(CONFIG_GROUPS, name);
}

export function settingOf(group: string, key: string): Setting | null {
  if (!isConfigGroup(group)) return null;
  const settings = CONFIG_GROUPS[group] as Record<string, Setting>;
  return Object.hasOwn(settings, key) ? (settings[key] as Setting) : null;
}
