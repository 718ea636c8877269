/**
 * Language rules (site-shell §2, §4 "Language"; coupon-accounts §2): every path carries a two-letter
 * prefix among the allowed languages. Allowed = the site's configured languages that we have
 * dictionaries for. The chosen language is the `lng` cookie when allowed, else the configured default
 * when allowed, else English, else the first allowed one. A path without a valid or allowed prefix
 * redirects to the same path in the chosen language, query kept.
 */
import { AVAILABLE_LANGUAGES, DEFAULT_LANGUAGE, type Language } from '@parlay/i18n/languages.ts';

export interface LanguageSettings {
  /** Allowed languages, never empty. */
  languages: readonly Language[];
  defaultLanguage: Language;
}

export const DEFAULT_LANGUAGE_SETTINGS: LanguageSettings = {
  languages: AVAILABLE_LANGUAGES,
  defaultLanguage: DEFAULT_LANGUAGE,
};

/** Allowed languages from the site config: configured ∩ translated, in configured order; all translated when none. */
export function allowedLanguages(configured: readonly string[] | undefined): Language[] {
  const translated = AVAILABLE_LANGUAGES as readonly string[];
  const allowed = (configured ?? []).filter((lng): lng is Language => translated.includes(lng));
  return allowed.length > 0 ? [...new Set(allowed)] : [...AVAILABLE_LANGUAGES];
}

/** The language settings of a site config's main group (languages, defaultLanguage). */
export function languageSettingsFrom(languages: unknown, defaultLanguage: unknown): LanguageSettings {
  const allowed = allowedLanguages(Array.isArray(languages) ? languages.map(String) : undefined);
  const configured = typeof defaultLanguage === 'string' ? defaultLanguage : DEFAULT_LANGUAGE;
  const fallback = pickAllowed([configured, 'en'], allowed);
  return { languages: allowed, defaultLanguage: fallback };
}

function pickAllowed(candidates: readonly (string | undefined)[], allowed: readonly Language[]): Language {
  for (const candidate of candidates) {
    if (candidate && (allowed as readonly string[]).includes(candidate)) return candidate as Language;
  }
  return allowed[0] ?? DEFAULT_LANGUAGE;
}

/** chooseLanguage('en', settings) === 'en' when en is allowed; otherwise the default, then English. */
export function chooseLanguage(
  cookieLng: string | undefined,
  settings: LanguageSettings = DEFAULT_LANGUAGE_SETTINGS,
): Language {
  return pickAllowed([cookieLng, settings.defaultLanguage, 'en'], settings.languages);
}

export function isAllowedLanguage(value: string | undefined, settings: LanguageSettings): value is Language {
  return value !== undefined && (settings.languages as readonly string[]).includes(value);
}

/**
 * Where a request must go to get a valid language prefix, or null when it has one.
 * '/' → '/ru/'; '/information/contacts?x=1' → '/ru/information/contacts?x=1'; a two-letter prefix that
 * is not allowed is replaced ('/de/x' → '/ru/x'); '/en' → '/en/'. The cookie language wins over ru.
 */
export function languageRedirect(
  pathname: string,
  search: string,
  cookieLng: string | undefined,
  settings: LanguageSettings = DEFAULT_LANGUAGE_SETTINGS,
): string | null {
  const first = /^\/([^/]*)/.exec(pathname)?.[1] ?? '';
  if (isAllowedLanguage(first, settings)) return pathname === `/${first}` ? `/${first}/${search}` : null;
  const lng = chooseLanguage(cookieLng, settings);
  if (/^[a-z]{2}$/.test(first)) {
    const rest = pathname.slice(3);
    return `/${lng}${rest.startsWith('/') ? rest.replace(/^\/+/, '/') : `/${rest}`}${search}`;
  }
  const path = pathname.startsWith('/') ? pathname : `/${pathname}`;
  return `/${lng}${path.replace(/^\/+/, '/')}${search}`;
}

/** The same page in another language: switchLanguagePath('/ru/information/contacts', 'en') → '/en/information/contacts'. */
export function switchLanguagePath(pathname: string, lng: Language): string {
  const match = /^\/[a-z]{2}(\/.*)?$/.exec(pathname);
  return `/${lng}${match?.[1] ?? '/'}`;
}
