import { describe, expect, it } from 'vitest';
import { ceilDiv, convertMinor, formatRate, invertRate, parseRate } from './index.ts';

describe('parseRate', () => {
  it.each([
    ['92.5', 185n, 2n],
    ['1', 1n, 1n],
    ['0.0108108', 27_027n, 2_500_000n],
    ['100.000', 100n, 1n],
  ])('%s → %s/%s', (text, num, den) => {
    expect(parseRate(text)).toEqual({ num, den });
  });
  it.each(['0', '0.000', '-1', '1e3', '', '1.', '.5', '1,5', '0.1234567890123', '9'.repeat(25)])(
    'refuses %j',
    (text) => {
      expect(parseRate(text)).toBeNull();
    },
  );
});

describe('convertMinor rounds up, by less than one minor unit', () => {
  const usdRub = parseRate('92.5')!;
  it.each([
    // amount, from scale, to scale, rate, exact value (as a fraction a/b), expected
    [10_00n, 2, 2, usdRub, 92_500n],
    [1n, 2, 2, usdRub, 93n], // 92.5 kopecks → 93
    [-1n, 2, 2, usdRub, -92n], // a win (negative loss) rounds towards +∞ too: −92.5 → −92
    [92_50n, 2, 2, invertRate(usdRub), 1_00n], // exactly 1 USD back
    [1n, 2, 2, invertRate(usdRub), 1n], // 1 kopeck is 0.0108 cents → 1 cent
    [0n, 2, 2, usdRub, 0n],
    [1_000n, 0, 2, parseRate('0.0061')!, 610n], // 1000 JPY at 0.0061 USD → 6.10 USD
    [1n, 3, 2, parseRate('3.25')!, 1n], // 0.001 KWD = 0.325 cents → 1
  ])('%s (scale %i → %i) → %s', (amount, from, to, rate, expected) => {
    const converted = convertMinor(amount, from, to, rate);
    expect(converted).toBe(expected);
    // Never below the exact value, and less than one minor unit above it.
    const exactNum = amount * rate.num * 10n ** BigInt(to);
    const exactDen = rate.den * 10n ** BigInt(from);
    expect(converted * exactDen >= exactNum).toBe(true);
    expect((converted - 1n) * exactDen < exactNum).toBe(true);
  });
  it('ceilDiv', () => {
    expect([ceilDiv(7n, 2n), ceilDiv(-7n, 2n), ceilDiv(6n, 2n), ceilDiv(-6n, 2n)]).toEqual([
      4n,
      -3n,
      3n,
      -3n,
    ]);
  });
});

it('formats rates back as decimals', () => {
  expect(formatRate(parseRate('92.5')!)).toBe('92.5');
  expect(formatRate(parseRate('0.0108108')!)).toBe('0.0108108');
  expect(formatRate(invertRate(parseRate('92.5')!))).toBe('2/185');
  expect(formatRate({ num: 5n, den: 1n })).toBe('5');
  expect(formatRate({ num: 1n, den: 8n })).toBe('0.125');
});
