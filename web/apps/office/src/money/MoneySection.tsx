/** Which money section an office route shows; null for routes of other issues (they keep their empty state). */

import { PaymentHistory, TransactionHistory } from './Histories.tsx';
import { OnPay } from './OnPay.tsx';
import {
  CreateRequestPage,
  PaymentRequestsPage,
  SubtopicRequestPage,
  TopicTransactionsPage,
  TransactionRequestPage,
} from './PaymentRequests.tsx';
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
  'office-payment-create-request',
  'office-payment-transactions',
  'office-payment-transaction',
  'office-payment-subtopic',
  'office-verification',
  'office-identification',
]);

export function isMoneyRoute(routeId: string): boolean {
  return MONEY_ROUTES.has(routeId) || routeId.startsWith('onpay-');
}

export function MoneySection({
  routeId,
  lng,
  params = {},
}: {
  routeId: string;
  lng: string;
  params?: Record<string, string>;
}) {
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
      return <PaymentHistory lng={lng} />;
    case 'office-payment-requests':
      return <PaymentRequestsPage lng={lng} />;
    case 'office-payment-create-request':
      return <CreateRequestPage lng={lng} topicId={params.topicId} />;
    case 'office-payment-transactions':
      return <TopicTransactionsPage lng={lng} topicId={params.topicId} />;
    case 'office-payment-transaction':
      return (
        <TransactionRequestPage lng={lng} topicId={params.topicId} transactionId={params.transactionId} />
      );
    case 'office-payment-subtopic':
      return <SubtopicRequestPage lng={lng} topicId={params.topicId} subTopicId={params.subTopicId} />;
    case 'office-verification':
      return <Verification />;
    case 'office-identification':
      return <Verification identification />;
    default:
      return null;
  }
}
