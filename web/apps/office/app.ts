/**
 * The office micro-app: the player's office (authentication required), payments and their returns,
 * bets, security, responsible gaming, and the ban appeal page.
 */
import { type AreaDefaults, defineApp, route } from '@parlay/mf/app-manifest.ts';

declare module '@parlay/i18n/languages.ts' {
  interface AppNamespaces {
    office: true;
    'office-money': true;
    'office-security': true;
    'office-more': true;
    'office-bonus': true;
    'office-referral': true;
    'office-cashback': true;
  }
}

const OFFICE: AreaDefaults = {
  area: 'office',
  layout: 'default',
  guards: ['auth-required'],
  // limits: the responsible page and the deposit-limit offer of the recharge page.
  dictionaries: [
    'office',
    'office-money',
    'office-security',
    'office-more',
    'office-bonus',
    'office-referral',
    'office-cashback',
    'errors',
    'limits',
  ],
  robots: 'noindex',
  parent: 'office',
};
const PAYMENTS: AreaDefaults = { ...OFFICE, area: 'payments', guards: [], parent: 'home' };
/** The signed-out desktop's QR login page (the phone approves at office-qrlogin). */
const QR_DESKTOP: AreaDefaults = { ...OFFICE, area: 'qrlogin', guards: ['guest-only'], parent: 'home' };

export default defineApp({
  name: 'office',
  entries: { client: 'src/client.tsx', server: 'src/server.tsx' },
  dictionaries: [
    'office',
    'office-money',
    'office-security',
    'office-more',
    'office-bonus',
    'office-referral',
    'office-cashback',
  ],
  sectionMenus: ['office'],
  routes: [
    // Office (authentication required)
    route('office', '/office', OFFICE, { parent: 'home' }),
    route('office-account', '/office/account', OFFICE),
    route('office-history', '/office/history', OFFICE),
    route('office-historypay', '/office/historypay', OFFICE),
    route('office-recharge', '/office/recharge', OFFICE, { guards: ['recharge-modal'] }),
    route('office-recharge-form', '/office/recharge/form', OFFICE, { parent: 'office-recharge' }),
    // The contact change reuses the auth app's confirmation form and its dictionary.
    route('office-security', '/office/security', {
      ...OFFICE,
      dictionaries: [...OFFICE.dictionaries, 'auth'],
    }),
    route('office-responsible', '/office/responsible', OFFICE),
    // The odds format names are the header's (common).
    route('office-settings', '/office/settings', {
      ...OFFICE,
      dictionaries: [...OFFICE.dictionaries, 'common'],
    }),
    route('office-bonuses-deposit', '/office/bonuses/deposit', OFFICE),
    route('office-bonuses-wager', '/office/bonuses/wager', OFFICE),
    route('office-vipcashback', '/office/casino/vipcashback', OFFICE),
    route('office-premiumcashback', '/office/casino/premiumcashback', OFFICE),
    route('office-deduce', '/office/deduce', OFFICE, { guards: ['banned-deduce'] }),
    route('office-deduce-form', '/office/deduce/form', OFFICE, {
      guards: ['banned-deduce'],
      parent: 'office-deduce',
    }),
    route('office-promotion', '/office/promotion', OFFICE),
    route('office-bringfriend', '/office/bringfriend', OFFICE),
    route('office-support', '/office/support', OFFICE, { guards: ['banned-allowed', 'terms-exempt'] }),
    route('office-rewards', '/office/rewards', OFFICE),
    route('office-verification', '/office/verification', OFFICE),
    route('office-identification', '/office/identification', OFFICE, { guards: ['identification-shown'] }),
    route('office-share-idea', '/office/share-idea', OFFICE),
    route('office-qrlogin', '/office/qrlogin', OFFICE),
    route('qr-login', '/qrlogin', QR_DESKTOP),
    route('office-payment-requests', '/office/payment/requests', OFFICE),
    route('office-payment-create-request', '/office/payment/create-request/{topicId}', OFFICE, {
      parent: 'office-payment-requests',
    }),
    route('office-payment-transactions', '/office/payment/create-request/{topicId}/transactions', OFFICE, {
      parent: 'office-payment-create-request',
    }),
    route(
      'office-payment-transaction',
      '/office/payment/create-request/{topicId}/transactions/{transactionId}',
      OFFICE,
      { parent: 'office-payment-transactions' },
    ),
    route('office-payment-subtopic', '/office/payment/create-request/{topicId}/{subTopicId}', OFFICE, {
      parent: 'office-payment-create-request',
    }),
    route('block-appeal-history', '/block-appeal-history', OFFICE, {
      guards: ['banned-allowed', 'home-only', 'terms-exempt'],
      layout: 'blocked',
      parent: null,
    }),
    // Payment returns
    route('onpay-success', '/onpay/success', PAYMENTS),
    route('onpay-fail', '/onpay/fail', PAYMENTS),
    route('onpay-pending', '/onpay/pending', PAYMENTS),
    route('onpay-cancel', '/onpay/cancel', PAYMENTS),
    route('onpay-withdraw-success', '/onpay/withdraw/success', PAYMENTS),
    route('onpay-withdraw-fail', '/onpay/withdraw/fail', PAYMENTS),
    route('onpay-withdraw-pending', '/onpay/withdraw/pending', PAYMENTS),
    route('onpay-withdraw-cancel', '/onpay/withdraw/cancel', PAYMENTS),
  ],
});
