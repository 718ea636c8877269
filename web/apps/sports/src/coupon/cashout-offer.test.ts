import { describe, expect, it } from 'vitest';
import { marginShare, offerMove } from './cashout-offer.ts';

describe('cash-out figures of the slip', () => {
  it.each([
    [{ fairValueMinor: '10000', marginMinor: '500' }, 5],
    [{ fairValueMinor: '12345', marginMinor: '617' }, 4.99],
    [{ fairValueMinor: '0', marginMinor: '0' }, 0],
    [{ fairValueMinor: '999999999999999', marginMinor: '49999999999999' }, 4.99],
  ])('the margin of %j is %d %% of the fair value', (quote, percent) => {
    expect(marginShare(quote)).toBe(percent);
  });

  it('marks the offer moving up or down, not when it stays', () => {
    expect(offerMove(null, '100')).toBeNull();
    expect(offerMove('100', '100')).toBeNull();
    expect(offerMove('100', '120')).toBe('up');
    expect(offerMove('120', '100')).toBe('down');
  });
});
