/**
 * The self-hosting kit stays true to the code: Dockerfile, .dockerignore, compose.yaml, the systemd
 * units and the reverse-proxy examples name only files that exist (or the build makes), only
 * environment variables the server reads (server/src/platform/config.ts) or the kit defines itself,
 * the real health route, the real port, the real roles; the WebSocket path is upgraded; every
 * licence field says Apache-2.0. (No container runtime runs in CI, so no image is built here:
 * docs/deploy.md says how the image was checked.)
 */
import { execFileSync } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, ROLES, VARIABLES } from '../../server/src/platform/config.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const KNOWN = new Set(VARIABLES.map((v) => v.name));
const DEFAULTS = new Map(VARIABLES.map((v) => [v.name, v.defaultValue]));
/** Variables of the kit itself: bin/parlay's env file, compose's host port, PostgreSQL's image. */
const KIT_VARIABLES = new Set([
  'PARLAY_ENV_FILE',
  'PARLAY_PORT',
  'POSTGRES_PASSWORD',
  'POSTGRES_USER',
  'POSTGRES_DB',
]);
/** Files the build stage makes (not in the repository). */
const BUILT = new Set(['node_modules', 'web/dist']);

type Yaml = string | Yaml[] | { [key: string]: Yaml };

/** The YAML compose.yaml is written in: block maps and block lists of plain or quoted scalars. */
function parseYaml(text: string): Yaml {
  const lines = text
    .split('\n')
    .map((raw) => raw.replace(/\s+#.*$|^\s*#.*$/, ''))
    .filter((line) => line.trim() !== '')
    .map((line) => ({ indent: line.length - line.trimStart().length, text: line.trim() }));
  let at = 0;
  const scalar = (raw: string): string => raw.replace(/^"(.*)"$/, '$1').replace(/^'(.*)'$/, '$1');
  const block = (indent: number): Yaml => {
    if (lines[at]!.text.startsWith('- ')) {
      const list: Yaml[] = [];
      while (at < lines.length && lines[at]!.indent === indent && lines[at]!.text.startsWith('- ')) {
        list.push(scalar(lines[at]!.text.slice(2)));
        at += 1;
      }
      return list;
    }
    const map: Record<string, Yaml> = {};
    while (at < lines.length && lines[at]!.indent === indent) {
      const match = /^([^:]+):(?:\s+(.*))?$/.exec(lines[at]!.text);
      if (!match) throw new Error(`compose.yaml: cannot read ${lines[at]!.text}`);
      at += 1;
      const [, key, value] = match;
      map[key!] =
        value !== undefined
          ? scalar(value)
          : at < lines.length && lines[at]!.indent > indent
            ? block(lines[at]!.indent)
            : '';
    }
    return map;
  };
  return block(0);
}

/** `${NAME}`, `${NAME:-default}` and `${NAME:?message}` references. */
const references = (text: string) =>
  [...text.matchAll(/\$\{([A-Z][A-Z0-9_]*)(?::?[-?][^}]*)?\}/g)].map((m) => m[1]!);

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');

  it('builds in one stage and runs Node 24 as a non-root user in a slim one', () => {
    const stages = [...dockerfile.matchAll(/^FROM (\S+) AS (\w+)$/gm)].map((m) => `${m[2]} ${m[1]}`);
    expect(stages).toEqual(['build node:24-bookworm-slim', 'runtime node:24-bookworm-slim']);
    const build = dockerfile.slice(dockerfile.indexOf('AS build'), dockerfile.indexOf('AS runtime'));
    expect(build).toMatch(/npm ci\b/);
    expect(build).toMatch(/npm run build\b/);
    expect(build).toMatch(/npm prune --omit=dev\b/);
    expect(dockerfile).toMatch(/^USER node$/m);
  });

  it('copies into the runtime only what exists or the build makes, and all that parlay start reads', () => {
    const copied = [...dockerfile.matchAll(/^COPY --from=build \S+ (.+) \S+$/gm)].flatMap((m) =>
      m[1]!.split(' ').map((source) => source.replace(/^\/app\//, '')),
    );
    for (const source of copied)
      expect(BUILT.has(source) || existsSync(path.join(ROOT, source)), source).toBe(true);
    // What the server reads from the release at run time (import.meta.dirname paths and imports).
    for (const needed of ['package.json', 'server', 'domain', 'web', 'content', 'node_modules']) {
      expect(copied).toContain(needed);
    }
  });

  it('sets only variables the server reads, exposes its port, checks its health route, keeps DATA_DIR on a volume', () => {
    // The runtime's ENV instruction: its first line and every continued (backslash) line.
    const lines = dockerfile.split('\n');
    const first = lines.findIndex((line) => line.startsWith('ENV NODE_ENV='));
    let last = first;
    while (lines[last]!.endsWith('\\')) last += 1;
    const env = lines.slice(first, last + 1).join('\n');
    const set = [...env.matchAll(/([A-Z][A-Z0-9_]+)=(\S+)/g)];
    expect(set.length).toBeGreaterThan(3);
    for (const [, name] of set) expect(KNOWN.has(name!) || KIT_VARIABLES.has(name!), name).toBe(true);
    const values = Object.fromEntries(set.map((m) => [m[1], m[2]]));
    expect(dockerfile).toContain(`EXPOSE ${values.PORT}`);
    expect(dockerfile).toContain(`VOLUME ["${values.DATA_DIR}"]`);
    expect(values.PORT).toBe(DEFAULTS.get('PORT'));
    expect(read('server/src/modules/system/index.ts')).toContain("'/healthz'");
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/healthz/m);
    expect(dockerfile).toMatch(/^ENTRYPOINT \["\/app\/server\/bin\/parlay"\]$/m);
    accessSync(path.join(ROOT, 'server/bin/parlay'), constants.X_OK);
  });

  it('is built from a context without local data, installed modules or secrets', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'));
    for (const entry of ['.git', '**/node_modules', 'web/dist', 'data', '.env'])
      expect(ignored).toContain(entry);
    for (const needed of ['server', 'web', 'domain', 'content', 'package.json', 'package-lock.json']) {
      expect(ignored).not.toContain(needed);
    }
  });
});

