/**
 * All dictionaries, bundled. Server-side code (SSR builds, tests) picks the namespaces a page needs and
 * hands them to the browser in the page state or fragment props, so browser bundles never import this.
 */

import enAuth from './dictionaries/en/auth.json' with { type: 'json' };
import enCasino from './dictionaries/en/casino.json' with { type: 'json' };
import enCommon from './dictionaries/en/common.json' with { type: 'json' };
import enErrors from './dictionaries/en/errors.json' with { type: 'json' };
import enFooter from './dictionaries/en/footer.json' with { type: 'json' };
import enInfo from './dictionaries/en/info.json' with { type: 'json' };
import enLimits from './dictionaries/en/limits.json' with { type: 'json' };
import enLotto from './dictionaries/en/lotto.json' with { type: 'json' };
import enOffice from './dictionaries/en/office.json' with { type: 'json' };
import enOfficeMoney from './dictionaries/en/office-money.json' with { type: 'json' };
import enOfficeSecurity from './dictionaries/en/office-security.json' with { type: 'json' };
import enRoutes from './dictionaries/en/routes.json' with { type: 'json' };
import enShell from './dictionaries/en/shell.json' with { type: 'json' };
import enSports from './dictionaries/en/sports.json' with { type: 'json' };
import enTechnical from './dictionaries/en/technical.json' with { type: 'json' };
import ruAuth from './dictionaries/ru/auth.json' with { type: 'json' };
import ruCasino from './dictionaries/ru/casino.json' with { type: 'json' };
import ruCommon from './dictionaries/ru/common.json' with { type: 'json' };
import ruErrors from './dictionaries/ru/errors.json' with { type: 'json' };
import ruFooter from './dictionaries/ru/footer.json' with { type: 'json' };
import ruInfo from './dictionaries/ru/info.json' with { type: 'json' };
import ruLimits from './dictionaries/ru/limits.json' with { type: 'json' };
import ruLotto from './dictionaries/ru/lotto.json' with { type: 'json' };
import ruOffice from './dictionaries/ru/office.json' with { type: 'json' };
import ruOfficeMoney from './dictionaries/ru/office-money.json' with { type: 'json' };
import ruOfficeSecurity from './dictionaries/ru/office-security.json' with { type: 'json' };
import ruRoutes from './dictionaries/ru/routes.json' with { type: 'json' };
import ruShell from './dictionaries/ru/shell.json' with { type: 'json' };
import ruSports from './dictionaries/ru/sports.json' with { type: 'json' };
import ruTechnical from './dictionaries/ru/technical.json' with { type: 'json' };
import type { Language, Namespace } from './languages.ts';

/** A dictionary: nested objects whose leaves are strings. */
export interface Dictionary {
  [key: string]: string | Dictionary;
}

/** Dictionaries of one language keyed by namespace, as passed to createTranslator. */
export type Dictionaries = Partial<Record<Namespace, Dictionary>>;

export const DICTIONARIES: Record<Language, Record<Namespace, Dictionary>> = {
  en: {
    common: enCommon,
    errors: enErrors,
    footer: enFooter,
    info: enInfo,
    sports: enSports,
    shell: enShell,
    routes: enRoutes,
    casino: enCasino,
    office: enOffice,
    'office-money': enOfficeMoney,
    'office-security': enOfficeSecurity,
    auth: enAuth,
    lotto: enLotto,
    technical: enTechnical,
    limits: enLimits,
  },
  ru: {
    common: ruCommon,
    errors: ruErrors,
    footer: ruFooter,
    info: ruInfo,
    sports: ruSports,
    shell: ruShell,
    routes: ruRoutes,
    casino: ruCasino,
    office: ruOffice,
    'office-money': ruOfficeMoney,
    'office-security': ruOfficeSecurity,
    auth: ruAuth,
    lotto: ruLotto,
    technical: ruTechnical,
    limits: ruLimits,
  },
};

/** The named namespaces of one language, e.g. pickDictionaries('en', ['common', 'errors']). */
export function pickDictionaries(lng: Language, namespaces: readonly Namespace[]): Dictionaries {
  const picked: Dictionaries = {};
  for (const ns of namespaces) picked[ns] = DICTIONARIES[lng][ns];
  return picked;
}
