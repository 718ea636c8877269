/** Which money section an office route shows; null for routes of other issues (they keep their empty state). */

import { PaymentHistory, TransactionHistory } from './Histories.tsx';
import { OnPay } from './OnPay.tsx';
import { Deduce, Recharge } from './Payments.tsx';
import { Verification } from './Verification.tsx';
import { Wallets } from './Wallets.tsx';

const MONEY_ROUTES = new Set([
  'office',
  'office-recharge',
  'office-recharge-form',
  'office-deduce',
  'office-deduce-form',
  'office-history',
  'office-historypay',
  'office-payment-requests',
  'office-verification',
  'office-identification',
]);

export function isMoneyRoute(routeId: string): boolean {
  return MONEY_ROUTES.has(routeId) || routeId.startsWith('onpay-');
}

export function MoneySection({ routeId, lng }: { routeId: string; lng: string }) {
  if (routeId.startsWith('onpay-')) return <OnPay routeId={routeId} lng={lng} />;
  switch (routeId) {
    case 'office':
      return <Wallets />;
    case 'office-recharge':
    case 'office-recharge-form':
      return <Recharge lng={lng} />;
    case 'office-deduce':
    case 'office-deduce-form':
      return <Deduce lng={lng} />;
    case 'office-history':
      return <TransactionHistory lng={lng} />;
    case 'office-historypay':
    case 'office-payment-requests':
      return <PaymentHistory lng={lng} />;
    case 'office-verification':
      return <Verification />;
    case 'office-identification':
      return <Verification identification />;
    default:
      return null;
  }
}
