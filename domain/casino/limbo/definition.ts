/**
 * Limbo: the round draws a result multiplier; the player names a target and wins target × stake
 * when the result reaches it. The result is ⌊RTP · 100 · N / (r + 1)⌋ hundredths for r uniform in
 * [0, N), N = 2^48, so P(result ≥ T) = ⌊RTP · 100 · N / T⌋ / N and the RTP of a target T is
 * (T/100) · ⌊RTP · 100 · N / T⌋ / N: exactly 99 % less under T / (100 N) (< 4·10⁻⁹ at the
 * highest target), computed exactly by limboRtp.
 */
import { Ratio } from '../ratio.ts';

export interface LimboDefinition {
  readonly id: 'limbo';
  readonly rtp: Ratio;
  /** r is drawn as two 24-bit parts: N = 2^48 equally likely values. */
  readonly resolutionBits: 48;
  /** Targets in hundredths of a multiplier: 1.01× to 1,000,000×. */
  readonly minTargetCenti: number;
  readonly maxTargetCenti: number;
}

export const LIMBO: LimboDefinition = {
  id: 'limbo',
  rtp: Ratio.parse('99/100'),
  resolutionBits: 48,
  minTargetCenti: 101,
  maxTargetCenti: 100_000_000,
};
