/**
 * The back office (issue 24): operators' pages under /{lng}/backoffice, on the page alone (no site
 * header): sign-in (password, then TOTP), the dashboard shell with its left navigation, the
 * withdrawal queue, operators and the audit log. Data comes from /backoffice-api/v1 in the browser
 * (the operator's cookie is its own and never reaches the site's server renders).
 */
import { type AreaDefaults, defineApp, route } from '@parlay/mf/app-manifest.ts';

declare module '@parlay/i18n/languages.ts' {
  interface AppNamespaces {
    backoffice: true;
  }
}

const BACKOFFICE: AreaDefaults = {
  area: 'backoffice',
  layout: 'empty',
  guards: [],
  dictionaries: ['backoffice', 'errors'],
  robots: 'noindex',
  parent: 'home',
};

export default defineApp({
  name: 'backoffice',
  entries: { client: 'src/client.tsx', server: 'src/server.tsx' },
  dictionaries: ['backoffice'],
  routes: [
    route('backoffice', '/backoffice', BACKOFFICE),
    route('backoffice-sign-in', '/backoffice/sign-in', BACKOFFICE, { parent: 'backoffice' }),
    route('backoffice-withdrawals', '/backoffice/withdrawals', BACKOFFICE, { parent: 'backoffice' }),
    route('backoffice-operators', '/backoffice/operators', BACKOFFICE, { parent: 'backoffice' }),
    route('backoffice-audit', '/backoffice/audit', BACKOFFICE, { parent: 'backoffice' }),
    route('backoffice-players', '/backoffice/players', BACKOFFICE, { parent: 'backoffice' }),
    route('backoffice-adjustments', '/backoffice/adjustments', BACKOFFICE, { parent: 'backoffice' }),
    route('backoffice-alerts', '/backoffice/alerts', BACKOFFICE, { parent: 'backoffice' }),
    route('backoffice-support', '/backoffice/support', BACKOFFICE, { parent: 'backoffice' }),
    route('backoffice-trading', '/backoffice/trading', BACKOFFICE, { parent: 'backoffice' }),
    route('backoffice-bets', '/backoffice/bets', BACKOFFICE, { parent: 'backoffice' }),
    route('backoffice-payments', '/backoffice/payments', BACKOFFICE, { parent: 'backoffice' }),
    route('backoffice-casino', '/backoffice/casino', BACKOFFICE, { parent: 'backoffice' }),
    route('backoffice-bonuses', '/backoffice/bonuses', BACKOFFICE, { parent: 'backoffice' }),
    route('backoffice-content', '/backoffice/content', BACKOFFICE, { parent: 'backoffice' }),
    route('backoffice-blocks', '/backoffice/blocks', BACKOFFICE, { parent: 'backoffice' }),
    route('backoffice-redirects', '/backoffice/redirects', BACKOFFICE, { parent: 'backoffice' }),
    route('backoffice-terms', '/backoffice/terms', BACKOFFICE, { parent: 'backoffice' }),
    route('backoffice-config', '/backoffice/config', BACKOFFICE, { parent: 'backoffice' }),
  ],
});