describe('compose.yaml', () => {
  const compose = parseYaml(read('compose.yaml')) as Record<string, Record<string, Record<string, Yaml>>>;
  const services = compose.services!;

  it('runs the app with PostgreSQL and Redis, each with a health check, the app after both are healthy', () => {
    expect(Object.keys(services).sort()).toEqual(['app', 'postgres', 'redis']);
    for (const [name, service] of Object.entries(services)) {
      expect((service.healthcheck as Record<string, Yaml>)?.test, name).toBeDefined();
    }
    expect(services.app!.depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
    });
    expect(JSON.stringify(services.app!.healthcheck)).toContain('/healthz');
    expect(services.app!.build).toBe('.');
  });

  it('wires DATABASE_URL and BUS_URL to its services, DATA_DIR to a volume, and sets only real variables', () => {
    const env = services.app!.environment as Record<string, string>;
    for (const name of Object.keys(env)) expect(KNOWN.has(name), name).toBe(true);
    const database = new URL(env.DATABASE_URL!.replace(/\$\{[^}]*\}/, 'secret'));
    expect(database.hostname).toBe('postgres');
    const postgres = services.postgres!.environment as Record<string, string>;
    expect([database.username, database.pathname]).toEqual([
      postgres.POSTGRES_USER,
      `/${postgres.POSTGRES_DB}`,
    ]);
    expect(new URL(env.BUS_URL!).hostname).toBe('redis');
    expect(services.app!.volumes).toContain(`parlay-data:${env.DATA_DIR}`);
    expect(Object.keys(compose.volumes!)).toContain('parlay-data');
    // Production starts only with its own key and with messaging said: compose demands the key.
    expect(env.NODE_ENV).toBe('production');
    expect(env.AUTH_SECRET).toMatch(/^\$\{AUTH_SECRET:\?/);
    expect(env.MESSAGING).toMatch(/^\$\{MESSAGING:-(on|off)\}$/);
    for (const name of references(read('compose.yaml'))) {
      expect(KNOWN.has(name) || KIT_VARIABLES.has(name), name).toBe(true);
    }
  });
});

describe('systemd units and reverse proxies', () => {
  const units = ['parlay.service', 'parlay@.service', 'parlay-backup.service'].map((f) => [
    f,
    read(`deploy/systemd/${f}`),
  ]);

  it('start bin/parlay with real variables and roles', () => {
    for (const [file, unit] of units) {
      expect(unit, file).toMatch(/^ExecStart=.*\/server\/bin\/parlay (start|backup)/m);
      expect(unit, file).toMatch(/^EnvironmentFile=\/etc\/parlay\/parlay\.env$/m);
      for (const [, name] of unit!.matchAll(/^Environment=([A-Z][A-Z0-9_]*)=/gm)) {
        expect(KNOWN.has(name!) || KIT_VARIABLES.has(name!), `${file}: ${name}`).toBe(true);
      }
    }
    const template = read('deploy/systemd/parlay@.service');
    expect(template).toMatch(/^Environment=PARLAY_ROLES=%i$/m);
    const target = read('deploy/systemd/parlay-roles.target');
    const instances = [...target.matchAll(/parlay@([a-z,]+)\.service/g)].map((m) => m[1]);
    expect(instances.sort()).toEqual([...ROLES].sort());
    expect(read('deploy/systemd/parlay-backup.timer')).toMatch(/^OnCalendar=/m);
  });

  it('upgrade /ws to a WebSocket, pass the forwarded headers TRUST_PROXY believes, and say to set it', () => {
    expect(read('server/src/modules/realtime/index.ts')).toContain("app.get('/ws'");
    for (const file of ['deploy/nginx/parlay.conf', 'deploy/nginx/parlay-roles.conf']) {
      const conf = read(file);
      const ws = conf.slice(conf.indexOf('location = /ws'));
      expect(ws, file).toMatch(/proxy_set_header Upgrade\s+\$http_upgrade;/);
      expect(ws, file).toMatch(/proxy_set_header Connection\s+\$parlay_connection;/);
      for (const header of ['X-Forwarded-For', 'X-Forwarded-Proto', 'X-Forwarded-Host'])
        expect(conf).toContain(header);
      expect(conf, file).toMatch(/ssl_certificate /);
      expect(conf, file).toContain('TRUST_PROXY');
    }
    const caddy = read('deploy/Caddyfile');
    expect(caddy).toMatch(/reverse_proxy 127\.0\.0\.1:3000/);
    expect(caddy).toContain('TRUST_PROXY=loopback');
    // What these files tell operators to set is accepted.
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
  });
});

describe('licence', () => {
  it('is Apache-2.0 in LICENSE and in every package.json', () => {
    expect(read('LICENSE')).toContain('Apache License\n                           Version 2.0, January 2004');
    expect(read('LICENSE')).toMatch(/^Copyright \d{4} Parlay contributors$/m);
    const manifests = execFileSync('git', ['ls-files', '*package.json'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
    expect(manifests.length).toBeGreaterThan(10);
    for (const file of manifests) expect(JSON.parse(read(file)).license, file).toBe('Apache-2.0');
  });
});
