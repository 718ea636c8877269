/**
 * Money of the casino through the shared formatter: a real currency as the site writes it
 * ("1 500,00 RUB"); the demo wallet's play units, which are no currency, with two decimals and the
 * dictionary's unit name ("1 000,00 fun").
 */

import { isCurrencyCode } from '@parlay/domain/money/currencies.ts';
import { formatMoney } from '@parlay/i18n/format.ts';

/** Demo units have two decimals, as a cent currency: formatted through a currency of that scale. */
const TWO_DECIMALS = 'EUR';

export function moneyOf(lng: string, t: (key: string) => string) {
  return (minor: bigint | string, currency: string): string =>
    isCurrencyCode(currency)
      ? formatMoney(minor, currency, lng)
      : `${formatMoney(minor, TWO_DECIMALS, lng, { code: false })} ${t('demo.unit')}`;
}
