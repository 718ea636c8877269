import { ROUTE_SAMPLES } from '@parlay/apps/route-samples.ts';
import { AVAILABLE_LANGUAGES } from '@parlay/i18n/languages.ts';
import { describe, expect, it } from 'vitest';
import { chooseLanguage, languageRedirect, matchRoute, ROUTES, switchLanguagePath } from './routes.ts';

describe('matchRoute', () => {
  it.each([
    ['/ru/', 'home', 'sports', 'ru'],
    ['/en/', 'home', 'sports', 'en'],
    ['/en/information/contacts', 'contacts', 'info', 'en'],
    ['/ru/information/contacts/', 'contacts', 'info', 'ru'],
    ['/en/information/about', 'about', 'info', 'en'],
  ])('%s → %s (%s, %s)', (path, id, app, lng) => {
    const match = matchRoute(path);
    expect(match?.route.id).toBe(id);
    expect(match?.route.app).toBe(app);
    expect(match?.lng).toBe(lng);
  });

  it.each([
    '/',
    '/en',
    '/de/',
    '/EN/',
    '/information/contacts',
    '/en/information',
    '/en/information/contacts/extra',
    '/en//',
    '/en/nope',
  ])('%s matches nothing', (path) => {
    expect(matchRoute(path)).toBeNull();
  });

  it('every route in the table is reachable in every language through its sample path', () => {
    for (const route of ROUTES) {
      for (const lng of AVAILABLE_LANGUAGES) {
        expect(matchRoute(`/${lng}${ROUTE_SAMPLES[route.id]}`)?.route.id).toBe(route.id);
      }
    }
  });

  it('route ids are unique', () => {
    expect(new Set(ROUTES.map((route) => route.id)).size).toBe(ROUTES.length);
  });
});

describe('languageRedirect', () => {
  it.each([
    ['/', '', undefined, '/ru/'],
    ['/', '', 'en', '/en/'],
    ['/', '?a=1', undefined, '/ru/?a=1'],
    ['/information/contacts', '', undefined, '/ru/information/contacts'],
    ['/information/contacts', '?x=1&y=2', 'en', '/en/information/contacts?x=1&y=2'],
    ['/information/contacts', '', 'de', '/ru/information/contacts'],
    ['/de/information/contacts', '', undefined, '/ru/information/contacts'],
    ['/de/information/contacts', '?q=1', 'en', '/en/information/contacts?q=1'],
    ['/de', '', undefined, '/ru/'],
    ['/de/', '', undefined, '/ru/'],
    ['/en', '?a=1', undefined, '/en/?a=1'],
    ['/EN/x', '', undefined, '/ru/EN/x'],
    ['/english/x', '', undefined, '/ru/english/x'],
    ['//evil.example/x', '', undefined, '/ru/evil.example/x'],
  ])('%s%s (cookie %s) → %s', (path, search, cookie, location) => {
    expect(languageRedirect(path, search, cookie)).toBe(location);
  });

  it.each(['/ru/', '/en/', '/en/information/contacts', '/ru/unknown/page'])(
    '%s needs no redirect',
    (path) => {
      expect(languageRedirect(path, '', 'en')).toBeNull();
    },
  );

  it('never redirects to a protocol-relative location', () => {
    for (const path of ['//x', '///x', '/de//x', '//de/x']) {
      expect(languageRedirect(path, '', undefined)?.startsWith('//')).toBe(false);
    }
  });
});

describe('chooseLanguage and switchLanguagePath', () => {
  it('prefers a valid cookie, else ru', () => {
    expect(chooseLanguage('en')).toBe('en');
    expect(chooseLanguage('xx')).toBe('ru');
    expect(chooseLanguage(undefined)).toBe('ru');
  });

  it('swaps the prefix and keeps the rest', () => {
    expect(switchLanguagePath('/ru/information/contacts', 'en')).toBe('/en/information/contacts');
    expect(switchLanguagePath('/en/', 'ru')).toBe('/ru/');
  });
});
