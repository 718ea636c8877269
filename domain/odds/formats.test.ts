import { describe, expect, it } from 'vitest';
import { formatOdds, isOddsFormatId, ODDS_FORMAT_IDS, type OddsFormatId, oddsMilliText } from './formats.ts';

/** Every format id for one stored price: [0, 1, 2, 4, 5, 6, 14, 15, 16]. */
const TABLE: [number, string[]][] = [
  [1001, ['1.001', '1/1000', '-100000', '0.01', '-1000.00', '0.01', '0.001', '-1000.000', '0.001']],
  [1010, ['1.01', '1/100', '-10000', '0.01', '-100.00', '0.01', '0.010', '-100.000', '0.010']],
  [1125, ['1.125', '1/8', '-800', '0.13', '-8.00', '0.13', '0.125', '-8.000', '0.125']],
  [1333, ['1.333', '333/1000', '-300', '0.33', '-3.00', '0.33', '0.333', '-3.003', '0.333']],
  [1500, ['1.50', '1/2', '-200', '0.50', '-2.00', '0.50', '0.500', '-2.000', '0.500']],
  [1850, ['1.85', '17/20', '-118', '0.85', '-1.18', '0.85', '0.850', '-1.176', '0.850']],
  [1855, ['1.855', '171/200', '-117', '0.86', '-1.17', '0.86', '0.855', '-1.170', '0.855']],
  [1990, ['1.99', '99/100', '-101', '0.99', '-1.01', '0.99', '0.990', '-1.010', '0.990']],
  [2000, ['2.00', '1/1', '+100', '1.00', '+1.00', '1.00', '1.000', '+1.000', '1.000']],
  [2005, ['2.005', '201/200', '+101', '1.01', '+1.01', '-1.00', '1.005', '+1.005', '-0.995']],
  [2010, ['2.01', '101/100', '+101', '1.01', '+1.01', '-0.99', '1.010', '+1.010', '-0.990']],
  [2500, ['2.50', '3/2', '+150', '1.50', '+1.50', '-0.67', '1.500', '+1.500', '-0.667']],
  [3750, ['3.75', '11/4', '+275', '2.75', '+2.75', '-0.36', '2.750', '+2.750', '-0.364']],
  [11_000, ['11.00', '10/1', '+1000', '10.00', '+10.00', '-0.10', '10.000', '+10.000', '-0.100']],
  [501_000, ['501.00', '500/1', '+50000', '500.00', '+500.00', '-0.01', '500.000', '+500.000', '-0.002']],
  [
    10_000_000,
    ['10000.00', '9999/1', '+999900', '9999.00', '+9999.00', '-0.01', '9999.000', '+9999.000', '-0.001'],
  ],
];

describe('formatOdds (coupon-accounts §9 format ids)', () => {
  for (const [oddsMilli, expected] of TABLE) {
    ODDS_FORMAT_IDS.forEach((formatId, index) => {
      it(`${oddsMilli} in format ${formatId} is ${expected[index]}`, () => {
        expect(formatOdds(oddsMilli, formatId)).toBe(expected[index]);
      });
    });
  }

  it('american is + from 2.00 up and - below (both +100 and -100 mean evens)', () => {
    expect(formatOdds(1999, 2)).toBe('-100');
    expect(formatOdds(2000, 2)).toBe('+100');
  });

  it('Malay is positive up to 2.00 and negative above', () => {
    expect(formatOdds(2000, 6).startsWith('-')).toBe(false);
    expect(formatOdds(2001, 6)).toBe('-1.00');
    expect(formatOdds(2001, 16)).toBe('-0.999');
  });

  it('refuses odds that are not stored thousandths', () => {
    for (const bad of [1000, 999, 1850.5, Number.NaN, 10_000_001]) {
      expect(() => formatOdds(bad, 0)).toThrow(RangeError);
    }
  });

  it('knows exactly the documented ids', () => {
    expect([0, 1, 2, 4, 5, 6, 14, 15, 16].every(isOddsFormatId)).toBe(true);
    expect([3, 7, 13, 17, -1].some(isOddsFormatId)).toBe(false);
  });

  it('fractional always reduces to lowest terms and round-trips to the stored price', () => {
    for (let oddsMilli = 1001; oddsMilli <= 20_000; oddsMilli += 7) {
      const [num, den] = formatOdds(oddsMilli, 1 as OddsFormatId)
        .split('/')
        .map(Number) as [number, number];
      expect(1000 + (num * 1000) / den).toBe(oddsMilli);
    }
  });
});

describe('oddsMilliText', () => {
  it.each([
    [1850, '1.850'],
    [1001, '1.001'],
    [2000, '2.000'],
    [12345678n, '12345.678'],
    [0, '0.000'],
  ])('%s → %s', (milli, text) => {
    expect(oddsMilliText(milli)).toBe(text);
  });
});
