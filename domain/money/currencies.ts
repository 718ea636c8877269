/**
 * The currencies the site offers, with their ISO 4217 numeric code (the spec's currencyId), their
 * scale (digits after the point: minor units per major unit = 10^scale) and their symbol.
 * Amounts are always integers of minor units; the scale only matters at the edges (parse, format).
 */

export interface Currency {
  /** ISO 4217 alphabetic code, e.g. "RUB". */
  iso: string;
  /** ISO 4217 numeric code, used as currencyId in the accounts list. */
  id: number;
  /** Digits after the decimal point: 2 for RUB (kopecks), 0 for JPY, 3 for KWD. */
  scale: number;
  symbol: string;
  /** English name; dictionaries translate it in the browser. */
  name: string;
}

const TABLE: readonly Currency[] = [
  { iso: 'RUB', id: 643, scale: 2, symbol: '₽', name: 'Russian rouble' },
  { iso: 'USD', id: 840, scale: 2, symbol: '$', name: 'US dollar' },
  { iso: 'EUR', id: 978, scale: 2, symbol: '€', name: 'Euro' },
  { iso: 'UAH', id: 980, scale: 2, symbol: '₴', name: 'Ukrainian hryvnia' },
  { iso: 'KZT', id: 398, scale: 2, symbol: '₸', name: 'Kazakhstani tenge' },
  { iso: 'BYN', id: 933, scale: 2, symbol: 'Br', name: 'Belarusian rouble' },
  { iso: 'UZS', id: 860, scale: 2, symbol: 'soʻm', name: 'Uzbekistani som' },
  { iso: 'AZN', id: 944, scale: 2, symbol: '₼', name: 'Azerbaijani manat' },
  { iso: 'AMD', id: 51, scale: 2, symbol: '֏', name: 'Armenian dram' },
  { iso: 'GEL', id: 981, scale: 2, symbol: '₾', name: 'Georgian lari' },
  { iso: 'KGS', id: 417, scale: 2, symbol: 'сом', name: 'Kyrgyzstani som' },
  { iso: 'TJS', id: 972, scale: 2, symbol: 'SM', name: 'Tajikistani somoni' },
  { iso: 'MDL', id: 498, scale: 2, symbol: 'L', name: 'Moldovan leu' },
  { iso: 'TRY', id: 949, scale: 2, symbol: '₺', name: 'Turkish lira' },
  { iso: 'PLN', id: 985, scale: 2, symbol: 'zł', name: 'Polish złoty' },
  { iso: 'INR', id: 356, scale: 2, symbol: '₹', name: 'Indian rupee' },
  { iso: 'BDT', id: 50, scale: 2, symbol: '৳', name: 'Bangladeshi taka' },
  { iso: 'PKR', id: 586, scale: 2, symbol: '₨', name: 'Pakistani rupee' },
  { iso: 'BRL', id: 986, scale: 2, symbol: 'R$', name: 'Brazilian real' },
  { iso: 'MXN', id: 484, scale: 2, symbol: 'Mex$', name: 'Mexican peso' },
  { iso: 'CLP', id: 152, scale: 0, symbol: 'CLP$', name: 'Chilean peso' },
  { iso: 'NGN', id: 566, scale: 2, symbol: '₦', name: 'Nigerian naira' },
  { iso: 'KES', id: 404, scale: 2, symbol: 'KSh', name: 'Kenyan shilling' },
  { iso: 'XOF', id: 952, scale: 0, symbol: 'CFA', name: 'West African CFA franc' },
  { iso: 'EGP', id: 818, scale: 2, symbol: 'E£', name: 'Egyptian pound' },
  { iso: 'IDR', id: 360, scale: 2, symbol: 'Rp', name: 'Indonesian rupiah' },
  { iso: 'VND', id: 704, scale: 0, symbol: '₫', name: 'Vietnamese dong' },
  { iso: 'KRW', id: 410, scale: 0, symbol: '₩', name: 'South Korean won' },
  { iso: 'JPY', id: 392, scale: 0, symbol: '¥', name: 'Japanese yen' },
  { iso: 'KWD', id: 414, scale: 3, symbol: 'KD', name: 'Kuwaiti dinar' },
  { iso: 'TND', id: 788, scale: 3, symbol: 'DT', name: 'Tunisian dinar' },
];

export const CURRENCIES: ReadonlyMap<string, Currency> = new Map(TABLE.map((c) => [c.iso, c]));
export const CURRENCY_CODES: readonly string[] = TABLE.map((c) => c.iso);

/** The spec's fallback currency (coupon-accounts §9: "fallback currency RUB"). */
export const FALLBACK_CURRENCY = 'RUB';

export function isCurrencyCode(code: string): boolean {
  return CURRENCIES.has(code);
}

/** The currency for an ISO code; throws on an unknown code (callers validate input first). */
export function currency(code: string): Currency {
  const found = CURRENCIES.get(code);
  if (!found) throw new RangeError(`unknown currency ${JSON.stringify(code)}`);
  return found;
}

export function currencyById(id: number): Currency | undefined {
  return TABLE.find((c) => c.id === id);
}
