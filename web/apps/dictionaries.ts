/**
 * The listed apps' additions to the shared namespace "routes" (their pages' names and descriptions,
 * their areas' descriptions and their header entries), for the shell's server: the document title,
 * the meta description and the header read them. Server side only.
 */
import { type DictionarySet, dictionariesFromFiles } from '@parlay/i18n/catalogue.ts';
import { APPS } from './index.ts';

/** Every app folder's routes.json; a folder that is not in the list (a test fixture) is left out. */
const FILES = import.meta.glob(['./*/dictionaries/*/routes.json', '!./fixture/**'], {
  eager: true,
  import: 'default',
});

/** The "routes" dictionaries of these apps (by default the listed ones), one set per app. */
export function appRoutesDictionaries(
  apps: readonly { name: string }[] = APPS,
  files: Readonly<Record<string, unknown>> = FILES,
): DictionarySet[] {
  return apps.map((app) =>
    dictionariesFromFiles(
      Object.fromEntries(Object.entries(files).filter(([file]) => file.startsWith(`./${app.name}/`))),
    ),
  );
}
