/**
 * Amounts in the provider API: a decimal string of major units with at most the currency's
 * decimals ("12.50" RUB = 1250 minor units). Refused with BAD_AMOUNT: a JSON number (binary
 * floating point has no exact cents), a negative or signed amount, more decimals than the currency
 * has (a fraction of a minor unit), exponents, more than 13 integer digits.
 */
import { currency } from '@parlay/domain/money/currencies.ts';
import { ProviderError } from './provider-errors.ts';

export function minorOf(amount: unknown, currencyCode: string): bigint {
  if (typeof amount !== 'string') throw new ProviderError('BAD_AMOUNT', 'amount must be a decimal string');
  const match = /^(\d{1,13})(?:\.(\d{1,12}))?$/.exec(amount);
  if (!match) throw new ProviderError('BAD_AMOUNT');
  const scale = currency(currencyCode).scale;
  const fraction = match[2] ?? '';
  if (fraction.length > scale) {
    throw new ProviderError('BAD_AMOUNT', `${currencyCode} has ${scale} decimals; got ${fraction.length}`);
  }
  return BigInt(match[1] as string) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0') || '0');
}

export function amountText(minor: bigint, currencyCode: string): string {
  const scale = currency(currencyCode).scale;
  if (scale === 0) return minor.toString();
  const sign = minor < 0n ? '-' : '';
  const abs = minor < 0n ? -minor : minor;
  const unit = 10n ** BigInt(scale);
  return `${sign}${abs / unit}.${(abs % unit).toString().padStart(scale, '0')}`;
}
