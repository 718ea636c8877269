import { describe, expect, it } from 'vitest';
import { choose, milli, Ratio } from './ratio.ts';

describe('Ratio', () => {
  it.each([
    ['2/4', '1/2'],
    ['-3/9', '-1/3'],
    ['36/37', '36/37'],
    ['10/5', '2'],
    ['0/7', '0'],
  ])('%s reduces to %s', (text, reduced) => {
    expect(Ratio.parse(text).toString()).toBe(reduced);
  });

  it('adds, subtracts and multiplies exactly', () => {
    const third = new Ratio(1n, 3n);
    expect(third.plus(third).plus(third).toString()).toBe('1');
    expect(third.minus(new Ratio(1n, 2n)).toString()).toBe('-1/6');
    expect(third.times(new Ratio(3n, 5n)).toString()).toBe('1/5');
    expect(milli(1980).toString()).toBe('99/50');
  });

  it('compares by value', () => {
    expect(new Ratio(1n, 3n).compare(new Ratio(2n, 6n))).toBe(0);
    expect(new Ratio(1n, 3n).compare(new Ratio(1n, 2n))).toBe(-1);
    expect(new Ratio(36n, 37n).toNumber()).toBeCloseTo(0.972972972972973, 14);
  });

  it('refuses a zero denominator and bad text', () => {
    expect(() => new Ratio(1n, 0n)).toThrow();
    expect(() => Ratio.parse('1.5')).toThrow();
  });
});

describe('choose', () => {
  it.each([
    [40, 10, 847660528n],
    [25, 12, 5200300n],
    [16, 8, 12870n],
    [5, 0, 1n],
    [5, 6, 0n],
  ])('C(%i, %i) = %s', (n, k, value) => {
    expect(choose(n, k)).toBe(value);
  });
});
