/**
 * Cookie consent (site-shell §3, §4; coupon-accounts §4 "Cookie consent types", §6): the options of
 * the customize view, the mapping of the checked options to a cookies type, and what each type allows.
 * Marketing consent gates analytics; functional consent gates the remembered window width and panels.
 */
import { cookieString, deletedCookie } from './cookies.ts';

export const COOKIES_TYPES = ['disable', 'only_functionality', 'only_marketing', 'all'] as const;
export type CookiesType = (typeof COOKIES_TYPES)[number];

export const CONSENT_COOKIE = 'cookies_agree_type';
/** When the visitor agreed (ms since epoch), kept beside the type for the same year. */
export const CONSENT_TIME_COOKIE = 'cookies_agree_time';
export const CONSENT_MAX_AGE_S = 365 * 24 * 60 * 60;

export type ConsentOptionName = 'necessary' | 'functionality' | 'marketing';

/** One line of the customize view (the spec's cookie consent option entity). */
export interface ConsentOption {
  name: ConsentOptionName;
  checked: boolean;
  disabled: boolean;
  /** The type this option alone stands for. */
  cookiesType: CookiesType;
}

export function parseCookiesType(value: string | undefined): CookiesType | null {
  return (COOKIES_TYPES as readonly string[]).includes(value ?? '') ? (value as CookiesType) : null;
}

export function allowsFunctional(type: CookiesType | null): boolean {
  return type === 'all' || type === 'only_functionality';
}

export function allowsMarketing(type: CookiesType | null): boolean {
  return type === 'all' || type === 'only_marketing';
}

/** The customize view's options for the current choice (none yet: only the necessary ones). */
export function consentOptions(current: CookiesType | null): ConsentOption[] {
  return [
    { name: 'necessary', checked: true, disabled: true, cookiesType: 'disable' },
    {
      name: 'functionality',
      checked: allowsFunctional(current),
      disabled: false,
      cookiesType: 'only_functionality',
    },
    { name: 'marketing', checked: allowsMarketing(current), disabled: false, cookiesType: 'only_marketing' },
  ];
}

/**
 * "Accept selected": no optional option checked → disable; every one checked → all; one → its type.
 * The necessary option is always on and does not count.
 */
export function cookiesTypeOf(options: readonly ConsentOption[]): CookiesType {
  const optional = options.filter((option) => !option.disabled);
  const checked = optional.filter((option) => option.checked);
  if (checked.length === 0) return 'disable';
  if (checked.length === optional.length) return 'all';
  if (checked.length === 1) return checked[0]!.cookiesType;
  return 'all';
}

/** The cookies that store a choice made at `nowMs`. */
export function consentCookies(type: CookiesType, nowMs: number): string[] {
  return [
    cookieString(CONSENT_COOKIE, type, CONSENT_MAX_AGE_S),
    cookieString(CONSENT_TIME_COOKIE, String(nowMs), CONSENT_MAX_AGE_S),
  ];
}

/** Functional cookies the shell writes only with functional consent. */
export const FUNCTIONAL_COOKIES = ['hide_left', 'hide_right', 'window_width'] as const;
export type FunctionalCookie = (typeof FUNCTIONAL_COOKIES)[number];
const PREFERENCE_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * What to write for a functional preference: the cookie when consent allows it, nothing otherwise.
 * functionalCookieWrite('all', 'hide_left', '1') → ['hide_left=1; …']; ('disable', …) → [].
 */
export function functionalCookieWrite(
  type: CookiesType | null,
  name: FunctionalCookie,
  value: string,
): string[] {
  return allowsFunctional(type) ? [cookieString(name, value, PREFERENCE_MAX_AGE_S)] : [];
}

/** Withdrawing functional consent deletes the functional cookies already set. */
export function functionalCookieCleanup(type: CookiesType | null): string[] {
  return allowsFunctional(type) ? [] : FUNCTIONAL_COOKIES.map(deletedCookie);
}
