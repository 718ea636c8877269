import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chiSquareCritical99, chiSquareUniform, runsZ, serialCorrelation, Z_99 } from '../statistics.ts';
import { FairByteStream, type RoundSeeds, type Uint32Source } from './byte-stream.ts';
import { toHex } from './encoding.ts';
import { FairRandom } from './fair-random.ts';

const seeds: RoundSeeds = {
  serverSeed: '5f2b8c1e9a7d4e3f0b6c2a1d8e9f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f',
  clientSeed: 'lucky-player',
  nonce: 7,
};

/** HMAC-SHA256(serverSeed, "lucky-player:7:<cursor>") for cursors 0 and 1, from Python's hmac module. */
const block0 = '8197c36a2310f2d3f9c51b7c44d34992adb405b3e16241fe9433239e16c9b643';
const block1 = '690ce411a3ae1322fadc1d3d84ab6f0f0089b05a83fa433507e69203af20cf4c';

function hmacRandom(nonce: number, clientSeed = 'statistics'): FairRandom {
  return new FairRandom(new FairByteStream({ ...seeds, clientSeed, nonce }));
}

/** Replays fixed 32-bit values, to show exactly which draws are rejected. */
class ScriptedSource implements Uint32Source {
  readonly values: number[];
  constructor(values: number[]) {
    this.values = values;
  }
  nextUint32(): number {
    const value = this.values.shift();
    if (value === undefined) throw new Error('script ran out');
    return value;
  }
}

describe('FairByteStream', () => {
  it('reads HMAC blocks for cursor 0, 1, … in order', () => {
    const stream = new FairByteStream(seeds);
    const bytes = Uint8Array.from({ length: 64 }, () => stream.nextByte());
    expect(toHex(bytes)).toBe(block0 + block1);
    expect(stream.bytesRead).toBe(64);
    expect(toHex(stream.block(1))).toBe(block1);
  });

  it('reads 32-bit integers big-endian', () => {
    const stream = new FairByteStream(seeds);
    expect(stream.nextUint32()).toBe(0x8197c36a);
    expect(stream.nextUint32()).toBe(0x2310f2d3);
  });

  it('refuses malformed seeds and nonces', () => {
    expect(() => new FairByteStream({ ...seeds, serverSeed: 'abc' })).toThrow();
    expect(() => new FairByteStream({ ...seeds, clientSeed: 'a:b' })).toThrow();
    expect(() => new FairByteStream({ ...seeds, nonce: -1 })).toThrow();
    expect(() => new FairByteStream({ ...seeds, nonce: 1.5 })).toThrow();
  });

  it('gives the same stream for the same seeds and another for the next nonce', () => {
    const draw = (nonce: number) =>
      Array.from({ length: 20 }, () => 0).map(() => hmacRandom(nonce).int(1000));
    const a = hmacRandom(1);
    const b = hmacRandom(1);
    const c = hmacRandom(2);
    const first = Array.from({ length: 50 }, () => a.int(1_000_000));
    expect(Array.from({ length: 50 }, () => b.int(1_000_000))).toEqual(first);
    expect(Array.from({ length: 50 }, () => c.int(1_000_000))).not.toEqual(first);
    expect(draw(3)).toEqual(draw(3));
  });
});

describe('FairRandom.int (rejection sampling)', () => {
  it('rejects values at or above the largest multiple of n and draws again', () => {
    // 2^32 mod 3 = 1, so the limit is 2^32 − 1: the value 2^32 − 1 is thrown away.
    const source = new ScriptedSource([2 ** 32 - 1, 5]);
    expect(new FairRandom(source).int(3)).toBe(2);
    expect(source.values).toEqual([]);
    // 2^32 mod 37 = 7: the last seven values are rejected, the one below is kept.
    const limit = 2 ** 32 - 7;
    expect(new FairRandom(new ScriptedSource([limit, limit + 3, limit - 1])).int(37)).toBe((limit - 1) % 37);
  });

  it('refuses empty and oversized ranges', () => {
    const random = hmacRandom(0);
    expect(() => random.int(0)).toThrow();
    expect(() => random.int(2 ** 32 + 1)).toThrow();
    expect(() => random.int(2.5)).toThrow();
    expect(random.int(1)).toBe(0);
  });

  it('is uniform over 37 pockets (chi-square at 99 %, HMAC stream, 185,000 draws)', () => {
    const random = hmacRandom(37);
    const counts = new Array<number>(37).fill(0);
    for (let i = 0; i < 185_000; i += 1) counts[random.int(37)]! += 1;
    expect(chiSquareUniform(counts)).toBeLessThan(chiSquareCritical99(36));
  });

  it('is uniform over [0, 10^6) in 100 buckets (chi-square at 99 %, 200,000 draws)', () => {
    const random = hmacRandom(1_000_000);
    const counts = new Array<number>(100).fill(0);
    for (let i = 0; i < 200_000; i += 1) counts[Math.floor(random.int(1_000_000) / 10_000)]! += 1;
    expect(chiSquareUniform(counts)).toBeLessThan(chiSquareCritical99(99));
  });

  it('the same chi-square catches the modulo bias it avoids (a byte mod 37)', () => {
    // 256 = 6·37 + 34: residues 0–33 have 7 preimages, 34–36 only 6, which the test must see.
    const stream = new FairByteStream({ ...seeds, clientSeed: 'biased' });
    const counts = new Array<number>(37).fill(0);
    for (let i = 0; i < 185_000; i += 1) counts[stream.nextByte() % 37]! += 1;
    expect(chiSquareUniform(counts)).toBeGreaterThan(chiSquareCritical99(36));
  });

  it('has no lag-1 serial correlation and the expected number of runs (99 %)', () => {
    const random = hmacRandom(99);
    const values = Array.from({ length: 100_000 }, () => random.int(1_000_000));
    expect(Math.abs(serialCorrelation(values))).toBeLessThan(Z_99 / Math.sqrt(values.length));
    expect(Math.abs(runsZ(values, 499_999.5))).toBeLessThan(Z_99);
  });

  it('the serial test sees a correlated sequence', () => {
    const random = hmacRandom(100);
    let previous = 0;
    const values = Array.from({ length: 100_000 }, () => {
      previous = (previous + random.int(1000)) % 1_000_000;
      return previous;
    });
    expect(Math.abs(serialCorrelation(values))).toBeGreaterThan(Z_99 / Math.sqrt(values.length));
  });
});

