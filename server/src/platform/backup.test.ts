/**
 * parlay backup → parlay restore round trips, through the real CLI: money moved on an embedded
 * database (deposits, transfers between players, a reservation captured, a reversal) and documents
 * under DATA_DIR come back into a fresh DATA_DIR, then into a fresh PostgreSQL database (the
 * backup of which comes back into another), every table's rows and every sequence identical,
 * `parlay ledger check` clean and the balances equal. A corrupted backup and a used target are
 * refused with one line, and change nothing.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ledger } from '../modules/accounts/index.ts';
import { CHILD_ENV } from '../testing/cli-process.ts';
import { pgliteTemplate, REPO_ROOT } from '../testing/test-app.ts';
import { ManualClock } from './clock.ts';
import { type DatabaseHandle, openDatabase } from './db.ts';
import { migrate } from './migrations.ts';
import type { Database } from './schema.ts';

const BIN = path.join(REPO_ROOT, 'server/bin/parlay');
/** The PostgreSQL server the fresh databases are created on (CI's, or this machine's). */
const SERVER_URL =
  process.env.DATABASE_URL ?? process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const work = mkdtempSync(path.join(tmpdir(), 'parlay-backup-'));
const source = path.join(work, 'source');
const backup = path.join(work, 'backup');
const createdDatabases: string[] = [];
const createdRoles: string[] = [];

type Target = { DATA_DIR: string; DATABASE_URL?: string };

