/**
 * The site's shared dictionaries (namespaces of languages.ts NAMESPACES), bundled. Server-side code
 * (SSR builds, the server, tests) picks the namespaces a page needs and hands them to the browser in
 * the page state or fragment props, so browser bundles never import this. The micro-apps' own
 * namespaces come from their folders through catalogue.ts.
 */

import enAuth from './dictionaries/en/auth.json' with { type: 'json' };
import enCommon from './dictionaries/en/common.json' with { type: 'json' };
import enErrors from './dictionaries/en/errors.json' with { type: 'json' };
import enLimits from './dictionaries/en/limits.json' with { type: 'json' };
import enMarkets from './dictionaries/en/markets.json' with { type: 'json' };
import enRoutes from './dictionaries/en/routes.json' with { type: 'json' };
import enShell from './dictionaries/en/shell.json' with { type: 'json' };
import ruAuth from './dictionaries/ru/auth.json' with { type: 'json' };
import ruCommon from './dictionaries/ru/common.json' with { type: 'json' };
import ruErrors from './dictionaries/ru/errors.json' with { type: 'json' };
import ruLimits from './dictionaries/ru/limits.json' with { type: 'json' };
import ruMarkets from './dictionaries/ru/markets.json' with { type: 'json' };
import ruRoutes from './dictionaries/ru/routes.json' with { type: 'json' };
import ruShell from './dictionaries/ru/shell.json' with { type: 'json' };
import type { Language, Namespace, SiteNamespace } from './languages.ts';

/** A dictionary: nested objects whose leaves are strings. */
export interface Dictionary {
  [key: string]: string | Dictionary;
}

/** Dictionaries of one language keyed by namespace, as passed to createTranslator. */
export type Dictionaries = Partial<Record<Namespace, Dictionary>>;

export const DICTIONARIES: Record<Language, Record<SiteNamespace, Dictionary>> = {
  en: {
    common: enCommon,
    errors: enErrors,
    shell: enShell,
    routes: enRoutes,
    auth: enAuth,
    limits: enLimits,
    markets: enMarkets,
  },
  ru: {
    common: ruCommon,
    errors: ruErrors,
    shell: ruShell,
    routes: ruRoutes,
    auth: ruAuth,
    limits: ruLimits,
    markets: ruMarkets,
  },
};

/** The named shared namespaces of one language, e.g. pickDictionaries('en', ['common', 'errors']). */
export function pickDictionaries(lng: Language, namespaces: readonly SiteNamespace[]): Dictionaries {
  const picked: Dictionaries = {};
  for (const ns of namespaces) picked[ns] = DICTIONARIES[lng][ns];
  return picked;
}
