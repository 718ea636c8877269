/**
 * The crash game's constants. Every value a player could check is here: the house edge, the cap,
 * the speed of the multiplier, and the chain's shape.
 */
import { Ratio } from '../ratio.ts';

export const CRASH = {
  /** Return to player of an auto cash-out at any target up to the cap (less a term < T/(100·2^52)). */
  rtp: new Ratio(99n, 100n),
  /** Bits of the HMAC read as r, uniform in [0, 2^52). */
  bits: 52,
  /** Crash points are capped at 10,000.00× (hundredths). */
  maxCrashCenti: 1_000_000,
  /** The lowest auto cash-out target (1.01×). */
  minTargetCenti: 101,
  /** Growth rate per millisecond: m(t) = e^(k·t), 2× at ln 2 / k ≈ 11,552 ms. */
  growthPerMs: 0.00006,
  /** Stake limits in minor units of the player's currency (0.10 … 100,000.00). */
  minStakeMinor: 10n,
  maxStakeMinor: 10_000_000n,
} as const;

export const TWO_POW_52 = 1n << 52n;
