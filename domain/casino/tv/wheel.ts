/**
 * The wheel of fortune: 50 segments, each showing the total return of a bet on it (×2, ×3, ×6,
 * ×24). A bet names a value; it pays stake × value when the wheel stops on a segment of that value.
 * RTP of a bet on value v = count(v) · v / 50, exactly 24/25 (96 %) for every value.
 */
import type { FairRandom } from '../fair/fair-random.ts';
import { Ratio } from '../ratio.ts';

export const WHEEL_VALUES = [2, 3, 6, 24] as const;
export type WheelValue = (typeof WHEEL_VALUES)[number];

const COUNTS: Record<WheelValue, number> = { 2: 24, 3: 16, 6: 8, 24: 2 };

/** The segments in order round the wheel: values spread so equal ones rarely touch. */
export const WHEEL_SEGMENTS: readonly WheelValue[] = (() => {
  const left = { ...COUNTS };
  const out: WheelValue[] = [];
  // A fixed interleaving: 24 and 6 spaced out, 3 and 2 filling between.
  const pattern: WheelValue[] = [2, 3, 2, 6, 2, 3];
  let i = 0;
  while (out.length < 50) {
    let v: WheelValue = pattern[i % pattern.length]!;
    if (out.length === 0 || out.length === 25) v = 24;
    if (left[v] === 0) v = WHEEL_VALUES.find((x) => left[x] > 0)!;
    left[v] -= 1;
    out.push(v);
    i += 1;
  }
  return out;
})();

export function isWheelValue(v: number): v is WheelValue {
  return (WHEEL_VALUES as readonly number[]).includes(v);
}

/** Where the wheel stops: a uniform segment index. */
export function spinWheel(random: FairRandom): number {
  return random.int(WHEEL_SEGMENTS.length);
}

/** The return of a bet on `value` when the wheel stopped on `segment` (minor units). */
export function wheelPayoutMinor(stakeMinor: bigint, value: WheelValue, segment: number): bigint {
  return WHEEL_SEGMENTS[segment] === value ? stakeMinor * BigInt(value) : 0n;
}

/** The exact RTP of a bet on `value`, from the segments. */
export function wheelRtp(value: WheelValue): Ratio {
  const count = WHEEL_SEGMENTS.filter((v) => v === value).length;
  return new Ratio(BigInt(count * value), BigInt(WHEEL_SEGMENTS.length));
}
