/**
 * Uniform draws for games from a stream of 32-bit integers. An integer in [0, n) is drawn by
 * rejection: a 32-bit value u is kept only below the largest multiple of n that fits (limit), and
 * then u mod n is exactly uniform because every residue has the same number of preimages below the
 * limit. Taking u mod n on the whole 32-bit range (or floor(f·n)) would favour the low residues.
 */
import type { Uint32Source } from './byte-stream.ts';

const TWO_32 = 2 ** 32;

export class FairRandom {
  readonly #source: Uint32Source;

  constructor(source: Uint32Source) {
    this.#source = source;
  }

  /** A uniform integer in [0, n), 1 ≤ n ≤ 2^32. */
  int(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > TWO_32) throw new Error(`cannot draw from [0, ${n})`);
    const limit = TWO_32 - (TWO_32 % n);
    for (;;) {
      const u = this.#source.nextUint32();
      if (u < limit) return u % n;
    }
  }

  /** The items in a uniformly random order (Fisher–Yates from the back); the input is not changed. */
  shuffle<T>(items: readonly T[]): T[] {
    const order = items.slice();
    for (let i = order.length - 1; i > 0; i -= 1) {
      const j = this.int(i + 1);
      const item = order[i]!;
      order[i] = order[j]!;
      order[j] = item;
    }
    return order;
  }

  /**
   * k distinct integers of [0, n) in the order drawn: the first k steps of a Fisher–Yates shuffle
   * from the front, so drawing k costs k draws whatever n is.
   */
  drawDistinct(k: number, n: number): number[] {
    if (!Number.isInteger(k) || k < 0 || k > n) throw new Error(`cannot draw ${k} of ${n}`);
    const swapped = new Map<number, number>();
    const drawn: number[] = [];
    for (let i = 0; i < k; i += 1) {
      const j = i + this.int(n - i);
      drawn.push(swapped.get(j) ?? j);
      swapped.set(j, swapped.get(i) ?? i);
    }
    return drawn;
  }
}
