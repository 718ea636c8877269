/**
 * One sample path (without language) for every route of this app: the route table's tests and the
 * server's route walk (server/src/modules/web/routes.test.ts) open each. The type makes a route of
 * the manifest without a sample an error.
 */
import type { RouteSamples } from '@parlay/mf/app-manifest.ts';
import type manifest from './app.ts';

export const ROUTE_SAMPLES: RouteSamples<typeof manifest> = {
  login: '/user/login',
  registration: '/registration/socialregistration',
  confirm: '/confirm',
  'user-accountverify': '/user/accountverify',
  'user-activatefast': '/user/activatefast/activate',
  'user-passwordreset': '/user/passwordreset',
  'user-stopnewsletter': '/user/stopnewsletter',
  'confirm-terms': '/confirm-terms',
};
