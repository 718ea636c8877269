/**
 * A sample path (without language) for every route of the listed apps, gathered from each app's
 * route-samples.ts, for the route table's tests and the server's route walk. Test support only.
 */
import { APPS } from './index.ts';

const FILES = import.meta.glob<Readonly<Record<string, string>>>('./*/route-samples.ts', {
  eager: true,
  import: 'ROUTE_SAMPLES',
});

/** The samples of these apps (by default the listed ones), by route id. */
export function routeSamplesOf(apps: readonly { name: string }[] = APPS): Readonly<Record<string, string>> {
  return Object.assign({}, ...apps.map((app) => FILES[`./${app.name}/route-samples.ts`] ?? {}));
}

export const ROUTE_SAMPLES = routeSamplesOf();
