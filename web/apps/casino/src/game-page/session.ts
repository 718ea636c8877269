/**
 * The game page's session figures and rules, pure: the net position of this visit, the session
 * clock, autoplay's stop conditions and the jurisdiction's minimum time between rounds.
 */
import type { RoundView } from '../games/game-ui.ts';

/** Win minus stake of a finished round (minor units); an open round counts nothing yet. */
export function roundNet(round: RoundView): bigint {
  if (round.status !== 'finished') return 0n;
  return BigInt(round.payoutMinor) - BigInt(round.stakedMinor);
}

/** hh:mm:ss of a duration (the session timer). */
export function clockText(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/** How long to wait before the next round may start (the jurisdiction's minimum round duration). */
export function waitBeforeNextMs(lastStartMs: number | null, nowMs: number, minRoundMs: number): number {
  if (lastStartMs === null || minRoundMs <= 0) return 0;
  return Math.max(0, lastStartMs + minRoundMs - nowMs);
}

export interface AutoplayPlan {
  /** Rounds still to play. */
  left: number;
  /** Stop when one round wins at least this much (minor units), null: no such stop. */
  stopOnWinMinor: bigint | null;
  /** Stop when the autoplay's losses reach this much (minor units), null: no such stop. */
  stopOnLossMinor: bigint | null;
  /** Net of the rounds autoplay played so far. */
  netMinor: bigint;
}

/** The choices of autoplay rounds the jurisdiction allows (its cap included). */
export function autoplayChoices(cap: number): number[] {
  if (cap <= 0) return [];
  const choices = [10, 25, 50, 100, 250, 500, 1000].filter((n) => n < cap);
  return [...choices, cap];
}

export type AutoplayStep =
  | { stop: false; plan: AutoplayPlan }
  | { stop: true; reason: 'done' | 'win' | 'loss' | 'decision' };

/** After an autoplay round: go on with the plan, or stop and why. */
export function afterAutoplayRound(plan: AutoplayPlan, round: RoundView): AutoplayStep {
  if (round.status === 'open') return { stop: true, reason: 'decision' };
  const net = plan.netMinor + roundNet(round);
  const payout = BigInt(round.payoutMinor);
  if (plan.stopOnWinMinor !== null && payout > 0n && payout >= plan.stopOnWinMinor)
    return { stop: true, reason: 'win' };
  if (plan.stopOnLossMinor !== null && -net >= plan.stopOnLossMinor) return { stop: true, reason: 'loss' };
  if (plan.left <= 1) return { stop: true, reason: 'done' };
  return { stop: false, plan: { ...plan, left: plan.left - 1, netMinor: net } };
}
