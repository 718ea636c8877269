/**
 * The expected number of free spins a feature plays, exactly, with retriggers and a cap on the total
 * awarded. Each free spin adds award(k) more spins for k scatters (probability c_k / D), the total
 * awarded never exceeding `cap`; the feature ends when the spins played reach the total awarded.
 *
 * State (played j, awarded A), j ≤ A ≤ cap; V(j, A) = A when j = A, else Σ_k c_k/D · V(j+1, min(A +
 * award_k, cap)). Denominators are powers of D, so the recursion runs on the integers
 * W(j, A) = V(j, A) · D^(cap − j) (no fraction reduced along the way) and one Ratio is formed at
 * the end.
 *
 * The feature's value then follows from Wald's identity: whether spin j is played depends only on
 * spins before it, and each spin's win is independent of those, so E[Σ wins] = E[N] · E[win of a spin].
 */
import { Ratio } from '../ratio.ts';

export interface RetriggerOdds {
  /** Stop combinations per spin (the denominator D). */
  readonly combinations: bigint;
  /** [spins awarded, stop combinations that award them] — entries awarding 0 may be left out. */
  readonly awards: readonly (readonly [number, bigint])[];
}

/** E[spins played] for a feature that starts with `start` spins awarded. */
export function expectedFreeSpins(odds: RetriggerOdds, start: number, cap: number): Ratio {
  if (!Number.isInteger(start) || !Number.isInteger(cap) || start < 0 || start > cap)
    throw new Error('bad free-spin start or cap');
  const D = odds.combinations;
  const retriggering = odds.awards.filter(([spins]) => spins > 0);
  const quiet = D - retriggering.reduce((sum, [, ways]) => sum + ways, 0n);
  const power: bigint[] = [1n];
  for (let i = 1; i <= cap; i += 1) power.push(power[i - 1]! * D);
  // next[A] = W(j + 1, A) for A = j + 1 … cap, built from j = cap down to 0.
  let next: bigint[] = [];
  for (let j = cap; j >= 0; j -= 1) {
    const current: bigint[] = [];
    current[j] = BigInt(j) * power[cap - j]!;
    for (let awarded = j + 1; awarded <= cap; awarded += 1) {
      let w = quiet * next[awarded]!;
      for (const [spins, ways] of retriggering) w += ways * next[Math.min(awarded + spins, cap)]!;
      current[awarded] = w;
    }
    next = current;
  }
  return new Ratio(next[start]!, power[cap]!);
}
