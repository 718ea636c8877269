/** The limbo bet the screen builds: a target multiplier in hundredths, as LIMBO_GAME's params. */
import { LIMBO } from '@parlay/domain/casino/limbo/definition.ts';
import { limboWinningDraws } from '@parlay/domain/casino/limbo/limbo.ts';
import { payoutMinor } from '@parlay/domain/casino/payout.ts';
import { Ratio } from '@parlay/domain/casino/ratio.ts';

/** Quick targets offered beside the field (hundredths). */
export const QUICK_TARGETS = [150, 200, 500, 1000, 10000] as const;

/** A typed multiplier ("2", "2.5", "2,50") as hundredths inside the game's range. */
export function parseTargetCenti(typed: string, fallback: number): number {
  const value = Number(typed.trim().replace(',', '.'));
  if (!Number.isFinite(value)) return fallback;
  return clampTargetCenti(Math.round(value * 100));
}

export function clampTargetCenti(centi: number): number {
  return Math.min(LIMBO.maxTargetCenti, Math.max(LIMBO.minTargetCenti, Math.round(centi)));
}

/** Params for props.play: `{ targetCenti }`. */
export function limboParams(targetCenti: number): { targetCenti: number } {
  return { targetCenti: clampTargetCenti(targetCenti) };
}

/** The chance the result reaches the target, in hundredths of a percent, rounded to the nearest. */
export function limboChanceCenti(targetCenti: number): bigint {
  const draws = limboWinningDraws(LIMBO, clampTargetCenti(targetCenti));
  const bits = BigInt(LIMBO.resolutionBits);
  return (draws * 10_000n + (1n << (bits - 1n))) >> bits;
}

export function limboPossibleWin(targetCenti: number, stakeMinor: bigint): bigint {
  return payoutMinor(stakeMinor, new Ratio(BigInt(clampTargetCenti(targetCenti)), 100n));
}
