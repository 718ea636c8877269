import { describe, expect, it } from 'vitest';
import { allowedLanguages, chooseLanguage, languageRedirect, languageSettingsFrom } from './language.ts';

describe('language rules (site-shell §4 "Language")', () => {
  it('allows the configured languages we have dictionaries for', () => {
    expect(allowedLanguages(['en', 'de', 'ru'])).toEqual(['en', 'ru']);
    expect(allowedLanguages(['de'])).toEqual(['ru', 'en']);
    expect(allowedLanguages(undefined)).toEqual(['ru', 'en']);
  });

  it.each([
    [['ru', 'en'], 'ru', undefined, 'ru'],
    [['ru', 'en'], 'ru', 'en', 'en'],
    [['ru', 'en'], 'en', 'de', 'en'],
    [['en'], 'ru', undefined, 'en'],
    [['en'], 'ru', 'ru', 'en'],
    [['ru'], 'de', 'en', 'ru'],
    [undefined, undefined, undefined, 'ru'],
  ] as const)('languages %j, default %s, cookie %s → %s', (languages, defaultLanguage, cookie, chosen) => {
    expect(chooseLanguage(cookie, languageSettingsFrom(languages, defaultLanguage))).toBe(chosen);
  });

  it('redirects a prefix that is not allowed, keeping path and query', () => {
    const onlyEn = languageSettingsFrom(['en'], 'en');
    expect(languageRedirect('/ru/information/contacts', '?a=1', undefined, onlyEn)).toBe(
      '/en/information/contacts?a=1',
    );
    expect(languageRedirect('/en/information/contacts', '', undefined, onlyEn)).toBeNull();
    expect(languageRedirect('/multi', '', 'ru', onlyEn)).toBe('/en/multi');
  });
});
