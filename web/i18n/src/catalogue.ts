/**
 * Dictionaries gathered from their owners: the site's shared namespaces (dictionaries.ts) and the
 * namespaces each micro-app keeps in its own folder (web/apps/<app>/dictionaries/<lng>/<namespace>.json,
 * found by the app's loader with import.meta.glob). A namespace several owners fill, such as "routes"
 * (each app labels its own routes), is merged; two owners writing the same text is an error.
 */
import { DICTIONARIES, type Dictionaries, type Dictionary } from './dictionaries.ts';
import { AVAILABLE_LANGUAGES, type Language, type Namespace } from './languages.ts';

/** Dictionaries of every language, by namespace. */
export type DictionarySet = Record<Language, Partial<Record<Namespace, Dictionary>>>;

const FILE = /\/dictionaries\/([a-z]{2})\/([a-z][a-z0-9-]*)\.json$/;

function isDictionary(value: unknown): value is Dictionary {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string' || isDictionary(v))
  );
}

/**
 * The dictionaries of an import.meta.glob of …/dictionaries/<lng>/<namespace>.json files (eager,
 * default import); throws on a file of another language or one that is not a dictionary.
 */
export function dictionariesFromFiles(files: Readonly<Record<string, unknown>>): DictionarySet {
  const set = emptySet();
  for (const [file, content] of Object.entries(files)) {
    const match = FILE.exec(file);
    if (!match) throw new Error(`not a dictionary file: ${file}`);
    const [, lng, ns] = match as unknown as [string, Language, Namespace];
    if (!AVAILABLE_LANGUAGES.includes(lng)) throw new Error(`${file}: ${lng} is not a site language`);
    if (!isDictionary(content)) throw new Error(`${file}: not a dictionary of texts`);
    set[lng][ns] = content;
  }
  return set;
}

function emptySet(): DictionarySet {
  return Object.fromEntries(AVAILABLE_LANGUAGES.map((lng) => [lng, {}])) as DictionarySet;
}

function mergeDictionary(into: Dictionary, from: Dictionary, where: string): Dictionary {
  const merged: Dictionary = { ...into };
  for (const [key, value] of Object.entries(from)) {
    const existing = merged[key];
    if (existing === undefined) merged[key] = value;
    else if (typeof existing === 'object' && typeof value === 'object')
      merged[key] = mergeDictionary(existing, value, `${where}.${key}`);
    else throw new Error(`two dictionaries write ${where}.${key}`);
  }
  return merged;
}

/** One set from several owners; a namespace in more than one is merged key by key. */
export function mergeDictionarySets(...sets: readonly DictionarySet[]): DictionarySet {
  const merged = emptySet();
  for (const set of sets) {
    for (const lng of AVAILABLE_LANGUAGES) {
      for (const [ns, dictionary] of Object.entries(set[lng]) as [Namespace, Dictionary][]) {
        const existing = merged[lng][ns];
        merged[lng][ns] = existing ? mergeDictionary(existing, dictionary, `${lng}/${ns}`) : dictionary;
      }
    }
  }
  return merged;
}

/** The site's shared namespaces as a set. */
export const SITE_DICTIONARIES: DictionarySet = DICTIONARIES;

export interface Catalogue {
  /** The named namespaces of one language: pick('en', ['office', 'errors']). */
  pick(lng: Language, namespaces: readonly Namespace[]): Dictionaries;
  /** Every namespace of one language (tests). */
  all(lng: Language): Dictionaries;
}

/** The site's namespaces with the given owners' ones; each pick is the same object for the same question. */
export function createCatalogue(...sets: readonly DictionarySet[]): Catalogue {
  const merged = mergeDictionarySets(SITE_DICTIONARIES, ...sets);
  return {
    pick(lng, namespaces) {
      const picked: Dictionaries = {};
      for (const ns of namespaces) {
        const dictionary = merged[lng][ns];
        if (!dictionary) throw new Error(`no dictionary ${lng}/${ns}`);
        picked[ns] = dictionary;
      }
      return picked;
    },
    all: (lng) => merged[lng],
  };
}
