import { describe, expect, it } from 'vitest';
import { encodeQr, formatBits, qrSvgPath, rsDivisor, rsRemainder, versionBits } from './qr-code.ts';

describe('QR encoder', () => {
  it('computes Reed–Solomon codewords as the standard example (HELLO WORLD, 1-M)', () => {
    const data = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17];
    expect(rsRemainder(data, rsDivisor(10))).toEqual([196, 35, 39, 119, 235, 215, 231, 226, 93, 23]);
  });

  it('writes the format and version bits of the standard tables', () => {
    expect(formatBits(0).toString(2).padStart(15, '0')).toBe('101010000010010');
    expect(formatBits(4).toString(2).padStart(15, '0')).toBe('100010111111001');
    expect(formatBits(7).toString(2).padStart(15, '0')).toBe('100101010100000');
    expect(versionBits(7).toString(2).padStart(18, '0')).toBe('000111110010010100');
  });

  it('picks the smallest version and draws the finder patterns and the dark module', () => {
    const short = encodeQr('hello');
    expect([short.version, short.size]).toEqual([1, 21]);
    const url = encodeQr('https://parlay.example/en/office/qrlogin?code=AbCdEfGhIjKlMnOpQrStUv');
    expect(url.version).toBe(5);
    const { modules, size } = url;
    for (const [x, y] of [
      [0, 0],
      [size - 7, 0],
      [0, size - 7],
    ] as const) {
      expect(modules[y]!.slice(x, x + 7)).toEqual([true, true, true, true, true, true, true]);
      expect(modules[y + 2]!.slice(x, x + 7)).toEqual([true, false, true, true, true, false, true]);
    }
    expect(modules[size - 8]![8]).toBe(true);
    // Timing pattern.
    expect(modules[6]!.slice(8, size - 8).map((d, i) => d === (i % 2 === 0))).not.toContain(false);
    expect(qrSvgPath(url).startsWith('M4 4h1v1h-1z')).toBe(true);
  });

  it('any forced mask keeps the function patterns and changes only data modules', () => {
    const a = encodeQr('parlay', 0);
    const b = encodeQr('parlay', 3);
    expect(a.mask).toBe(0);
    expect(a.modules[0]!.slice(0, 8)).toEqual(b.modules[0]!.slice(0, 8));
    expect(a.modules[0]!.slice(8, 9)).not.toEqual(b.modules[0]!.slice(8, 9));
    expect(a.modules).not.toEqual(b.modules);
  });
});
