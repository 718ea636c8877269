import { describe, expect, it } from 'vitest';
import {
  FRACTIONAL_LADDER,
  formatOdds,
  isOddsFormatId,
  ODDS_FORMAT_IDS,
  type OddsFormatId,
  oddsMilliText,
} from './formats.ts';

/** Every format id for one stored price: [0, 1, 2, 4, 5, 6, 14, 15, 16]. */
const TABLE: [number, string[]][] = [
  [1001, ['1.001', '1/1000', '-100000', '0.01', '-1000.00', '0.01', '0.001', '-1000.000', '0.001']],
  [1010, ['1.01', '1/100', '-10000', '0.01', '-100.00', '0.01', '0.010', '-100.000', '0.010']],
  [1125, ['1.125', '1/8', '-800', '0.13', '-8.00', '0.13', '0.125', '-8.000', '0.125']],
  [1333, ['1.333', '2/7', '-300', '0.33', '-3.00', '0.33', '0.333', '-3.003', '0.333']],
  [1500, ['1.50', '1/2', '-200', '0.50', '-2.00', '0.50', '0.500', '-2.000', '0.500']],
  [1850, ['1.85', '5/6', '-118', '0.85', '-1.18', '0.85', '0.850', '-1.176', '0.850']],
  [1855, ['1.855', '5/6', '-117', '0.86', '-1.17', '0.86', '0.855', '-1.170', '0.855']],
  [1990, ['1.99', '10/11', '-101', '0.99', '-1.01', '0.99', '0.990', '-1.010', '0.990']],
  [2000, ['2.00', '1/1', '+100', '1.00', '+1.00', '1.00', '1.000', '+1.000', '1.000']],
  [2005, ['2.005', '1/1', '+101', '1.01', '+1.01', '-1.00', '1.005', '+1.005', '-0.995']],
  [2010, ['2.01', '1/1', '+101', '1.01', '+1.01', '-0.99', '1.010', '+1.010', '-0.990']],
  [2500, ['2.50', '6/4', '+150', '1.50', '+1.50', '-0.67', '1.500', '+1.500', '-0.667']],
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
});

describe('fractional odds on the conventional ladder', () => {
  const value = (text: string) => {
    const [num, den] = text.split('/').map(Number) as [number, number];
    return num / den;
  };

  it.each([
    [1200, '1/5'],
    [1222, '1/5'],
    [1223, '2/9'],
    [1250, '1/4'],
    [1286, '2/7'],
    [1334, '1/3'],
    [1364, '4/11'],
    [1400, '2/5'],
    [1445, '4/9'],
    [1500, '1/2'],
    [1534, '8/15'],
    [1572, '4/7'],
    [1616, '8/13'],
    [1667, '4/6'],
    [1728, '8/11'],
    [1800, '4/5'],
    [1834, '5/6'],
    [1910, '10/11'],
    [1909, '5/6'],
    [2000, '1/1'],
    [2050, '21/20'],
    [2100, '11/10'],
    [2200, '6/5'],
    [2250, '5/4'],
    [2375, '11/8'],
    [2500, '6/4'],
    [2625, '13/8'],
    [2750, '7/4'],
    [2875, '15/8'],
    [3000, '2/1'],
    [3250, '9/4'],
    [3500, '5/2'],
    [3750, '11/4'],
    [4000, '3/1'],
    [4334, '10/3'],
    [4333, '3/1'],
    [4500, '7/2'],
    [5000, '4/1'],
    [5500, '9/2'],
    [6000, '5/1'],
    [6500, '11/2'],
    [7000, '6/1'],
    [7500, '13/2'],
    [8000, '7/1'],
    [8500, '15/2'],
    [9000, '8/1'],
    [9500, '17/2'],
    [10_000, '9/1'],
    [11_000, '10/1'],
    [12_000, '11/1'],
    [13_000, '12/1'],
    [15_000, '14/1'],
    [17_000, '16/1'],
    [19_000, '18/1'],
    [21_000, '20/1'],
    [26_000, '25/1'],
    [34_000, '33/1'],
    [41_000, '40/1'],
    [51_000, '50/1'],
    [67_000, '66/1'],
    [81_000, '80/1'],
    [101_000, '100/1'],
    [1_001_000, '1000/1'],
    [1_502_000, '1501/1'],
    [1005, '1/200'],
  ])('%i shows as %s', (oddsMilli, text) => {
    expect(formatOdds(oddsMilli, 1)).toBe(text);
  });

  it('never shows more than the decimal pays, and the next rung up would', () => {
    let previous = 0;
    for (let oddsMilli = 1010; oddsMilli <= 200_000; oddsMilli += oddsMilli < 5000 ? 1 : 37) {
      const text = formatOdds(oddsMilli, 1 as OddsFormatId);
      const shown = value(text);
      expect(shown).toBeLessThanOrEqual((oddsMilli - 1000) / 1000 + 1e-12);
      expect(shown).toBeGreaterThanOrEqual(previous);
      previous = shown;
      const rung = FRACTIONAL_LADDER.findIndex(([n, d]) => `${n}/${d}` === text);
      expect(rung).toBeGreaterThanOrEqual(0);
      const next = FRACTIONAL_LADDER[rung + 1];
      if (next) expect(next[0] / next[1]).toBeGreaterThan((oddsMilli - 1000) / 1000);
    }
  });

  it('the ladder ascends strictly and every rung at its own decimal shows itself', () => {
    for (let i = 1; i < FRACTIONAL_LADDER.length; i += 1) {
      const [n0, d0] = FRACTIONAL_LADDER[i - 1]!;
      const [n1, d1] = FRACTIONAL_LADDER[i]!;
      expect(n1 * d0).toBeGreaterThan(n0 * d1);
    }
    for (const [n, d] of FRACTIONAL_LADDER) {
      const oddsMilli = 1000 + Math.ceil((n * 1000) / d);
      expect(formatOdds(oddsMilli, 1)).toBe(`${n}/${d}`);
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
