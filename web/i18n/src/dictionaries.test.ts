import { describe, expect, it } from 'vitest';
import { dictionariesFromFiles, mergeDictionarySets } from './catalogue.ts';
import { DICTIONARIES } from './dictionaries.ts';
import { dictionaryProblems } from './dictionary-checks.ts';
import { splitLanguagePrefix } from './languages.ts';
import { createTranslator } from './runtime.tsx';

describe('the site dictionaries', () => {
  it('have the same texts in every language, none empty, counts as plural groups', () => {
    expect(dictionaryProblems(DICTIONARIES)).toEqual([]);
  });

  it('has the spec texts', () => {
    expect(DICTIONARIES.en.errors.not_found).toBe('This page could not be found');
    expect(DICTIONARIES.en.errors.main_dictionary_load_error).toBeTypeOf('string');
    expect(DICTIONARIES.ru.errors.main_dictionary_refresh_page).toBeTypeOf('string');
  });

  it('finds a missing language, other keys, an empty text and a count outside a plural group', () => {
    const set = dictionariesFromFiles({
      '/a/dictionaries/en/x.json': { title: 'Title', total: '{{count}} items', done: '' },
      '/a/dictionaries/ru/x.json': { title: 'Заголовок', other: 'Другое', done: 'Готово' },
      '/a/dictionaries/en/y.json': { ok: 'OK' },
    });
    expect(dictionaryProblems(set)).toEqual([
      'en/x has other keys than ru/x',
      'en/x:total shows a count but is not a plural group',
      'en/x:total_one is missing',
      'en/x:total_other is missing',
      'en/x:done is empty',
      'ru/y is missing',
    ]);
  });

  it('merges a namespace several owners fill and refuses two owners of one text', () => {
    const a = dictionariesFromFiles({ '/a/dictionaries/en/routes.json': { labels: { a: 'A' } } });
    const b = dictionariesFromFiles({ '/b/dictionaries/en/routes.json': { labels: { b: 'B' } } });
    expect(mergeDictionarySets(a, b).en.routes).toEqual({ labels: { a: 'A', b: 'B' } });
    expect(() => mergeDictionarySets(a, a)).toThrow('two dictionaries write en/routes.labels.a');
    expect(() => dictionariesFromFiles({ '/a/dictionaries/de/x.json': {} })).toThrow('not a site language');
  });
});

describe('translator', () => {
  it('translates nested keys with values, per instance', () => {
    const en = createTranslator('en', { common: DICTIONARIES.en.common, errors: DICTIONARIES.en.errors });
    const ru = createTranslator('ru', { common: DICTIONARIES.ru.common });
    expect(en.t('common', 'nav.main')).toBe('Main navigation');
    expect(ru.t('common', 'nav.more')).toBe('Ещё');
    expect(en.t('errors', 'not_found')).toBe('This page could not be found');
  });

  it('does not escape values (React escapes them)', () => {
    const en = createTranslator('en', { routes: DICTIONARIES.en.routes });
    expect(en.t('routes', 'frame.title', { label: '<b>' })).toContain('<b>');
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
