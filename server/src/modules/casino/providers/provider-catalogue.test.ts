/**
 * `parlay casino import-provider`: games, categories, RTP and generated thumbnails reach the
 * catalogue through its own seed (idempotent, the change published); bad files are refused with
 * their problems. And the registry: CASINO_PROVIDERS in both forms, refused when ambiguous or weak
 * in production, the development studio only in development or with DEV_TOOLS.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../platform/config.ts';
import { CASINO_CATALOGUE_CHANGED_TOPIC } from '../catalogue/catalogue-service.ts';
import { runImportProviderCommand } from './import-command.ts';
import { createProviderRegistry, DEMO_STUDIO } from './registry.ts';
import {
  type ProviderTestApp,
  SLOT_ID,
  setUpProviderTestApp,
  TEST_PROVIDER,
  testCatalogueFile,
} from './test-support.ts';

let t: ProviderTestApp;
setUpProviderTestApp((app) => {
  t = app;
});

const dir = mkdtempSync(path.join(tmpdir(), 'parlay-provider-import-'));
function fileOf(name: string, content: unknown): string {
  const file = path.join(dir, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

function capture() {
  const lines: string[] = [];
  return { lines, out: { log: (l: string) => lines.push(l), error: (l: string) => lines.push(`! ${l}`) } };
}

describe('import-provider', () => {
  it('adds the games to the lobby with their RTP and a generated thumbnail, idempotently, publishing the change', async () => {
    const published: unknown[] = [];
    t.deps.bus.subscribe(CASINO_CATALOGUE_CHANGED_TOPIC, (m) => published.push(m));
    const file = testCatalogueFile();
    file.games.push({
      ...(file.games[0] as (typeof file.games)[number]),
      id: 7003,
      externalId: 'fruit-party',
      slug: 'acme-fruit-party',
      names: { ru: 'Фруктовая вечеринка', en: 'Fruit Party' },
      categories: ['fruit'],
      rtp: '95.50',
      volatility: 'high',
    });
    const deps = { db: t.db, catalogue: t.catalogue };
    const first = capture();
    expect(
      await runImportProviderCommand(
        ['import-provider', TEST_PROVIDER, fileOf('acme.json', file)],
        deps,
        first.out,
      ),
    ).toBe(0);
    expect(first.lines[0]).toMatch(
      /^imported 3 games of acme-studio \(catalogue: \d+ games, \d+ playable\)$/,
    );
    const again = capture();
    expect(
      await runImportProviderCommand(
        ['import-provider', TEST_PROVIDER, fileOf('acme.json', file)],
        deps,
        again.out,
      ),
    ).toBe(0);
    expect(again.lines[0]).toBe(first.lines[0]);
    expect(published.length).toBeGreaterThanOrEqual(2);

    const game = await t.catalogue.game({ gameId: 7003, lang: 'en', currency: 'RUB' });
    expect(game).toMatchObject({ provider: { id: TEST_PROVIDER }, rtp: '95.50', volatility: 'high' });
    const lobby = await t.catalogue.lobby({ filter: { provider: TEST_PROVIDER }, limit: 10, lang: 'en' });
    expect(lobby.games.map((g) => g.id).sort()).toEqual([SLOT_ID, 7002, 7003]);
    expect((await t.catalogue.thumbnail(7003, 'en')).svg).toContain('<svg');
    const providers = await t.catalogue.providers();
    expect(providers.find((p) => p.id === TEST_PROVIDER)).toMatchObject({ name: 'Acme Studio' });
    const rows = await t.db
      .selectFrom('casino_provider_games')
      .selectAll()
      .where('game_id', '=', 7003)
      .execute();
    expect(rows).toEqual([
      {
        game_id: 7003,
        provider: TEST_PROVIDER,
        external_id: 'fruit-party',
        allowed_countries: null,
        blocked_countries: [],
      },
    ]);
  });

  it('refuses a bad file with its problems and changes nothing', async () => {
    const before = await t.db
      .selectFrom('casino_games')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const cases: [string, unknown, RegExp][] = [
      ['not-json.json', '{ games: ', /not-json\.json: /],
      ['no-games.json', { games: [] }, /\/games/],
      ['bad-rtp.json', { games: [{ ...testCatalogueFile().games[0], rtp: '96.2' }] }, /\/games\/0\/rtp/],
      ['twice.json', { games: [testCatalogueFile().games[0], testCatalogueFile().games[0]] }, /id twice/],
    ];
    for (const [name, content, problem] of cases) {
      const c = capture();
      expect(
        await runImportProviderCommand(
          ['import-provider', TEST_PROVIDER, fileOf(name, content)],
          { db: t.db, catalogue: t.catalogue },
          c.out,
        ),
      ).toBe(1);
      expect(c.lines.join('\n')).toMatch(problem);
    }
    const c = capture();
    const taken = fileOf('taken.json', testCatalogueFile());
    expect(
      await runImportProviderCommand(
        ['import-provider', 'other-studio', taken],
        { db: t.db, catalogue: t.catalogue },
        c.out,
      ),
    ).toBe(1);
    expect(c.lines.join('\n')).toContain('belong to other providers');
    const after = await t.db
      .selectFrom('casino_games')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    const usage = capture();
    expect(
      await runImportProviderCommand(['import-provider'], { db: t.db, catalogue: t.catalogue }, usage.out),
    ).toBe(1);
    expect(usage.lines[0]).toContain('usage');
  });
});

describe('provider registry', () => {
  const env = (extra: Record<string, string>) => ({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...extra });

  it('reads CASINO_PROVIDERS as JSON or name|baseUrl|secret entries', () => {
    const piped = loadConfig(
      env({
        CASINO_PROVIDERS:
          'a-studio|https://a.example/play|aaaaaaaaaaaaaaaa1;b|http://b.example/?x=1|bbbbbbbbbbbbbbbb2',
      }),
    );
    expect(piped.casinoProviders).toEqual([
      { name: 'a-studio', baseUrl: 'https://a.example/play', secret: 'aaaaaaaaaaaaaaaa1' },
      { name: 'b', baseUrl: 'http://b.example/?x=1', secret: 'bbbbbbbbbbbbbbbb2' },
    ]);
    const json = loadConfig(env({ CASINO_PROVIDERS: JSON.stringify(piped.casinoProviders) }));
    expect(json.casinoProviders).toEqual(piped.casinoProviders);
  });

  it('refuses a short key, a taken name, and a key under 32 characters in production', () => {
    expect(() => loadConfig(env({ CASINO_PROVIDERS: 'a|https://a.example|short' }))).toThrow(
      /CASINO_PROVIDERS/,
    );
    expect(() =>
      loadConfig(
        env({
          CASINO_PROVIDERS: 'a|https://a.example|aaaaaaaaaaaaaaaa;a|https://b.example|bbbbbbbbbbbbbbbb',
        }),
      ),
    ).toThrow(/taken/);
    for (const reserved of [DEMO_STUDIO, 'in-house', 'parlay-originals']) {
      expect(() =>
        loadConfig(env({ CASINO_PROVIDERS: `${reserved}|https://a.example|aaaaaaaaaaaaaaaa` })),
      ).toThrow(/taken/);
    }
    expect(() =>
      loadConfig({
        ...env({ CASINO_PROVIDERS: 'a|https://a.example|aaaaaaaaaaaaaaaaaaaa' }),
        NODE_ENV: 'production',
      }),
    ).toThrow(/32\+ characters/);
  });

  it('serves the development studio only in development or with DEV_TOOLS, with a key shared through the database', async () => {
    const names = (extra: Record<string, string>) =>
      createProviderRegistry(loadConfig(env(extra)), t.db).names();
    expect(names({})).toEqual([]);
    expect(names({ DEV_TOOLS: 'on' })).toEqual([DEMO_STUDIO]);
    expect(names({ NODE_ENV: 'development' })).toEqual([DEMO_STUDIO]);
    const one = createProviderRegistry(loadConfig(env({ DEV_TOOLS: 'on' })), t.db).get(DEMO_STUDIO);
    const two = createProviderRegistry(loadConfig(env({ DEV_TOOLS: 'on' })), t.db).get(DEMO_STUDIO);
    const key = await one?.secret();
    expect(key).toMatch(/^[\w-]{43}$/);
    expect(await two?.secret()).toBe(key);
    const configured = createProviderRegistry(
      loadConfig(env({ DEV_TOOLS: 'on', CASINO_DEMO_STUDIO_SECRET: 'studio-key-from-env-1' })),
      t.db,
    ).get(DEMO_STUDIO);
    expect(await configured?.secret()).toBe('studio-key-from-env-1');
  });
});
