/**
 * Forward-only numbered migrations: server/migrations/NNNN_name.sql, applied in order, each in its own
 * transaction, recorded with a checksum. Numbers may leave gaps (modules reserve ranges), but a new
 * migration must sort after every applied one. An applied migration whose file changed stops the start.
 * An advisory lock keeps two processes from migrating at once.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { DatabaseHandle } from './db.ts';

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../migrations');
const MIGRATION_FILE = /^(\d{4})_([a-z0-9_]+)\.sql$/;
const MIGRATION_LOCK_KEY = 7_285_001;

export interface MigrationFile {
  id: number;
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir: string = MIGRATIONS_DIR): MigrationFile[] {
  const files = readdirSync(dir).filter((f) => f.endsWith('.sql'));
  const migrations = files.map((file) => {
    const match = MIGRATION_FILE.exec(file);
    if (!match) throw new Error(`migration file name ${file} must look like 0001_name.sql`);
    const body = readFileSync(path.join(dir, file), 'utf8');
    return {
      id: Number(match[1]),
      name: match[2]!,
      sql: body,
      checksum: createHash('sha256').update(body).digest('hex'),
    };
  });
  migrations.sort((a, b) => a.id - b.id);
  migrations.forEach((m, index) => {
    if (index > 0 && migrations[index - 1]!.id === m.id)
      throw new Error(`two migrations are numbered ${m.id}`);
  });
  return migrations;
}

export interface MigrationReport {
  applied: string[];
  alreadyApplied: number;
}

export async function migrate(
  handle: DatabaseHandle,
  dir: string = MIGRATIONS_DIR,
): Promise<MigrationReport> {
  const migrations = readMigrations(dir);
  await sql`create table if not exists parlay_migrations (
    id integer primary key,
    name text not null,
    checksum text not null,
    applied_at timestamptz not null default now()
  )`.execute(handle.db);
  return handle.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(conn);
    try {
      const rows = await conn.selectFrom('parlay_migrations').select(['id', 'name', 'checksum']).execute();
      const done = new Map(rows.map((r) => [r.id, r]));
      const highestApplied = Math.max(0, ...done.keys());
      const late = migrations.find((m) => !done.has(m.id) && m.id < highestApplied);
      if (late) {
        throw new Error(
          `migration ${late.id}_${late.name} is numbered below the already applied ${highestApplied}; renumber it above`,
        );
      }
      const applied: string[] = [];
      for (const migration of migrations) {
        const previous = done.get(migration.id);
        if (previous) {
          if (previous.checksum !== migration.checksum) {
            throw new Error(`migration ${migration.id}_${migration.name} changed after it was applied`);
          }
          continue;
        }
        await conn.transaction().execute(async (trx) => {
          await sql.raw(migration.sql).execute(trx);
          await trx
            .insertInto('parlay_migrations')
            .values({ id: migration.id, name: migration.name, checksum: migration.checksum })
            .execute();
        });
        applied.push(`${String(migration.id).padStart(4, '0')}_${migration.name}`);
      }
      return { applied, alreadyApplied: done.size };
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(conn);
    }
  });
}
