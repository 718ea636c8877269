/**
 * DATABASE_READ_URL (issue 25): reads that tolerate lag go to the read replica, everything else to
 * the primary. The "replica" here is a copy of the primary database (CREATE DATABASE … TEMPLATE)
 * that is then made to differ, so each answer shows which database it was read from. Runs on the
 * local PostgreSQL server (or POSTGRES_ADMIN_URL's / TEST_POSTGRES_URL's): it fails, never skips,
 * when none is reachable.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { seedCasinoCatalogue } from '../modules/casino/index.ts';
import { CONTENT_CACHE_MS, ContentStore, REPLICA_GRACE_MS } from '../modules/content/index.ts';
import { seedCatalogue } from '../modules/sportsbook/index.ts';
import { testConfig } from '../testing/test-app.ts';
import { registerFullPlayer, TestClient } from '../testing/test-client.ts';
import { InProcessBus } from './bus.ts';
import { ManualClock, systemClock } from './clock.ts';
import { type DatabaseHandle, openDatabase, readsToleratingLag } from './db.ts';
import { createMetrics } from './metrics.ts';
import { migrate } from './migrations.ts';

const ADMIN_URL =
  process.env.POSTGRES_ADMIN_URL ??
  process.env.TEST_POSTGRES_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

function urlOf(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

const news = (slug: string, title: string) => ({
  type: 'news' as const,
  lang: 'en',
  slug,
  title,
  description: '',
  category: null,
  publishAt: null,
  status: 'published' as const,
  author: null,
  seoTitle: null,
  metaRobots: null,
  canonical: null,
  coverImage: null,
  renamedFrom: null,
  body: `${title}.`,
});

describe('read replica (DATABASE_READ_URL)', () => {
  const primaryName = `parlay_test_${randomBytes(6).toString('hex')}`;
  const replicaName = `${primaryName}_replica`;
  let handle: DatabaseHandle;
  let replica: DatabaseHandle;
  let app: FastifyInstance;
  const bus = new InProcessBus({ error: () => {} });

  beforeAll(async () => {
    await admin(`create database ${primaryName}`);
    const setup = await openDatabase({ databaseUrl: urlOf(primaryName), dataDir: null, poolSize: 2 });
    try {
      await migrate(setup);
      await seedCatalogue(setup.db);
      await seedCasinoCatalogue(setup.db);
      const store = new ContentStore({ db: setup.db, clock: systemClock, bus });
      await store.save(news('on-both', 'Written before the copy'));
    } finally {
      await setup.close();
    }
    // The copy, then made to differ: each answer tells which database it came from.
    await admin(`create database ${replicaName} template ${primaryName}`);
    replica = await openDatabase({ databaseUrl: urlOf(replicaName), dataDir: null, poolSize: 2 });
    await sql`update sports set names = jsonb_set(names, '{en}', '"Replica football"') where id = 1`.execute(
      replica.db,
    );
    await sql`update casino_providers set name = 'Replica ' || name`.execute(replica.db);
    await new ContentStore({ db: replica.db, clock: systemClock, bus }).save(
      news('replica-only', 'Only here'),
    );

    const config = testConfig({
      DATABASE_URL: urlOf(primaryName),
      DATABASE_READ_URL: urlOf(replicaName),
      PARLAY_ROLES: 'web,api',
    });
    handle = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: null,
      poolSize: 4,
      readUrl: config.databaseReadUrl,
    });
    app = await buildApp({
      config,
      db: handle,
      bus,
      clock: systemClock,
      metrics: createMetrics({ collectDefaults: false }),
    });
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await replica?.close();
    await bus.close();
    await admin(`drop database if exists ${replicaName} with (force)`);
    await admin(`drop database if exists ${primaryName} with (force)`);
  });

  const getJson = async (url: string) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    return res.json();
  };

  it('without the setting, every read goes to the primary', async () => {
    const plain = await openDatabase({ databaseUrl: urlOf(primaryName), dataDir: null, poolSize: 1 });
    try {
      expect(plain.readReplica).toBeUndefined();
      expect(readsToleratingLag(plain)).toBe(plain.db);
    } finally {
      await plain.close();
    }
    expect(readsToleratingLag(handle)).toBe(handle.readReplica);
  });

  it('serves the sports lists, content and the casino lobby from the replica', async () => {
    const sports = await getJson('/web-api/sportsbook/v1/sports?lang=en');
    expect(sports.data.find((s: { id: number }) => s.id === 1).name).toBe('Replica football');
    const newsList = await getJson('/web-api/content/v1/news?lang=en');
    expect(newsList.items.map((i: { slug: string }) => i.slug).sort()).toEqual(['on-both', 'replica-only']);
    const providers = await getJson('/web-api/casino/v1/providers?lang=en');
    expect(providers.providers.length).toBeGreaterThan(0);
    expect(providers.providers.every((p: { name: string }) => p.name.startsWith('Replica '))).toBe(true);
  });

  it('keeps money and a player reading what they just wrote on the primary', async () => {
    const c = new TestClient(app);
    const { userId } = await registerFullPlayer(c, 'replica-reader@example.test');
    const onReplica = await replica.db.selectFrom('users').select('id').where('id', '=', userId).execute();
    expect(onReplica).toEqual([]);
    // The player exists only on the primary: read from the replica, there would be no account.
    const res = await c.get('/web-api/accounts/v1/accounts');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ mainAccount: { iso: 'RUB', moneyMinor: '0' } });
  });

  it('reads content changed in the last minute from the primary, then from the replica again', async () => {
    const clock = new ManualClock(Date.now());
    const store = new ContentStore({
      db: handle.db,
      reads: replica.db,
      clock,
      bus: new InProcessBus({ error: () => {} }),
    });
    const slugs = async () => (await store.listPublished('news', 'en')).map((i) => i.slug).sort();
    expect(await slugs()).toEqual(['on-both', 'replica-only']);
    await store.save(news('just-written', 'Not on the replica yet'));
    expect(await slugs()).toEqual(['just-written', 'on-both']);
    clock.advance(Math.max(REPLICA_GRACE_MS, CONTENT_CACHE_MS) + 1);
    expect(await slugs()).toEqual(['on-both', 'replica-only']);
  });
});
