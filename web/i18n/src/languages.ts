/** Languages the site is translated into; the URL prefix must be one of them. */
export const AVAILABLE_LANGUAGES = ['ru', 'en'] as const;
export type Language = (typeof AVAILABLE_LANGUAGES)[number];

/** Used when neither the URL nor the `lng` cookie names an available language (spec: default ru). */
export const DEFAULT_LANGUAGE: Language = 'ru';

/** Dictionary namespaces; every UI text lives in one of them. */
export const NAMESPACES = [
  'common',
  'errors',
  'sports',
  'info',
  'footer',
  'shell',
  'routes',
  'casino',
  'office',
  'office-money',
  'office-security',
  'auth',
  'lotto',
  'technical',
  'limits',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** True when `value` is one of the available languages, e.g. isLanguage('en') === true, isLanguage('de') === false. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (AVAILABLE_LANGUAGES as readonly string[]).includes(value);
}

/**
 * Splits a valid language prefix off a path: splitLanguagePrefix('/en/information/contacts') gives
 * { lng: 'en', rest: '/information/contacts' }; '/en/' gives rest '/'; '/de/x' and '/x' give null.
 */
export function splitLanguagePrefix(pathname: string): { lng: Language; rest: string } | null {
  const match = /^\/([a-z]{2})(\/.*)?$/.exec(pathname);
  if (!match || !isLanguage(match[1])) return null;
  return { lng: match[1], rest: match[2] ?? '' };
}
