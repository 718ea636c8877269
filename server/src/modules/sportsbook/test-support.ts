/**
 * For the sportsbook API tests: an app whose catalogue is seeded and fed one step of the
 * deterministic simulator (seed 285) at a fixed instant, and a GET helper under the API prefix.
 */
import { ManualClock } from '../../platform/clock.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { FeedIngester } from './feed/ingester.ts';
import { FeedSimulator } from './feed/simulator/simulator.ts';
import { seedCatalogue } from './seed-catalogue.ts';

/** The instant the simulated feed starts at (and the app's ManualClock shows). */
export const SIMULATED_START_MS = Date.UTC(2026, 10, 22, 12, 0, 0);
export const V1 = '/web-api/sportsbook/v1';

/** An API app over the seeded catalogue with the simulator's games, markets and prices at SIMULATED_START_MS. */
export async function simulatedCatalogueApp(): Promise<TestApp> {
  const t = await createTestApp({ roles: 'api' });
  const clock = new ManualClock(SIMULATED_START_MS);
  t.deps.clock = clock;
  await seedCatalogue(t.deps.db.db);
  const sim = new FeedSimulator({ seed: 285 });
  const ingester = new FeedIngester(t.deps.db.db, t.deps.bus, clock, { heartbeatMs: 15_000 });
  await ingester.apply(sim.advance(SIMULATED_START_MS));
  return t;
}

/** A guest's GET of `url` under V1: the status and the JSON body. */
export async function getApi(t: TestApp, url: string) {
  const res = await t.app.inject({ method: 'GET', url: `${V1}${url}` });
  return { status: res.statusCode, body: res.json() };
}
