/**
 * The lobby with 2,000 more games (ten test providers): every section lists games once every
 * engine is registered, and a page deep in a list scans what the first page scans (counted from
 * EXPLAIN ANALYZE, not timed), and the search reads the words index.
 */
import { Ratio } from '@parlay/domain/casino/ratio.ts';
import { CompiledQuery, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../platform/schema.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { CASINO_CATALOGUE_CHANGED_TOPIC } from './catalogue-service.ts';
import type { EngineLookup } from './engine-info.ts';
import { lobbyList, lobbyPageQuery, parseCursor } from './list-lobby.ts';
import { type GameSeed, ORIGINAL_GAMES, TAG_IDS } from './originals.ts';
import { searchQuery } from './search-games.ts';
import { CATEGORY_ORDER, LOBBY_SECTIONS } from './sections.ts';
import { seedCasinoCatalogue } from './seed-catalogue.ts';

const API = '/web-api/casino/v1';
const EXTRA = 2_000;
const PAGE = 20;

/** Every engine registered, as it will be (so the test does not wait for the other games' authors). */
const allEngines: EngineLookup = () => ({
  rtp: new Ratio(97n, 100n),
  volatility: 'medium',
  maxMultiplier: new Ratio(1_000n),
});

const ADJECTIVES = [
  ['Golden', 'Золотой'],
  ['Wild', 'Дикий'],
  ['Lucky', 'Счастливый'],
  ['Mighty', 'Могучий'],
  ['Silver', 'Серебряный'],
] as const;
const NOUNS = [
  ['Tiger', 'тигр'],
  ['Phoenix', 'феникс'],
  ['Pharaoh', 'фараон'],
  ['Viking', 'викинг'],
] as const;

function extraGames(): GameSeed[] {
  const sections = LOBBY_SECTIONS.filter((s) => s !== 'new' && s !== 'popular');
  return Array.from({ length: EXTRA }, (_, i) => {
    const [adjEn, adjRu] = ADJECTIVES[i % ADJECTIVES.length]!;
    const [nounEn, nounRu] = NOUNS[Math.floor(i / ADJECTIVES.length) % NOUNS.length]!;
    const section = sections[i % sections.length]!;
    return {
      id: 100_000 + i,
      slug: `test-game-${i}`,
      names: { en: `${adjEn} ${nounEn} ${i}`, ru: `${adjRu} ${nounRu} ${i}` },
      descriptions: { en: 'A test game.', ru: 'Тестовая игра.' },
      providerId: `test-provider-${i % 10}`,
      engineId: null,
      kind: section === 'keno' ? 'keno' : section === 'slots' ? 'slots' : 'casino',
      sections: [section],
      categories: [CATEGORY_ORDER[i % CATEGORY_ORDER.length]!],
      tags: i % 3 === 0 ? ['megaways'] : [],
      tagId: TAG_IDS.slot,
      oldRoute: null,
      badges: i % 50 === 0 ? ['new'] : [],
      demo: true,
      real: true,
      // Many equal popularities: the cursor's tie-break on the id is exercised.
      popularity: (i * 7919) % 500,
      releasedAt: new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString(),
      theme: { from: '#112233', to: '#445566', glyph: 'star', accent: '#ffffff' },
      stated: { rtp: '96.50', volatility: 'high' },
    };
  });
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

async function explain(db: Kysely<Database>, query: { compile(): CompiledQuery }): Promise<PlanNode[]> {
  const compiled = query.compile();
  const result = await db.executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(
    CompiledQuery.raw(`explain (analyze, format json) ${compiled.sql}`, [...compiled.parameters]),
  );
  const raw = result.rows[0]!['QUERY PLAN'];
  const parsed = typeof raw === 'string' ? (JSON.parse(raw) as [{ Plan: PlanNode }]) : raw;
  return nodes(parsed[0].Plan);
}

/** Rows a plan read from a table (every loop counted). */
function rowsRead(plan: PlanNode[], table: string): number {
  return plan
    .filter((n) => n['Relation Name'] === table)
    .reduce((sum, n) => sum + n['Actual Rows'] * n['Actual Loops'], 0);
}

describe('casino lobby with 2,000 games', () => {
  let t: TestApp;
  let db: Kysely<Database>;
  const get = async (url: string) => (await t.app.inject({ method: 'GET', url: `${API}${url}` })).json();

  beforeAll(async () => {
    t = await createTestApp({ roles: 'api' });
    db = t.deps.db.db;
    const providers = Array.from({ length: 10 }, (_, i) => ({
      id: `test-provider-${i}`,
      name: `Test Provider ${i}`,
      theme: { from: '#000000', to: '#ffffff' },
    }));
    const counts = await seedCasinoCatalogue(db, {
      engines: allEngines,
      extraGames: extraGames(),
      extraProviders: providers,
    });
    expect(counts).toEqual({ games: ORIGINAL_GAMES.length + EXTRA, playable: ORIGINAL_GAMES.length + EXTRA });
    await t.deps.bus.publish(CASINO_CATALOGUE_CHANGED_TOPIC, {});
    await db.executeQuery(CompiledQuery.raw('analyze'));
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  it('with every engine registered, every section of the lobby lists Parlay Originals', async () => {
    for (const section of LOBBY_SECTIONS) {
      const page = await get(`/lobby?section=${section}&provider=parlay-originals&limit=1`);
      expect(page.games.length, section).toBe(1);
    }
  });

  it('a page deep in the list reads as many rows as the first page, by the primary key', async () => {
    for (const filter of [{}, { section: 'slots' as const }, { category: 'cluster' }]) {
      const list = lobbyList(filter);
      const first = await explain(db, lobbyPageQuery(db, list, null, PAGE));
      // The cursor of a page deep in the list: at least three pages before it, two pages after it.
      const all = await lobbyPageQuery(db, list, null, 10_000).execute();
      expect(all.length, JSON.stringify(filter)).toBeGreaterThan(5 * PAGE);
      const middle = all[all.length - 2 * PAGE - 1]!;
      const cursor = parseCursor(`${middle.sort_key}.${middle.id}`);
      const deep = await explain(db, lobbyPageQuery(db, list, cursor, PAGE));
      for (const plan of [first, deep]) {
        const summary = JSON.stringify(
          plan.map((n) => [
            n['Node Type'],
            n['Relation Name'],
            n['Index Name'],
            n['Actual Rows'],
            n['Actual Loops'],
          ]),
        );
        expect(rowsRead(plan, 'casino_lobby_entries'), summary).toBeLessThanOrEqual(PAGE + 1);
        expect(rowsRead(plan, 'casino_games'), summary).toBeLessThanOrEqual(PAGE + 1);
        const scans = plan.filter((n) => n['Relation Name'] === 'casino_lobby_entries');
        expect(scans.map((n) => n['Node Type'])).not.toContain('Seq Scan');
        expect(scans.map((n) => n['Index Name'])).toContain('casino_lobby_entries_pkey');
      }
      expect(rowsRead(deep, 'casino_lobby_entries')).toBe(rowsRead(first, 'casino_lobby_entries'));
    }
  });

  it('pages through all 2,020 games by cursor, each once, in order', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    let total = 0;
    for (let i = 0; i < 100; i++) {
      const page = await get(`/lobby?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
      total = page.total;
      seen.push(...page.games.map((g: { id: number }) => g.id));
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    expect(total).toBe(ORIGINAL_GAMES.length + EXTRA);
    expect(seen.length).toBe(total);
    expect(new Set(seen).size).toBe(total);
  });

  it('the search reads the words index, not every word', async () => {
    const plan = await explain(db, searchQuery(db, 'phoe', 8)!);
    const wordScans = plan.filter((n) => n['Relation Name'] === 'casino_game_words');
    expect(wordScans.length).toBeGreaterThan(0);
    expect(wordScans.map((n) => n['Node Type'])).not.toContain('Seq Scan');
    const words = await db
      .selectFrom('casino_game_words')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(rowsRead(plan, 'casino_game_words')).toBeLessThan(Number(words.n) / 5);
    const found = await get('/search?q=phoe&limit=50&lang=en');
    expect(found.games.length).toBe(50);
    for (const g of found.games) expect(g.name).toContain('Phoenix');
  });
});
