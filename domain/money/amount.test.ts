import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AmountError,
  feeMinor,
  formatAmount,
  MAX_AMOUNT_MINOR,
  minorFromWire,
  parseAmount,
} from './amount.ts';
import {
  CURRENCIES,
  CURRENCY_CODES,
  currency,
  currencyById,
  FALLBACK_CURRENCY,
  isCurrencyCode,
} from './currencies.ts';

describe('currencies', () => {
  it('offers the spec currencies and the other site currencies with their ISO scale', () => {
    const table: [string, number, number][] = [
      ['RUB', 643, 2],
      ['USD', 840, 2],
      ['EUR', 978, 2],
      ['UAH', 980, 2],
      ['KZT', 398, 2],
      ['BYN', 933, 2],
      ['UZS', 860, 2],
      ['AZN', 944, 2],
      ['TRY', 949, 2],
      ['INR', 356, 2],
      ['BRL', 986, 2],
      ['JPY', 392, 0],
      ['KWD', 414, 3],
    ];
    for (const [iso, id, scale] of table) {
      expect(currency(iso)).toMatchObject({ iso, id, scale });
      expect(currencyById(id)?.iso).toBe(iso);
    }
    expect(FALLBACK_CURRENCY).toBe('RUB');
    expect(isCurrencyCode('XXX')).toBe(false);
    expect(() => currency('rub')).toThrow(/unknown currency/);
  });

  it('has unique codes and numeric ids', () => {
    expect(new Set(CURRENCY_CODES).size).toBe(CURRENCY_CODES.length);
    expect(new Set([...CURRENCIES.values()].map((c) => c.id)).size).toBe(CURRENCY_CODES.length);
  });
});

describe('parseAmount', () => {
  const table: [string, string, bigint][] = [
    ['150', 'RUB', 15000n],
    ['150.5', 'RUB', 15050n],
    ['150,50', 'RUB', 15050n],
    ['2.5', 'USD', 250n],
    ['0.01', 'EUR', 1n],
    ['1 000 000.99', 'KZT', 100000099n],
    ['  7 ', 'UAH', 700n],
    ['0', 'RUB', 0n],
    ['1000', 'JPY', 1000n],
    ['1.234', 'KWD', 1234n],
    ['0.1', 'KWD', 100n],
    ['0.30', 'USD', 30n],
    ['9999999999999.99', 'RUB', 999999999999999n],
  ];
  for (const [text, iso, minor] of table) {
    it(`${JSON.stringify(text)} ${iso} is ${minor} minor units`, () => {
      expect(parseAmount(text, iso)).toBe(minor);
    });
  }

  const refused: [string, string][] = [
    ['', 'RUB'],
    ['1.001', 'RUB'],
    ['1.5', 'JPY'],
    ['1e3', 'RUB'],
    ['-5', 'RUB'],
    ['+5', 'RUB'],
    ['1.2.3', 'RUB'],
    ['.5', 'RUB'],
    ['5.', 'RUB'],
    ['NaN', 'RUB'],
    ['0x10', 'RUB'],
    ['10000000000000.01', 'RUB'],
  ];
  for (const [text, iso] of refused) {
    it(`refuses ${JSON.stringify(text)} in ${iso}`, () => {
      expect(() => parseAmount(text, iso)).toThrow(AmountError);
    });
  }

  it('accepts a sign only when allowed', () => {
    expect(parseAmount('-1.25', 'USD', { allowNegative: true })).toBe(-125n);
  });
});

describe('formatAmount', () => {
  const table: [bigint, string, string][] = [
    [15000n, 'RUB', '150.00'],
    [1n, 'USD', '0.01'],
    [0n, 'EUR', '0.00'],
    [-125n, 'USD', '-1.25'],
    [1000n, 'JPY', '1000'],
    [1234n, 'KWD', '1.234'],
    [5n, 'KWD', '0.005'],
    [999999999999999n, 'RUB', '9999999999999.99'],
  ];
  for (const [minor, iso, text] of table) {
    it(`${minor} ${iso} is ${text}`, () => {
      expect(formatAmount(minor, iso)).toBe(text);
    });
  }

  it('groups thousands and adds the symbol on request', () => {
    expect(formatAmount(150000000n, 'RUB', { group: ' ', symbol: true })).toBe('1 500 000.00 ₽');
    expect(formatAmount(-100000n, 'EUR', { group: ',', decimal: '.' })).toBe('-1,000.00');
    expect(formatAmount(100n, 'USD', { group: ' ' })).toBe('1.00');
  });

  it('round-trips every amount of every currency exactly', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CURRENCY_CODES),
        fc.bigInt({ min: -MAX_AMOUNT_MINOR, max: MAX_AMOUNT_MINOR }),
        (iso, minor) => {
          expect(parseAmount(formatAmount(minor, iso), iso, { allowNegative: true })).toBe(minor);
          expect(parseAmount(formatAmount(minor, iso, { group: ' ' }), iso, { allowNegative: true })).toBe(
            minor,
          );
        },
      ),
    );
  });
});

describe('wire form and fees', () => {
  it('reads integer strings only', () => {
    expect(minorFromWire('15000')).toBe(15000n);
    expect(minorFromWire('-3')).toBe(-3n);
    for (const bad of ['1.5', '', ' 1', '1e3', '0x1', '99999999999999999999']) {
      expect(() => minorFromWire(bad)).toThrow(AmountError);
    }
  });

  it('rounds proportional fees up to a whole minor unit', () => {
    expect(feeMinor(10000n, 150, 0n)).toBe(150n);
    expect(feeMinor(10001n, 150, 0n)).toBe(151n);
    expect(feeMinor(10000n, 0, 500n)).toBe(500n);
    expect(feeMinor(0n, 250, 0n)).toBe(0n);
    expect(() => feeMinor(1n, 1.5, 0n)).toThrow(AmountError);
  });
});
