/**
 * For tests that run `parlay` in child processes (each child loads the whole server: several hundred
 * TypeScript modules stripped and compiled at every start) on embedded data directories of their own.
 */
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../platform/db.ts';
import { pgliteTemplate, REPO_ROOT } from './test-app.ts';

/**
 * Environment for the children: Node's module compile cache (TypeScript included), one directory
 * shared by every child of every test file, so a child after the first reads the compiled code of
 * its modules instead of compiling them again. A quiet optimisation (Node checks each entry against
 * its source and ignores what does not match); it changes no behaviour. `parlay launch` (the usage
 * line only): 2.3-3.2 s of processor time without it, 1.0-1.4 s with it (load 11-12).
 */
export const CHILD_ENV: Record<string, string> = {
  NODE_COMPILE_CACHE: path.join(REPO_ROOT, 'node_modules/.cache/parlay-test-compile-cache'),
};

/** A new, empty directory under the system's temporary one. */
export const newDataDir = (prefix: string): string => mkdtempSync(path.join(tmpdir(), prefix));

/**
 * A new data directory holding an embedded database with every migration applied, as `parlay
 * migrate` leaves one, restored from the migrated template the in-memory test databases start from
 * (test-app.ts): for tests of what a command does on a migrated site, not of migrating from nothing,
 * it saves a child's initdb and a hundred migrations (10-14 s of processor time at load 12).
 */
export async function migratedDataDir(prefix: string): Promise<string> {
  const dataDir = newDataDir(prefix);
  const handle = await openDatabase({
    databaseUrl: null,
    dataDir,
    poolSize: 1,
    pglite: await pgliteTemplate(),
  });
  await handle.close();
  return dataDir;
}

/** A copy of a data directory no process has open (a prepared site, for a test of its own to change). */
export function copyDataDir(source: string, prefix: string): string {
  const copy = newDataDir(prefix);
  cpSync(source, copy, { recursive: true });
  return copy;
}
