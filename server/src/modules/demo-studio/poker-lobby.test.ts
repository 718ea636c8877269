/**
 * The demo studio's table-poker lobby as a player reaches it: the poker route's lobby lists the
 * in-house video poker and the studio's hold'em tables; launching the tables opens the studio's page
 * in the casino's iframe (over the provider launch, real and demo), which lists every table with its
 * blinds, buy-in and seats; the tables' JSON agrees with the page; the seats taken stay within the
 * table and are the same for every viewer within a minute.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { TestClient } from '../../testing/test-client.ts';
import { CASINO_CATALOGUE_CHANGED_TOPIC, DEMO_STUDIO } from '../casino/index.ts';
import { DEMO_POKER_LOBBY_ID, importDemoStudioGames } from './catalogue.ts';
import { POKER_LOBBY_CODE, POKER_TABLES, pokerLobby, seatedAt } from './poker-tables.ts';

const clock = new ManualClock(new Date('2026-11-27T12:00:30Z'));
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ roles: 'api', clock, env: { DEV_TOOLS: 'on' } });
  await importDemoStudioGames(t.deps.db.db);
  await t.deps.bus.publish(CASINO_CATALOGUE_CHANGED_TOPIC, {});
}, 180_000);

afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('the demo studio poker lobby', () => {
  it('the poker route lists video poker and the studio tables, which launch into the lobby page', async () => {
    const lobby = (await get('/web-api/casino/v1/lobby?section=poker&lang=en')).json();
    const ids = lobby.games.map((g: { id: number }) => g.id);
    expect(ids).toContain(1011);
    expect(ids).toContain(DEMO_POKER_LOBBY_ID);
    for (const section of ['card-games', 'skill-games']) {
      const listed = (await get(`/web-api/casino/v1/lobby?section=${section}`)).json();
      expect(listed.games.map((g: { id: number }) => g.id)).toContain(DEMO_POKER_LOBBY_ID);
    }

    const guest = new TestClient(t.app, '10.93.0.1');
    const demo = await guest.post(`/web-api/casino/v1/providers/${DEMO_STUDIO}/launch`, {
      gameId: DEMO_POKER_LOBBY_ID,
      mode: 'demo',
      lang: 'ru',
    });
    expect(demo.statusCode).toBe(200);
    const { url } = demo.json() as { url: string };
    expect(url).toContain(`/dev/demo-studio/play?game=${POKER_LOBBY_CODE}&mode=demo&lang=ru`);
    const page = await get(url);
    expect(page.statusCode).toBe(200);
    const html = page.body;
    expect(html).toContain('<caption>Столы студии: блайнды, бай-ин и занятые места</caption>');
    expect(html).not.toMatch(/<script>/);
    const tables = (await get('/dev/demo-studio/api/poker/tables')).json().tables;
    expect(tables).toHaveLength(POKER_TABLES.length);
    for (const table of tables) {
      const row = new RegExp(
        `<tr data-table="${table.id}"><th scope="row">${table.name.ru}</th><td>(Безлимитный|Лимитный) холдем</td>` +
          `<td>${table.smallBlind} / ${table.bigBlind} RUB</td><td>${table.minBuyIn} – ${table.maxBuyIn} RUB</td>` +
          `<td class="seated">${table.seated} из ${table.seats}</td></tr>`,
      );
      expect(html).toMatch(row);
    }
    // Under the lobby: the sit-down form with every table, and the table section the script fills.
    expect(html).toContain('<form id="sit" class="sit"><h2>Сесть за стол</h2>');
    for (const table of POKER_TABLES)
      expect(html).toContain(
        `<option value="${table.id}" data-min="${table.minBuyIn}" data-max="${table.maxBuyIn}"`,
      );
    expect(html).toMatch(/<section id="holdem" hidden aria-labelledby="holdem-title">/);
    expect(html).toContain('<ol id="history" class="history" aria-live="polite">');
    const chosen = (await get(`${url}&table=fl-six-4`)).body;
    expect(chosen).toContain('<option value="fl-six-4" data-min="40.00" data-max="200.00" selected>');
    expect((await get('/dev/demo-studio/play?game=no-such-game&mode=demo')).body).toContain('Unknown game');
  });

  it('a signed-in player launches the tables for real money like any studio game', async () => {
    const client = new TestClient(t.app, '10.93.0.2');
    expect(
      (await client.post('/web-api/auth/v1/registration/fast', { countryId: 1, currency: 'RUB' })).statusCode,
    ).toBe(200);
    const launch = await client.post(`/web-api/casino/v1/providers/${DEMO_STUDIO}/launch`, {
      gameId: DEMO_POKER_LOBBY_ID,
      mode: 'real',
      lang: 'en',
    });
    expect(launch.statusCode).toBe(200);
    const { url, token } = launch.json() as { url: string; token: string };
    expect(url).toContain(`game=${POKER_LOBBY_CODE}&mode=real&lang=en&token=${token}`);
    const html = (await get(url)).body;
    expect(html).toContain("<caption>The studio's tables: blinds, buy-in and seats taken</caption>");
    expect(html).toContain("No-limit hold'em");
    expect(html).toContain("Fixed-limit hold'em");
  });

  it('seats taken stay within the table, and change only with the minute', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4_000_000_000_000 }),
        fc.integer({ min: 0, max: 59_999 }),
        (ms, within) => {
          const start = ms - (ms % 60_000);
          for (const table of POKER_TABLES) {
            const seated = seatedAt(table, start);
            expect(seated).toBeGreaterThanOrEqual(0);
            expect(seated).toBeLessThanOrEqual(table.seats);
            expect(seatedAt(table, start + within)).toBe(seated);
          }
        },
      ),
    );
    // Over a day each table is seen empty, full and in between.
    for (const table of POKER_TABLES) {
      const seen = new Set(Array.from({ length: 1_440 }, (_, m) => seatedAt(table, m * 60_000)));
      expect(seen.size).toBe(table.seats + 1);
    }
    expect(pokerLobby(clock.nowMs()).map((x) => x.id)).toEqual(POKER_TABLES.map((x) => x.id));
  });
});
