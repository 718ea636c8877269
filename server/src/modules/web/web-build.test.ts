/**
 * The server loads the micro-apps the build lists (web/dist/manifest.json apps, written from the one
 * list web/apps/index.ts), not whatever .js files lie in the server folder: a stray bundle is not an
 * app, and a listed app without its bundle stops the start with its name.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadWebBuild } from './index.ts';

const SHELL = 'export default { async renderPage() { return { kind: "html", status: 200, html: "" }; } };';
const remote = (name: string) =>
  `export default { appName: ${JSON.stringify(name)}, async render() { throw new Error('not rendered'); } };`;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function fakeBuild(listed: readonly string[], files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'parlay-web-build-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, 'server'));
  const apps = Object.fromEntries(
    ['shell', ...listed].map((name) => [name, { entry: `/assets/${name}.js`, css: [], preload: [] }]),
  );
  writeFileSync(
    path.join(dir, 'manifest.json'),
    JSON.stringify({ version: 't', importMap: { imports: {} }, sharedPreload: [], apps }),
  );
  writeFileSync(path.join(dir, 'server', 'package.json'), '{"type":"module"}');
  writeFileSync(path.join(dir, 'server', 'shell.js'), SHELL);
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, 'server', file), text);
  return dir;
}

describe('loadWebBuild: the apps of the list', () => {
  it('loads every listed app and nothing else', async () => {
    const dir = fakeBuild(['sports', 'fixture'], {
      'sports.js': remote('sports'),
      'fixture.js': remote('fixture'),
      'stray.js': remote('stray'),
    });
    const build = await loadWebBuild(dir);
    expect([...build.remotes.keys()].sort()).toEqual(['fixture', 'sports']);
  });

  it('names a listed app whose server bundle is missing or is another app', async () => {
    await expect(
      loadWebBuild(fakeBuild(['sports', 'lotto'], { 'sports.js': remote('sports') })),
    ).rejects.toThrow('web build lists app lotto');
    await expect(loadWebBuild(fakeBuild(['lotto'], { 'lotto.js': remote('casino') }))).rejects.toThrow(
      'lotto.js is not the server module of app lotto',
    );
  });
});
