import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalUpTo, MAX_BIGINT } from './request-schemas.ts';

describe('decimalUpTo', () => {
  it('matches exactly the decimals 1..max without leading zeros', () => {
    fc.assert(
      fc.property(
        fc
          .bigInt({ min: 1n, max: 10n ** 20n })
          .chain((max) => fc.tuple(fc.constant(max), fc.bigInt({ min: 0n, max: max * 3n }))),
        ([max, n]) => {
          const pattern = new RegExp(`^${decimalUpTo(max)}$`);
          expect(pattern.test(n.toString())).toBe(n >= 1n && n <= max);
          expect(pattern.test(`0${n}`)).toBe(false);
        },
      ),
      { seed: 16, numRuns: 500 },
    );
  });

  it('bounds bigint ids at 2^63 − 1', () => {
    const pattern = new RegExp(`^${decimalUpTo(MAX_BIGINT)}$`);
    expect(pattern.test('9223372036854775807')).toBe(true);
    expect(pattern.test('9223372036854775808')).toBe(false);
    expect(pattern.test('9999999999999999999')).toBe(false);
    expect(pattern.test('1')).toBe(true);
    expect(pattern.test('0')).toBe(false);
  });
});
