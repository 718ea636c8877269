/**
 * The shared namespaces (web/i18n/src/dictionaries/<lng>/<namespace>.json) for the browser, one
 * content-hashed chunk per language and namespace, loaded when a part of the page first needs one and
 * then cached by the browser like any other asset. The page state carries only what the server-rendered
 * page shows (the header's `common`; `errors` on an error page), so a document no longer brings the
 * 15 KB of error texts, the sign-in forms' and the limit popups' texts to every visitor. The lazy parts
 * (overlays, limit popups, lent modals, a failed navigation's error view) wait for their texts before
 * they draw, so nothing shows untranslated.
 */
import type { Dictionaries, Dictionary } from './dictionaries.ts';
import type { Language, SiteNamespace } from './languages.ts';

const FILES = import.meta.glob<Dictionary>('./dictionaries/*/*.json', { import: 'default' });

const loaded = new Map<string, Promise<Dictionary>>();

function loadOne(lng: Language, ns: SiteNamespace): Promise<Dictionary> {
  const file = `./dictionaries/${lng}/${ns}.json`;
  let pending = loaded.get(file);
  if (!pending) {
    const load = FILES[file];
    if (!load) return Promise.reject(new Error(`no dictionary ${lng}/${ns}`));
    pending = load();
    // A failed load (a network blip) may be tried again by the next caller.
    pending.catch(() => loaded.delete(file));
    loaded.set(file, pending);
  }
  return pending;
}

/**
 * `have` with the missing ones of `namespaces` added (a new object; `have`'s own are kept as they are,
 * so translators built from them stay cached): loadSiteDictionaries('en', ['shell'], state.dictionaries).
 */
export async function loadSiteDictionaries(
  lng: Language,
  namespaces: readonly SiteNamespace[],
  have: Dictionaries = {},
): Promise<Dictionaries> {
  const missing = namespaces.filter((ns) => have[ns] === undefined);
  const dictionaries = await Promise.all(missing.map((ns) => loadOne(lng, ns)));
  const result: Dictionaries = { ...have };
  missing.forEach((ns, i) => {
    result[ns] = dictionaries[i];
  });
  return result;
}
