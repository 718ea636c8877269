/** The JSON shape of one account (coupon-accounts §3): amounts as the integer minor-unit string and the formatted decimal. */
import { formatAmount } from '@parlay/domain/money/index.ts';
import type { Account } from './wallet.ts';

export function accountView(a: Account) {
  return {
    id: a.id.toString(),
    iso: a.iso,
    symbol: a.symbol,
    label: a.label,
    money: formatAmount(a.moneyMinor, a.iso),
    moneyMinor: a.moneyMinor.toString(),
    type: a.type,
    currencyId: a.currencyId,
    isActive: a.isActive,
    points: a.points.toString(),
    isFrozen: a.isFrozen,
  };
}
