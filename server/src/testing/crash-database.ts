/**
 * The database of a crash test: the test prepares it, then a child process it will SIGKILL owns it,
 * then the test opens it again to count what survived. PGlite on disk in a temporary directory, or
 * a new database on the PostgreSQL server when DATABASE_URL is set; removed when the test ends. It
 * starts with every migration applied, copied from the test databases' template (test-app.ts): a
 * test's own `migrate` then finds nothing to do instead of running a hundred migrations on disk.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type DatabaseHandle, openDatabase } from '../platform/db.ts';
import { createTestDatabase, pgliteTemplate } from './test-app.ts';

export interface CrashDatabase {
  /** Opens it (PGlite allows one process at a time: close before the child starts). */
  open(): Promise<DatabaseHandle>;
  /** The child's environment naming it: `<prefix>_DATABASE_URL` or `<prefix>_DATA_DIR`. */
  env(prefix: string): Record<string, string>;
}

export async function createCrashDatabase(
  name: string,
  cleanups: (() => Promise<void>)[],
): Promise<CrashDatabase> {
  if (process.env.DATABASE_URL) {
    const database = await createTestDatabase({ migrated: true });
    cleanups.push(() => database.drop());
    await database.handle.close();
    const url = database.url!;
    return {
      open: () => openDatabase({ databaseUrl: url, dataDir: null, poolSize: 4 }),
      env: (prefix) => ({ [`${prefix}_DATABASE_URL`]: url }),
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), `parlay-${name}-`));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  let loaded = false;
  return {
    async open() {
      // The first opening unpacks the template into the empty directory; later ones open what is there.
      const start = loaded ? undefined : await pgliteTemplate();
      const handle = await openDatabase({ databaseUrl: null, dataDir: dir, poolSize: 1, pglite: start });
      loaded = true;
      return handle;
    },
    env: (prefix) => ({ [`${prefix}_DATA_DIR`]: dir }),
  };
}
