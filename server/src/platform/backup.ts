/**
 * `parlay backup` and `parlay restore`: the database and the files under DATA_DIR (verification
 * documents, content images, support attachments: every directory but the embedded database's
 * own) in one directory, or one .tar.gz, with a manifest.
 *
 * The database is dumped logically, the same way for PGlite and PostgreSQL: every table's rows as
 * JSON (row_to_json, read through a cursor inside one REPEATABLE READ READ ONLY transaction: one
 * snapshot, however long the dump, while the site keeps running on PostgreSQL), and the sequences'
 * positions. No pg_dump is needed (the container image has none, and pg_dump refuses a newer
 * server), a PGlite site's backup restores into PostgreSQL (how a site moves), and rows never pass
 * through JavaScript numbers (a row's JSON text is written and read back as text). The schema is
 * not dumped: it is the migrations', which restore applies up to the backup's level, loads the rows
 * into, and then applies the newer ones of this release.
 *
 * Files are copied after the database snapshot: storage writes a file before the row naming it
 * commits and never rewrites one, so every file a dumped row names is there.
 *
 * manifest.json names the format, release, creation time, engine, migration level, row counts and
 * the SHA-256 of every part; restore checks them all before it touches the target, and refuses a
 * target that has tables or files unless told --force (then it replaces them).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import {
  chmodSync,
  copyFileSync,
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip, createGzip } from 'node:zlib';
import { type Kysely, sql } from 'kysely';
import { LOCK_FILE } from './data-dir-lock.ts';
import type { DatabaseHandle } from './db.ts';
import { MIGRATIONS_DIR, migrate, readMigrations } from './migrations.ts';
import type { Database } from './schema.ts';
import { PARLAY_VERSION } from './version.ts';

export const BACKUP_FORMAT = 'parlay-backup/1';
const DATABASE_PART = 'database.jsonl.gz';
const FILES_DIR = 'files';
/** DATA_DIR entries that are not files of the site: the embedded database and its lock. */
const NOT_SITE_FILES = new Set(['pglite', LOCK_FILE, `${LOCK_FILE}.takeover`]);
const FETCH_ROWS = 1000;
const INSERT_BYTES = 4 * 1024 * 1024;

export interface BackupPart {
  path: string;
  bytes: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  parlayVersion: string;
  createdAt: string;
  engine: DatabaseHandle['kind'];
  /** The highest migration applied; `migrations` lists them all with their checksums. */
  migrationLevel: number;
  migrations: { id: number; name: string; checksum: string }[];
  tables: Record<string, number>;
  parts: BackupPart[];
}

/** A refusal: the CLI prints its message as one line and exits 1. */
export class BackupError extends Error {
  override name = 'BackupError';
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const isArchive = (file: string) => /\.(tar\.gz|tgz)$/.test(file);

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Regular files under dir, as paths relative to it (sorted, forward slashes). */
function filesUnder(dir: string, skip: (relative: string) => boolean = () => false): string[] {
  const found: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (skip(child)) continue;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) found.push(child);
    }
  };
  if (existsSync(dir)) walk('');
  return found.sort();
}

/** The site's files under DATA_DIR: everything but the embedded database (and a backup inside it). */
function siteFiles(dataDir: string, exclude: string | null): string[] {
  const root = path.resolve(dataDir);
  return filesUnder(root, (relative) => {
    if (!relative.includes('/') && NOT_SITE_FILES.has(relative)) return true;
    const absolute = path.join(root, relative);
    return exclude !== null && (absolute === exclude || absolute.startsWith(`${exclude}${path.sep}`));
  });
}

interface TableInfo {
  name: string;
  columns: string[];
}

/** The tables whose rows are the site's: ordinary and partitioned roots in public, but the migrations'. */
async function tablesOf(db: Kysely<Database>): Promise<TableInfo[]> {
  const rows = await sql<{ name: string; columns: string[] | null }>`
    select c.relname as name,
      array_agg(a.attname::text order by a.attnum)
        filter (where a.attnum > 0 and not a.attisdropped and a.attgenerated = '') as columns
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    left join pg_attribute a on a.attrelid = c.oid
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
      and c.relname <> 'parlay_migrations'
    group by c.relname
    order by c.relname`.execute(db);
  return rows.rows.map((r) => ({ name: r.name, columns: r.columns ?? [] }));
}

/** Writes one line to a stream, waiting when its buffer is full. */
async function writeLine(out: NodeJS.WritableStream, line: string): Promise<void> {
  if (!out.write(`${line}\n`)) await once(out, 'drain');
}

