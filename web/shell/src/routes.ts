/**
 * The shell's route table (ARCHITECTURE.md §4 "Route map"), shared by the server render and the
 * browser navigation. Every path is /{lng}<pattern>; lng is two lower-case letters among the
 * available languages.
 */
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@parlay/i18n/languages.ts';

export type RouteId = 'home' | 'contacts' | 'about';
export type AppName = 'sports' | 'info';
export type Layout = 'default';
/** Route guards (auth, guest, banned-allowed, home-only, config flags) arrive with the session work. */
export type Guard = never;

export interface RouteDefinition {
  id: RouteId;
  /** Path after the language prefix: "/" is the language root. */
  pattern: string;
  app: AppName;
  layout: Layout;
  guards: readonly Guard[];
  /** Dictionary key (namespace common) of the page's meta description. */
  descriptionKey: string;
}

export const ROUTES: readonly RouteDefinition[] = [
  {
    id: 'home',
    pattern: '/',
    app: 'sports',
    layout: 'default',
    guards: [],
    descriptionKey: 'seo.home_description',
  },
  {
    id: 'contacts',
    pattern: '/information/contacts',
    app: 'info',
    layout: 'default',
    guards: [],
    descriptionKey: 'seo.contacts_description',
  },
  {
    id: 'about',
    pattern: '/information/about',
    app: 'info',
    layout: 'default',
    guards: [],
    descriptionKey: 'seo.about_description',
  },
];

export interface RouteMatch {
  route: RouteDefinition;
  lng: Language;
}

/**
 * The route serving `pathname`, or null. matchRoute('/en/information/contacts') → contacts in en;
 * a trailing slash is accepted on inner pages; '/en' (no slash) and '/de/' do not match.
 */
export function matchRoute(pathname: string): RouteMatch | null {
  const match = /^\/([a-z]{2})(\/.*)$/.exec(pathname);
  if (!match || !isLanguage(match[1])) return null;
  const lng = match[1];
  const rest = match[2] ?? '/';
  if (rest.includes('//')) return null;
  const normalized = rest.length > 1 && rest.endsWith('/') ? rest.slice(0, -1) : rest;
  const route = ROUTES.find((candidate) => candidate.pattern === normalized);
  return route ? { route, lng } : null;
}

/** The language for a path without a valid prefix: the `lng` cookie when it is available, else ru. */
export function chooseLanguage(cookieLng: string | undefined): Language {
  return isLanguage(cookieLng) ? cookieLng : DEFAULT_LANGUAGE;
}

/**
 * Where a request must be redirected to get a valid language prefix, or null when it has one.
 * '/' → '/ru/'; '/information/contacts?x=1' → '/ru/information/contacts?x=1'; an unavailable
 * two-letter prefix is replaced ('/de/x' → '/ru/x'); '/en' → '/en/'. The cookie language wins over ru.
 */
export function languageRedirect(
  pathname: string,
  search: string,
  cookieLng: string | undefined,
): string | null {
  const first = /^\/([^/]*)/.exec(pathname)?.[1] ?? '';
  if (isLanguage(first)) return pathname === `/${first}` ? `/${first}/${search}` : null;
  const lng = chooseLanguage(cookieLng);
  if (/^[a-z]{2}$/.test(first)) {
    const rest = pathname.slice(3);
    return `/${lng}${rest.startsWith('/') ? rest : `/${rest}`}${search}`;
  }
  const path = pathname.startsWith('/') ? pathname : `/${pathname}`;
  return `/${lng}${path.replace(/^\/+/, '/')}${search}`;
}

/** The same page in another language: switchLanguagePath('/ru/information/contacts', 'en') → '/en/information/contacts'. */
export function switchLanguagePath(pathname: string, lng: Language): string {
  const match = /^\/[a-z]{2}(\/.*)?$/.exec(pathname);
  return `/${lng}${match?.[1] ?? '/'}`;
}