describe('FairRandom.shuffle and drawDistinct', () => {
  it('shuffles into each of the 24 orders of 4 items equally often (chi-square at 99 %)', () => {
    const random = hmacRandom(24);
    const orders = new Map<string, number>();
    for (let i = 0; i < 24_000; i += 1) {
      const key = random.shuffle(['a', 'b', 'c', 'd']).join('');
      orders.set(key, (orders.get(key) ?? 0) + 1);
    }
    expect(orders.size).toBe(24);
    expect(chiSquareUniform([...orders.values()])).toBeLessThan(chiSquareCritical99(23));
  });

  it('leaves the input alone', () => {
    const items = [1, 2, 3, 4, 5];
    hmacRandom(5).shuffle(items);
    expect(items).toEqual([1, 2, 3, 4, 5]);
  });

  it('draws k distinct numbers, each number equally likely (10 of 40, chi-square at 99 %)', () => {
    const random = hmacRandom(40);
    const counts = new Array<number>(40).fill(0);
    for (let i = 0; i < 20_000; i += 1) {
      const drawn = random.drawDistinct(10, 40);
      expect(new Set(drawn).size).toBe(10);
      for (const number of drawn) counts[number]! += 1;
    }
    expect(chiSquareUniform(counts)).toBeLessThan(chiSquareCritical99(39));
  });

  it('puts each number first equally often (the order drawn is uniform too)', () => {
    const random = hmacRandom(41);
    const counts = new Array<number>(10).fill(0);
    for (let i = 0; i < 20_000; i += 1) counts[random.drawDistinct(3, 10)[0]!]! += 1;
    expect(chiSquareUniform(counts)).toBeLessThan(chiSquareCritical99(9));
  });

  it('draws all of n as a permutation and refuses k > n', () => {
    expect(
      hmacRandom(1)
        .drawDistinct(25, 25)
        .sort((a, b) => a - b),
    ).toEqual(Array.from({ length: 25 }, (_, i) => i));
    expect(() => hmacRandom(1).drawDistinct(26, 25)).toThrow();
  });
});

describe('FairRandom properties', () => {
  const seedsArbitrary = fc.record({
    serverSeed: fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => toHex(bytes)),
    clientSeed: fc.stringMatching(/^[a-zA-Z0-9 _-]{1,64}$/),
    nonce: fc.nat(),
  });

  it('draws every integer inside [0, n), for any seeds and any n up to 2^32', () => {
    fc.assert(
      fc.property(seedsArbitrary, fc.integer({ min: 1, max: 2 ** 32 }), (roundSeeds, n) => {
        const random = new FairRandom(new FairByteStream(roundSeeds));
        for (let i = 0; i < 20; i += 1) {
          const value = random.int(n);
          expect(Number.isInteger(value) && value >= 0 && value < n).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('draws k distinct numbers of [0, n) and shuffles into a permutation, for any seeds', () => {
    fc.assert(
      fc.property(seedsArbitrary, fc.integer({ min: 1, max: 60 }), fc.nat(60), (roundSeeds, n, k) => {
        const random = new FairRandom(new FairByteStream(roundSeeds));
        const count = Math.min(k, n);
        const drawn = random.drawDistinct(count, n);
        expect(new Set(drawn).size).toBe(count);
        expect(drawn.every((value) => value >= 0 && value < n)).toBe(true);
        const items = Array.from({ length: n }, (_, i) => i);
        expect(random.shuffle(items).sort((a, b) => a - b)).toEqual(items);
      }),
      { numRuns: 200 },
    );
  });

  it('replays the same draws from the same seeds', () => {
    fc.assert(
      fc.property(seedsArbitrary, (roundSeeds) => {
        const draws = () => {
          const random = new FairRandom(new FairByteStream(roundSeeds));
          return Array.from({ length: 12 }, () => random.int(1000));
        };
        expect(draws()).toEqual(draws());
      }),
      { numRuns: 100 },
    );
  });
});
