import { describe, expect, it } from 'vitest';
import { DICTIONARIES, type Dictionary } from './dictionaries.ts';
import { AVAILABLE_LANGUAGES, NAMESPACES, splitLanguagePrefix } from './languages.ts';
import { createTranslator } from './runtime.tsx';

function leaves(dictionary: Dictionary, prefix = ''): Map<string, string> {
  const result = new Map<string, string>();
  for (const [key, value] of Object.entries(dictionary)) {
    if (typeof value === 'string') result.set(prefix + key, value);
    else for (const [k, v] of leaves(value, `${prefix}${key}.`)) result.set(k, v);
  }
  return result;
}

/**
 * The keys of a dictionary, a plural group counted once (history.total_one, _few… → history.total):
 * languages have different plural forms, plurals.test.ts checks each has all of its own.
 */
function textKeys(entries: Map<string, string>): string[] {
  return [
    ...new Set([...entries.keys()].map((key) => key.replace(/_(zero|one|two|few|many|other)$/, ''))),
  ].sort();
}

describe('dictionaries', () => {
  for (const ns of NAMESPACES) {
    it(`${ns}: every language has the same keys, none empty`, () => {
      const reference = textKeys(leaves(DICTIONARIES.en[ns]));
      for (const lng of AVAILABLE_LANGUAGES) {
        const entries = leaves(DICTIONARIES[lng][ns]);
        expect(textKeys(entries), `${lng}/${ns}`).toEqual(reference);
        for (const [key, text] of entries) expect(text.trim(), `${lng}/${ns}:${key}`).not.toBe('');
      }
    });
  }

  it('has the spec texts', () => {
    expect(DICTIONARIES.en.errors.not_found).toBe('This page could not be found');
    expect(DICTIONARIES.en.errors.main_dictionary_load_error).toBeTypeOf('string');
    expect(DICTIONARIES.ru.errors.main_dictionary_refresh_page).toBeTypeOf('string');
  });
});

describe('translator', () => {
  it('translates nested keys with values, per instance', () => {
    const en = createTranslator('en', { sports: DICTIONARIES.en.sports, common: DICTIONARIES.en.common });
    const ru = createTranslator('ru', { sports: DICTIONARIES.ru.sports });
    expect(en.t('common', 'nav.sports')).toBe('Sports');
    expect(ru.t('sports', 'heading')).toBe('Спорт');
    expect(en.t('sports', 'load_error', { status: 503 })).toContain('503');
    expect(en.t('sports', 'heading')).toBe('Sports');
  });

  it('does not escape values (React escapes them)', () => {
    const en = createTranslator('en', { footer: DICTIONARIES.en.footer });
    expect(en.t('footer', 'copyright', { year: '<2026>' })).toContain('<2026>');
  });
});

describe('splitLanguagePrefix', () => {
  it.each([
    ['/en/information/contacts', { lng: 'en', rest: '/information/contacts' }],
    ['/ru/', { lng: 'ru', rest: '/' }],
    ['/ru', { lng: 'ru', rest: '' }],
    ['/de/x', null],
    ['/x', null],
  ])('%s', (path, expected) => {
    expect(splitLanguagePrefix(path)).toEqual(expected);
  });
});
