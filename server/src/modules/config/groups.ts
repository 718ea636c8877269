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
