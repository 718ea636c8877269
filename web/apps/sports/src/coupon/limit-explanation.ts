/**
 * Why a stake was cut or refused, in the slip's terms (pure): which limit — the player's own
 * responsible-gaming limit (wagering, loss, self-exclusion, time-out), the bookmaker's stake or
 * payout limit of the coupon, or the terms of an active bonus — with its figures from the server's
 * refusal details (limitKind, remainingMinor, resetsAt…), and what the player can do about it.
 */
import type { LimitDetails } from './coupon-api.ts';

export type LimitKind =
  | 'wager'
  | 'loss'
  | 'self_exclusion'
  | 'time_out'
  | 'max_stake'
  | 'min_stake'
  | 'max_payout'
  | 'bonus_max_bet';

export interface LimitExplanation {
  kind: LimitKind;
  /** Whose limit it is: the player's own, or the bookmaker's (an operator's rule). */
  owner: 'player' | 'operator';
  /** Money figures in minor units of `currency`. */
  currency: string | null;
  limitMinor: string | null;
  usedMinor: string | null;
  remainingMinor: string | null;
  /** 1, 7 or 30 for the rolling windows of the player's limits. */
  periodDays: number | null;
  /** When room comes back (ISO), or when a self-exclusion or time-out ends. */
  resetsAt: string | null;
}

/** The limit a refusal code names when its details do not (an older answer). */
const KIND_OF_CODE: Record<string, LimitKind> = {
  LIMIT_WAGER_EXCEEDED: 'wager',
  LIMIT_LOSS_EXCEEDED: 'loss',
  LIMIT_SELF_EXCLUDED: 'self_exclusion',
  LIMIT_TIME_OUT: 'time_out',
  STAKE_TOO_HIGH: 'max_stake',
  STAKE_TOO_LOW: 'min_stake',
  PAYOUT_TOO_HIGH: 'max_payout',
  BONUS_MAX_BET: 'bonus_max_bet',
};

const PLAYER_KINDS = new Set<LimitKind>(['wager', 'loss', 'self_exclusion', 'time_out']);
const KINDS = new Set<string>(Object.values(KIND_OF_CODE));

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const minorText = (v: unknown): string | null =>
  typeof v === 'string' && /^\d{1,19}$/.test(v)
    ? v
    : typeof v === 'number' && Number.isSafeInteger(v)
      ? String(v)
      : null;

/**
 * The explanation of a refusal, or null when no limit refused it.
 * `currency` is the coupon's: the bookmaker's limits are in it; the player's limits say their own.
 * @example explainLimit('STAKE_TOO_HIGH', { limitKind: 'max_stake', maxMinor: '500000' }, 'RUB')
 *   → { kind: 'max_stake', owner: 'operator', limitMinor: '500000', currency: 'RUB', … }
 */
export function explainLimit(
  code: string,
  details: LimitDetails | null | undefined,
  currency: string,
): LimitExplanation | null {
  const given = details?.limitKind;
  const kind = typeof given === 'string' && KINDS.has(given) ? (given as LimitKind) : KIND_OF_CODE[code];
  if (kind === undefined) return null;
  const d = details ?? {};
  const owner = PLAYER_KINDS.has(kind) ? 'player' : 'operator';
  const limitMinor =
    minorText(d.limitMinor) ??
    minorText(d.maxMinor) ??
    minorText(d.minMinor) ??
    minorText(d.maxBetMinor) ??
    minorText(d.maxPayoutMinor);
  const period = typeof d.periodDays === 'number' ? d.periodDays : null;
  return {
    kind,
    owner,
    currency: owner === 'player' ? (text(d.currency) ?? (limitMinor === null ? null : currency)) : currency,
    limitMinor,
    usedMinor: minorText(d.usedMinor),
    remainingMinor: minorText(d.remainingMinor),
    periodDays: period === 1 || period === 7 || period === 30 ? period : null,
    resetsAt: text(d.resetsAt) ?? text(d.endsAtIso),
  };
}
