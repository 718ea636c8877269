import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app.ts';
import { getApi, SIMULATED_START_MS as START, simulatedCatalogueApp, V1 } from './test-support.ts';

describe('sportsbook API', () => {
  let t: TestApp;
  const get = (url: string) => getApi(t, url);
  const expectBad = async (url: string, field: string) => {
    const res = await get(url);
    expect(res.status, url).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.message).toContain(field);
  };

  beforeAll(async () => {
    t = await simulatedCatalogueApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /sports counts live and line games per sport', async () => {
    const { status, body } = await get('/sports?lang=en');
    expect(status).toBe(200);
    const football = body.data.find((s: { id: number }) => s.id === 1);
    expect(football).toMatchObject({ slug: 'football', name: 'Football', isVirtual: false });
    expect(football.lineCount).toBeGreaterThan(50);
    expect(football.liveCount).toBeGreaterThan(3);
    const live = body.data.reduce((n: number, s: { liveCount: number }) => n + s.liveCount, 0);
    expect(live).toBeGreaterThanOrEqual(30);
    expect(body.data.find((s: { id: number }) => s.id === 60)).toMatchObject({ isVirtual: true });
  });

  it('GET /champs lists a sport’s champs, top first, by country, with counts', async () => {
    const all = await get('/champs?sportId=1&lang=ru');
    expect(all.status).toBe(200);
    // Leagues with games: most of the simulated world's 60 (20 countries, three tiers).
    expect(all.body.data.length).toBeGreaterThanOrEqual(40);
    expect(all.body.data.length).toBeLessThanOrEqual(60);
    expect(all.body.data[0]).toMatchObject({ sportId: 1, isTop: true, name: 'Премьер-лига' });
    const england = all.body.data[0].country.id;
    const one = await get(`/champs?sportId=1&countryId=${england}&lang=en`);
    expect(one.body.data.every((c: { country: { id: number } }) => c.country.id === england)).toBe(true);
    const live = await get('/champs?sportId=1&mode=live');
    expect(live.body.data.every((c: { liveCount: number }) => c.liveCount > 0)).toBe(true);
    await expectBad('/champs', 'sportId');
    await expectBad('/champs?sportId=0', 'sportId');
    await expectBad('/champs?sportId=1&mode=soon', 'mode');
  });

  it('GET /line pages the line of a sport with main markets, in start order', async () => {
    const page1 = await get('/line?sportId=1&limit=10&lang=en');
    expect(page1.status).toBe(200);
    expect(page1.body.data).toHaveLength(10);
    expect(page1.body.total).toBeGreaterThan(50);
    const g = page1.body.data[0];
    expect(g).toMatchObject({ sportId: 1, status: 0, isLive: false, isFinished: false });
    expect(g.home.name).toMatch(/\w/);
    expect(g.markets.map((m: { type: string }) => m.type)).toContain('result');
    expect(g.markets.every((m: { isMain: boolean }) => m.isMain)).toBe(true);
    const starts = page1.body.data.map((x: { startAt: string }) => x.startAt);
    expect(starts).toEqual([...starts].sort());
    const page2 = await get('/line?sportId=1&limit=10&offset=10');
    expect(page2.body.data[0].id).not.toBe(g.id);
    const champ = await get(`/line?champId=${g.champ.id}`);
    expect(champ.body.data.every((x: { champ: { id: number } }) => x.champ.id === g.champ.id)).toBe(true);
  });

  it('GET /line applies the time filters: upcoming within 3 hours, recommended = top', async () => {
    const upcoming = await get('/line?timeFilter=1&limit=100');
    expect(upcoming.body.total).toBeGreaterThan(0);
    for (const g of upcoming.body.data) {
      const ms = Date.parse(g.startAt);
      expect(ms).toBeGreaterThanOrEqual(START);
      expect(ms).toBeLessThanOrEqual(START + 3 * 3_600_000);
    }
    const top = await get('/line?timeFilter=6&limit=100');
    expect(top.body.total).toBeGreaterThan(0);
    expect(
      top.body.data.every((g: { isTop: boolean; champ: { isTop: boolean } }) => g.isTop || g.champ.isTop),
    ).toBe(true);
    const all = await get('/line?limit=1');
    expect(all.body.total).toBeGreaterThan(upcoming.body.total);
  });

  it('GET /live lists games in play; filters 2 and 3 keep the first and second period', async () => {
    const live = await get('/live?limit=100');
    expect(live.status).toBe(200);
    expect(live.body.total).toBeGreaterThanOrEqual(30);
    expect(live.body.data.every((g: { isLive: boolean }) => g.isLive)).toBe(true);
    const first = await get('/live?timeFilter=2&limit=100');
    expect(
      first.body.data.every(
        (g: { period: number; status: number }) => g.period === 1 && [2, 3].includes(g.status),
      ),
    ).toBe(true);
    const second = await get('/live?timeFilter=3&limit=100');
    expect(second.body.data.every((g: { period: number }) => g.period === 2)).toBe(true);
    expect(first.body.total + second.body.total).toBeGreaterThan(0);
  });

  it('rejects bad list parameters with 400 naming the field', async () => {
    await expectBad('/line?timeFilter=4', 'timeFilter');
    await expectBad('/line?limit=0', 'limit');
    await expectBad('/line?limit=101', 'limit');
    await expectBad('/line?offset=-1', 'offset');
    await expectBad('/live?sportId=abc', 'sportId');
    await expectBad('/live?lang=de', 'lang');
  });

  it('GET /games/:id returns every market, grouped by kind, with integer odds', async () => {
    const line = await get('/line?sportId=1&limit=1');
    const id = line.body.data[0].id;
    const { status, body } = await get(`/games/${id}?lang=en`);
    expect(status).toBe(200);
    expect(body.id).toBe(id);
    expect(body.markets.length).toBeGreaterThanOrEqual(40);
    expect(body.groups[0].kind).toBe('main');
    expect(body.groups.map((g: { kind: string }) => g.kind)).toEqual(
      expect.arrayContaining(['totals', 'handicaps', 'score', 'periods', 'corners', 'cards']),
    );
    const total = body.markets.find((m: { key: string }) => m.key === 'total|line=2.5');
    expect(total.specifiers).toEqual({ line: '2.5' });
    expect(total.outcomes.map((o: { key: string }) => o.key)).toEqual(['over', 'under']);
    for (const m of body.markets)
      for (const o of m.outcomes) expect(Number.isInteger(o.oddsMilli) && o.oddsMilli > 1000).toBe(true);
  });

  it('GET /games/:id answers 404 GAME_NOT_FOUND for an unknown game and 400 for a bad id', async () => {
    const missing = await get('/games/999999');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('GAME_NOT_FOUND');
    await expectBad('/games/abc', 'gameId');
    await expectBad('/games/0', 'gameId');
  });

  it('GET /search finds teams in either language and their games', async () => {
    const en = await get('/search?q=manch&lang=en');
    expect(en.status).toBe(200);
    expect(en.body.teams.length).toBeGreaterThan(0);
    expect(en.body.teams.every((x: { name: string }) => /manchester/i.test(x.name))).toBe(true);
    const ru = await get(`/search?q=${encodeURIComponent('манч')}&lang=ru&limit=5`);
    expect(ru.body.teams.length).toBeGreaterThan(0);
    expect(ru.body.teams.length).toBeLessThanOrEqual(5);
    const literal = await get('/search?q=%25%25');
    expect(literal.body.teams).toEqual([]);
    await expectBad('/search?q=a', 'q');
    await expectBad('/search', 'q');
    await expectBad('/search?q=ab&limit=51', 'limit');
  });

  it('GET /results lists finished games of a day with their scores', async () => {
    const { status, body } = await get('/results?date=2026-11-22&tz=0&lang=en');
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThan(10);
    for (const g of body.data) {
      expect(g.isFinished).toBe(true);
      expect(g.startAt.slice(0, 10)).toBe('2026-11-22');
    }
    const football = await get('/results?date=2026-11-22&tz=0&sportId=1');
    expect(football.body.data.every((g: { sportId: number }) => g.sportId === 1)).toBe(true);
    const empty = await get('/results?date=2020-01-01');
    expect(empty.body.data).toEqual([]);
    await expectBad('/results', 'date');
    await expectBad('/results?date=22.11.2026', 'date');
    await expectBad('/results?date=2026-02-30', 'date');
    await expectBad('/results?date=2026-11-22&tz=15', 'tz');
  });

  it('appears in /openapi.json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    const paths = Object.keys(res.json().paths);
    for (const p of ['/sports', '/champs', '/line', '/live', '/games/{gameId}', '/search', '/results']) {
      expect(paths).toContain(`${V1}${p}`);
    }
  });
});
