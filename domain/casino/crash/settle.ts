/**
 * What a crash bet pays. A round starts at `startedAt` and crashes at startedAt + timeToReach(C).
 * - A manual cash-out at elapsed time t is accepted when 0 ≤ t < timeToReach(C) and pays
 *   ⌊stake · m(t) / 100⌋ (m(t) < C there).
 * - An auto cash-out at target T pays ⌊stake · T / 100⌋ when C ≥ T (reaching T and crashing at the
 *   same instant counts for the player), else nothing.
 * - Otherwise the bet loses. So a bet never pays more than stake × min(C, its cash-out multiplier).
 */
import { payoutMinor } from '../payout.ts';
import { Ratio } from '../ratio.ts';
import { multiplierAt, timeToReach } from './multiplier.ts';

export type CashOutDecision =
  | { ok: true; multiplierCenti: number }
  | { ok: false; reason: 'not-running' | 'late' };

/** Whether a manual cash-out `elapsedMs` after the start of a round crashing at C is accepted. */
export function decideCashOut(elapsedMs: number, crashPointCenti: number): CashOutDecision {
  if (elapsedMs < 0) return { ok: false, reason: 'not-running' };
  if (elapsedMs >= timeToReach(crashPointCenti)) return { ok: false, reason: 'late' };
  return { ok: true, multiplierCenti: multiplierAt(elapsedMs) };
}

/** Stake × multiplier (hundredths), rounded down to the minor unit. */
export function crashPayoutMinor(stakeMinor: bigint, multiplierCenti: number): bigint {
  return payoutMinor(stakeMinor, new Ratio(BigInt(multiplierCenti), 100n));
}

/** Whether an auto cash-out target is paid in a round crashing at C. */
export function autoCashOutWins(targetCenti: number | null, crashPointCenti: number): boolean {
  return targetCenti !== null && targetCenti <= crashPointCenti;
}

/** The settlement of a bet still open when its round crashed: paid at its target, or lost. */
export function settleOpenBet(
  bet: { stakeMinor: bigint; autoCashOutCenti: number | null },
  crashPointCenti: number,
): { cashOutCenti: number | null; payoutMinor: bigint } {
  if (autoCashOutWins(bet.autoCashOutCenti, crashPointCenti)) {
    const target = bet.autoCashOutCenti!;
    return { cashOutCenti: target, payoutMinor: crashPayoutMinor(bet.stakeMinor, target) };
  }
  return { cashOutCenti: null, payoutMinor: 0n };
}
