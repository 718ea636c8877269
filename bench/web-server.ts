/**
 * The production web server the browser benches (bench:lighthouse, bench:boot) measure: the web build
 * (or a build kept aside in WEB_DIST_DIR, for before/after, used as it is), an embedded database seeded
 * at start, and the feed's world loaded (live games exist) before anything is measured.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BenchServer, NODE, REPO_ROOT, startServer } from './support.ts';

const LIVE_WAIT_MS = 60_000;

export async function startWebServer(dataDirPrefix: string): Promise<BenchServer> {
  if (!process.env.WEB_DIST_DIR) spawnSync(NODE, ['web/build.ts'], { cwd: REPO_ROOT, stdio: 'inherit' });
  const server = await startServer({
    NODE_ENV: 'production',
    MESSAGING: 'off',
    AUTH_SECRET: 'bench-only-auth-secret-0123456789abcdefghij',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), dataDirPrefix)),
    SEED_ON_START: 'true',
  });
  const deadline = Date.now() + LIVE_WAIT_MS;
  while (Date.now() < deadline) {
    const answer = await fetch(`${server.origin}/web-api/sportsbook/v1/live?lang=en&limit=1`);
    const live = (await answer.json()) as { total?: number };
    if ((live.total ?? 0) > 0) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  return server;
}
