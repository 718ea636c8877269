import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { autoRenderThreads, ConfigError, loadConfig, VARIABLES } from './config.ts';

describe('loadConfig', () => {
  it('gives the documented defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.roles).toEqual(['web', 'api', 'realtime', 'workers']);
    expect(config.databaseUrl).toBeNull();
    expect(config.dataDir).toBe('./data');
    expect(config.busUrl).toBeNull();
  });

  it('shares the cores among the web processes for render threads unless told a number', () => {
    const cores = availableParallelism();
    const postgres = { DATABASE_URL: 'postgres://db/parlay' };
    expect(loadConfig(postgres).renderThreads).toBe(cores);
    expect(loadConfig({ ...postgres, RENDER_THREADS: 'auto' }).renderThreads).toBe(cores);
    // The embedded database is a small site's: one render thread bounds its memory.
    expect(loadConfig({}).renderThreads).toBe(1);
    expect(loadConfig({ RENDER_THREADS: '2' }).renderThreads).toBe(2);
    expect(loadConfig({ RENDER_THREADS: '0' }).renderThreads).toBe(0);
    expect(loadConfig({ RENDER_THREADS: '3' }).renderThreads).toBe(3);
    expect(autoRenderThreads(cores * 2)).toBe(1);
    expect(autoRenderThreads(1)).toBe(cores);
    expect(autoRenderThreads(Number.NaN)).toBe(cores);
    expect(() => loadConfig({ RENDER_THREADS: 'many' })).toThrow(
      /^invalid configuration: RENDER_THREADS = "many"/,
    );
  });

  it('reads every variable of the table', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      PARLAY_ROLES: 'api, realtime',
      DATABASE_URL: 'postgres://u@localhost:5432/x',
      BUS_URL: 'nats://127.0.0.1:4222',
      SEED_ON_START: 'no',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      roles: ['api', 'realtime'],
      databaseUrl: 'postgres://u@localhost:5432/x',
      busUrl: 'nats://127.0.0.1:4222',
      seedOnStart: false,
    });
    expect(new Set(VARIABLES.map((v) => v.name)).size).toBe(VARIABLES.length);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PARLAY_ROLES', 'web,cashier'],
    ['DATABASE_URL', 'mysql://x'],
    ['BUS_URL', 'kafka://x'],
    ['LOG_LEVEL', 'loud'],
    ['SEED_ON_START', 'maybe'],
  ])('rejects %s=%s with one line naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    try {
      loadConfig({ [name]: value });
    } catch (err) {
      const message = (err as Error).message;
      expect(message).toContain(name);
      expect(message).not.toContain('\n');
    }
  });

  it('needs a database server and a bus for several processes', () => {
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(/WEB_CONCURRENCY/);
    expect(
      loadConfig({
        WEB_CONCURRENCY: '2',
        DATABASE_URL: 'postgres://x@h/db',
        BUS_URL: 'redis://127.0.0.1:6379',
      }).webConcurrency,
    ).toBe(2);
  });

  it('needs API_INTERNAL_URL for a web process without the api role', () => {
    expect(() => loadConfig({ PARLAY_ROLES: 'web' })).toThrow(/API_INTERNAL_URL/);
    expect(loadConfig({ PARLAY_ROLES: 'web', API_INTERNAL_URL: 'http://api:3000' }).roles).toEqual(['web']);
  });
});

describe('README configuration table', () => {
  it('documents every variable with its default', () => {
    const readme = readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');
    for (const variable of VARIABLES) {
      const shownDefault = variable.defaultValue === '' ? '(unset)' : `\`${variable.defaultValue}\``;
      expect(readme).toContain(`| \`${variable.name}\` | ${shownDefault} |`);
    }
  });
});