/** Dumps the database into `file` (gzipped JSON lines) from one snapshot; answers row counts and migrations. */
async function dumpDatabase(
  handle: DatabaseHandle,
  file: string,
): Promise<{ tables: Record<string, number>; migrations: BackupManifest['migrations'] }> {
  const migrated = await sql<{
    t: string | null;
  }>`select to_regclass('parlay_migrations')::text as t`.execute(handle.db);
  if (!migrated.rows[0]?.t)
    throw new BackupError('the database has no Parlay tables yet: nothing to back up');
  const gzip = createGzip({ level: 6 });
  const sink = createWriteStream(file, { mode: 0o600 });
  gzip.pipe(sink);
  const closed = once(sink, 'close');
  const tables: Record<string, number> = {};
  const result = await handle.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const migrations = (
        await sql<{ id: number; name: string; checksum: string }>`
          select id, name, checksum from parlay_migrations order by id`.execute(trx)
      ).rows;
      for (const table of await tablesOf(trx)) {
        await writeLine(gzip, `#table ${JSON.stringify(table)}`);
        const columns = table.columns.map(quote).join(', ');
        await sql
          .raw(`declare parlay_backup no scroll cursor for
            select row_to_json(t)::text as j from (select ${columns} from ${quote(table.name)}) t`)
          .execute(trx);
        let count = 0;
        for (;;) {
          const batch = await sql.raw<{ j: string }>(`fetch ${FETCH_ROWS} from parlay_backup`).execute(trx);
          for (const row of batch.rows) await writeLine(gzip, row.j);
          count += batch.rows.length;
          if (batch.rows.length < FETCH_ROWS) break;
        }
        await sql.raw('close parlay_backup').execute(trx);
        tables[table.name] = count;
      }
      const sequences = await sql<{ name: string; value: string | null }>`
        select sequencename as name, last_value::text as value
        from pg_sequences where schemaname = 'public' order by sequencename`.execute(trx);
      for (const sequence of sequences.rows) {
        if (sequence.value !== null) await writeLine(gzip, `#sequence ${JSON.stringify(sequence)}`);
      }
      return { tables, migrations };
    });
  gzip.end();
  await closed;
  return result;
}

/**
 * Writes a backup of the open database and DATA_DIR's files to `target`: a new (or empty)
 * directory, or a .tar.gz / .tgz file.
 */
export async function createBackup(
  handle: DatabaseHandle,
  dataDir: string,
  target: string,
  now: Date = new Date(),
): Promise<BackupManifest> {
  const destination = path.resolve(target);
  const archive = isArchive(destination);
  if (archive ? existsSync(destination) : existsSync(destination) && readdirSync(destination).length > 0) {
    throw new BackupError(`backup target ${destination} already exists: name a new directory or file`);
  }
  const dir = archive ? mkdtempSync(path.join(path.dirname(destination), '.parlay-backup-')) : destination;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    const dumped = await dumpDatabase(handle, path.join(dir, DATABASE_PART));
    const parts: BackupPart[] = [];
    const databaseFile = path.join(dir, DATABASE_PART);
    parts.push({
      path: DATABASE_PART,
      bytes: statSync(databaseFile).size,
      sha256: await sha256Of(databaseFile),
    });
    const root = path.resolve(dataDir);
    for (const relative of siteFiles(root, destination)) {
      const copy = path.join(dir, FILES_DIR, relative);
      mkdirSync(path.dirname(copy), { recursive: true, mode: 0o700 });
      copyFileSync(path.join(root, relative), copy);
      parts.push({
        path: `${FILES_DIR}/${relative}`,
        bytes: statSync(copy).size,
        sha256: await sha256Of(copy),
      });
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      parlayVersion: PARLAY_VERSION,
      createdAt: now.toISOString(),
      engine: handle.kind,
      migrationLevel: dumped.migrations.at(-1)?.id ?? 0,
      migrations: dumped.migrations,
      tables: dumped.tables,
      parts,
    };
    writeFileSync(path.join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    if (archive) {
      const tar = spawnSync('tar', ['-czf', destination, '-C', dir, '.'], { encoding: 'utf8' });
      if (tar.status !== 0) throw new BackupError(`tar could not write ${destination}: ${tar.stderr.trim()}`);
      // Player documents and personal data: readable by the site's user only.
      chmodSync(destination, 0o600);
    }
    return manifest;
  } catch (err) {
    if (archive) rmSync(destination, { force: true });
    throw err;
  } finally {
    if (archive) rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Reads and checks a backup directory: the manifest, and every part's size and SHA-256; no file
 * may be missing or added. Throws BackupError naming the first fault.
 */
export async function verifyBackup(dir: string): Promise<BackupManifest> {
  const damaged = (what: string) =>
    new BackupError(`backup ${dir} is damaged: ${what}; nothing was restored`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as BackupManifest;
  } catch {
    throw damaged('manifest.json is missing or not JSON');
  }
  if (
    manifest.format !== BACKUP_FORMAT ||
    !Array.isArray(manifest.parts) ||
    !Array.isArray(manifest.migrations)
  ) {
    throw damaged(`manifest.json is not a ${BACKUP_FORMAT} manifest`);
  }
  const listed = new Set(manifest.parts.map((part) => part.path));
  if (!listed.has(DATABASE_PART)) throw damaged(`manifest.json lists no ${DATABASE_PART}`);
  const present = filesUnder(dir).filter((file) => file !== 'manifest.json');
  const extra = present.find((file) => !listed.has(file));
  if (extra) throw damaged(`${extra} is not listed in manifest.json`);
  for (const part of manifest.parts) {
    const file = path.join(dir, part.path);
    if (part.path.split('/').includes('..') || !existsSync(file)) throw damaged(`${part.path} is missing`);
    if (statSync(file).size !== part.bytes || (await sha256Of(file)) !== part.sha256) {
      throw damaged(`${part.path} does not match its SHA-256 in manifest.json`);
    }
  }
  return manifest;
}

/** Whether the target already holds a site: any table in public, or any file under DATA_DIR. */
async function targetContents(handle: DatabaseHandle, dataDir: string): Promise<string | null> {
  const tables = await sql<{ n: number }>`
    select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p')`.execute(handle.db);
  const count = tables.rows[0]?.n ?? 0;
  if (count > 0) return `its database has ${count} tables`;
  const files = siteFiles(dataDir, null);
  if (files.length > 0) return `DATA_DIR has ${files.length} files`;
  return null;
}

/** The migrations of this release up to the backup's level, in a directory of their own. */
function migrationsUpTo(manifest: BackupManifest): string {
  const ours = new Map(readMigrations().map((m) => [m.id, m]));
  for (const theirs of manifest.migrations) {
    const mine = ours.get(theirs.id);
    if (!mine) {
      throw new BackupError(
        `the backup was made by a newer release (migration ${theirs.id}_${theirs.name} is unknown here): restore it with Parlay ${manifest.parlayVersion} or later`,
      );
    }
    if (mine.checksum !== theirs.checksum) {
      throw new BackupError(
        `migration ${theirs.id}_${theirs.name} differs from the one the backup was made with`,
      );
    }
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'parlay-migrations-'));
  const wanted = new Set(manifest.migrations.map((m) => m.id));
  for (const file of readdirSync(MIGRATIONS_DIR)) {
    const id = Number(file.slice(0, 4));
    if (wanted.has(id)) copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(dir, file));
  }
  return dir;
}

