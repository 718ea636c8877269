/**
 * An app's dictionaries as its manifest declares them: the files of its folder
 * (dictionaries/<lng>/<namespace>.json, found by the app's import.meta.glob) for exactly the
 * namespaces the manifest owns, plus its routes.json. A declared namespace missing in a language, or a
 * file of an undeclared one, stops the app's server module at load with the name of the file.
 */
import { type Catalogue, createCatalogue, dictionariesFromFiles } from '@parlay/i18n/catalogue.ts';
import { AVAILABLE_LANGUAGES } from '@parlay/i18n/languages.ts';
import type { AppManifest } from './app-manifest.ts';

export function appDictionaries(
  manifest: Pick<AppManifest, 'name' | 'dictionaries'>,
  files: Readonly<Record<string, unknown>>,
): Catalogue {
  const own = dictionariesFromFiles(files);
  const declared = new Set<string>([...manifest.dictionaries, 'routes']);
  for (const lng of AVAILABLE_LANGUAGES) {
    for (const ns of manifest.dictionaries)
      if (!own[lng][ns]) throw new Error(`app ${manifest.name}: dictionaries/${lng}/${ns}.json is missing`);
    for (const ns of Object.keys(own[lng]))
      if (!declared.has(ns))
        throw new Error(
          `app ${manifest.name}: dictionaries/${lng}/${ns}.json is not a namespace of its manifest`,
        );
  }
  return createCatalogue(own);
}
