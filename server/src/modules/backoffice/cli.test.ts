import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../platform/db.ts';
import { CHILD_ENV, migratedDataDir } from '../../testing/cli-process.ts';
import { REPO_ROOT } from '../../testing/test-app.ts';
import { totpCode } from './totp.ts';

const NODE = path.join(REPO_ROOT, 'node_modules/.bin/node');

function parlay(args: string[], env: Record<string, string>) {
  return spawnSync(NODE, ['--disable-warning=ExperimentalWarning', 'server/src/cli.ts', ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...CHILD_ENV, ...env },
    encoding: 'utf8',
    timeout: 90_000,
  });
}

async function withData(
  dataDir: string,
  work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<void>,
) {
  const handle = await openDatabase({ databaseUrl: null, dataDir, poolSize: 1 });
  try {
    await work(handle.db);
  } finally {
    await handle.close();
  }
}

describe('parlay operators / parlay audit', () => {
  it('creates the first admin (password and TOTP shown once); verify passes, then fails after a hand edit or delete', async () => {
    // A migrated site (the CLI's migrating from nothing is cli.test.ts's).
    const dataDir = await migratedDataDir('parlay-bo-');
    const env = { DATA_DIR: dataDir };
    const created = parlay(['operators', 'create', '--login', 'Chief', '--role', 'admin'], env);
    expect(created.stderr).toBe('');
    expect(created.status).toBe(0);
    expect(created.stdout).toMatch(/^operator chief \(admin\) created, id 1\n/);
    const secret = /TOTP secret: ([A-Z2-7]{32})\n/.exec(created.stdout)?.[1];
    expect(secret).toBeDefined();
    expect(created.stdout).toMatch(/one-time password: [\w-]{20}\n/);
    expect(created.stdout).toContain(
      `otpauth URI: otpauth://totp/Parlay%20back%20office%3Achief?secret=${secret}&`,
    );
    expect(totpCode(secret!, Date.now())).toMatch(/^\d{6}$/);

    const taken = parlay(['operators', 'create', '--login', 'chief', '--role', 'admin'], env);
    expect(taken.status).toBe(1);
    expect(taken.stderr.trim()).toBe('BACKOFFICE_LOGIN_TAKEN: An operator with this login exists');
    const badRole = parlay(['operators', 'create', '--login', 'x2', '--role', 'king'], env);
    expect(badRole.status).toBe(1);
    expect(parlay(['operators', 'create', '--login', 'second'], env).stderr).toContain('usage:');
    expect(parlay(['operators', 'create', '--login', 'second', '--role', 'payments'], env).status).toBe(0);

    const intact = parlay(['audit', 'verify'], env);
    expect([intact.status, intact.stdout.trim()]).toEqual([0, 'audit chain intact: 2 record(s)']);

    await withData(dataDir, async (db) => {
      await sql`update backoffice_audit set details = '{"login":"chief","role":"auditor"}' where seq = 1`.execute(
        db,
      );
    });
    const edited = parlay(['audit', 'verify'], env);
    expect(edited.status).toBe(1);
    expect(edited.stderr.trim()).toBe(
      'audit chain broken at record 1: its contents do not match its hash (0 record(s) before it intact)',
    );

    await withData(dataDir, async (db) => {
      await sql`update backoffice_audit set details = '{"login":"chief","role":"admin"}' where seq = 1`.execute(
        db,
      );
    });
    expect(parlay(['audit', 'verify'], env).status).toBe(0);
    await withData(dataDir, async (db) => {
      await sql`delete from backoffice_audit where seq = 2`.execute(db);
    });
    const deleted = parlay(['audit', 'verify'], env);
    expect(deleted.status).toBe(1);
    expect(deleted.stderr).toMatch(
      /^audit chain broken at record 2: the chain ends at 1 but its head names 2/,
    );
  }, 240_000);
});
