/**
 * The built web half (WEB_DIST_DIR): the manifest, the shell's server module and the server module of
 * every micro-app the manifest lists (the build writes one entry per app of web/apps/index.ts, the
 * same list the shell routes with). Loaded by the web role's main thread and by each render worker.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RemoteServerModule, ShellServerModule, WebManifest } from '@parlay/mf/contract.ts';

export interface WebBuild {
  manifest: WebManifest;
  shell: ShellServerModule;
  remotes: Map<string, RemoteServerModule>;
}

export async function loadWebBuild(distDir: string): Promise<WebBuild> {
  const manifestPath = path.join(distDir, 'manifest.json');
  if (!existsSync(manifestPath)) {
    throw new Error(`web assets are not built (${manifestPath} is missing): run npm run build`);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as WebManifest;
  const serverDir = path.join(distDir, 'server');
  const importDefault = async <T>(file: string): Promise<T> =>
    ((await import(pathToFileURL(path.join(serverDir, file)).href)) as { default: T }).default;
  const shell = await importDefault<ShellServerModule>('shell.js');
  const remotes = new Map<string, RemoteServerModule>();
  for (const name of Object.keys(manifest.apps)) {
    if (name === 'shell') continue;
    const file = `${name}.js`;
    if (!existsSync(path.join(serverDir, file))) {
      throw new Error(
        `web build lists app ${name} but has no ${path.join(serverDir, file)}: run npm run build`,
      );
    }
    const remote = await importDefault<RemoteServerModule>(file);
    if (typeof remote?.render !== 'function' || remote.appName !== name) {
      throw new Error(`${file} is not the server module of app ${name}`);
    }
    remotes.set(name, remote);
  }
  return { manifest, shell, remotes };
}
