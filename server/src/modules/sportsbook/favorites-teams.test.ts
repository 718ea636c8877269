import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app.ts';
import { TestClient } from '../../testing/test-client.ts';
import { MAX_FAVORITES } from './player-favorites.ts';
import { getApi, simulatedCatalogueApp, V1 } from './test-support.ts';

interface GameJson {
  id: number;
  status: number;
  sportId: number;
  marketCount?: number;
  markets: { isMain: boolean }[];
  champ: { id: number };
  home: { id: number; name: string };
  away: { id: number; name: string };
  startAt: string;
}

describe('sportsbook favourites, teams and players', () => {
  let t: TestApp;
  let nextIp = 1;
  const get = (url: string) => getApi(t, url);
  const player = async () => {
    const client = new TestClient(t.app, `10.66.0.${nextIp++}`);
    const res = await client.post('/web-api/auth/v1/registration/fast', { countryId: 1, currency: 'RUB' });
    expect(res.statusCode, res.body).toBe(200);
    return client;
  };

  beforeAll(async () => {
    t = await simulatedCatalogueApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('list games carry marketCount: the number of markets their game page shows', async () => {
    const line = await get('/line?sportId=1&limit=3&lang=en');
    for (const g of line.body.data as GameJson[]) {
      const page = await get(`/games/${g.id}`);
      expect(g.marketCount).toBe(page.body.markets.length);
      expect(page.body.marketCount).toBe(page.body.markets.length);
      expect(g.marketCount).toBeGreaterThan(g.markets.length);
    }
    const live = await get('/live?limit=5');
    expect((live.body.data as GameJson[]).every((g) => Number.isInteger(g.marketCount))).toBe(true);
  });

  it('favourites belong to a signed-in player: add, merge, read with open games, remove', async () => {
    const guest = new TestClient(t.app, '10.66.1.1');
    expect((await guest.get(`${V1}/favorites`)).statusCode).toBe(401);
    expect((await guest.call('PUT', `${V1}/favorites`, { games: [1] })).statusCode).toBe(401);

    const alice = await player();
    const bob = await player();
    const empty = await alice.get(`${V1}/favorites?lang=en`);
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['cache-control']).toContain('no-store');
    expect(empty.json()).toMatchObject({ games: [], champs: [], gameList: [], champList: [] });

    const line = (await get('/line?sportId=1&limit=3')).body.data as GameJson[];
    const [a, b, c] = line as [GameJson, GameJson, GameJson];
    // Unknown ids (a guest's stale local favourites) are dropped, known ones kept in order.
    const added = await alice.call('PUT', `${V1}/favorites`, {
      games: [a.id, 99_999_999, b.id],
      champs: [a.champ.id],
    });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ games: [a.id, b.id], champs: [a.champ.id] });
    // Merging again (sign-in on another device) adds only what is new.
    const merged = await alice.call('PUT', `${V1}/favorites`, { games: [b.id, c.id] });
    expect(merged.json().games).toEqual([a.id, b.id, c.id]);

    const read = (await alice.get(`${V1}/favorites?lang=en`)).json();
    expect(read.gameList.map((g: GameJson) => g.id).sort()).toEqual([a.id, b.id, c.id].sort());
    expect(read.gameList[0].markets.every((m: { isMain: boolean }) => m.isMain)).toBe(true);
    expect(read.gameList[0].marketCount).toBeGreaterThan(10);
    expect(read.champList).toEqual([expect.objectContaining({ id: a.champ.id, sportId: 1 })]);
    // Bob sees none of Alice's.
    expect((await bob.get(`${V1}/favorites`)).json().games).toEqual([]);

    const removed = await alice.call('DELETE', `${V1}/favorites/games/${b.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().games).toEqual([a.id, c.id]);
    expect((await alice.call('DELETE', `${V1}/favorites/champs/${a.champ.id}`)).json().champs).toEqual([]);
    // Removing what is not there changes nothing; bad kinds and ids are 400.
    expect((await alice.call('DELETE', `${V1}/favorites/games/${b.id}`)).json().games).toEqual([a.id, c.id]);
    expect((await alice.call('DELETE', `${V1}/favorites/teams/1`)).statusCode).toBe(400);
    expect((await alice.call('PUT', `${V1}/favorites`, { games: [0] })).statusCode).toBe(400);
    expect((await alice.call('PUT', `${V1}/favorites`, { games: ['x'] })).statusCode).toBe(400);
    // Keys that are not favourites are dropped (the platform strips them) and change nothing.
    const other = await alice.call('PUT', `${V1}/favorites`, { teams: [1] });
    expect(other.json()).toEqual({ games: [a.id, c.id], champs: [] });
  });

  it(`keeps the newest ${MAX_FAVORITES} favourite games`, async () => {
    const carol = await player();
    const ids: number[] = [];
    for (let offset = 0; ids.length < MAX_FAVORITES + 5; offset += 100) {
      const page = (await get(`/line?limit=100&offset=${offset}`)).body.data as GameJson[];
      if (page.length === 0) break;
      ids.push(...page.map((g) => g.id));
    }
    expect(ids.length).toBeGreaterThan(MAX_FAVORITES);
    await carol.call('PUT', `${V1}/favorites`, { games: ids.slice(0, 150) });
    const after = await carol.call('PUT', `${V1}/favorites`, { games: ids.slice(150, MAX_FAVORITES + 5) });
    const kept = after.json().games as number[];
    expect(kept).toHaveLength(MAX_FAVORITES);
    expect(kept).not.toContain(ids[0]);
    expect(kept).toContain(ids[MAX_FAVORITES + 4]);
  });

  it('GET /teams/:id answers the team with its live, upcoming games and latest results', async () => {
    const live = (await get('/live?sportId=1&limit=1&lang=en')).body.data[0] as GameJson;
    const { status, body } = await get(`/teams/${live.home.id}?lang=en`);
    expect(status).toBe(200);
    expect(body.team).toMatchObject({ id: live.home.id, name: live.home.name, isPlayer: false });
    expect(body.team.sport).toEqual({ id: 1, slug: 'football', name: 'Football' });
    const involves = (g: GameJson) => g.home.id === live.home.id || g.away.id === live.home.id;
    expect(body.live.map((g: GameJson) => g.id)).toContain(live.id);
    for (const list of [body.live, body.line, body.results]) expect(list.every(involves)).toBe(true);
    expect(body.line.every((g: GameJson) => g.status === 0)).toBe(true);
    const starts = body.line.map((g: GameJson) => g.startAt);
    expect(starts).toEqual([...starts].sort());
    expect(body.results.every((g: GameJson) => g.status >= 4)).toBe(true);
    expect(body.line.concat(body.live).every((g: GameJson) => (g.marketCount ?? 0) > 0)).toBe(true);

    const missing = await get('/teams/99999999');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('TEAM_NOT_FOUND');
    expect((await get('/teams/abc')).status).toBe(400);
  });

  it('GET /players/:id answers competitors of individual sports only', async () => {
    const tennis = (await get('/line?sportId=2&limit=1')).body.data[0] as GameJson;
    const { status, body } = await get(`/players/${tennis.away.id}?lang=ru`);
    expect(status).toBe(200);
    expect(body.team).toMatchObject({ id: tennis.away.id, isPlayer: true, sport: { slug: 'tennis' } });
    expect(body.line.map((g: GameJson) => g.id)).toContain(tennis.id);
    const football = (await get('/line?sportId=1&limit=1')).body.data[0] as GameJson;
    const notPlayer = await get(`/players/${football.home.id}`);
    expect(notPlayer.status).toBe(404);
    expect(notPlayer.body.error.code).toBe('PLAYER_NOT_FOUND');
  });
});
