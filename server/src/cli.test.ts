import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './testing/test-app.ts';

const NODE = path.join(REPO_ROOT, 'node_modules/.bin/node');

function parlay(args: string[], env: Record<string, string>) {
  return spawnSync(NODE, ['--disable-warning=ExperimentalWarning', 'server/src/cli.ts', ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('parlay CLI', () => {
  it('stops at boot with one clear line naming a bad variable', () => {
    const result = parlay(['start'], { PORT: 'eighty' });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^invalid configuration: PORT = "eighty"/);
  });

  it('migrates and seeds an embedded database idempotently', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'parlay-cli-'));
    const env = { DATA_DIR: dataDir };
    const first = parlay(['migrate'], env);
    expect(first.stderr).toBe('');
    expect(first.stdout).toMatch(/^applied 0001_platform, /);
    expect(parlay(['migrate'], env).stdout.trim()).toBe('database is up to date');
    const seeded = parlay(['seed'], env);
    expect(seeded.status).toBe(0);
    expect(seeded.stdout.trim()).toMatch(/^seeded \d+ sports$/);
    expect(parlay(['seed'], env).status).toBe(0);
  });

  it('gets, sets, refuses and resets site settings', () => {
    const env = { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'parlay-cli-')) };
    expect(parlay(['config', 'set', 'features.isSnowEnabled', 'true'], env).status).toBe(0);
    expect(JSON.parse(parlay(['config', 'get', 'features'], env).stdout).isSnowEnabled).toBe(true);
    const bad = parlay(['config', 'set', 'features.isSnowEnabled', '"yes"'], env);
    expect(bad.status).toBe(1);
    expect(bad.stderr.trim()).toMatch(/^features.isSnowEnabled: /);
    expect(JSON.parse(parlay(['config', 'get', 'features'], env).stdout).isSnowEnabled).toBe(true);
    expect(parlay(['config', 'reset', 'features.isSnowEnabled'], env).status).toBe(0);
    expect(JSON.parse(parlay(['config', 'get', 'features'], env).stdout).isSnowEnabled).toBe(false);
  });

  it('prints usage for an unknown command and fails', () => {
    const result = parlay(['launch'], {});
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('unknown command "launch"');
    expect(result.stderr).toContain('usage: parlay');
  });
});
