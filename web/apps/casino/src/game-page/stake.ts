/**
 * The stake control's arithmetic, in minor units (bigint), never floats: the bounds from the game's
 * limits and the jurisdiction's maximum, steps snapped to the game's step, halving and doubling, and
 * the text a player types ("12,5", "1 000.00") read in the currency's precision.
 */
import { currency, isCurrencyCode } from '@parlay/domain/money/currencies.ts';
import type { StakeLimits } from '../games/game-ui.ts';

export interface StakeBounds {
  minMinor: bigint;
  maxMinor: bigint;
  stepMinor: bigint;
  /** Digits after the point of the stake's currency (demo units: 2). */
  scale: number;
}

const big = (text: string | null | undefined, fallback: bigint): bigint => {
  try {
    return text ? BigInt(text) : fallback;
  } catch {
    return fallback;
  }
};

export function scaleOf(iso: string): number {
  return isCurrencyCode(iso) ? currency(iso).scale : 2;
}

/** The bounds a stake must keep: the jurisdiction's maximum lowers the game's when it is lower. */
export function stakeBounds(limits: StakeLimits, jurisdictionMaxMinor: string | null): StakeBounds {
  const minMinor = big(limits.minStakeMinor, 1n);
  let maxMinor = big(limits.maxStakeMinor, minMinor);
  const capped = big(jurisdictionMaxMinor, maxMinor);
  if (capped < maxMinor) maxMinor = capped;
  if (maxMinor < minMinor) maxMinor = minMinor;
  const stepMinor = big(limits.stepMinor, 1n);
  return { minMinor, maxMinor, stepMinor: stepMinor > 0n ? stepMinor : 1n, scale: scaleOf(limits.currency) };
}

/** Inside the bounds and on the step grid counted from the minimum (rounded down). */
export function clampStake(minor: bigint, b: StakeBounds): bigint {
  if (minor <= b.minMinor) return b.minMinor;
  const snapped = b.minMinor + ((minor - b.minMinor) / b.stepMinor) * b.stepMinor;
  return snapped > b.maxMinor ? b.maxMinor : snapped;
}

/**
 * One press of − or +: the stake moves by a "nice" amount for its size (1, 2, 5 × 10^k minor units,
 * about a tenth of the stake, never less than the game's step), then clamped.
 */
export function stepStake(minor: bigint, direction: 1 | -1, b: StakeBounds): bigint {
  const target = minor / 10n > b.stepMinor ? minor / 10n : b.stepMinor;
  let nice = 1n;
  while (nice * 10n <= target) nice *= 10n;
  const increment = target >= nice * 5n ? nice * 5n : target >= nice * 2n ? nice * 2n : nice;
  const step = increment < b.stepMinor ? b.stepMinor : (increment / b.stepMinor) * b.stepMinor;
  return clampStake(minor + BigInt(direction) * step, b);
}

export const halfStake = (minor: bigint, b: StakeBounds): bigint => clampStake(minor / 2n, b);
export const doubleStake = (minor: bigint, b: StakeBounds): bigint => clampStake(minor * 2n, b);

/**
 * A typed amount in major units to minor units: "12,5" → 1250n at scale 2; spaces (also no-break)
 * are grouping; more decimals than the currency has, or anything else, is null.
 */
export function parseStake(text: string, scale: number): bigint | null {
  const clean = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  const match = /^(\d{1,15})(?:\.(\d*))?$/.exec(clean);
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > scale) return null;
  return BigInt(match[1]!) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0') || '0');
}

/** Minor units as the field's plain text: 1250n at scale 2 → "12.50", with the language's decimal sign. */
export function stakeText(minor: bigint, scale: number, decimalSign = '.'): string {
  if (scale === 0) return minor.toString();
  const unit = 10n ** BigInt(scale);
  const whole = minor / unit;
  const fraction = (minor % unit).toString().padStart(scale, '0');
  return `${whole}${decimalSign}${fraction}`;
}
