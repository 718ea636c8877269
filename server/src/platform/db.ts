/**
 * The database: Kysely over a real PostgreSQL server (pg pool) when DATABASE_URL is set, otherwise
 * over embedded PGlite (PostgreSQL compiled to WASM) stored in DATA_DIR. Same SQL, same migrations.
 * int8 columns come back as bigint on both engines, so money never passes through a float.
 */

import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
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
import pg from 'pg';
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
}

const INT8_OID = 20;
const parseInt8 = (value: string): bigint => BigInt(value);

export interface OpenDatabaseOptions {
  databaseUrl: string | null;
  /** Directory for PGlite files; null keeps the embedded database in memory (tests). */
  dataDir: string | null;
  poolSize: number;
  /**
   * PGlite only: start from this data directory (a dump()) instead of an empty initialised one, and
   * with this compiled engine (tests: a migrated template restored in a fraction of initdb's time).
   */
  pglite?: { loadDataDir?: Blob; wasmModule?: WebAssembly.Module };
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize);
  return openPglite(options.dataDir, options.pglite);
}

async function openPostgres(connectionString: string, poolSize: number): Promise<DatabaseHandle> {
  const types = {
    getTypeParser: (oid: number, format?: 'text' | 'binary') =>
      oid === INT8_OID ? parseInt8 : pg.types.getTypeParser(oid, format),
  };
  const pool = new pg.Pool({ connectionString, max: poolSize, types });
  // An idle connection the server ends (restart, failover, a dropped test database) must not crash
  // the process: pg reports it on the pool, and the next query simply opens a new connection.
  pool.on('error', (err) => {
    process.emitWarning(`PostgreSQL pool: idle connection lost (${err.message})`);
  });
  pool.on('connect', prepareMarkedStatements);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'postgres',
    async close() {
      await db.destroy();
    },
  };
}

async function openPglite(
  dataDir: string | null,
  start: OpenDatabaseOptions['pglite'] = {},
): Promise<DatabaseHandle> {
  let location: string | undefined;
  if (dataDir) {
    location = path.resolve(dataDir, 'pglite');
    mkdirSync(location, { recursive: true });
  }
  const client = await PGlite.create(location, {
    parsers: { [INT8_OID]: parseInt8 },
    ...(start.loadDataDir ? { loadDataDir: start.loadDataDir } : {}),
    ...(start.wasmModule ? { pgliteWasmModule: start.wasmModule } : {}),
  });
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
      await db.destroy();
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
