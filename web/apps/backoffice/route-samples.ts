/** One sample path (without language) for every route of the back office, for the route tests. */
import type { RouteSamples } from '@parlay/mf/app-manifest.ts';
import type manifest from './app.ts';

export const ROUTE_SAMPLES: RouteSamples<typeof manifest> = {
  backoffice: '/backoffice',
  'backoffice-sign-in': '/backoffice/sign-in',
  'backoffice-withdrawals': '/backoffice/withdrawals',
  'backoffice-operators': '/backoffice/operators',
  'backoffice-audit': '/backoffice/audit',
  'backoffice-players': '/backoffice/players',
  'backoffice-adjustments': '/backoffice/adjustments',
  'backoffice-alerts': '/backoffice/alerts',
  'backoffice-support': '/backoffice/support',
  'backoffice-trading': '/backoffice/trading',
  'backoffice-bets': '/backoffice/bets',
  'backoffice-payments': '/backoffice/payments',
  'backoffice-casino': '/backoffice/casino',
  'backoffice-bonuses': '/backoffice/bonuses',
  'backoffice-content': '/backoffice/content',
  'backoffice-blocks': '/backoffice/blocks',
  'backoffice-redirects': '/backoffice/redirects',
  'backoffice-terms': '/backoffice/terms',
  'backoffice-config': '/backoffice/config',
};
