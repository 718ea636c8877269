/**
 * The commit-reveal half of provably fair: the house publishes SHA-256 of its server seed before
 * play and reveals the seed when the player rotates it; anyone can then check the two match.
 * A server seed is 64 lower-case hex characters (32 random bytes); the commitment and the HMAC key
 * both use its text as written, so `printf %s <seed> | sha256sum` reproduces the commitment.
 */
import { toHex, utf8 } from './encoding.ts';
import { sha256 } from './sha256.ts';

const SERVER_SEED = /^[0-9a-f]{64}$/;
/** Client seeds are the player's own text; bounded so a round's message stays one short block. */
export const CLIENT_SEED_MAX_LENGTH = 64;

/** Whether `text` is a well-formed server seed (64 lower-case hex characters). */
export function isServerSeed(text: string): boolean {
  return SERVER_SEED.test(text);
}

/** Whether `text` may be a client seed: 1–64 printable ASCII characters without ':'. */
export function isClientSeed(text: string): boolean {
  return text.length >= 1 && text.length <= CLIENT_SEED_MAX_LENGTH && /^[\x20-\x39\x3b-\x7e]+$/.test(text);
}

/** A server seed from 32 bytes of the platform's secure random source (the caller supplies them). */
export function serverSeedFrom(bytes: Uint8Array): string {
  if (bytes.length !== 32) throw new Error('a server seed is 32 bytes');
  return toHex(bytes);
}

/** The commitment shown before play: SHA-256 of the server seed's text, in hex. */
export function commitment(serverSeed: string): string {
  return toHex(sha256(utf8(serverSeed)));
}

/** Whether a revealed server seed is the one committed to. */
export function verifyReveal(serverSeed: string, committed: string): boolean {
  return isServerSeed(serverSeed) && commitment(serverSeed) === committed.toLowerCase();
}
