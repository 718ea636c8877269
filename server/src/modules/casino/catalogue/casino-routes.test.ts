/**
 * Every casino route lists games (issue 19: no empty section). Each route of the casino micro-app's
 * manifest, at its route sample (and the live casino, slots and keno sections besides), is turned
 * into the page the casino app renders — the app's own route → section mapping (pageRouteOf) and
 * its server-side page loader (loadPage) calling this server's catalogue API — with the in-house
 * games and the demo studio's imported. The fishing/hunting, Asian, card, skill and poker sections
 * show the demo studio's games beside the in-house ones.
 */

import { pageRouteOf } from '@parlay/app-casino/lobby/page-route.ts';
import { loadPage } from '@parlay/app-casino/page-data.ts';
import { APPS } from '@parlay/apps/index.ts';
import { ROUTE_SAMPLES } from '@parlay/apps/route-samples.ts';
import type { ApiFetch } from '@parlay/mf/contract.ts';
import { createRouteMatcher } from '@parlay/mf/route-match.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { DEMO_KOI_SLOT_ID, DEMO_POKER_LOBBY_ID, importDemoStudioGames } from '../../demo-studio/index.ts';
import { CASINO_CATALOGUE_CHANGED_TOPIC } from './catalogue-service.ts';
import { seedCasinoCatalogue } from './seed-catalogue.ts';

const casino = APPS.find((app) => app.name === 'casino')!;
const matcher = createRouteMatcher(casino.routes);
/** Pages besides the route samples: the other sections of /{casinoSection}/{subcategory?}. */
const MORE_PATHS = ['/casino', '/casino/live', '/slots', '/keno'];

let t: TestApp;
const api: ApiFetch = async (path, init) => {
  const res = await t.app.inject({
    method: (init?.method ?? 'GET') as 'GET',
    url: path,
    ...(init?.headers ? { headers: init.headers } : {}),
  });
  return { status: res.statusCode, json: async () => res.json() };
};

beforeAll(async () => {
  t = await createTestApp({ roles: 'api', env: { DEV_TOOLS: 'on' } });
  await seedCasinoCatalogue(t.deps.db.db);
  await importDemoStudioGames(t.deps.db.db);
  await t.deps.bus.publish(CASINO_CATALOGUE_CHANGED_TOPIC, {});
}, 180_000);

afterAll(async () => {
  await t?.close();
});

/** The game ids the casino app shows on the page of `path` (first page), or the game it opens. */
async function gamesOf(path: string, lng: 'en' | 'ru' = 'en'): Promise<number[]> {
  const match = matcher.matchPath(path);
  expect(match, path).not.toBeNull();
  const route = pageRouteOf(match!.route.id, match!.params, new URLSearchParams());
  const model = await loadPage(api, lng, route);
  if (model.kind === 'game') return model.game ? [model.game.id] : [];
  expect(model.error, path).toBeNull();
  return model.first?.games.map((g) => g.id) ?? [];
}

describe('every casino route lists games', () => {
  it('each route of the casino app (but the fairness verifier) shows at least one game', async () => {
    const paths = [...casino.routes.map((r) => ROUTE_SAMPLES[r.id]!), ...MORE_PATHS];
    const empty: string[] = [];
    for (const path of paths) {
      if (matcher.matchPath(path)?.route.id === 'casino-verify') continue;
      if ((await gamesOf(path)).length === 0) empty.push(path);
    }
    expect(empty).toEqual([]);
  });

  it.each([
    ['/fishinghunting', [DEMO_KOI_SLOT_ID, 1017]],
    ['/asian-games', [DEMO_KOI_SLOT_ID, 1021]],
    ['/card-games', [DEMO_POKER_LOBBY_ID, 1010]],
    ['/skill-games', [DEMO_POKER_LOBBY_ID, 1005]],
    ['/poker', [DEMO_POKER_LOBBY_ID, 1011]],
    ['/poker/holdem', [DEMO_POKER_LOBBY_ID, 1011]],
  ])('%s lists the demo studio and in-house games %j', async (path, ids) => {
    for (const lng of ['en', 'ru'] as const) {
      const games = await gamesOf(path, lng);
      for (const id of ids) expect(games, `${lng}${path}`).toContain(id);
    }
  });
});
