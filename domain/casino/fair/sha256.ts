/**
 * SHA-256 (FIPS 180-4) and HMAC-SHA256 (RFC 2104) in plain TypeScript, synchronous and without
 * Node built-ins, so the server, the browser verifier and a stand-alone script run the very same
 * code on a round's seeds (WebCrypto is asynchronous and node:crypto is not in the browser).
 */

const ROUND_CONSTANTS = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

const INITIAL_STATE = [
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
];

const BLOCK_BYTES = 64;
const schedule = new Uint32Array(64);

/** Mixes one 64-byte block (at `offset` of `data`) into `state`. */
function compress(state: Uint32Array, data: Uint8Array, offset: number): void {
  const w = schedule;
  for (let i = 0; i < 16; i += 1) {
    const j = offset + i * 4;
    w[i] = ((data[j]! << 24) | (data[j + 1]! << 16) | (data[j + 2]! << 8) | data[j + 3]!) >>> 0;
  }
  for (let i = 16; i < 64; i += 1) {
    const a = w[i - 15]!;
    const b = w[i - 2]!;
    const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
    const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
    w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) >>> 0;
  }
  let a = state[0]!;
  let b = state[1]!;
  let c = state[2]!;
  let d = state[3]!;
  let e = state[4]!;
  let f = state[5]!;
  let g = state[6]!;
  let h = state[7]!;
  for (let i = 0; i < 64; i += 1) {
    const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const choice = (e & f) ^ (~e & g);
    const t1 = (h + s1 + choice + ROUND_CONSTANTS[i]! + w[i]!) | 0;
    const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const majority = (a & b) ^ (a & c) ^ (b & c);
    const t2 = (s0 + majority) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  state[0] = (state[0]! + a) >>> 0;
  state[1] = (state[1]! + b) >>> 0;
  state[2] = (state[2]! + c) >>> 0;
  state[3] = (state[3]! + d) >>> 0;
  state[4] = (state[4]! + e) >>> 0;
  state[5] = (state[5]! + f) >>> 0;
  state[6] = (state[6]! + g) >>> 0;
  state[7] = (state[7]! + h) >>> 0;
}

/** Hashes `message` starting from `state` after `prefixBytes` already absorbed (whole blocks). */
function finish(state: Uint32Array, message: Uint8Array, prefixBytes: number): Uint8Array {
  const whole = message.length - (message.length % BLOCK_BYTES);
  for (let offset = 0; offset < whole; offset += BLOCK_BYTES) compress(state, message, offset);
  const rest = message.length - whole;
  const tail = new Uint8Array(rest < 56 ? BLOCK_BYTES : 2 * BLOCK_BYTES);
  tail.set(message.subarray(whole));
  tail[rest] = 0x80;
  // The length in bits as a 64-bit big-endian number; messages here stay far below 2^53 bits.
  const bits = (prefixBytes + message.length) * 8;
  const view = new DataView(tail.buffer);
  view.setUint32(tail.length - 8, Math.floor(bits / 2 ** 32));
  view.setUint32(tail.length - 4, bits >>> 0);
  for (let offset = 0; offset < tail.length; offset += BLOCK_BYTES) compress(state, tail, offset);
  const digest = new Uint8Array(32);
  const out = new DataView(digest.buffer);
  for (let i = 0; i < 8; i += 1) out.setUint32(i * 4, state[i]!);
  return digest;
}

/** The SHA-256 digest (32 bytes) of `message`. */
export function sha256(message: Uint8Array): Uint8Array {
  return finish(new Uint32Array(INITIAL_STATE), message, 0);
}

/**
 * HMAC-SHA256 keyed once: the inner and outer pads are absorbed up front, so each message costs
 * only its own blocks (the byte stream of a round asks for one block per cursor).
 */
export class HmacSha256 {
  readonly #inner: Uint32Array;
  readonly #outer: Uint32Array;

  constructor(key: Uint8Array) {
    const block = new Uint8Array(BLOCK_BYTES);
    block.set(key.length > BLOCK_BYTES ? sha256(key) : key);
    const pad = new Uint8Array(BLOCK_BYTES);
    this.#inner = new Uint32Array(INITIAL_STATE);
    for (let i = 0; i < BLOCK_BYTES; i += 1) pad[i] = block[i]! ^ 0x36;
    compress(this.#inner, pad, 0);
    this.#outer = new Uint32Array(INITIAL_STATE);
    for (let i = 0; i < BLOCK_BYTES; i += 1) pad[i] = block[i]! ^ 0x5c;
    compress(this.#outer, pad, 0);
  }

  /** The 32-byte MAC of `message`. */
  digest(message: Uint8Array): Uint8Array {
    const inner = finish(new Uint32Array(this.#inner), message, BLOCK_BYTES);
    return finish(new Uint32Array(this.#outer), inner, BLOCK_BYTES);
  }
}

/** HMAC-SHA256(key, message), 32 bytes. */
export function hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array {
  return new HmacSha256(key).digest(message);
}
