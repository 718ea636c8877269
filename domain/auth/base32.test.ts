import { describe, expect, it } from 'vitest';
import { decodeBase32, encodeBase32 } from './base32.ts';

const text = (s: string) => new TextEncoder().encode(s);

describe('base32 (RFC 4648 §10 test vectors, unpadded)', () => {
  it.each([
    ['', ''],
    ['f', 'MY'],
    ['fo', 'MZXQ'],
    ['foo', 'MZXW6'],
    ['foob', 'MZXW6YQ'],
    ['fooba', 'MZXW6YTB'],
    ['foobar', 'MZXW6YTBOI'],
  ])('%j ↔ %s', (plain, encoded) => {
    expect(encodeBase32(text(plain))).toBe(encoded);
    expect(decodeBase32(encoded)).toEqual(text(plain));
  });
  it('ignores case, spaces and padding and refuses other characters', () => {
    expect(decodeBase32('mzxw 6ytb oi======')).toEqual(text('foobar'));
    expect(decodeBase32('MZXW1')).toBeNull();
  });
});
