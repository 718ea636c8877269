import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-app.ts';
import { PREPARED_MARKER } from './db.ts';
import { migrate, readMigrations } from './migrations.ts';

describe('database and migrations', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('applies every migration once, then nothing', async () => {
    const first = await migrate(database.handle);
    expect(first.applied.length).toBe(readMigrations().length);
    expect(first.applied[0]).toBe('0001_platform');
    const second = await migrate(database.handle);
    expect(second.applied).toEqual([]);
    expect(second.alreadyApplied).toBe(readMigrations().length);
  });

  it('returns int8 as bigint beyond the float range', async () => {
    const big = 9_007_199_254_740_993n;
    const result = await sql<{ v: bigint }>`select ${big.toString()}::int8 as v`.execute(database.handle.db);
    expect(result.rows[0]?.v).toBe(big);
  });

  it('prepares a marked statement once per connection on PostgreSQL, and answers it on both engines', async () => {
    const marked = (n: number) =>
      sql<{ v: number }>`${sql.raw(PREPARED_MARKER)} select ${n}::int + 1 as v`.execute(database.handle.db);
    expect((await marked(1)).rows[0]?.v).toBe(2);
    // In one transaction: the same connection runs the marked statement and sees what it prepared.
    const prepared = await database.handle.db.transaction().execute(async (trx) => {
      for (const n of [2, 3, 4]) {
        const { rows } = await sql<{
          v: number;
        }>`${sql.raw(PREPARED_MARKER)} select ${n}::int + 1 as v`.execute(trx);
        expect(rows[0]?.v).toBe(n + 1);
      }
      const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
        trx,
      );
      return rows.map((r) => r.statement).filter((text) => text.startsWith(PREPARED_MARKER));
    });
    expect(prepared).toEqual(
      database.handle.kind === 'postgres' ? [`${PREPARED_MARKER} select $1::int + 1 as v`] : [],
    );
  });

  it('keeps concurrent transactions isolated and all committed', async () => {
    await sql`create table if not exists counter_test (id int primary key, n int8 not null)`.execute(
      database.handle.db,
    );
    await sql`insert into counter_test values (1, 0) on conflict (id) do update set n = 0`.execute(
      database.handle.db,
    );
    await Promise.all(
      Array.from({ length: 25 }, () =>
        database.handle.db.transaction().execute(async (trx) => {
          const row = await sql<{ n: bigint }>`select n from counter_test where id = 1 for update`.execute(
            trx,
          );
          await sql`update counter_test set n = ${(row.rows[0]!.n + 1n).toString()}::int8 where id = 1`.execute(
            trx,
          );
        }),
      ),
    );
    const final = await sql<{ n: bigint }>`select n from counter_test where id = 1`.execute(
      database.handle.db,
    );
    expect(final.rows[0]?.n).toBe(25n);
  });

  it('rolls back a failed transaction completely', async () => {
    await expect(
      database.handle.db.transaction().execute(async (trx) => {
        await sql`update counter_test set n = 1000 where id = 1`.execute(trx);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const row = await sql<{ n: bigint }>`select n from counter_test where id = 1`.execute(database.handle.db);
    expect(row.rows[0]?.n).toBe(25n);
  });

  it('refuses a migration whose file changed after it was applied', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'parlay-mig-'));
    writeFileSync(path.join(dir, '0001_a.sql'), 'create table drift_test (id int);');
    const other = await createTestDatabase();
    try {
      await migrate(other.handle, dir);
      writeFileSync(path.join(dir, '0001_a.sql'), 'create table drift_test (id int, x int);');
      await expect(migrate(other.handle, dir)).rejects.toThrow(/changed after it was applied/);
    } finally {
      await other.drop();
    }
  });

  it('refuses duplicate numbers and bad names in the migration folder', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'parlay-mig-'));
    writeFileSync(path.join(dir, '0001_a.sql'), 'select 1;');
    writeFileSync(path.join(dir, '0003_c.sql'), 'select 1;');
    expect(readMigrations(dir).map((m) => m.id)).toEqual([1, 3]);
    writeFileSync(path.join(dir, '0003_d.sql'), 'select 1;');
    expect(() => readMigrations(dir)).toThrow(/two migrations are numbered 3/);
    const bad = mkdtempSync(path.join(tmpdir(), 'parlay-mig-'));
    writeFileSync(path.join(bad, 'bad.sql'), 'select 1;');
    expect(() => readMigrations(bad)).toThrow(/must look like/);
  });

  it('refuses a new migration numbered below an applied one', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'parlay-mig-'));
    writeFileSync(path.join(dir, '0001_a.sql'), 'create table late_a (id int);');
    writeFileSync(path.join(dir, '0010_b.sql'), 'create table late_b (id int);');
    const other = await createTestDatabase();
    try {
      expect((await migrate(other.handle, dir)).applied).toEqual(['0001_a', '0010_b']);
      writeFileSync(path.join(dir, '0005_c.sql'), 'create table late_c (id int);');
      await expect(migrate(other.handle, dir)).rejects.toThrow(/numbered below the already applied 10/);
    } finally {
      await other.drop();
    }
  });
});
