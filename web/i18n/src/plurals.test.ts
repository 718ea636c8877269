/**
 * Counts read right in both languages (i18next's plural rules over Intl.PluralRules): a text that
 * shows a count is a plural group (key_one, key_other; Russian also key_few and key_many), so
 * English says "1 operation" and Russian "1 операция", "3 операции", "5 операций".
 */
import { describe, expect, it } from 'vitest';
import { DICTIONARIES, type Dictionary } from './dictionaries.ts';
import { AVAILABLE_LANGUAGES, NAMESPACES } from './languages.ts';
import { createTranslator } from './runtime.tsx';

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function leaves(dictionary: Dictionary, prefix = ''): [string, string][] {
  return Object.entries(dictionary).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[prefix + key, value] as [string, string]]
      : leaves(value, `${prefix}${key}.`),
  );
}

describe('plural groups', () => {
  for (const lng of AVAILABLE_LANGUAGES) {
    const categories = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
    for (const ns of NAMESPACES) {
      it(`${lng}/${ns}: a text with {{count}} is a plural group with every form of the language`, () => {
        const entries = leaves(DICTIONARIES[lng][ns]);
        const keys = new Set(entries.map(([key]) => key));
        const problems: string[] = [];
        for (const [key, text] of entries) {
          if (!/\{\{\s*count\b/.test(text)) continue;
          const base = key.replace(PLURAL_SUFFIX, '');
          if (base === key) problems.push(`${key} shows a count but is not a plural group`);
          for (const category of categories)
            if (!keys.has(`${base}_${category}`)) problems.push(`${base}_${category} is missing`);
        }
        expect([...new Set(problems)]).toEqual([]);
      });
    }
  }
});

describe('counts in sentences', () => {
  const say = (lng: 'ru' | 'en', ns: (typeof NAMESPACES)[number], key: string, count: number) =>
    createTranslator(lng, { [ns]: DICTIONARIES[lng][ns] }).t(ns, key, { count });

  it.each([
    ['en', 1, '1 operation'],
    ['en', 21, '21 operations'],
    ['ru', 1, '1 операция'],
    ['ru', 3, '3 операции'],
    ['ru', 5, '5 операций'],
    ['ru', 21, '21 операция'],
    ['ru', 1500, '1\u00a0500 операций'],
  ] as const)('the money history counts %s %i as "%s"', (lng, count, text) => {
    expect(say(lng, 'office-money', 'history.total', count)).toBe(text);
  });

  it.each([
    ['en', 1, '1 more market'],
    ['en', 12, '12 more markets'],
    ['ru', 2, 'Ещё 2 рынка'],
    ['ru', 11, 'Ещё 11 рынков'],
  ] as const)('a game row counts %s %i further markets as "%s"', (lng, count, text) => {
    expect(say(lng, 'sports', 'more_markets', count)).toBe(text);
  });

  it.each([
    ['en', 1, 'Open the bet slip, 1 selection'],
    ['ru', 4, 'Открыть купон, 4 события'],
  ] as const)('the quick coupon counts %s %i selections', (lng, count, text) => {
    expect(say(lng, 'sports', 'slip.quick.open', count)).toBe(text);
  });

  it.each([
    ['en', 1, '1 day'],
    ['en', 7, '7 days'],
    ['ru', 1, '1 день'],
    ['ru', 3, '3 дня'],
    ['ru', 30, '30 дней'],
  ] as const)('a limit of %s %i days reads "%s"', (lng, count, text) => {
    expect(say(lng, 'limits', 'measure.days', count)).toBe(text);
  });
});
