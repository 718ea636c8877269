/**
 * A seeded pseudo-random generator (mulberry32) for the feed simulator: the same seed gives the
 * same world on every machine. Streams are derived by hashing the seed with names and numbers, so
 * one game's randomness never depends on how many other games were generated before it.
 */

/** 32-bit FNV-1a over the parts, finished with a murmur3 mix so near inputs spread widely. */
export function hashSeed(...parts: readonly (string | number)[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const text = `${part}|`;
    for (let i = 0; i < text.length; i += 1) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export class Rng {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** A generator for a named sub-stream, e.g. Rng.derive(seed, 'game', 42). */
  static derive(...parts: readonly (string | number)[]): Rng {
    return new Rng(hashSeed(...parts));
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** Uniform in [min, max). */
  between(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Uniform integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Standard normal by Box-Muller. */
  normal(mean = 0, sd = 1): number {
    const u = 1 - this.next();
    const v = this.next();
    return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** Poisson count by Knuth's method; rates here stay small (per period), so it is exact and fast. */
  poisson(rate: number): number {
    if (rate <= 0) return 0;
    if (rate > 60) return Math.max(0, Math.round(this.normal(rate, Math.sqrt(rate))));
    const limit = Math.exp(-rate);
    let k = 0;
    let product = this.next();
    while (product > limit) {
      k += 1;
      product *= this.next();
    }
    return k;
  }

  /** Fisher-Yates, in place. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i -= 1) {
      const j = Math.floor(this.next() * (i + 1));
      [items[i], items[j]] = [items[j] as T, items[i] as T];
    }
    return items;
  }
}
