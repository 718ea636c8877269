/** Languages the site is translated into; the URL prefix must be one of them. */
export const AVAILABLE_LANGUAGES = ['ru', 'en'] as const;
export type Language = (typeof AVAILABLE_LANGUAGES)[number];

/** Used when neither the URL nor the `lng` cookie names an available language (spec: default ru). */
export const DEFAULT_LANGUAGE: Language = 'ru';

/**
 * The site's shared dictionary namespaces (web/i18n/src/dictionaries/<lng>/<namespace>.json): texts of
 * the shell and texts several apps or the server read. A micro-app keeps its own namespaces in its
 * folder (web/apps/<app>/dictionaries/) and adds their names to AppNamespaces from its manifest.
 */
export const NAMESPACES = ['common', 'errors', 'shell', 'routes', 'auth', 'limits', 'markets'] as const;
export type SiteNamespace = (typeof NAMESPACES)[number];

/**
 * The micro-apps' own namespaces, one property each, declared by each app's manifest:
 * declare module '@parlay/i18n/languages.ts' { interface AppNamespaces { lotto: true } }.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging from the app manifests
export interface AppNamespaces {}

/** Dictionary namespaces; every UI text lives in one of them. */
export type Namespace = SiteNamespace | keyof AppNamespaces;

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
