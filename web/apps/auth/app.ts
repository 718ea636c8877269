/**
 * The auth micro-app: login, registration, contact confirmation and password reset pages (their texts
 * are the site's "auth" namespace: the shell's modals and the office's contact forms read them too),
 * and the login, registration and forgot-password modals it lends the shell.
 */
import { type AreaDefaults, defineApp, route } from '@parlay/mf/app-manifest.ts';

const ACCOUNT: AreaDefaults = {
  area: 'account',
  layout: 'default',
  guards: [],
  // limits: the deposit-limit offer after a registration.
  dictionaries: ['auth', 'limits'],
  robots: 'noindex',
  parent: 'home',
};

export default defineApp({
  name: 'auth',
  entries: { client: 'src/client.tsx', server: 'src/server.tsx' },
  dictionaries: [],
  modals: ['login', 'registration', 'forgot-password'],
  routes: [
    // Account and authentication
    route('login', '/user/login', ACCOUNT, { guards: ['guest-only', 'banned-allowed', 'terms-exempt'] }),
    route('registration', '/registration/{type?}', ACCOUNT, {
      params: { type: 'registrationType' },
      guards: ['registration-allowed', 'guest-only'],
    }),
    route('confirm', '/confirm', ACCOUNT, { guards: ['auth-required'] }),
    route('user-accountverify', '/user/accountverify', ACCOUNT),
    route('user-activatefast', '/user/activatefast/{type}', ACCOUNT, { params: { type: 'activateType' } }),
    route('user-passwordreset', '/user/passwordreset', ACCOUNT, { guards: ['terms-exempt'] }),
    route('user-stopnewsletter', '/user/stopnewsletter', ACCOUNT, {
      guards: ['terms-exempt', 'banned-allowed'],
    }),
    route('confirm-terms', '/confirm-terms', ACCOUNT, { guards: ['confirm-terms-page', 'terms-exempt'] }),
  ],
});
