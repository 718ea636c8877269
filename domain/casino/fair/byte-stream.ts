/**
 * The round's random bytes: HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}:${cursor}`) for
 * cursor 0, 1, 2, … concatenated, read from the front. Every game reads this one stream, so a
 * verifier reproduces any round from its three values.
 */
import { utf8 } from './encoding.ts';
import { isClientSeed, isServerSeed } from './seeds.ts';
import { HmacSha256 } from './sha256.ts';

/** The three values that fix a round's randomness. */
export interface RoundSeeds {
  readonly serverSeed: string;
  readonly clientSeed: string;
  readonly nonce: number;
}

/** A source of uniform 32-bit unsigned integers; FairRandom draws everything from one. */
export interface Uint32Source {
  nextUint32(): number;
}

/** Bounds the bytes one round may read, so a broken game cannot spin for ever on a stream. */
const MAX_CURSOR = 1_000_000;

export class FairByteStream implements Uint32Source {
  readonly #mac: HmacSha256;
  readonly #prefix: string;
  #block: Uint8Array = new Uint8Array(0);
  #offset = 0;
  #cursor = 0;

  constructor(seeds: RoundSeeds) {
    if (!isServerSeed(seeds.serverSeed)) throw new Error('server seed must be 64 lower-case hex characters');
    if (!isClientSeed(seeds.clientSeed))
      throw new Error('client seed must be 1-64 printable characters, no ":"');
    if (!Number.isSafeInteger(seeds.nonce) || seeds.nonce < 0)
      throw new Error('nonce must be a whole number ≥ 0');
    this.#mac = new HmacSha256(utf8(seeds.serverSeed));
    this.#prefix = `${seeds.clientSeed}:${seeds.nonce}:`;
  }

  /** The 32 bytes of block `cursor` (does not move the stream). */
  block(cursor: number): Uint8Array {
    return this.#mac.digest(utf8(`${this.#prefix}${cursor}`));
  }

  /** How many bytes have been read so far. */
  get bytesRead(): number {
    return this.#cursor === 0 ? 0 : (this.#cursor - 1) * 32 + this.#offset;
  }

  nextByte(): number {
    if (this.#offset === this.#block.length) {
      if (this.#cursor >= MAX_CURSOR) throw new Error('round read more random bytes than any game needs');
      this.#block = this.block(this.#cursor);
      this.#cursor += 1;
      this.#offset = 0;
    }
    const byte = this.#block[this.#offset]!;
    this.#offset += 1;
    return byte;
  }

  /** The next four bytes as a big-endian unsigned integer. */
  nextUint32(): number {
    return (
      ((this.nextByte() << 24) | (this.nextByte() << 16) | (this.nextByte() << 8) | this.nextByte()) >>> 0
    );
  }
}
