/**
 * What every dictionary set must satisfy, checked by the tests of the site's dictionaries and of each
 * micro-app's: the same texts in every language, none empty, and counts as plural groups with every
 * form the language has (Intl.PluralRules: English one/other, Russian one/few/many/other).
 */
import type { DictionarySet } from './catalogue.ts';
import type { Dictionary } from './dictionaries.ts';
import { AVAILABLE_LANGUAGES } from './languages.ts';

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** The texts of a dictionary by their dotted keys. */
export function leaves(dictionary: Dictionary, prefix = ''): Map<string, string> {
  const result = new Map<string, string>();
  for (const [key, value] of Object.entries(dictionary)) {
    if (typeof value === 'string') result.set(prefix + key, value);
    else for (const [k, v] of leaves(value, `${prefix}${key}.`)) result.set(k, v);
  }
  return result;
}

/** The keys of a dictionary with a plural group counted once (history.total_one, _few… → history.total). */
export function textKeys(dictionary: Dictionary): string[] {
  return [...new Set([...leaves(dictionary).keys()].map((key) => key.replace(PLURAL_SUFFIX, '')))].sort();
}

/** Every problem of a set of dictionaries, as readable lines; [] when there is none. */
export function dictionaryProblems(set: DictionarySet): string[] {
  const problems: string[] = [];
  const namespaces = new Set(AVAILABLE_LANGUAGES.flatMap((lng) => Object.keys(set[lng])));
  for (const ns of namespaces) {
    const byLanguage = AVAILABLE_LANGUAGES.map((lng) => set[lng][ns as keyof (typeof set)[typeof lng]]);
    const firstIndex = byLanguage.findIndex((dictionary) => dictionary !== undefined);
    const first = AVAILABLE_LANGUAGES[firstIndex];
    const firstKeys = textKeys(byLanguage[firstIndex]!).join('\n');
    for (const [index, lng] of AVAILABLE_LANGUAGES.entries()) {
      const dictionary = byLanguage[index];
      if (!dictionary) {
        problems.push(`${lng}/${ns} is missing`);
        continue;
      }
      if (textKeys(dictionary).join('\n') !== firstKeys)
        problems.push(`${lng}/${ns} has other keys than ${first}/${ns}`);
      const entries = leaves(dictionary);
      const categories = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
      for (const [key, text] of entries) {
        if (text.trim() === '') problems.push(`${lng}/${ns}:${key} is empty`);
        if (!/\{\{\s*count\b/.test(text)) continue;
        const base = key.replace(PLURAL_SUFFIX, '');
        if (base === key) problems.push(`${lng}/${ns}:${key} shows a count but is not a plural group`);
        for (const category of categories)
          if (!entries.has(`${base}_${category}`))
            problems.push(`${lng}/${ns}:${base}_${category} is missing`);
      }
    }
  }
  return [...new Set(problems)];
}
