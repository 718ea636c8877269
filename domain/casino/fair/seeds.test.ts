import { describe, expect, it } from 'vitest';
import { commitment, isClientSeed, isServerSeed, serverSeedFrom, verifyReveal } from './seeds.ts';

const serverSeed = '5f2b8c1e9a7d4e3f0b6c2a1d8e9f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f';
/** `printf %s <serverSeed> | sha256sum`, computed with Python's hashlib. */
const committed = 'bc241bca03476bcd85b1c3c62044bef94e9c8a97fd0ac7edd36d61e95b58a9b9';

describe('commitment and reveal', () => {
  it('commits to SHA-256 of the seed text', () => {
    expect(commitment(serverSeed)).toBe(committed);
  });

  it('accepts the revealed seed and refuses any other', () => {
    expect(verifyReveal(serverSeed, committed)).toBe(true);
    expect(verifyReveal(serverSeed, committed.toUpperCase())).toBe(true);
    expect(verifyReveal(`${serverSeed.slice(0, 63)}e`, committed)).toBe(false);
    expect(verifyReveal(serverSeed.toUpperCase(), committed)).toBe(false);
  });

  it('forms a seed from 32 bytes only', () => {
    expect(serverSeedFrom(new Uint8Array(32).fill(255))).toBe('f'.repeat(64));
    expect(() => serverSeedFrom(new Uint8Array(31))).toThrow();
  });

  it.each([
    ['', false],
    ['a', true],
    ['my lucky seed', true],
    ['has:colon', false],
    ['x'.repeat(64), true],
    ['x'.repeat(65), false],
    ['ünicode', false],
  ])('client seed %j is valid: %s', (seed, valid) => {
    expect(isClientSeed(seed)).toBe(valid);
  });

  it.each([
    [serverSeed, true],
    ['abc', false],
    [serverSeed.toUpperCase(), false],
  ])('server seed %s is valid: %s', (seed, valid) => {
    expect(isServerSeed(seed)).toBe(valid);
  });
});
