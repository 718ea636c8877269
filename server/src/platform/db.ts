/**
 * The database: Kysely over a real PostgreSQL server (pg pool) when DATABASE_URL is set, otherwise
 * over embedded PGlite (PostgreSQL compiled to WASM) stored in DATA_DIR. Same SQL, same migrations.
 * int8 columns come back as bigint on both engines, so money never passes through a float.
 */

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type pg from 'pg';
import { type DataDirLock, lockDataDir } from './data-dir-lock.ts';
import type { Database } from './schema.ts';

/**
 * A statement whose text starts with this comment is prepared once per PostgreSQL connection (a
 * named statement) instead of being parsed and planned at every call: for the few statements of
 * the hottest paths (bet placement), where parse and plan were a fifth of the server's work
 * (bench/place). Their result columns must be listed, never `*`, so that a migration adding a
 * column cannot change the result type of a statement a connection has prepared. PGlite ignores it.
 */
export const PREPARED_MARKER = '/* prepared */';
const preparedNames = new Map<string, string>();

function statementName(text: string): string {
  let name = preparedNames.get(text);
  if (!name) {
    name = `p_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    preparedNames.set(text, name);
  }
  return name;
}

/** Sends the marked statements of a new connection as named (prepared) statements. */
function prepareMarkedStatements(client: pg.PoolClient): void {
  // The prototype's query is looked up at each call, so wrappers set on it later still apply.
  const query = (...args: unknown[]) =>
    (Object.getPrototypeOf(client) as { query: (...a: unknown[]) => unknown }).query.apply(client, args);
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    if (typeof text === 'string' && Array.isArray(values) && text.startsWith(PREPARED_MARKER)) {
      return query({ name: statementName(text), text, values });
    }
    return query(...args);
  };
}

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a gzipped tarball (a template for the next one). */
  dump?(): Promise<Blob>;
  /**
   * PostgreSQL with DATABASE_READ_URL: a pool on the read replica. Use it only through
   * readsToleratingLag, and only for what a replica's lag cannot make wrong.
   */
  readReplica?: Kysely<Database>;
}

/**
 * Where a read that tolerates the replica's lag goes: the read replica when one is configured, else
 * the primary. Only for public, read-heavy answers that are shared and cached anyway (sports lists,
 * results, content, the casino lobby); never for money, bet placement, or a player reading what
 * they just wrote (a replica may not have it yet).
 */
export function readsToleratingLag(handle: DatabaseHandle): Kysely<Database> {
  return handle.readReplica ?? handle.db;
}

const INT8_OID = 20;
const parseInt8 = (value: string): bigint => BigInt(value);

/**
 * Settings of the embedded database, sized for a small site (issue 25). PGlite runs PostgreSQL in
 * WebAssembly memory that grows and never shrinks, so what PostgreSQL is allowed to hold becomes
 * the process's resident memory for good: its defaults (128 MB of shared buffers, 64 MB per
 * maintenance operation, 4 MB per sort or hash, 100 connections' worth of shared state for its one
 * connection) made most of the 0.7–1.7 GB the README's server reached. A small site's hot data
 * fits these buffers; the operating system's page cache keeps the rest of the files.
 */
export const EMBEDDED_SETTINGS: readonly string[] = [
  'shared_buffers=16MB',
  'wal_buffers=1MB',
  'work_mem=2MB',
  'maintenance_work_mem=16MB',
  'temp_buffers=2MB',
  'logical_decoding_work_mem=1MB',
  'max_connections=10',
  'jit=off',
];

/**
 * What an embedded database is opened for: a site's data directory (`parlay start` and every CLI
 * command on DATA_DIR), or a test's database in memory (dataDir null).
 */
export type EmbeddedUse = 'site' | 'test';

/**
 * PGlite's start parameters for a use. A site's database gets EMBEDDED_SETTINGS: measured with
 * bench/memory.ts and runs of `parlay migrate` + `parlay seed` per setting alternating with the
 * defaults (docs/deploy.md, Memory), only shared_buffers (and a little wal_buffers and
 * max_connections) changes the memory — an idle server's WebAssembly memory resident 45 MB instead
 * of 165–170 MB —, and none of them changes the processor time or the file writes of migrating and
 * seeding (user + system time: the measure a loaded machine does not blur; wall times there varied
 * 3× between identical runs). Tests' in-memory databases keep PGlite's defaults all the same.
 */
export function embeddedStartParams(use: EmbeddedUse): string[] {
  const settings = use === 'site' ? EMBEDDED_SETTINGS : [];
  return [...PGlite.defaultStartParams, ...settings.flatMap((setting) => ['-c', setting])];
}

/**
 * A full garbage collection now. Creating a database in an empty directory runs initdb in a PGlite
 * of its own whose WebAssembly memory (about 190 MB, 165 MB of it resident) is garbage once it is
 * done, but V8 may leave it for minutes on a quiet server (bench/memory.ts: a first start still held
 * both memories after a minute idle; bench:soak once idled at 933 MB). node:v8 offers gc() only
 * behind a flag, so the flag is set and the function taken from a fresh context; it runs once per
 * new database.
 */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

export interface OpenDatabaseOptions {
  databaseUrl: string | null;
  /** Directory for PGlite files; null keeps the embedded database in memory (tests). */
  dataDir: string | null;
  poolSize: number;
  /** postgres://… of a read replica of databaseUrl (DATABASE_READ_URL), or null. */
  readUrl?: string | null;
  /**
   * PGlite only: start from this data directory (a dump()) instead of an empty initialised one, and
   * with this compiled engine (tests: a migrated template restored in a fraction of initdb's time).
   */
  pglite?: { loadDataDir?: Blob; wasmModule?: WebAssembly.Module };
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl)
    return openPostgres(options.databaseUrl, options.poolSize, options.readUrl ?? null);
  return openPglite(options.dataDir, options.pglite);
}

async function openPostgres(
  connectionString: string,
  poolSize: number,
  readUrl: string | null,
): Promise<DatabaseHandle> {
  // pg loaded only for a PostgreSQL server: the embedded default never uses it (issue 25).
  const { default: pgModule } = await import('pg');
  const db = postgresPool(pgModule, connectionString, poolSize);
  const readReplica = readUrl ? postgresPool(pgModule, readUrl, poolSize) : null;
  return {
    db,
    kind: 'postgres',
    ...(readReplica ? { readReplica } : {}),
    async close() {
      try {
        await db.destroy();
      } finally {
        await readReplica?.destroy();
      }
    },
  };
}

function postgresPool(pgModule: typeof pg, connectionString: string, poolSize: number): Kysely<Database> {
  const types = {
    getTypeParser: (oid: number, format?: 'text' | 'binary') =>
      oid === INT8_OID ? parseInt8 : pgModule.types.getTypeParser(oid, format),
  };
  const pool = new pgModule.Pool({ connectionString, max: poolSize, types });
  // An idle connection the server ends (restart, failover, a dropped test database) must not crash
  // the process: pg reports it on the pool, and the next query simply opens a new connection.
  pool.on('error', (err) => {
    process.emitWarning(`PostgreSQL pool: idle connection lost (${err.message})`);
  });
  pool.on('connect', prepareMarkedStatements);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** Whether DATA_DIR already holds an embedded database (false: the next open runs initdb). */
export function embeddedDatabaseExists(dataDir: string): boolean {
  return existsSync(path.join(path.resolve(dataDir, 'pglite'), 'PG_VERSION'));
}

async function openPglite(
  dataDir: string | null,
  start: OpenDatabaseOptions['pglite'] = {},
): Promise<DatabaseHandle> {
  let location: string | undefined;
  let lock: DataDirLock | null = null;
  if (dataDir) {
    location = path.resolve(dataDir, 'pglite');
    mkdirSync(location, { recursive: true });
    // Before PGlite touches a file: a second process must not open the embedded database.
    lock = lockDataDir(dataDir);
  }
  const initialises =
    location !== undefined && !start.loadDataDir && !existsSync(path.join(location, 'PG_VERSION'));
  let client: PGlite;
  try {
    client = await PGlite.create(location, {
      parsers: { [INT8_OID]: parseInt8 },
      startParams: embeddedStartParams(dataDir ? 'site' : 'test'),
      ...(start.loadDataDir ? { loadDataDir: start.loadDataDir } : {}),
      ...(start.wasmModule ? { pgliteWasmModule: start.wasmModule } : {}),
    });
  } catch (err) {
    lock?.release();
    throw err;
  }
  if (initialises) collectGarbage();
  const driver = new PgliteDriver(client);
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  return {
    db,
    kind: 'pglite',
    async close() {
      try {
        await db.destroy();
      } finally {
        lock?.release();
      }
    },
    dump: () => client.dumpDataDir('gzip'),
  };
}

/**
 * PGlite is one connection. Kysely may ask for several at once (parallel requests, transactions),
 * so connections are handed out one at a time through a FIFO lock; a transaction holds it to the end.
 */
class PgliteDriver implements Driver {
  readonly #client: PGlite;
  readonly #connection: DatabaseConnection;
  #tail: Promise<void> = Promise.resolve();
  #release: (() => void) | null = null;

  constructor(client: PGlite) {
    this.#client = client;
    this.#connection = new PgliteConnection(client);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#tail;
    let release!: () => void;
    this.#tail = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    this.#release = release;
    return this.#connection;
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = null;
    release?.();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    const access = settings.accessMode ? ` ${settings.accessMode}` : '';
    await connection.executeQuery(rawQuery(`begin${isolation}${access}`));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(rawQuery('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(rawQuery('rollback'));
  }

  async destroy(): Promise<void> {
    if (!this.#client.closed) await this.#client.close();
  }
}

function rawQuery(sql: string): CompiledQuery {
  return CompiledQuery.raw(sql);
}

class PgliteConnection implements DatabaseConnection {
  readonly #client: PGlite;
  constructor(client: PGlite) {
    this.#client = client;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    // Without parameters the simple protocol is used, as pg does, so multi-statement scripts
    // (migrations) run; Kysely always binds values, so no input is ever spliced into such text.
    const result =
      compiledQuery.parameters.length === 0
        ? lastResult(await this.#client.exec(compiledQuery.sql))
        : await this.#client.query(compiledQuery.sql, [...compiledQuery.parameters]);
    return {
      rows: result.rows as R[],
      numAffectedRows: result.affectedRows === undefined ? undefined : BigInt(result.affectedRows),
    };
  }

  /** PGlite has no cursors: the whole result is one chunk. */
  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    yield await this.executeQuery<R>(compiledQuery);
  }
}

function lastResult(results: Awaited<ReturnType<PGlite['exec']>>): {
  rows: unknown[];
  affectedRows?: number;
} {
  return results.at(-1) ?? { rows: [] };
}
