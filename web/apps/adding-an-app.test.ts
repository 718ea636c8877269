/**
 * Adding a micro-app is its folder and one line (docs: web/README.md "Adding a micro-app"). The
 * fixture app (web/apps/fixture/) is such a folder; this test adds its line to a copy of the list
 * and follows it through every reader of the list: the route table and guards, the build's entries,
 * the dictionaries and the header, and the app's own server render. The production list leaves it
 * out, so it is neither built nor served.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createCatalogue } from '@parlay/i18n/catalogue.ts';
import { createTranslator } from '@parlay/i18n/runtime.tsx';
import type { RemoteRenderInput } from '@parlay/mf/contract.ts';
import { createRouteMatcher } from '@parlay/mf/route-match.ts';
import { headerMenu, isActive } from '@parlay/shell/header-menu.ts';
import { evaluateGuards } from '@parlay/shell/routing/guards.ts';
import { matchRoute } from '@parlay/shell/routing/match.ts';
import { DEFAULT_SHELL_CONFIG, GUEST_SESSION } from '@parlay/shell/routing/site-config.ts';
import { routesOf } from '@parlay/shell/routing/table.ts';
import { describe, expect, it } from 'vitest';
import { appRoutesDictionaries } from './dictionaries.ts';
import { appEntryFiles } from './entries.ts';
import fixture from './fixture/app.ts';
import fixtureServer from './fixture/src/server.tsx';
import { APPS } from './index.ts';
import { routeSamplesOf } from './route-samples.ts';

/** The line a new app adds to web/apps/index.ts, here in a copy of the list. */
const apps = [...APPS, fixture] as const;

const ROOT = path.resolve(import.meta.dirname, '../..');
const ROUTES_FILES = import.meta.glob('./*/dictionaries/*/routes.json', { eager: true, import: 'default' });

describe('adding a micro-app: its folder and one line', () => {
  it('is not in the production list, so nothing routes to it, builds it or serves it', () => {
    expect(APPS.map((app) => app.name)).not.toContain('fixture');
    expect(matchRoute('/en/fixture')).toBeNull();
  });

  it('gets its routes into the table, matched and guarded as its manifest says', () => {
    const routes = routesOf(apps);
    expect(routes.slice(-2).map((route) => [route.id, route.app])).toEqual([
      ['fixture-home', 'fixture'],
      ['fixture-item', 'fixture'],
    ]);
    const samples = routeSamplesOf(apps);
    for (const route of routes)
      expect(createRouteMatcher(routes).matchPath(samples[route.id]!)?.route.id).toBe(route.id);
    const match = createRouteMatcher(routes).matchRoute('/en/fixture/12');
    expect(match && [match.route.id, match.params]).toEqual(['fixture-item', { itemId: '12' }]);
    expect(createRouteMatcher(routes).matchRoute('/en/fixture/twelve')).toBeNull();
    const outcome = evaluateGuards({
      match: match!,
      search: '',
      session: GUEST_SESSION,
      config: DEFAULT_SHELL_CONFIG,
      fromKnownPage: true,
    });
    expect(outcome).toMatchObject({ kind: 'redirect', location: expect.stringContaining('/en/user/login') });
  });

  it('is built from the entries its manifest names (web/build.ts builds every listed app)', () => {
    const source = appEntryFiles(apps.at(-1)!);
    expect(source).toEqual({
      client: 'web/apps/fixture/src/client.tsx',
      server: 'web/apps/fixture/src/server.tsx',
    });
    expect(existsSync(path.join(ROOT, source.client))).toBe(true);
    expect(existsSync(path.join(ROOT, source.server))).toBe(true);
  });

  it('names its pages and its header entry from its own dictionaries', () => {
    const texts = createCatalogue(...appRoutesDictionaries(apps, ROUTES_FILES));
    const routes = createTranslator('ru', texts.pick('ru', ['routes']));
    expect(routes.t('routes', 'labels.fixture-item')).toBe('Предмет фикстуры');
    const menu = headerMenu(apps, (key) => routes.t('routes', key));
    const entry = menu.find((item) => item.id === 'fixture');
    expect(entry).toMatchObject({ label: 'Фикстура', path: '/fixture', priority: 'more' });
    expect(isActive(entry!.active, 'fixture-item', '/fixture/12')).toBe(true);
  });

  it('renders its page with the frame, texts, plural and money of the page language', async () => {
    const input = (url: string): RemoteRenderInput => ({
      url,
      context: {
        lng: 'ru',
        timeZone: 3,
        device: 'desktop',
        geoCountry: null,
        userToken: null,
        forceSpa: false,
      },
      components: null,
      api: async () => ({ status: 404, json: async () => ({}) }),
      assets: { entry: '/assets/fixture/fixture-1.js', css: [], preload: [] },
    });
    const page = await fixtureServer.render(input('/ru/fixture/3'));
    expect(page.status).toBe(200);
    expect(page.fragment.title).toBe('Предмет фикстуры — Parlay');
    const body = page.fragment.body;
    expect(body).toContain('>Ставки на спорт</a>');
    expect(body).toContain('>Фикстура</a>');
    expect(body).toContain('3 предмета');
    expect(body).toContain('Ставка: 1\u00a0500,00 RUB');
    expect((await fixtureServer.render(input('/ru/information/contacts'))).status).toBe(404);
  });
});
