import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDayMonth,
  formatMoney,
  formatMoneyAmount,
  formatNumber,
  localeOf,
} from './format.ts';

/** Intl writes Russian groups with a no-break space; the tests spell it out. */
const nbsp = '\u00a0';

describe('formatMoney: Intl.NumberFormat of the page language, exact minor units', () => {
  it.each([
    [150000n, 'RUB', 'ru', `1${nbsp}500,00 RUB`],
    [150000n, 'RUB', 'en', '1,500.00 RUB'],
    ['-12345', 'USD', 'en', '-123.45 USD'],
    ['-12345', 'USD', 'ru', '-123,45 USD'],
    [0n, 'EUR', 'ru', '0,00 EUR'],
    [5n, 'RUB', 'en', '0.05 RUB'],
    [1234567n, 'JPY', 'en', '1,234,567 JPY'],
    [1234567n, 'KWD', 'ru', `1${nbsp}234,567 KWD`],
  ])('%s %s in %s is "%s"', (minor, iso, lng, text) => {
    expect(formatMoney(minor, iso, lng)).toBe(text);
  });

  it('signs gains for a history and can leave out the code', () => {
    expect(formatMoney(250000n, 'RUB', 'ru', { signed: true })).toBe(`+2${nbsp}500,00 RUB`);
    expect(formatMoney(-250000n, 'RUB', 'en', { signed: true, code: false })).toBe('-2,500.00');
    expect(formatMoney(0n, 'RUB', 'en', { signed: true })).toBe('0.00 RUB');
  });

  it('formats the decimal amounts of the APIs the same way', () => {
    expect(formatMoneyAmount('1500.00', 'RUB', 'ru')).toBe(`1${nbsp}500,00 RUB`);
    expect(formatMoneyAmount('-2000.5', 'USD', 'en')).toBe('-2,000.50 USD');
    expect(formatMoneyAmount('n/a', 'RUB', 'en')).toBe('n/a RUB');
  });

  it('trims zero decimals for the stake buttons', () => {
    expect(formatMoney(150000n, 'RUB', 'ru', { trim: true, code: false })).toBe(`1${nbsp}500`);
    expect(formatMoney(250n, 'USD', 'ru', { trim: true, code: false })).toBe('2,5');
  });

  it('shows an unknown currency or a broken amount as it came', () => {
    expect(formatMoney(1500n, 'XXX', 'en')).toBe('1500 XXX');
    expect(formatMoney('12.5', 'RUB', 'en')).toBe('12.5 RUB');
  });

  it('never loses a kopeck: every amount up to the largest one reads back to the same minor units', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
        fc.constantFrom('ru', 'en'),
        (minor, lng) => {
          const text = formatMoney(minor, 'RUB', lng, { code: false });
          const digits = text.replace(/[^\d-]/g, '');
          expect(BigInt(digits)).toBe(minor);
        },
      ),
    );
  });
});

describe('formatNumber and dates', () => {
  it('groups and writes decimals by the language', () => {
    expect(formatNumber(1500, 'ru')).toBe(`1${nbsp}500`);
    expect(formatNumber(1500, 'en')).toBe('1,500');
    expect(formatNumber(2.5, 'ru', { fractionDigits: 2 })).toBe('2,50');
    expect(formatNumber(6.5, 'ru', { upTo: 2 })).toBe('6,5');
    expect(formatNumber(7, 'en', { upTo: 2 })).toBe('7');
    expect(localeOf('de')).toBe('ru-RU');
  });

  it('writes the date in the player zone with the locale of the language', () => {
    const late = '2026-11-22T22:30:00Z';
    expect(formatDate(late, 'ru', 3)).toBe('23.11.2026');
    expect(formatDate(late, 'en', 3)).toBe('23/11/2026');
    expect(formatDate(late, 'en', 0)).toBe('22/11/2026');
    expect(formatDayMonth(late, 'ru', 3)).toBe('23.11');
    expect(formatDayMonth(late, 'en', -5)).toBe('22/11');
    expect(formatDate(late, 'en', 3, 'medium')).toBe('23 Nov 2026');
    expect(formatDate(late, 'ru', 3, 'medium')).toBe('23 нояб. 2026 г.');
    expect(formatDate('not a date', 'ru', 3)).toBe('');
  });
});
