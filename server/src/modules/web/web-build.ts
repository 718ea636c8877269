/**
 * The built web half (WEB_DIST_DIR): the manifest, the shell's server module and every micro-app's
 * server module. Loaded by the web role's main thread and by each render worker for itself.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
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
  for (const file of readdirSync(serverDir)) {
    if (!file.endsWith('.js') || file === 'shell.js') continue;
    const remote = await importDefault<RemoteServerModule>(file);
    if (remote && typeof remote.render === 'function') remotes.set(remote.appName, remote);
  }
  return { manifest, shell, remotes };
}
