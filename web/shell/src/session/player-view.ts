/**
 * What the server render of a signed-in player's page needs beyond the session status: the active
 * account for the header balance and the stored global settings (coupon-accounts §3) the page is
 * drawn with — theme, time zone, odds format and the view settings (12 h clock, hidden side panels,
 * sports flags). Both travel in the page state, so the
 * browser hydrates with exactly what the server rendered and nothing flashes after hydration.
 */
import type { ApiFetch } from '@parlay/mf/contract.ts';
import { type OddsViewId, oddsViewFrom } from '@parlay/mf/odds-view.ts';
import { parseViewSettings, VIEW_SETTING_KEYS, type ViewSettings } from '@parlay/mf/view-settings.ts';
import type { Theme } from '../request-context.ts';
import { type ActiveAccount, activeAccountFrom } from './session-store.ts';

/** The global settings the shell applies itself (the rest is read by the micro-apps that show them). */
export interface DisplaySettings {
  theme: Theme;
  /** Whole hours from UTC, -12…14. */
  timeZone: number;
  oddsView: OddsViewId;
  /** The stored display settings the page fragments are drawn with (fragment context view), is12h included. */
  view: ViewSettings;
}

export interface PlayerView {
  account: ActiveAccount | null;
  settings: Partial<DisplaySettings> | null;
}

export const GUEST_VIEW: PlayerView = { account: null, settings: null };

/**
 * The settings the player stored (GET /web-api/user/settings → result, with storedKeys naming what
 * was set); a setting never stored is left out, so the visitor's cookie still decides it.
 */
export function displaySettingsFrom(body: unknown): Partial<DisplaySettings> | null {
  const result = (body as { result?: Record<string, unknown> } | null)?.result;
  if (!result || typeof result !== 'object') return null;
  const stored = new Set(Array.isArray(result.storedKeys) ? result.storedKeys : []);
  const out: Partial<DisplaySettings> = {};
  // Global settings appTheme: 0 light, 1 dark.
  if (stored.has('appTheme') && (result.appTheme === 0 || result.appTheme === 1))
    out.theme = result.appTheme === 0 ? 'light' : 'dark';
  const timeZone = result.timeZone;
  if (stored.has('timeZone') && Number.isInteger(timeZone) && Math.abs(timeZone as number) <= 14)
    out.timeZone = Math.max(-12, timeZone as number);
  if (stored.has('coefViewId')) out.oddsView = oddsViewFrom(String(result.coefViewId));
  const view = parseViewSettings(
    VIEW_SETTING_KEYS.filter((key) => key !== 'coefViewId' && stored.has(key))
      .map((key) => `${key}=${result[key]}`)
      .join(','),
  );
  if (Object.keys(view).length > 0) out.view = view;
  return out;
}

async function readJson(api: ApiFetch, path: string, token: string): Promise<unknown> {
  const response = await api(path, { headers: { cookie: `user_token=${encodeURIComponent(token)}` } });
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  return response.json();
}

/**
 * The account and settings of the signed-in visitor whose token the request carries; a part that
 * cannot be read is null (an expired token reads neither: the browser renews it and fills them in).
 */
export async function loadPlayerView(api: ApiFetch, token: string | undefined): Promise<PlayerView> {
  if (!token) return GUEST_VIEW;
  const [account, settings] = await Promise.all([
    readJson(api, '/web-api/accounts/v1/accounts', token).then(activeAccountFrom, () => null),
    readJson(api, '/web-api/user/settings', token).then(displaySettingsFrom, () => null),
  ]);
  return { account, settings };
}
