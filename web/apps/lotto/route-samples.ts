/**
 * One sample path (without language) for every route of this app: the route table's tests and the
 * server's route walk (server/src/modules/web/routes.test.ts) open each. The type makes a route of
 * the manifest without a sample an error.
 */
import type { RouteSamples } from '@parlay/mf/app-manifest.ts';
import type manifest from './app.ts';

export const ROUTE_SAMPLES: RouteSamples<typeof manifest> = {
  lotto: '/lotto/6of45',
  'lotto-draw': '/lotto/view/2024',
  toto: '/toto',
  'toto-section': '/toto/football-15',
  'toto-section-page': '/toto/football-15/draws',
};
