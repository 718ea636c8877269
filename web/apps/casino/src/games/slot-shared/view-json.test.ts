import { describe, expect, it } from 'vitest';
import { motionMs } from './round-player.ts';
import { centiText, formatCenti, multiplierCenti, payoutAt, ratioOf } from './view-json.ts';

describe('view multipliers', () => {
  it('reads fraction, whole, decimal and number multipliers in hundredths, rounded down', () => {
    expect(multiplierCenti('99/50')).toBe(198n);
    expect(multiplierCenti('1089/800')).toBe(136n);
    expect(multiplierCenti('36')).toBe(3600n);
    expect(multiplierCenti('1.5')).toBe(150n);
    expect(multiplierCenti(2.25)).toBe(225n);
    expect(multiplierCenti('x')).toBe(0n);
    expect(multiplierCenti(null)).toBe(0n);
    expect(centiText(198n)).toBe('1.98');
    expect(formatCenti('ru', 6826)).toBe('68,26');
  });

  it('pays exactly like the server: stake × fraction rounded down', () => {
    expect(ratioOf('1089/800')).toEqual({ numerator: 1089n, denominator: 800n });
    expect(payoutAt(1000n, '1089/800')).toBe(1361n);
    expect(payoutAt(333n, '3/2')).toBe(499n);
    expect(payoutAt(1000n, '1.5')).toBe(1500n);
  });
});

describe('animation length', () => {
  it('is none with reduced motion, a third in turbo and under 2 s', () => {
    expect(motionMs(900, false, true)).toBe(0);
    expect(motionMs(900, true, false)).toBe(300);
    expect(motionMs(900, false, false)).toBe(900);
    expect(motionMs(5_000, false, false)).toBeLessThan(2_000);
  });
});
