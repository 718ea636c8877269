/**
 * .env.example at the repository root lists every variable of the configuration table with its
 * description and default, and Node's env-file parser (what `--env-file-if-exists` uses) reads
 * each default back unchanged once its line is uncommented.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { VARIABLES } from './config.ts';
import { envExample } from './env-example.ts';

const file = path.resolve(import.meta.dirname, '../../../.env.example');
const text = readFileSync(file, 'utf8');

describe('.env.example', () => {
  it('is what `parlay config env-example` writes (regenerate it after changing the table)', () => {
    expect(text).toBe(envExample());
  });

  it('names every variable of the configuration table, with its description', () => {
    const named = new Set([...text.matchAll(/^#([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
    const missing = VARIABLES.filter((v) => !named.has(v.name)).map((v) => v.name);
    expect(missing).toEqual([]);
    expect(named.size).toBe(VARIABLES.length);
    // Each block: the wrapped description, then the commented assignment.
    const described = new Map<string, string>();
    for (const block of text.split('\n\n').slice(1)) {
      const lines = block.trim().split('\n');
      const name = lines.at(-1)?.match(/^#([A-Z][A-Z0-9_]*)=/)?.[1] ?? '';
      described.set(
        name,
        lines
          .slice(0, -1)
          .map((line) => line.replace(/^# ?/, ''))
          .join(' '),
      );
    }
    for (const variable of VARIABLES) {
      expect(described.get(variable.name)).toBe(
        `${variable.name}: ${variable.description.split(/\s+/).join(' ')}`,
      );
    }
  });

  it('gives each default back through the env-file parser once uncommented', () => {
    const uncommented = text.replace(/^#([A-Z][A-Z0-9_]*=)/gm, '$1');
    const parsed = parseEnv(uncommented);
    for (const variable of VARIABLES) expect(parsed[variable.name]).toBe(variable.defaultValue);
  });
});

describe('the env file', () => {
  it('is read by server/bin/parlay when present, and the environment wins over it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'parlay-env-'));
    try {
      const file = path.join(dir, 'parlay.env');
      // A bad value stops the boot before any database is opened: the line shows which value was read.
      writeFileSync(file, '# a comment\nLOG_LEVEL=from-the-file\n');
      const bin = path.resolve(import.meta.dirname, '../../bin/parlay');
      const run = (env: Record<string, string>) =>
        spawnSync(bin, ['migrate'], {
          env: { PATH: process.env.PATH ?? '', DATA_DIR: dir, ...env },
          encoding: 'utf8',
          timeout: 60_000,
        });
      const fromFile = run({ PARLAY_ENV_FILE: file });
      expect(fromFile.status).toBe(1);
      expect(fromFile.stderr).toMatch(/^invalid configuration: LOG_LEVEL = "from-the-file": /);
      const fromEnv = run({ PARLAY_ENV_FILE: file, LOG_LEVEL: 'from-the-environment' });
      expect(fromEnv.stderr).toMatch(/^invalid configuration: LOG_LEVEL = "from-the-environment": /);
      // A missing file is no error, and prints nothing.
      const none = run({ PARLAY_ENV_FILE: path.join(dir, 'missing.env'), LOG_LEVEL: 'bad' });
      expect(none.stderr).toMatch(/^invalid configuration: LOG_LEVEL = "bad": [^\n]+\n$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
