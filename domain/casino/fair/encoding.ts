/** Text and hex forms of the bytes a player sees on the verifier: seeds are text, digests are hex. */

const encoder = new TextEncoder();

/** UTF-8 bytes of a text (a seed, or the `clientSeed:nonce:cursor` message). */
export function utf8(text: string): Uint8Array {
  return encoder.encode(text);
}

/** Lower-case hex of bytes. */
export function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** Bytes of an even-length hex text; throws on anything else. */
export function fromHex(hex: string): Uint8Array {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex)) throw new Error(`not hex: ${hex.slice(0, 16)}`);
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}
