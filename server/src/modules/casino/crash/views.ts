/**
 * What players see of crash rounds and bets. A round's hash and crash point stay hidden until it
 * crashed (its crash instant would tell the crash point, so it is never shown); a bet's auto
 * cash-out target is shown to its owner only.
 */
import { multiplierAt } from '@parlay/domain/casino/crash/index.ts';
import { toHex, utf8 } from '@parlay/domain/casino/fair/encoding.ts';
import { sha256 } from '@parlay/domain/casino/fair/sha256.ts';
import type { Selectable } from 'kysely';
import type { CasinoCrashTables, CrashBetStatus, CrashRoundStatus } from './tables.ts';

export type RoundRow = Selectable<CasinoCrashTables['crash_rounds']>;
export type BetRow = Selectable<CasinoCrashTables['crash_bets']>;

export interface CrashRoundView {
  id: string;
  game: number;
  status: CrashRoundStatus;
  bettingEndsAt: string;
  startedAt: string;
  crashPointCenti: number | null;
  hash: string | null;
  multiplierCenti: number;
}

export interface CrashBetView {
  betId: string;
  roundId: string;
  mode: 'real';
  currency: string;
  stakeMinor: string;
  autoCashOutCenti: number | null;
  status: CrashBetStatus;
  cashOutCenti: number | null;
  payoutMinor: string;
  createdAt: string;
}

export interface PublicCrashBet {
  betId: string;
  player: string;
  currency: string;
  stakeMinor: string;
  status: CrashBetStatus;
  cashOutCenti: number | null;
  payoutMinor: string;
}

export type CrashMessage =
  | { type: 'crash.round'; round: CrashRoundView }
  | { type: 'crash.tick'; roundId: string; multiplierCenti: number; at: number }
  | { type: 'crash.bet'; bet: PublicCrashBet }
  | { type: 'crash.cashout'; betId: string; multiplierCenti: number };

/** The round's phase at `nowMs` from its fixed timeline (what a settled row says wins). */
export function phaseAt(round: RoundRow, nowMs: number): CrashRoundStatus {
  if (round.settled_at !== null || nowMs >= round.crashes_at.getTime()) return 'crashed';
  return nowMs < round.betting_ends_at.getTime() ? 'betting' : 'running';
}

export function roundView(round: RoundRow, nowMs: number): CrashRoundView {
  const status = phaseAt(round, nowMs);
  const crashed = status === 'crashed';
  const start = round.betting_ends_at.getTime();
  return {
    id: round.id.toString(),
    game: round.game,
    status,
    bettingEndsAt: round.betting_ends_at.toISOString(),
    startedAt: round.betting_ends_at.toISOString(),
    crashPointCenti: crashed ? round.crash_point_centi : null,
    hash: crashed ? round.hash : null,
    multiplierCenti: crashed
      ? round.crash_point_centi
      : status === 'running'
        ? multiplierAt(nowMs - start)
        : 100,
  };
}

export function betView(bet: BetRow): CrashBetView {
  return {
    betId: bet.id.toString(),
    roundId: bet.round_id.toString(),
    mode: bet.mode,
    currency: bet.currency,
    stakeMinor: bet.stake_minor.toString(),
    autoCashOutCenti: bet.auto_cash_out_centi,
    status: bet.status,
    cashOutCenti: bet.cash_out_centi,
    payoutMinor: bet.payout_minor.toString(),
    createdAt: bet.created_at.toISOString(),
  };
}

/** A player's public name on the bets list: a short digest, not the id. */
export function playerLabel(userId: bigint): string {
  return `P-${toHex(sha256(utf8(`crash-player:${userId}`))).slice(0, 6)}`;
}

export function publicBet(bet: BetRow): PublicCrashBet {
  return {
    betId: bet.id.toString(),
    player: playerLabel(bet.user_id),
    currency: bet.currency,
    stakeMinor: bet.stake_minor.toString(),
    status: bet.status,
    cashOutCenti: bet.cash_out_centi,
    payoutMinor: bet.payout_minor.toString(),
  };
}
