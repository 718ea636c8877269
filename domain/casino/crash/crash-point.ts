/**
 * The crash point of a game: r = the first 52 bits (13 hex digits) of HMAC-SHA256(key = the game's
 * hash as hex text, message = the chain's public salt), uniform in [0, 2^52). With s = 2^52 − r in
 * [1, 2^52]:
 *
 *     crash point (hundredths) = min(CAP, max(100, ⌊99 · 2^52 / s⌋))
 *
 * An auto cash-out at target T (hundredths, 101 ≤ T ≤ CAP) wins when crash point ≥ T, i.e. when
 * s ≤ 99 · 2^52 / T: exactly ⌊99 · 2^52 / T⌋ of the 2^52 draws. Its return is therefore exactly
 *
 *     RTP(T) = T · ⌊99 · 2^52 / T⌋ / (100 · 2^52)  =  0.99 − ε,  0 ≤ ε < T / (100 · 2^52)
 *
 * (ε < 2.3 · 10^-10 at the cap). ε = 0 exactly when T divides 99 · 2^52; no uniform draw space of
 * 2^52 can give exactly 0.99 for every T (101 is prime). About 1 % of games crash at 1.00×, where
 * nothing can be cashed out.
 */
import { toHex, utf8 } from '../fair/encoding.ts';
import { hmacSha256 } from '../fair/sha256.ts';
import { Ratio } from '../ratio.ts';
import { CRASH, TWO_POW_52 } from './definition.ts';

const NUMERATOR = 99n * TWO_POW_52;

/** r in [0, 2^52) of a game: the first 13 hex digits of HMAC-SHA256(gameHash, salt). */
export function crashDraw(gameHash: string, salt: string): bigint {
  const mac = toHex(hmacSha256(utf8(gameHash), utf8(salt)));
  return BigInt(`0x${mac.slice(0, 13)}`);
}

/** The crash point in hundredths from a draw r in [0, 2^52). */
export function crashPointFromDraw(r: bigint): number {
  if (r < 0n || r >= TWO_POW_52) throw new RangeError('r is outside [0, 2^52)');
  const raw = NUMERATOR / (TWO_POW_52 - r);
  if (raw < 100n) return 100;
  if (raw > BigInt(CRASH.maxCrashCenti)) return CRASH.maxCrashCenti;
  return Number(raw);
}

/** The crash point in hundredths of a game hash under the chain's salt. */
export function crashPointCenti(gameHash: string, salt: string): number {
  return crashPointFromDraw(crashDraw(gameHash, salt));
}

/** How many of the 2^52 draws give a crash point ≥ target (hundredths, 100 … CAP). */
export function crashWinningDraws(targetCenti: number): bigint {
  if (!Number.isInteger(targetCenti) || targetCenti < 100) throw new RangeError('target below 1.00×');
  if (targetCenti > CRASH.maxCrashCenti) return 0n;
  if (targetCenti === 100) return TWO_POW_52;
  return NUMERATOR / BigInt(targetCenti);
}

/** Probability that the crash point is at least the target. */
export function crashReachProbability(targetCenti: number): Ratio {
  return new Ratio(crashWinningDraws(targetCenti), TWO_POW_52);
}

/** Exact return of an auto cash-out at the target (payout T × stake when crash point ≥ T). */
export function crashRtp(targetCenti: number): Ratio {
  return new Ratio(BigInt(targetCenti), 100n).times(crashReachProbability(targetCenti));
}

/** Whether an auto cash-out target is one the game accepts. */
export function isValidTarget(targetCenti: number): boolean {
  return (
    Number.isInteger(targetCenti) && targetCenti >= CRASH.minTargetCenti && targetCenti <= CRASH.maxCrashCenti
  );
}
