/**
 * The hash chain of crash games (as published crash games do). From a secret terminal seed x_0
 * (64 hex digits), x_{j+1} = SHA-256(x_j) as hex of the hex text, up to x_N. The games are played
 * from the end: game n (1 … N) uses hash h_n = x_{N−n}, and the commitment published before any
 * game is h_0 = x_N. So SHA-256(h_n) = h_{n−1}: once game n is revealed anyone can hash back to the
 * commitment, and nobody could compute game n+1 from what was revealed.
 *
 * The server keeps checkpoints (every `step`-th x_j) to find a game's hash in ≤ step hashes.
 */
import { toHex, utf8 } from '../fair/encoding.ts';
import { sha256 } from '../fair/sha256.ts';
import { crashPointCenti } from './crash-point.ts';

const HASH = /^[0-9a-f]{64}$/;

/** SHA-256 of the hex text, as hex: one link of the chain. */
export function chainHash(hex: string): string {
  return toHex(sha256(utf8(hex)));
}

export interface ChainPlan {
  length: number;
  step: number;
  /** checkpoints[i] = x_{i·step}, for i·step ≤ length. */
  checkpoints: string[];
  /** h_0 = x_N, published before play. */
  commitment: string;
}

/** One link: hex → hex of SHA-256 of the hex text (a faster equal implementation may be passed). */
export type ChainHasher = (hex: string) => string;

/** Walks the whole chain once from the seed, keeping checkpoints. */
export function planChain(
  seed: string,
  length: number,
  step: number,
  hash: ChainHasher = chainHash,
): ChainPlan {
  if (!HASH.test(seed)) throw new Error('the terminal seed is 64 lower-case hex digits');
  if (!Number.isInteger(length) || length < 1) throw new Error('a chain has at least one game');
  if (!Number.isInteger(step) || step < 1) throw new Error('the checkpoint step is at least 1');
  const checkpoints = [seed];
  let x = seed;
  for (let j = 1; j <= length; j += 1) {
    x = hash(x);
    if (j % step === 0) checkpoints.push(x);
  }
  return { length, step, checkpoints, commitment: x };
}

/** The hash of game n (1 … length) from the plan's checkpoints. */
export function gameHash(
  plan: Pick<ChainPlan, 'length' | 'step' | 'checkpoints'>,
  game: number,
  hash: ChainHasher = chainHash,
): string {
  if (!Number.isInteger(game) || game < 1 || game > plan.length) throw new RangeError('no such game');
  const j = plan.length - game;
  const from = Math.floor(j / plan.step);
  let x = plan.checkpoints[from]!;
  for (let i = from * plan.step; i < j; i += 1) x = hash(x);
  return x;
}

/** Whether `hash` is the link just after `previous` (SHA-256(hash) = previous). */
export function verifyLink(hash: string, previous: string): boolean {
  return HASH.test(hash) && chainHash(hash) === previous;
}

/** Whether game n's hash hashes back to the commitment in exactly n steps. */
export function verifyAgainstCommitment(hash: string, game: number, commitment: string): boolean {
  if (!HASH.test(hash) || !Number.isInteger(game) || game < 1) return false;
  let x = hash;
  for (let i = 0; i < game; i += 1) x = chainHash(x);
  return x === commitment;
}

export interface CrashVerification {
  crashPointCenti: number;
  /** True when given the commitment and game number and the hash reaches it. */
  chainOk: boolean | null;
}

/** The verifier: a revealed game hash → its crash point, and (optionally) its chain check. */
export function verifyCrashGame(input: {
  hash: string;
  salt: string;
  game?: number;
  commitment?: string;
}): CrashVerification {
  const chainOk =
    input.game !== undefined && input.commitment !== undefined
      ? verifyAgainstCommitment(input.hash, input.game, input.commitment)
      : null;
  return { crashPointCenti: crashPointCenti(input.hash, input.salt), chainOk };
}
