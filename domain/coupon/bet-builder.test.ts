import { describe, expect, it } from 'vitest';
import { BET_BUILDER_TYPE_ID, builderOutcome, settleBuilderMinor } from './bet-builder.ts';
import { isCouponTypeId } from './coupon-type.ts';

describe('bet builder coupon settlement', () => {
  it.each([
    [['win', 'win', 'win'], 'won', 34_570n],
    [['win', 'lose', 'win'], 'lost', 0n],
    [['void', 'lose'], 'lost', 0n],
    [['win', 'void'], 'void', 10_000n],
    [['void', 'void'], 'void', 10_000n],
    [['win', 'half_win'], 'void', 10_000n],
    [['win', 'half_lose'], 'lost', 0n],
  ] as const)('%j → %s pays %i of 100.00 at 3.457', (results, outcome, payout) => {
    expect(builderOutcome(results)).toBe(outcome);
    expect(settleBuilderMinor(10_000n, 3457n, results)).toBe(payout);
  });

  it('floors the win once, to the minor unit', () => {
    expect(settleBuilderMinor(333n, 2345n, ['win', 'win'])).toBe(780n);
  });

  it('refuses a coefficient that is not a price and a negative stake', () => {
    expect(() => settleBuilderMinor(100n, 1000n, ['win'])).toThrow(RangeError);
    expect(() => settleBuilderMinor(-1n, 2000n, ['win'])).toThrow(RangeError);
  });

  it('is a type of its own, not one of the spec’s coupon types', () => {
    expect(isCouponTypeId(BET_BUILDER_TYPE_ID)).toBe(false);
  });
});
