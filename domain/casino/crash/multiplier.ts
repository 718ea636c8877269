/**
 * The multiplier over time. The multiplier reaches c hundredths at the whole millisecond
 *
 *     timeToReach(c) = ⌈ln(c / 100) / k⌉    (k = CRASH.growthPerMs; 2× at 11,553 ms)
 *
 * and m(t) is the largest c with timeToReach(c) ≤ t, i.e. ⌊100 · e^(k·t)⌋ / 100 up to float
 * rounding at the boundaries. Both are defined by timeToReach, so they are exact inverses:
 * m(timeToReach(c)) ≥ c and m(timeToReach(c) − 1) < c for every c. A round crashed at crash point C
 * ends at timeToReach(C) after its start; a cash-out at time t < timeToReach(C) pays m(t) < C.
 */
import { CRASH } from './definition.ts';

/** The whole millisecond since the start at which the multiplier reaches `centi` hundredths. */
export function timeToReach(centi: number): number {
  if (centi <= 100) return 0;
  return Math.ceil(Math.log(centi / 100) / CRASH.growthPerMs);
}

/** The multiplier in hundredths `elapsedMs` after the start (100 before it). */
export function multiplierAt(elapsedMs: number): number {
  if (elapsedMs <= 0) return 100;
  let c = Math.max(100, Math.floor(100 * Math.exp(CRASH.growthPerMs * elapsedMs)));
  while (timeToReach(c + 1) <= elapsedMs) c += 1;
  while (c > 100 && timeToReach(c) > elapsedMs) c -= 1;
  return c;
}
