/**
 * Numbers, money and dates as the player reads them in their language: Intl.NumberFormat and
 * Intl.DateTimeFormat of the language's locale, one module for every micro-app and the shell, so an
 * amount reads "1 500,00 RUB" on a Russian page and "1,500.00 RUB" on an English one everywhere.
 *
 * Money stays exact: the domain writes minor units as a decimal string ("1500.00") and Intl formats
 * that string as it is (a string is an exact decimal for Intl.NumberFormat), never a floating-point
 * number. The currency code follows the amount in both languages, as the player chose it.
 *
 * Dates are formatted in UTC from the moment already moved into the player's zone (whole hours from
 * UTC, coupon-accounts §3), so the server render and the browser write the same characters.
 */
import { formatAmount } from '@parlay/domain/money/amount.ts';
import { currency, isCurrencyCode } from '@parlay/domain/money/currencies.ts';

/** The locale of each site language: Russian as written in Russia, English as written in Britain. */
const LOCALES: Readonly<Record<string, string>> = { ru: 'ru-RU', en: 'en-GB' };

/** The Intl locale of a site language: localeOf('ru') === 'ru-RU'; an unknown language reads Russian. */
export function localeOf(lng: string): string {
  return LOCALES[lng] ?? LOCALES.ru!;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(lng: string, fractionDigits: number, signed: boolean, trim = false): Intl.NumberFormat {
  const key = `${lng}|${fractionDigits}|${signed}|${trim}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(localeOf(lng), {
      minimumFractionDigits: trim ? 0 : fractionDigits,
      maximumFractionDigits: fractionDigits,
      ...(signed ? { signDisplay: 'exceptZero' as const } : {}),
    });
    numberFormats.set(key, format);
  }
  return format;
}

/**
 * A whole or decimal number with the language's grouping and decimal sign:
 * formatNumber(1500, 'ru') === '1 500' (no-break space), formatNumber(1500, 'en') === '1,500',
 * formatNumber(2.5, 'ru', { fractionDigits: 2 }) === '2,50', and with `upTo` only the digits needed:
 * formatNumber(6.5, 'ru', { upTo: 2 }) === '6,5'.
 */
export function formatNumber(
  value: number | bigint,
  lng: string,
  options: { fractionDigits?: number; upTo?: number } = {},
): string {
  if (options.upTo !== undefined) return numberFormat(lng, options.upTo, false, true).format(value);
  return numberFormat(lng, options.fractionDigits ?? 0, false).format(value);
}

export interface MoneyOptions {
  /** "+1 500,00 RUB" for gains in a history; negative amounts always carry their minus. */
  signed?: boolean;
  /** Leave out the currency code (a column or a field that names it already). */
  code?: false;
  /** Drop zero decimals: "1 500" and "2,5" for the stake buttons of the bet slip. */
  trim?: boolean;
}

/**
 * Minor units of a currency as money text with exactly the currency's digits:
 * formatMoney(150000n, 'RUB', 'ru') === '1 500,00 RUB', formatMoney('-12345', 'USD', 'en') === '-123.45 USD'.
 * An unknown currency code shows its minor units as they are.
 */
export function formatMoney(
  minor: bigint | string,
  iso: string,
  lng: string,
  options: MoneyOptions = {},
): string {
  let value: bigint;
  try {
    value = typeof minor === 'bigint' ? minor : BigInt(minor);
  } catch {
    return `${minor} ${iso}`;
  }
  if (!isCurrencyCode(iso)) return `${value} ${iso}`;
  const decimal = `${value < 0n ? '-' : ''}${formatAmount(value < 0n ? -value : value, iso)}`;
  return decimalMoney(decimal, iso, lng, options);
}

/** A decimal string of exactly the currency's digits through Intl (a string stays exact). */
function decimalMoney(decimal: string, iso: string, lng: string, options: MoneyOptions): string {
  const { scale } = currency(iso);
  const number = numberFormat(lng, scale, options.signed === true, options.trim === true).format(
    decimal as Intl.StringNumericLiteral,
  );
  return options.code === false ? number : `${number} ${iso}`;
}

const DECIMAL = /^-?\d{1,19}(\.\d{1,6})?$/;

/**
 * A decimal amount in major units as the APIs write it ("1500.00", the accounts' money and the
 * payment histories): formatMoneyAmount('1500.00', 'RUB', 'ru') === '1 500,00 RUB'. Text that is not
 * such an amount, or an unknown currency, is shown as it came.
 */
export function formatMoneyAmount(
  amount: string,
  iso: string,
  lng: string,
  options: MoneyOptions = {},
): string {
  if (!DECIMAL.test(amount) || !isCurrencyCode(iso))
    return options.code === false ? amount : `${amount} ${iso}`;
  return decimalMoney(amount, iso, lng, options);
}

type Moment = string | number;

/** numeric: 22.11.2026 · day-month: 22.11 · medium: 22 нояб. 2026 г. / 22 Nov 2026. */
type DateStyle = 'numeric' | 'day-month' | 'medium';

const DATE_OPTIONS: Readonly<Record<DateStyle, Intl.DateTimeFormatOptions>> = {
  numeric: { day: '2-digit', month: '2-digit', year: 'numeric' },
  'day-month': { day: '2-digit', month: '2-digit' },
  medium: { dateStyle: 'medium' },
};

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(lng: string, style: DateStyle): Intl.DateTimeFormat {
  const key = `${lng}|${style}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(localeOf(lng), { ...DATE_OPTIONS[style], timeZone: 'UTC' });
    dateFormats.set(key, format);
  }
  return format;
}

/** The moment moved into a zone of whole hours from UTC, or null for what is not a moment. */
function inZone(at: Moment, timeZoneHours: number): Date | null {
  const ms = typeof at === 'number' ? at : Date.parse(at);
  return Number.isFinite(ms) ? new Date(ms + timeZoneHours * 3_600_000) : null;
}

/**
 * The calendar date of a moment in the player's zone: formatDate('2026-11-22T22:30:00Z', 'ru', 3)
 * === '23.11.2026', in English '23/11/2026'; with style 'medium' '23 нояб. 2026 г.' / '23 Nov 2026';
 * "" for what is not a moment.
 */
export function formatDate(
  at: Moment,
  lng: string,
  timeZoneHours: number,
  style: Exclude<DateStyle, 'day-month'> = 'numeric',
): string {
  const date = inZone(at, timeZoneHours);
  return date ? dateFormat(lng, style).format(date) : '';
}

/** Day and month in the player's zone: '23.11' (ru), '23/11' (en). */
export function formatDayMonth(at: Moment, lng: string, timeZoneHours: number): string {
  const date = inZone(at, timeZoneHours);
  return date ? dateFormat(lng, 'day-month').format(date) : '';
}
