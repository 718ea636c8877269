import { describe, expect, it } from 'vitest';
import { impliedMargin } from './implied-margin.ts';

describe('impliedMargin', () => {
  it('is zero for a fair two-way book and positive with an overround', () => {
    expect(impliedMargin([2000, 2000])).toBeCloseTo(0, 10);
    expect(impliedMargin([1900, 1900])).toBeCloseTo(2 / 1.9 - 1, 10);
  });
  it('goes negative when a price is raised past fair', () => {
    expect(impliedMargin([3000, 2000])).toBeLessThan(0);
  });
  it('needs two priced outcomes', () => {
    expect(impliedMargin([1900])).toBeNull();
    expect(impliedMargin([1900, 1000])).toBeNull();
  });
});
