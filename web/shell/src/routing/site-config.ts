/**
 * The part of the site configuration (GET /bff-api/config/all.json, groups of
 * server/src/modules/config/groups.ts) the shell's routing reads, with the server's defaults when a
 * value is missing or of the wrong type, and the session status (GET /web-api/auth/v1/session).
 */
import { type LanguageSettings, languageSettingsFrom } from './language.ts';

export interface ShellConfig {
  siteName: string;
  language: LanguageSettings;
  geoCountryHeader: string;
  isRegistrationAllowed: boolean;
  isShowIdentification: boolean;
  isRulesRouteEnabled: boolean;
  isPromoBonusToOffer: boolean;
  isRechargeModal: boolean;
  isPaymentRouteEnabled: boolean;
  isPaymentRouteAuthOnly: boolean;
  isTermsConfirmationEnabled: boolean;
  disabledPaths: readonly string[];
}

export interface SessionStatus {
  userId: number | null;
  banLevel: number;
  banVersion: number;
  isTermsChanged: boolean;
  termsUpdatedAt: string | null;
}

export const GUEST_SESSION: SessionStatus = {
  userId: null,
  banLevel: 0,
  banVersion: 1,
  isTermsChanged: false,
  termsUpdatedAt: null,
};

type Groups = Record<string, Record<string, unknown> | undefined>;

const flag = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);
const text = (value: unknown, fallback: string) => (typeof value === 'string' && value ? value : fallback);
const MAX_DISABLED_PATHS = 500;

/** The shell's view of all.json; anything missing takes the server's default. */
export function shellConfigFrom(body: unknown): ShellConfig {
  const groups: Groups = typeof body === 'object' && body !== null ? (body as Groups) : {};
  const main = groups.main ?? {};
  const features = groups.features ?? {};
  const disabled = Array.isArray(features.disabledPaths) ? features.disabledPaths : [];
  return {
    siteName: text(main.siteName, 'Parlay'),
    language: languageSettingsFrom(main.languages, main.defaultLanguage),
    geoCountryHeader: text(main.geoCountryHeader, 'x-geo-country').toLowerCase(),
    isRegistrationAllowed: flag(groups.registration?.isRegistrationAllowed, true),
    isShowIdentification: flag(groups.identification?.isShowIdentification, true),
    isRulesRouteEnabled: flag(features.isRulesRouteEnabled, true),
    isPromoBonusToOffer: flag(features.isPromoBonusToOffer, false),
    isRechargeModal: flag(features.isRechargeModal, false),
    isPaymentRouteEnabled: flag(features.isPaymentRouteEnabled, true),
    isPaymentRouteAuthOnly: flag(features.isPaymentRouteAuthOnly, false),
    isTermsConfirmationEnabled: flag(features.isTermsConfirmationEnabled, true),
    disabledPaths: disabled
      .filter((p): p is string => typeof p === 'string' && p.startsWith('/'))
      .slice(0, MAX_DISABLED_PATHS),
  };
}

export const DEFAULT_SHELL_CONFIG: ShellConfig = shellConfigFrom({});

const nonNegative = (value: unknown, fallback: number) =>
  Number.isInteger(value) && (value as number) >= 0 ? (value as number) : fallback;

/** The session answer, or a guest when it has the wrong shape. */
export function sessionStatusFrom(body: unknown): SessionStatus {
  if (typeof body !== 'object' || body === null) return GUEST_SESSION;
  const record = body as Record<string, unknown>;
  return {
    userId: Number.isInteger(record.userId) ? (record.userId as number) : null,
    banLevel: nonNegative(record.banLevel, 0),
    banVersion: nonNegative(record.banVersion, 1),
    isTermsChanged: record.isTermsChanged === true,
    termsUpdatedAt: typeof record.termsUpdatedAt === 'string' ? record.termsUpdatedAt : null,
  };
}
