/**
 * A fast seeded 32-bit generator (xoshiro128**) for simulations only: the RTP benchmark and the
 * simulation tests play millions of rounds through the same game functions, where the HMAC stream
 * would measure SHA-256 rather than the game. Never used for real rounds.
 */
import type { Uint32Source } from './byte-stream.ts';

export class SimulationSource implements Uint32Source {
  readonly #s = new Uint32Array(4);

  constructor(seed: number) {
    // splitmix32 spreads the seed over the four words so no state is all zero.
    let x = seed >>> 0;
    for (let i = 0; i < 4; i += 1) {
      x = (x + 0x9e3779b9) >>> 0;
      let z = x;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      this.#s[i] = (z ^ (z >>> 16)) >>> 0;
    }
  }

  nextUint32(): number {
    const s = this.#s;
    const s0 = s[0]!;
    const s1 = s[1]!;
    const m = Math.imul(s1, 5);
    const result = Math.imul((m << 7) | (m >>> 25), 9) >>> 0;
    const s2 = s[2]! ^ s0;
    const s3 = s[3]! ^ s1;
    s[1] = s1 ^ s2;
    s[0] = s0 ^ s3;
    s[2] = s2 ^ (s1 << 9);
    s[3] = (s3 << 11) | (s3 >>> 21);
    return result;
  }
}
