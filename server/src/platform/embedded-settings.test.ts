import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { pgliteTemplate } from '../testing/test-app.ts';
import { type DatabaseHandle, EMBEDDED_SETTINGS, embeddedStartParams, openDatabase } from './db.ts';

async function shown(handle: DatabaseHandle, setting: string): Promise<string> {
  const { rows } = await sql<Record<string, string>>`${sql.raw(`show ${setting}`)}`.execute(handle.db);
  return Object.values(rows[0] ?? {})[0] ?? '';
}

/** Issue 25: a site's embedded database is sized for a small site; tests keep PGlite's defaults. */
describe('embedded database settings', () => {
  it('gives a site every small setting after PGlite’s own parameters, and tests none', () => {
    expect(EMBEDDED_SETTINGS).toEqual(
      expect.arrayContaining(['shared_buffers=16MB', 'wal_buffers=1MB', 'max_connections=10']),
    );
    const site = embeddedStartParams('site');
    expect(site.slice(0, PGlite.defaultStartParams.length)).toEqual(PGlite.defaultStartParams);
    expect(site.slice(PGlite.defaultStartParams.length)).toEqual(
      EMBEDDED_SETTINGS.flatMap((setting) => ['-c', setting]),
    );
    expect(embeddedStartParams('test')).toEqual(PGlite.defaultStartParams);
  });

  it('runs a database on a data directory with them, and one in memory with the defaults', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'parlay-embedded-'));
    const start = await pgliteTemplate();
    const site = await openDatabase({ databaseUrl: null, dataDir, poolSize: 1, pglite: start });
    const memory = await openDatabase({ databaseUrl: null, dataDir: null, poolSize: 1, pglite: start });
    try {
      expect(await shown(site, 'shared_buffers')).toBe('16MB');
      expect(await shown(site, 'wal_buffers')).toBe('1MB');
      expect(await shown(site, 'max_connections')).toBe('10');
      expect(await shown(memory, 'shared_buffers')).toBe('128MB');
    } finally {
      await site.close();
      await memory.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
