/**
 * All dictionaries, bundled. Server-side code (SSR builds, tests) picks the namespaces a page needs and
 * hands them to the browser in the page state or fragment props, so browser bundles never import this.
 */
import enCommon from './dictionaries/en/common.json' with { type: 'json' };
import enErrors from './dictionaries/en/errors.json' with { type: 'json' };
import enFooter from './dictionaries/en/footer.json' with { type: 'json' };
import enInfo from './dictionaries/en/info.json' with { type: 'json' };
import enSports from './dictionaries/en/sports.json' with { type: 'json' };
import ruCommon from './dictionaries/ru/common.json' with { type: 'json' };
import ruErrors from './dictionaries/ru/errors.json' with { type: 'json' };
import ruFooter from './dictionaries/ru/footer.json' with { type: 'json' };
import ruInfo from './dictionaries/ru/info.json' with { type: 'json' };
import ruSports from './dictionaries/ru/sports.json' with { type: 'json' };
import type { Language, Namespace } from './languages.ts';

/** A dictionary: nested objects whose leaves are strings. */
export interface Dictionary {
  [key: string]: string | Dictionary;
}

/** Dictionaries of one language keyed by namespace, as passed to createTranslator. */
export type Dictionaries = Partial<Record<Namespace, Dictionary>>;

export const DICTIONARIES: Record<Language, Record<Namespace, Dictionary>> = {
  en: { common: enCommon, errors: enErrors, footer: enFooter, info: enInfo, sports: enSports },
  ru: { common: ruCommon, errors: ruErrors, footer: ruFooter, info: ruInfo, sports: ruSports },
};

/** The named namespaces of one language, e.g. pickDictionaries('en', ['common', 'errors']). */
export function pickDictionaries(lng: Language, namespaces: readonly Namespace[]): Dictionaries {
  const picked: Dictionaries = {};
  for (const ns of namespaces) picked[ns] = DICTIONARIES[lng][ns];
  return picked;
}
