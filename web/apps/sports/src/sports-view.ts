/**
 * The player's global settings that change how sports pages look (coupon-accounts §3): compact
 * view, game numbers, championships grouped by country, detailed score, European or Asian view and
 * market names type. The server render takes them from the fragment context; a change made here
 * applies at once, is kept in cookies (the next render uses them) and, for a signed-in player, in
 * the stored settings (PUT /web-api/user/settings).
 */
import { callApi } from '@parlay/client/api.ts';
import { getAccounts } from '@parlay/mf/accounts-store.ts';
import { announceClockFormat, type Clock } from '@parlay/mf/clock.ts';
import {
  formatViewSettings,
  parseViewSettings,
  SPORTS_VIEW_COOKIE,
  VIEW_COOKIES,
  type ViewSettings,
} from '@parlay/mf/view-settings.ts';
import { useSyncExternalStore } from 'react';
import { useSportsContext } from './context.tsx';

export interface SportsView {
  /** appViewType 1: handicap and total lead the row, as Asian books show them. */
  asian: boolean;
  /** marketsNameType 1: odds buttons on the game page carry full outcome names. */
  fullMarketNames: boolean;
  compact: boolean;
  showGameId: boolean;
  detailedScore: boolean;
  groupByCountry: boolean;
}

/** The view of stored or cookie settings; absent keys take the spec's defaults (group by country on). */
export function sportsViewFrom(view: ViewSettings | undefined): SportsView {
  const v = view ?? {};
  return {
    asian: v.appViewType === 1,
    fullMarketNames: v.marketsNameType === 1,
    compact: v.isCompactView === 1,
    showGameId: v.isShowGameId === 1,
    detailedScore: v.isDetailedScore === 1,
    groupByCountry: v.isChampsGroupedByCountry !== 0,
  };
}

const COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
let changed: ViewSettings | null = null;
const listeners = new Set<() => void>();

function cookie(name: string): string | null {
  const match = new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(document.cookie);
  return match ? decodeURIComponent(match[1] ?? '') : null;
}

function writeCookie(name: string, value: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the server render reads these settings from cookies
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${COOKIE_MAX_AGE_S}; samesite=lax`;
}

/** Keeps a change in a signed-in player's stored settings (a guest has only the cookies). */
export function storeForPlayer(change: ViewSettings): void {
  if (getAccounts().status !== 'ready') return;
  void callApi('/web-api/user/settings', { method: 'PUT', body: change }).then((answer) => {
    if (!answer.ok) console.warn('settings were not saved', answer.status);
  });
}

/** Changes settings: on screen at once, in cookies, and in the signed-in player's stored settings. */
export function changeSportsView(base: ViewSettings, change: ViewSettings): void {
  changed = { ...base, ...changed, ...change };
  const own = Object.entries(change).filter(([key]) => key in VIEW_COOKIES);
  for (const [key, value] of own)
    writeCookie(VIEW_COOKIES[key as keyof typeof VIEW_COOKIES] ?? key, String(value));
  const rest = Object.fromEntries(Object.entries(change).filter(([key]) => !(key in VIEW_COOKIES)));
  if (Object.keys(rest).length > 0) {
    const stored = parseViewSettings(cookie(SPORTS_VIEW_COOKIE));
    writeCookie(SPORTS_VIEW_COOKIE, formatViewSettings({ ...stored, ...rest }));
  }
  storeForPlayer(change);
  if (change.is12h !== undefined) announceClockFormat(change.is12h === 1);
  for (const l of listeners) l();
}

/** The settings the page is drawn with: the server's, then the player's changes on this page. */
export function useViewSettings(): ViewSettings {
  const { view } = useSportsContext();
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => changed ?? view,
    () => view,
  );
}

export function useSportsView(): SportsView {
  const settings = useViewSettings();
  return sportsViewFrom(settings);
}

/** The player's clock: the page's time zone and the 12 h setting (a change applies at once). */
export function useClock(): Clock {
  const { timeZone } = useSportsContext();
  const { is12h } = useViewSettings();
  return { timeZone, is12h: is12h === 1 };
}
