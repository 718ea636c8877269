/**
 * One sample path (without language) for every route of this app: the route table's tests and the
 * server's route walk (server/src/modules/web/routes.test.ts) open each. The type makes a route of
 * the manifest without a sample an error.
 */
import type { RouteSamples } from '@parlay/mf/app-manifest.ts';
import type manifest from './app.ts';

export const ROUTE_SAMPLES: RouteSamples<typeof manifest> = {
  office: '/office',
  'office-account': '/office/account',
  'office-history': '/office/history',
  'office-historypay': '/office/historypay',
  'office-recharge': '/office/recharge',
  'office-recharge-form': '/office/recharge/form',
  'office-security': '/office/security',
  'office-responsible': '/office/responsible',
  'office-settings': '/office/settings',
  'office-bonuses-deposit': '/office/bonuses/deposit',
  'office-bonuses-wager': '/office/bonuses/wager',
  'office-vipcashback': '/office/casino/vipcashback',
  'office-premiumcashback': '/office/casino/premiumcashback',
  'office-deduce': '/office/deduce',
  'office-deduce-form': '/office/deduce/form',
  'office-promotion': '/office/promotion',
  'office-bringfriend': '/office/bringfriend',
  'office-support': '/office/support',
  'office-qrlogin': '/office/qrlogin',
  'qr-login': '/qrlogin',
  'office-rewards': '/office/rewards',
  'office-verification': '/office/verification',
  'office-identification': '/office/identification',
  'office-share-idea': '/office/share-idea',
  'office-payment-requests': '/office/payment/requests',
  'office-payment-create-request': '/office/payment/create-request/3',
  'office-payment-transactions': '/office/payment/create-request/3/transactions',
  'office-payment-transaction': '/office/payment/create-request/3/transactions/99',
  'office-payment-subtopic': '/office/payment/create-request/3/5',
  'block-appeal-history': '/block-appeal-history',
  'onpay-success': '/onpay/success',
  'onpay-fail': '/onpay/fail',
  'onpay-pending': '/onpay/pending',
  'onpay-cancel': '/onpay/cancel',
  'onpay-withdraw-success': '/onpay/withdraw/success',
  'onpay-withdraw-fail': '/onpay/withdraw/fail',
  'onpay-withdraw-pending': '/onpay/withdraw/pending',
  'onpay-withdraw-cancel': '/onpay/withdraw/cancel',
};