/** Whether this role may set session_replication_role (a superuser, or granted it on PostgreSQL 15+). */
async function mayReplicate(handle: DatabaseHandle): Promise<boolean> {
  try {
    await handle.db
      .transaction()
      .execute((trx) => sql`set local session_replication_role = replica`.execute(trx));
    return true;
  } catch {
    return false;
  }
}

/**
 * Loads the dumped rows and sequence positions in one transaction, with triggers and foreign keys
 * off: rows go in as they were, in any order. A role that may set session_replication_role turns
 * them off for the transaction; any other (the owner of the tables, as the one who just migrated
 * them) disables the tables' own triggers and drops the foreign keys, then adds them back, which
 * checks every row against them.
 */
async function loadDatabase(handle: DatabaseHandle, file: string, tables: TableInfo[]): Promise<void> {
  const known = new Map(tables.map((t) => [t.name, t]));
  const replica = await mayReplicate(handle);
  await handle.db.transaction().execute(async (trx) => {
    let foreignKeys: { owner: string; name: string; definition: string }[] = [];
    if (replica) {
      await sql`set local session_replication_role = replica`.execute(trx);
    } else {
      foreignKeys = (
        await sql<{ owner: string; name: string; definition: string }>`
          select conrelid::regclass::text as owner, conname as name, pg_get_constraintdef(oid) as definition
          from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`.execute(trx)
      ).rows;
      for (const fk of foreignKeys) {
        await sql.raw(`alter table ${fk.owner} drop constraint ${quote(fk.name)}`).execute(trx);
      }
      for (const t of tables) await sql.raw(`alter table ${quote(t.name)} disable trigger user`).execute(trx);
    }
    // Rows the migrations inserted (defaults, house accounts) are replaced by the backup's.
    if (tables.length > 0) {
      await sql.raw(`truncate ${tables.map((t) => quote(t.name)).join(', ')}`).execute(trx);
    }
    let table: TableInfo | null = null;
    let batch: string[] = [];
    let batchBytes = 0;
    const flush = async () => {
      if (!table || batch.length === 0) return;
      const columns = table.columns.map(quote).join(', ');
      await sql`${sql.raw(`insert into ${quote(table.name)} (${columns}) overriding system value select ${columns} from json_populate_recordset(null::${quote(table.name)}, `)}${`[${batch.join(',')}]`}::json)`.execute(
        trx,
      );
      batch = [];
      batchBytes = 0;
    };
    const lines = createInterface({
      input: createReadStream(file).pipe(createGunzip()),
      crlfDelay: Infinity,
    });
    for await (const line of lines) {
      if (line.startsWith('#table ')) {
        await flush();
        const dumped = JSON.parse(line.slice(7)) as TableInfo;
        table = known.get(dumped.name) ?? null;
        if (!table)
          throw new BackupError(`the backup has a table ${dumped.name} that its migrations do not create`);
        // Columns as dumped, in case a column was added later with a default.
        table = { name: table.name, columns: dumped.columns.filter((c) => table!.columns.includes(c)) };
      } else if (line.startsWith('#sequence ')) {
        await flush();
        table = null;
        const sequence = JSON.parse(line.slice(10)) as { name: string; value: string };
        await sql`select setval(${quote(sequence.name)}::regclass, ${sequence.value}::bigint, true)`.execute(
          trx,
        );
      } else if (line.length > 0) {
        if (!table) throw new BackupError('the database dump has a row outside a table');
        batch.push(line);
        batchBytes += line.length;
        if (batchBytes >= INSERT_BYTES) await flush();
      }
    }
    await flush();
    if (!replica) {
      for (const t of tables) await sql.raw(`alter table ${quote(t.name)} enable trigger user`).execute(trx);
      for (const fk of foreignKeys) {
        await sql
          .raw(`alter table ${fk.owner} add constraint ${quote(fk.name)} ${fk.definition}`)
          .execute(trx);
      }
    }
  });
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Migrations of this release applied after the backup's rows were loaded. */
  applied: string[];
}

/**
 * Restores a backup (directory or .tar.gz) into the database `openTarget` opens and DATA_DIR. Checks
 * every checksum before opening the target (a damaged backup leaves it untouched); refuses a target
 * with tables or files unless `force`, which replaces them.
 */
export async function restoreBackup(
  openTarget: () => Promise<DatabaseHandle>,
  dataDir: string,
  source: string,
  options: { force?: boolean } = {},
): Promise<RestoreResult> {
  const origin = path.resolve(source);
  if (!existsSync(origin)) throw new BackupError(`backup ${origin} does not exist`);
  const unpacked = statSync(origin).isFile() ? mkdtempSync(path.join(tmpdir(), 'parlay-restore-')) : null;
  let migrationsDir: string | null = null;
  try {
    if (unpacked) {
      const tar = spawnSync('tar', ['-xzf', origin, '-C', unpacked], { encoding: 'utf8' });
      if (tar.status !== 0) {
        throw new BackupError(`backup ${origin} is damaged: tar could not read it; nothing was restored`);
      }
    }
    const dir = unpacked ?? origin;
    const manifest = await verifyBackup(dir);
    migrationsDir = migrationsUpTo(manifest);
    const handle = await openTarget();
    try {
      const contents = await targetContents(handle, dataDir);
      if (contents && !options.force) {
        throw new BackupError(
          `the target is not empty (${contents}): restore replaces everything there; add --force to do so`,
        );
      }
      if (contents) {
        await sql`drop schema public cascade`.execute(handle.db);
        await sql`create schema public`.execute(handle.db);
        for (const entry of readdirSync(path.resolve(dataDir))) {
          if (!NOT_SITE_FILES.has(entry))
            rmSync(path.join(path.resolve(dataDir), entry), { recursive: true });
        }
      }
      await migrate(handle, migrationsDir);
      await loadDatabase(handle, path.join(dir, DATABASE_PART), await tablesOf(handle.db));
      const root = path.resolve(dataDir);
      for (const part of manifest.parts) {
        if (!part.path.startsWith(`${FILES_DIR}/`)) continue;
        const destination = path.join(root, part.path.slice(FILES_DIR.length + 1));
        mkdirSync(path.dirname(destination), { recursive: true, mode: 0o700 });
        copyFileSync(path.join(dir, part.path), destination);
      }
      const { applied } = await migrate(handle);
      return { manifest, applied };
    } finally {
      await handle.close();
    }
  } finally {
    if (unpacked) rmSync(unpacked, { recursive: true, force: true });
    if (migrationsDir) rmSync(migrationsDir, { recursive: true, force: true });
  }
}

export const BACKUP_USAGE = `  backup <dir|file.tar.gz>       write the database and DATA_DIR's files, with manifest.json
                                 (SHA-256 of every part); with the embedded database, run it
                                 while no server holds DATA_DIR
  restore <dir|file.tar.gz> [--force]
                                 check every checksum, then load the backup into an empty
                                 database and DATA_DIR (--force replaces what is there)`;
