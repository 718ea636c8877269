/**
 * `parlay casino import-provider` as the operator runs it: the command line over an embedded
 * database, twice (idempotent), and a bad file (exit 1, nothing imported).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../testing/test-app.ts';
import { TEST_PROVIDER, testCatalogueFile } from './test-support.ts';

const NODE = path.join(REPO_ROOT, 'node_modules/.bin/node');

function parlay(args: string[], env: Record<string, string>) {
  return spawnSync(NODE, ['--disable-warning=ExperimentalWarning', 'server/src/cli.ts', ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
}

describe('parlay casino import-provider', () => {
  it('imports a provider’s games into an embedded database, idempotently, and refuses a bad file', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'parlay-import-cli-'));
    const env = { DATA_DIR: path.join(dir, 'data') };
    const file = path.join(dir, 'acme.json');
    writeFileSync(file, JSON.stringify(testCatalogueFile()));
    const first = parlay(['casino', 'import-provider', TEST_PROVIDER, file], env);
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout.trim()).toMatch(
      /^imported 2 games of acme-studio \(catalogue: \d+ games, \d+ playable\)$/,
    );
    const again = parlay(['casino', 'import-provider', TEST_PROVIDER, file], env);
    expect(again.stdout).toBe(first.stdout);

    const bad = path.join(dir, 'bad.json');
    writeFileSync(
      bad,
      JSON.stringify({ games: [{ ...testCatalogueFile().games[0], id: 7100, rtp: 'high' }] }),
    );
    const refused = parlay(['casino', 'import-provider', TEST_PROVIDER, bad], env);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('/games/0/rtp');
    // The usage lists the command; an unknown sub-command is refused with it.
    const usage = parlay(['casino', 'export'], env);
    expect(usage.status).toBe(1);
    expect(usage.stderr).toContain('casino import-provider <provider> <file.json>');
  }, 240_000);
});
