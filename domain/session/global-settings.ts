/**
 * Global settings (coupon-accounts §3): display preferences kept in cookies for guests and on the
 * server for signed-in users. Flags are stored as 0 or 1, as the spec says.
 */

import type { OddsFormatId } from '../odds/formats.ts';

export type Flag = 0 | 1;
export type CookiesAgreeType = 'all' | 'functionality' | 'marketing' | 'disabled';

export interface GlobalSettings {
  language: string;
  timeZone: number;
  is12h: Flag;
  /** 0 European, 1 Asian. */
  appViewType: 0 | 1;
  /** 0 light, 1 dark. */
  appTheme: 0 | 1;
  appFontSize: number;
  /** Odds display format (domain/odds/formats.ts): 0 decimal, 1 fractional, 2 american, Asian 4-16. */
  coefViewId: OddsFormatId;
  coefIndicationType: number;
  marketsNameType: number;
  isCompactView: Flag;
  isLightVersion: Flag;
  isAccumulatorOfDay: Flag;
  isLiveAccumulator: Flag;
  isBetGenerator: Flag;
  isBestMatchesOnTop: Flag;
  isDetailedScore: Flag;
  isShowGameId: Flag;
  isShowSportsOnly: Flag;
  isTeamLogosInCoupon: Flag;
  isStatsInNewWindow: Flag;
  isMoveVideoOnScroll: Flag;
  hideLeft: Flag;
  hideRight: Flag;
  isChampsGroupedByCountry: Flag;
  isZoneOff: Flag;
  cookiesAgreeType: CookiesAgreeType | null;
}

export const FONT_SIZES = { min: 10, max: 24 } as const;

/** Defaults; flags on by default per coupon-accounts §9. */
export const DEFAULT_GLOBAL_SETTINGS: Readonly<GlobalSettings> = {
  language: 'ru',
  timeZone: 3,
  is12h: 0,
  appViewType: 0,
  appTheme: 0,
  appFontSize: 14,
  coefViewId: 0,
  coefIndicationType: 0,
  marketsNameType: 0,
  isCompactView: 0,
  isLightVersion: 0,
  isAccumulatorOfDay: 1,
  isLiveAccumulator: 1,
  isBetGenerator: 0,
  isBestMatchesOnTop: 0,
  isDetailedScore: 0,
  isShowGameId: 0,
  isShowSportsOnly: 0,
  isTeamLogosInCoupon: 0,
  isStatsInNewWindow: 1,
  isMoveVideoOnScroll: 1,
  hideLeft: 0,
  hideRight: 0,
  isChampsGroupedByCountry: 1,
  isZoneOff: 0,
  cookiesAgreeType: null,
};

/**
 * Stored settings over the defaults; keys that are not settings are dropped, so a stored document
 * from an older version still reads cleanly.
 */
export function resolveGlobalSettings(stored: Partial<Record<string, unknown>>): GlobalSettings {
  const out: Record<string, unknown> = { ...DEFAULT_GLOBAL_SETTINGS };
  for (const key of Object.keys(DEFAULT_GLOBAL_SETTINGS)) {
    if (stored[key] !== undefined) out[key] = stored[key];
  }
  return out as unknown as GlobalSettings;
}
