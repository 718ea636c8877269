import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { TestClient } from '../../../testing/test-client.ts';
import { SiteConfigService } from '../../config/index.ts';
import { CASINO_CATALOGUE_CHANGED_TOPIC, createCasinoCatalogue } from './catalogue-service.ts';
import { domainEngines, percentText } from './engine-info.ts';
import { ORIGINAL_GAMES } from './originals.ts';
import { LOBBY_SECTIONS } from './sections.ts';
import { seedCasinoCatalogue } from './seed-catalogue.ts';

const API = '/web-api/casino/v1';

describe('casino catalogue', () => {
  let t: TestApp;
  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url: `${API}${url}` });
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  };

  beforeAll(async () => {
    t = await createTestApp({ roles: 'api' });
    await seedCasinoCatalogue(t.deps.db.db);
    await t.deps.bus.publish(CASINO_CATALOGUE_CHANGED_TOPIC, {});
  });
  afterAll(async () => {
    await t.close();
  });

  it('every game registered in the domain is playable, shows its engine RTP, and every section lists games', async () => {
    const registered = ORIGINAL_GAMES.filter((g) => g.engineId && domainEngines(g.engineId));
    expect(registered.length).toBeGreaterThan(0);
    for (const seed of registered) {
      const { status, body } = await get(`/games/${seed.id}?lang=en`);
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.rtp).toBe(percentText(domainEngines(seed.engineId!)!.rtp));
      expect(body.volatility).toBe(domainEngines(seed.engineId!)!.volatility);
      expect(body.name).toBe(seed.names.en);
      expect(body.route).toBe(`/${seed.kind}/game/${seed.id}/${seed.slug}`);
    }
    // A section is empty only while none of its games' engines is registered in the domain yet
    // (catalogue-scale.test.ts shows every section full once every engine is).
    const empty: string[] = [];
    for (const section of LOBBY_SECTIONS) {
      const { status, body } = await get(`/lobby?section=${section}`);
      expect(status).toBe(200);
      if (body.games.length === 0) empty.push(section);
    }
    const waiting = LOBBY_SECTIONS.filter(
      (section) =>
        !registered.some((g) => g.sections.includes(section)) && section !== 'new' && section !== 'popular',
    );
    expect(empty).toEqual(waiting);
  });

  it('a game details page has limits in the asked currency, settings, related games and no itself among them', async () => {
    const { body } = await get('/games/1001?lang=ru&currency=USD');
    expect(body.limits).toEqual({ currency: 'USD', minStakeMinor: '10', maxStakeMinor: '100000', step: '1' });
    expect(body.inHouse).toBe(true);
    expect(body.oldRoute).toBe('/games/dice');
    expect(body.name).toBe('Кости');
    expect(body.settings.autoplay).toBe(
      typeof body.settings.autoplay === 'boolean' ? body.settings.autoplay : 'x',
    );
    expect(body.related.length).toBeGreaterThan(0);
    expect(body.related.map((g: { id: number }) => g.id)).not.toContain(1001);
  });

  it('bad input is a 400 with a stable code, an unknown game a 404', async () => {
    for (const url of [
      '/lobby?section=nowhere',
      '/lobby?cursor=abc',
      '/lobby?limit=0',
      '/lobby?limit=101',
      '/lobby?category=unknown',
      '/search?q=',
      '/games/abc',
      '/games/0',
    ]) {
      const { status, body } = await get(url);
      expect(status, url).toBe(400);
      expect(body.error.code, url).toBe('VALIDATION_FAILED');
    }
    const missing = await get('/games/999999');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('CASINO_GAME_NOT_FOUND');
  });

  it('a game whose engine is not registered is kept out until a seed finds it registered', async () => {
    const db = t.deps.db.db;
    await seedCasinoCatalogue(db, { engines: (id) => (id === 'dice' ? undefined : domainEngines(id)) });
    await t.deps.bus.publish(CASINO_CATALOGUE_CHANGED_TOPIC, {});
    expect((await get('/games/1001')).status).toBe(404);
    const without = await get('/lobby?section=fast-games&limit=100');
    expect(without.body.games.map((g: { id: number }) => g.id)).not.toContain(1001);
    await seedCasinoCatalogue(db);
    await t.deps.bus.publish(CASINO_CATALOGUE_CHANGED_TOPIC, {});
    expect((await get('/games/1001')).status).toBe(200);
    const back = await get('/lobby?section=fast-games&limit=100');
    expect(back.body.games.map((g: { id: number }) => g.id)).toContain(1001);
    expect(back.body.total).toBe(without.body.total + 1);
  });

  it('pages by cursor through a section without repeating or skipping a game', async () => {
    const first = await get('/lobby?section=popular&limit=3');
    const all: number[] = [];
    let page = first.body;
    for (let i = 0; i < 50 && page; i++) {
      all.push(...page.games.map((g: { id: number }) => g.id));
      if (!page.nextCursor) break;
      page = (await get(`/lobby?section=popular&limit=3&cursor=${page.nextCursor}`)).body;
    }
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBe(first.body.total);
  });

  let nextIp = 1;
  const player = async () => {
    const client = new TestClient(t.app, `10.91.0.${nextIp++}`);
    const res = await client.post('/web-api/auth/v1/registration/fast', { countryId: 1, currency: 'RUB' });
    expect(res.statusCode, res.body).toBe(200);
    return client;
  };
  const ids = (body: { games: { id: number }[] }) => body.games.map((g) => g.id);

  it('search finds games by the start of any word of the Russian or English name, case-insensitively', async () => {
    expect(ids((await get('/search?q=STORM')).body)).toEqual([1008]);
    expect(ids((await get('/search?q=fru st')).body)).toEqual([1008]);
    expect(ids((await get(`/search?q=${encodeURIComponent('шторм')}`)).body)).toEqual([1008]);
    expect(ids((await get(`/search?q=${encodeURIComponent('счастливые сем')}`)).body)).toEqual([1007]);
    expect(ids((await get('/search?q=orm')).body)).toEqual([]);
    const lucky = ids((await get('/search?q=lucky')).body);
    expect(lucky.sort()).toEqual([1007, 1016]);
    // A name that starts with the query comes before one that has it as a later word.
    const roulette = await get('/search?q=roulette&lang=en');
    expect(roulette.body.games[0].name).toBe('European Roulette');
    expect((await get('/lobby?section=slots&q=gem')).body.games.map((g: { slug: string }) => g.slug)).toEqual(
      ['gem-cluster'],
    );
  });

  it('filters the lobby by category, provider and tag, and lists categories and providers with counts', async () => {
    const cards = await get('/lobby?section=card-games&category=cards');
    expect(cards.body.games.length).toBeGreaterThan(0);
    for (const g of cards.body.games) expect(g.categories).toContain('cards');
    const categories = (await get('/categories?section=card-games')).body.categories;
    const tab = categories.find((c: { id: string }) => c.id === 'cards');
    expect(tab).toEqual({ id: 'cards', name: 'casino.categories.cards', count: cards.body.total });
    const providers = (await get('/providers')).body.providers;
    expect(providers.map((p: { id: string }) => p.id)).toEqual(['parlay-originals']);
    expect(providers[0].count).toBe((await get('/lobby')).body.total);
    const tagged = await get('/lobby?tag=provably-fair&provider=parlay-originals&limit=100');
    expect(tagged.body.total).toBe(providers[0].count);
    expect((await get('/lobby?provider=nobody')).body).toEqual({ games: [], nextCursor: null, total: 0 });
  });

  it('serves generated thumbnails that a versioned URL may cache forever', async () => {
    const tile = (await get('/games/1008?lang=en')).body;
    const res = await t.app.inject({ method: 'GET', url: tile.thumbnail });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toContain('<svg');
    expect(res.body).toContain('Fruit Storm');
    expect(res.body).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
    const unversioned = await t.app.inject({ method: 'GET', url: `${API}/thumbnails/1008.svg` });
    expect(unversioned.headers['cache-control']).toBe('public, max-age=300');
    expect(unversioned.body).toContain('Фруктовый шторм');
    expect((await get('/thumbnails/999999.svg')).status).toBe(404);
    const logo = await t.app.inject({ method: 'GET', url: `${API}/providers/parlay-originals/logo.svg` });
    expect(logo.body).toContain('>PO<');
  });

  it("keeps a player's favourites and recent games; guests get 401", async () => {
    expect((await get('/favorites')).status).toBe(401);
    expect((await get('/recent')).status).toBe(401);
    const c = await player();
    expect(
      (await c.call('PUT', `${API}/favorites/1008`)).json().games.map((g: { id: number }) => g.id),
    ).toEqual([1008]);
    expect((await c.call('PUT', `${API}/favorites/999999`)).statusCode).toBe(404);
    const merged = await c.call('PUT', `${API}/favorites`, { gameIds: [1001, 999999, 1008] });
    expect(merged.statusCode).toBe(200);
    expect(new Set(ids(merged.json()))).toEqual(new Set([1001, 1008]));
    const removed = await c.call('DELETE', `${API}/favorites/1008`);
    expect(ids(removed.json())).toEqual([1001]);
    const other = await player();
    expect(ids((await other.get(`${API}/favorites`)).json())).toEqual([]);

    const me = await c.get('/web-api/auth/v1/session');
    const userId = BigInt(me.json().userId ?? me.json().user?.id ?? 0);
    expect(userId).toBeGreaterThan(0n);
    const catalogue = createCasinoCatalogue(t.deps);
    await catalogue.markPlayed(userId, 1003);
    await catalogue.markPlayed(userId, 1008);
    await catalogue.markPlayed(userId, 1003);
    await catalogue.markPlayed(userId, 999999);
    expect(ids((await c.get(`${API}/recent`)).json())).toEqual([1003, 1008]);
  });

  it('games preview light answers groups of GT, GN, R, OR, CRID, GF; a bearer token adds the player groups', async () => {
    const guest = await get('/games-preview-light?lng=en&whence=main');
    expect(guest.body.Success).toBe(true);
    expect(Object.keys(guest.body.Value)).toEqual(['popular', 'new']);
    const dice = guest.body.Value.popular.find((i: { CRID: number }) => i.CRID === 1001);
    expect(dice).toEqual({
      GT: 3,
      GN: 'Dice',
      R: '/casino/game/1001/dice',
      OR: '/games/dice',
      CRID: 1001,
      GF: [],
    });
    const withCategories = await get('/games-preview-light?groupId=keno&includeCategories=true&lng=ru');
    expect(Object.keys(withCategories.body.Value)).toEqual(['keno']);
    expect(withCategories.body.Value.keno[0]).toMatchObject({
      CRID: 1004,
      GN: 'Кено',
      GF: ['draw', 'instant'],
    });

    const c = await player();
    await c.call('PUT', `${API}/favorites/1010`);
    const bearer = await t.app.inject({
      method: 'GET',
      url: `${API}/games-preview-light?lng=en`,
      headers: { authorization: `Bearer ${c.token}` },
    });
    const value = bearer.json().Value;
    expect(Object.keys(value)).toEqual(['popular', 'new', 'favorites', 'recent']);
    expect(value.favorites.map((i: { CRID: number }) => i.CRID)).toEqual([1010]);
    expect(bearer.headers['cache-control']).toBe('private, no-store');
  });

  it('redirects old, numeric and renamed game addresses to the current route with 301 (redirect-light)', async () => {
    const ask = async (url: string) =>
      (
        await t.app.inject({ method: 'POST', url: '/redirects-api/api/v1/redirect-light', payload: { url } })
      ).json();
    expect(await ask('/en/games/dice')).toMatchObject({
      redirect: true,
      code: 301,
      url: '/en/casino/game/1001/dice',
    });
    expect(await ask('/slots/game/1008')).toMatchObject({
      redirect: true,
      code: 301,
      url: '/slots/game/1008/fruit-storm',
    });
    expect(await ask('/ru/casino/game/1008/old-name?x=1')).toMatchObject({
      redirect: true,
      code: 301,
      url: '/ru/slots/game/1008/fruit-storm?x=1',
    });
    expect(await ask('/slots/game/fruit-storm')).toMatchObject({ url: '/slots/game/1008/fruit-storm' });
    expect(await ask('/games/1010')).toMatchObject({ url: '/casino/game/1010/blackjack' });
    for (const stay of [
      '/slots/game/1008/fruit-storm',
      '/slots/game/999999',
      '/slots',
      '/slots/first-deposit-bonus',
    ]) {
      expect((await ask(stay)).redirect, stay).toBe(false);
    }
    // The slots' first-deposit bonus address moves (301) once the operator configures its page.
    const config = new SiteConfigService(t.deps.db.db, t.deps.bus, t.deps.clock, () => 0);
    await config.set('casino.slotFirstDepositBonusUrl', '/bonus/casino/welcome-pack');
    expect(await ask('/en/slots/first-deposit-bonus')).toMatchObject({
      redirect: true,
      code: 301,
      url: '/en/bonus/casino/welcome-pack',
    });
  });
});
