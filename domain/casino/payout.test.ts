import { describe, expect, it } from 'vitest';
import { payoutMinor } from './payout.ts';
import { milli, Ratio } from './ratio.ts';

describe('payoutMinor', () => {
  it.each([
    [100n, milli(1980), 198n],
    [1n, milli(1980), 1n],
    [3n, new Ratio(36n, 37n), 2n],
    [1000n, new Ratio(0n), 0n],
    [333n, new Ratio(9900n, 4999n), 659n],
  ])('%s × %s pays %s (rounded down)', (stake, multiplier, paid) => {
    expect(payoutMinor(stake, multiplier)).toBe(paid);
  });

  it('refuses negative stakes', () => {
    expect(() => payoutMinor(-1n, milli(2000))).toThrow();
  });
});