function parlay(target: Target, ...args: string[]) {
  const run = spawnSync(BIN, args, {
    env: {
      PATH: process.env.PATH ?? '',
      PARLAY_ENV_FILE: '/nonexistent',
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      ...CHILD_ENV,
      ...target,
    },
    encoding: 'utf8',
    timeout: 170_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the server (dropped when the file ends). */
async function freshPostgres(): Promise<string> {
  const name = `parlay_restore_${randomBytes(5).toString('hex')}`;
  await admin(`create database ${name}`);
  createdDatabases.push(name);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

function open(target: Target): Promise<DatabaseHandle> {
  return openDatabase({ databaseUrl: target.DATABASE_URL ?? null, dataDir: target.DATA_DIR, poolSize: 2 });
}

/** Every table's row count and a digest of its rows, and every sequence's position. */
async function fingerprint(db: Kysely<Database>): Promise<Record<string, string>> {
  const tables = await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
      and c.relname <> 'parlay_migrations' order by 1`.execute(db);
  const out: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const row = await sql<{ n: number; digest: string }>`
      select count(*)::int as n, md5(coalesce(string_agg(j, E'\n' order by j), '')) as digest
      from (select row_to_json(t)::text as j from ${sql.table(name)} t) s`.execute(db);
    out[name] = `${row.rows[0]!.n}:${row.rows[0]!.digest}`;
  }
  const sequences = await sql<{ name: string; value: string | null }>`
    select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public'`.execute(
    db,
  );
  for (const s of sequences.rows) out[`sequence ${s.name}`] = s.value ?? 'unused';
  return out;
}

interface Snapshot {
  tables: Record<string, string>;
  /** Foreign keys in place (the owner's restore drops and adds them back). */
  foreignKeys: number;
  balances: Record<string, string>;
  postings: number;
}

async function snapshot(target: Target): Promise<Snapshot> {
  const handle = await open(target);
  try {
    const ledger = new Ledger(handle.db, new ManualClock(new Date('2026-05-01T12:00:00Z')));
    expect((await ledger.check()).differences).toEqual([]);
    const balances: Record<string, string> = {};
    for (const user of [1n, 2n, 3n, 4n, 5n]) {
      for (const account of await ledger.balances(user))
        balances[`${user}:${account.iso}`] = String(account.moneyMinor);
    }
    const postings = await sql<{ n: number }>`select count(*)::int as n from ledger_postings`.execute(
      handle.db,
    );
    const foreignKeys = await sql<{ n: number }>`
      select count(*)::int as n from pg_constraint
      where contype = 'f' and connamespace = 'public'::regnamespace`.execute(handle.db);
    return {
      tables: await fingerprint(handle.db),
      foreignKeys: foreignKeys.rows[0]!.n,
      balances,
      postings: postings.rows[0]!.n,
    };
  } finally {
    await handle.close();
  }
}

/**
 * The restored site equals the source: every table and sequence of the backup (a restore also
 * applies the migrations of this release newer than the backup, whose tables the source lacks).
 */
function expectSame(restored: Snapshot): void {
  const tables = Object.fromEntries(
    Object.keys(original.tables).map((name) => [name, restored.tables[name]]),
  );
  expect({ ...restored, tables }).toEqual(original);
}

function expectOneLine(stderr: string, pattern: RegExp): void {
  const lines = stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
}

let original: Snapshot;
const documents = {
  'documents/1/passport.jpg': randomBytes(40_000),
  'support/7/screenshot.png': randomBytes(3_000),
  'content-images/banner.webp': randomBytes(1_000),
};

beforeAll(async () => {
  const clock = new ManualClock(new Date('2026-05-01T12:00:00Z'));
  // Migrated from the tests' template (what migrating from nothing leaves, without initdb and a
  // hundred migrations here); the restores below migrate their targets themselves.
  const handle = await openDatabase({
    databaseUrl: null,
    dataDir: source,
    poolSize: 2,
    pglite: await pgliteTemplate(),
  });
  try {
    await migrate(handle);
    const ledger = new Ledger(handle.db, clock);
    const accounts: bigint[] = [];
    for (const user of [1n, 2n, 3n, 4n, 5n]) {
      const account = await ledger.openAccount(user, user === 5n ? 'USD' : 'RUB');
      accounts.push(account.id);
      await ledger.move({
        idempotencyKey: `deposit:${user}`,
        reason: 'deposit',
        currency: user === 5n ? 'USD' : 'RUB',
        from: { system: 'provider' },
        to: account.id,
        amountMinor: 100_000n * user,
        userId: user,
      });
      clock.advance(1000);
    }
    await ledger.move({
      idempotencyKey: 'p2p:1-2',
      reason: 'adjustment',
      currency: 'RUB',
      from: accounts[0]!,
      to: accounts[1]!,
      amountMinor: 12_345n,
      userId: 1n,
    });
    const reservation = await ledger.reserve({
      idempotencyKey: 'stake:3',
      accountId: accounts[2]!,
      amountMinor: 50_000n,
      reason: 'bet_stake',
    });
    await ledger.capture(reservation.id, {
      to: [{ account: { system: 'house' }, amountMinor: 30_000n }],
      reason: 'bet_lost',
    });
    const mistaken = await ledger.move({
      idempotencyKey: 'bonus:4',
      reason: 'adjustment',
      currency: 'RUB',
      from: { system: 'house' },
      to: accounts[3]!,
      amountMinor: 777n,
      userId: 4n,
    });
    await ledger.reverse(mistaken.id, { idempotencyKey: 'reversal:4' });
  } finally {
    await handle.close();
  }
  for (const [file, bytes] of Object.entries(documents)) {
    mkdirSync(path.dirname(path.join(source, file)), { recursive: true });
    writeFileSync(path.join(source, file), bytes);
  }
  original = await snapshot({ DATA_DIR: source });
  expect(original.postings).toBeGreaterThan(10);
  const made = parlay({ DATA_DIR: source }, 'backup', backup);
  expect([made.status, made.stderr]).toEqual([0, '']);
  expect(made.stdout).toMatch(
    /^backup written to .+: \d+ rows in \d+ tables, 3 files, migration level \d+\n$/,
  );
}, 180_000);

afterAll(async () => {
  for (const name of createdDatabases) await admin(`drop database if exists ${name} with (force)`);
  for (const role of createdRoles) await admin(`drop role if exists ${role}`);
  rmSync(work, { recursive: true, force: true });
});

describe('parlay backup', () => {
  it('writes a manifest with the release, migration level, creation time and the SHA-256 of every part', () => {
    const manifest = JSON.parse(readFileSync(path.join(backup, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ format: 'parlay-backup/1', engine: 'pglite' });
    expect(manifest.migrationLevel).toBe(manifest.migrations.at(-1).id);
    expect(Date.parse(manifest.createdAt)).toBeGreaterThan(0);
    expect(manifest.parts.map((p: { path: string }) => p.path).sort()).toEqual(
      ['database.jsonl.gz', ...Object.keys(documents).map((f) => `files/${f}`)].sort(),
    );
    for (const part of manifest.parts) expect(part.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(manifest.tables.ledger_postings).toBe(original.postings);
  });
});

describe('parlay restore', () => {
  it('brings money and documents back into a fresh DATA_DIR: ledger check clean, every row equal', async () => {
    const target = { DATA_DIR: path.join(work, 'fresh-pglite') };
    const restored = parlay(target, 'restore', backup);
    expect([restored.status, restored.stderr]).toEqual([0, '']);
    const check = parlay(target, 'ledger', 'check');
    expect([check.status, check.stderr]).toEqual([0, '']);
    expect(check.stdout).toContain('ledger check: no difference');
    const again = await snapshot(target);
    expectSame(again);
    for (const [file, bytes] of Object.entries(documents)) {
      expect(readFileSync(path.join(target.DATA_DIR, file)).equals(bytes)).toBe(true);
    }
    // The restored site keeps moving money: its sequences are where the source's were.
    const handle = await open(target);
    try {
      const ledger = new Ledger(handle.db, new ManualClock(new Date('2026-05-02T00:00:00Z')));
      const [account] = await ledger.balances(1n);
      await ledger.move({
        idempotencyKey: 'deposit:1:after',
        reason: 'deposit',
        currency: 'RUB',
        from: { system: 'provider' },
        to: account!.id,
        amountMinor: 5n,
        userId: 1n,
      });
      expect((await ledger.check()).differences).toEqual([]);
    } finally {
      await handle.close();
    }
    // A used target is refused, unless --force, which replaces it with the backup again.
    const refused = parlay(target, 'restore', backup);
    expect(refused.status).toBe(1);
    expectOneLine(refused.stderr, /^the target is not empty \(its database has \d+ tables\): .*--force/);
    const forced = parlay(target, 'restore', backup, '--force');
    expect([forced.status, forced.stderr]).toEqual([0, '']);
    expectSame(await snapshot(target));
  }, 300_000);

  it('moves an embedded site into a fresh PostgreSQL database, whose own backup restores into another', async () => {
    const first = { DATA_DIR: path.join(work, 'pg-1'), DATABASE_URL: await freshPostgres() };
    const restored = parlay(first, 'restore', backup);
    expect([restored.status, restored.stderr]).toEqual([0, '']);
    const check = parlay(first, 'ledger', 'check');
    expect([check.status, check.stderr]).toEqual([0, '']);
    expectSame(await snapshot(first));

    const archive = path.join(work, 'from-postgres.tar.gz');
    const made = parlay(first, 'backup', archive);
    expect([made.status, made.stderr]).toEqual([0, '']);
    expect(statSync(archive).mode & 0o777).toBe(0o600);
    const second = { DATA_DIR: path.join(work, 'pg-2'), DATABASE_URL: await freshPostgres() };
    const again = parlay(second, 'restore', archive);
    expect([again.status, again.stderr]).toEqual([0, '']);
    const checked = parlay(second, 'ledger', 'check');
    expect([checked.status, checked.stderr]).toEqual([0, '']);
    expectSame(await snapshot(second));
  }, 300_000);

  it('restores as the owner of a fresh database without superuser rights, checking every foreign key', async () => {
    const role = `parlay_owner_${randomBytes(5).toString('hex')}`;
    const name = `parlay_restore_${randomBytes(5).toString('hex')}`;
    await admin(`create role ${role} login`);
    createdRoles.push(role);
    await admin(`create database ${name} owner ${role}`);
    createdDatabases.push(name);
    const url = new URL(SERVER_URL);
    url.username = role;
    url.password = '';
    url.pathname = `/${name}`;
    const target = { DATA_DIR: path.join(work, 'owner'), DATABASE_URL: url.toString() };
    const restored = parlay(target, 'restore', backup);
    expect([restored.status, restored.stderr]).toEqual([0, '']);
    const check = parlay(target, 'ledger', 'check');
    expect([check.status, check.stderr]).toEqual([0, '']);
    expectSame(await snapshot(target));
    // The ledger's own triggers are on again: a posting cannot be changed.
    const handle = await open(target);
    try {
      await expect(sql`update ledger_postings set amount = amount * 2`.execute(handle.db)).rejects.toThrow(
        /ledger_postings rows are immutable/,
      );
    } finally {
      await handle.close();
    }
  }, 300_000);

  it('refuses a corrupted or incomplete backup with one line, before opening the target', () => {
    const cases: [string, (dir: string) => void, RegExp][] = [
      [
        'a flipped byte in the database dump',
        (dir) => {
          const file = path.join(dir, 'database.jsonl.gz');
          const bytes = readFileSync(file);
          bytes[bytes.length >> 1]! ^= 0xff;
          writeFileSync(file, bytes);
        },
        /^backup \S+ is damaged: database\.jsonl\.gz does not match its SHA-256 in manifest\.json; nothing was restored$/,
      ],
      [
        'a document missing',
        (dir) => rmSync(path.join(dir, 'files/documents/1/passport.jpg')),
        /^backup \S+ is damaged: files\/documents\/1\/passport\.jpg is missing; /,
      ],
      [
        'a file added',
        (dir) => writeFileSync(path.join(dir, 'files/extra.txt'), 'x'),
        /^backup \S+ is damaged: files\/extra\.txt is not listed in manifest\.json; /,
      ],
    ];
    for (const [name, damage, message] of cases) {
      const copy = path.join(work, `damaged-${name.replaceAll(' ', '-')}`);
      cpSync(backup, copy, { recursive: true });
      damage(copy);
      const target = { DATA_DIR: path.join(work, `target-${name.replaceAll(' ', '-')}`) };
      const refused = parlay(target, 'restore', copy);
      expect(refused.status, name).toBe(1);
      expectOneLine(refused.stderr, message);
      // The target was not even opened.
      expect(existsSync(target.DATA_DIR)).toBe(false);
    }
  }, 300_000);
});
