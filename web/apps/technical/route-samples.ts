/**
 * One sample path (without language) for every route of this app: the route table's tests and the
 * server's route walk (server/src/modules/web/routes.test.ts) open each. The type makes a route of
 * the manifest without a sample an error.
 */
import type { RouteSamples } from '@parlay/mf/app-manifest.ts';
import type manifest from './app.ts';

export const ROUTE_SAMPLES: RouteSamples<typeof manifest> = {
  oldbrowser: '/oldbrowser',
  'server-error': '/500',
  block: '/block',
  'block-ua': '/block-ua',
  'block-ie': '/block-ie',
  'site-updates': '/site-updates',
  'coming-soon': '/coming-soon',
  suspension: '/suspension',
};
