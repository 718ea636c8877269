/**
 * Every listed micro-app's manifest against its folder and the rest of the site: its entries exist, its
 * dictionaries are complete in every language and name every route and header entry, its routes' parents
 * and namespaces exist, and ids are unique across the site.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import {
  createCatalogue,
  type DictionarySet,
  dictionariesFromFiles,
  SITE_DICTIONARIES,
} from '@parlay/i18n/catalogue.ts';
import { dictionaryProblems } from '@parlay/i18n/dictionary-checks.ts';
import { AVAILABLE_LANGUAGES, NAMESPACES } from '@parlay/i18n/languages.ts';
import { createTranslator } from '@parlay/i18n/runtime.tsx';
import type { AppManifest, PagePart } from '@parlay/mf/app-manifest.ts';
import { MODAL_IDS } from '@parlay/shell/modals/registry.ts';
import { describe, expect, it } from 'vitest';
import { appEntryFiles } from './entries.ts';
import { APPS } from './index.ts';
import { ROUTE_SAMPLES } from './route-samples.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FILES = import.meta.glob('./*/dictionaries/*/*.json', { eager: true, import: 'default' });

/** An app's own dictionaries, read from its folder. */
function ownDictionaries(app: AppManifest): DictionarySet {
  return dictionariesFromFiles(
    Object.fromEntries(Object.entries(FILES).filter(([file]) => file.startsWith(`./${app.name}/`))),
  );
}

const apps: readonly AppManifest[] = APPS;

describe('the list of micro-apps', () => {
  it('lists every app folder (the test fixture aside) under its own name', () => {
    const folders = readdirSync(path.join(ROOT, 'web/apps'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(path.join(ROOT, 'web/apps', entry.name, 'app.ts')))
      .map((entry) => entry.name)
      .filter((name) => name !== 'fixture');
    expect(apps.map((app) => app.name).sort()).toEqual(folders.sort());
  });

  it('has unique route ids, header entries and lent modals, each modal one the shell frames', () => {
    const unique = (values: string[]) => expect(new Set(values).size).toBe(values.length);
    unique(apps.flatMap((app) => app.routes.map((route) => route.id)));
    unique(apps.flatMap((app) => (app.menu ?? []).map((entry) => entry.id)));
    const modals = apps.flatMap((app) => app.modals ?? []);
    unique(modals);
    for (const id of modals) expect(MODAL_IDS as readonly string[]).toContain(id);
  });

  it('has exactly one app for each part of the page the shell asks for', () => {
    for (const part of ['footer', 'not-found'] as const satisfies readonly PagePart[]) {
      expect(apps.filter((app) => app.provides?.includes(part)).length, part).toBe(1);
    }
  });

  it('keeps the quick coupon to the sports pages with odds (coupon-accounts §5)', () => {
    for (const app of apps)
      for (const route of app.routes)
        if (app.name !== 'sports' || route.layout !== 'default')
          expect([route.id, route.tags]).toEqual([route.id, []]);
  });
});

describe.each(apps.map((app) => [app.name, app] as const))('app %s', (_name, app) => {
  const own = ownDictionaries(app);
  const texts = createCatalogue(own);

  it('has its entries in its folder', () => {
    const files = appEntryFiles(app);
    expect(existsSync(path.join(ROOT, files.client)), files.client).toBe(true);
    expect(existsSync(path.join(ROOT, files.server)), files.server).toBe(true);
  });

  it('keeps the namespaces it owns in its folder, complete in every language', () => {
    expect(dictionaryProblems(own)).toEqual([]);
    const files = new Set(AVAILABLE_LANGUAGES.flatMap((lng) => Object.keys(own[lng])));
    expect([...files].sort()).toEqual(
      [...app.dictionaries, ...(files.has('routes') ? ['routes'] : [])].sort(),
    );
    for (const ns of app.dictionaries) expect(NAMESPACES as readonly string[]).not.toContain(ns);
  });

  it("loads for its routes only the site's namespaces and its own", () => {
    const known = new Set<string>([...NAMESPACES, ...app.dictionaries]);
    for (const route of app.routes)
      for (const ns of route.dictionaries) expect(known.has(ns), `${route.id} ${ns}`).toBe(true);
  });

  it('names every route, area and header entry in every language', () => {
    for (const lng of AVAILABLE_LANGUAGES) {
      const routes = createTranslator(lng, texts.pick(lng, ['routes']));
      const missing = (key: string) => routes.t('routes', key) === key;
      for (const route of app.routes) {
        expect(missing(route.seo.labelKey), `${lng} ${route.seo.labelKey}`).toBe(false);
        expect(missing(route.seo.descriptionKey), `${lng} ${route.seo.descriptionKey}`).toBe(false);
      }
      for (const entry of app.menu ?? [])
        expect(missing(`menu.${entry.id}`), `${lng} menu.${entry.id}`).toBe(false);
    }
  });

  it('has a sample path for every route (route-samples.ts)', () => {
    for (const route of app.routes) expect(ROUTE_SAMPLES[route.id], route.id).toMatch(/^\//);
  });

  it('has parents among its routes or the home page', () => {
    const ids = new Set(app.routes.map((route) => route.id));
    for (const route of app.routes)
      if (route.parent !== null)
        expect(ids.has(route.parent) || route.parent === 'home', route.id).toBe(true);
  });

  it('adds nothing to a namespace of the site but "routes"', () => {
    for (const lng of AVAILABLE_LANGUAGES)
      for (const ns of Object.keys(own[lng]))
        if (ns !== 'routes') expect(ns in SITE_DICTIONARIES[lng]).toBe(false);
  });
});
