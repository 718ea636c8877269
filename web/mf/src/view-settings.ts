/**
 * The display settings a page is drawn with (coupon-accounts §3 global settings): the odds format,
 * European or Asian view, market names type, the 12 h clock, the hidden side panels and the 0/1 flags
 * of the sports pages. The shell sends them in the fragment context (header mf-view), from the
 * player's stored settings over the visitor's cookies (coupon-accounts §9: coef_view_id,
 * app_view_type, isChampsGroupedByCountry, is12h, hide_left, hide_right; the other sports flags in
 * sports_view), so the server render already shows them.
 * @example formatViewSettings({ coefViewId: 2, isCompactView: 1 }) === 'coefViewId=2,isCompactView=1'
 */

export const VIEW_SETTING_KEYS = [
  'coefViewId',
  'appViewType',
  'marketsNameType',
  'isCompactView',
  'isShowGameId',
  'isDetailedScore',
  'isChampsGroupedByCountry',
  'is12h',
  'hideLeft',
  'hideRight',
] as const;
export type ViewSettingKey = (typeof VIEW_SETTING_KEYS)[number];
/** Keys absent take their defaults (global-settings.ts). */
export type ViewSettings = Partial<Record<ViewSettingKey, number>>;

/** Cookie of the sports flags that have no cookie of their own in the spec. */
export const SPORTS_VIEW_COOKIE = 'sports_view';
/** Settings with a cookie of their own (coupon-accounts §9 "Cookies used"). */
export const VIEW_COOKIES: Partial<Record<ViewSettingKey, string>> = {
  coefViewId: 'coef_view_id',
  appViewType: 'app_view_type',
  isChampsGroupedByCountry: 'isChampsGroupedByCountry',
  is12h: 'is12h',
};
/**
 * The hidden side panels' cookies: read like the others, but written only by the shell and only
 * with functional cookie consent (coupon-accounts §6), never by the page itself.
 */
export const PANEL_COOKIES: Partial<Record<ViewSettingKey, string>> = {
  hideLeft: 'hide_left',
  hideRight: 'hide_right',
};
const MAX_VALUE = 99;

const isKey = (key: string): key is ViewSettingKey => (VIEW_SETTING_KEYS as readonly string[]).includes(key);

/** "coefViewId=2,isCompactView=1" → { coefViewId: 2, isCompactView: 1 }; unknown keys and bad values are dropped. */
export function parseViewSettings(value: string | null | undefined): ViewSettings {
  const out: ViewSettings = {};
  for (const pair of (value ?? '').split(',').slice(0, VIEW_SETTING_KEYS.length * 2)) {
    const [key = '', raw = ''] = pair.split('=');
    const n = Number(raw);
    if (isKey(key.trim()) && /^\d{1,2}$/.test(raw.trim()) && n <= MAX_VALUE)
      out[key.trim() as ViewSettingKey] = n;
  }
  return out;
}

export function formatViewSettings(view: ViewSettings): string {
  return VIEW_SETTING_KEYS.filter((key) => view[key] !== undefined)
    .map((key) => `${key}=${view[key]}`)
    .join(',');
}

/** The settings a visitor's cookies hold: the sports_view cookie, then the settings' own cookies. */
export function viewSettingsFromCookies(cookies: Record<string, string | undefined>): ViewSettings {
  const out = parseViewSettings(cookies[SPORTS_VIEW_COOKIE]);
  for (const [key, cookie] of Object.entries({ ...VIEW_COOKIES, ...PANEL_COOKIES })) {
    const own = parseViewSettings(`${key}=${cookies[cookie] ?? ''}`);
    Object.assign(out, own);
  }
  return out;
}
