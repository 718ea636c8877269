/** Where an app's entries are: its manifest names them relative to its folder web/apps/<name>/. */
import type { AppManifest } from '@parlay/mf/app-manifest.ts';

/** The app's browser and server entry files, relative to the repository root (for the build). */
export function appEntryFiles(app: Pick<AppManifest, 'name' | 'entries'>): {
  client: string;
  server: string;
} {
  return {
    client: `web/apps/${app.name}/${app.entries.client}`,
    server: `web/apps/${app.name}/${app.entries.server}`,
  };
}
