/**
 * What a coupon placement is and what it answers: the request under its Idempotency-Key, its
 * stable hash (a replay with another body is a reuse of the key) and the three answers (accepted,
 * pending behind the live delay, rejected with a RejectionCode).
 */

import { createHash } from 'node:crypto';
import { oddsMilliText } from '@parlay/domain/odds/formats.ts';
import { ERRORS } from '../../platform/errors.ts';
import type { CouponRequest, PricedCoupon, RejectionCode, RejectionDetails } from './price-coupon.ts';

export type PlaceAnswer =
  | {
      status: 'accepted';
      betId: string;
      acceptedCoef: string | null;
      acceptedCoefMilli: number | null;
      stakeMinor: string;
      possibleWinMinor: string;
      isExpressBonus: boolean;
      isOddsChanged: boolean;
      bets: { outcomeId: string; coefMilli: number }[];
      /** The free bet staked (free-bets.ts): its stake is not returned with a win. */
      freeBetId?: string;
      /** The odds boost applied (odds-boosts.ts) and its cap: a win's extra is at most the cap. */
      oddsBoostId?: string;
      oddsBoostCapMinor?: string;
    }
  | {
      status: 'pending';
      betId: string;
      delayMs: number;
      /** The free bet staked, when the coupon waits for the live delay with one (free-bets.ts). */
      freeBetId?: string;
    }
  | {
      status: 'rejected';
      betId: string | null;
      code: RejectionCode;
      messageKey: string;
      legIndex?: number;
      /** Which limit refused it and its figures (RejectionDetails), when a limit did. */
      details?: RejectionDetails;
    };

export interface Placement {
  userId: bigint;
  idempotencyKey: string;
  requestHash: string;
  request: CouponRequest;
  /** The id the bet row will get (drawn from bets_id_seq); drawn in the transaction when absent. */
  betId?: bigint;
}

/** Codes the ledger or the limits (LIMIT_*) raise that are answered as a rejection, not an error. */
const REJECTING_ERRORS = new Set<string>(['INSUFFICIENT_FUNDS', 'ACCOUNT_FROZEN']);

export function isRejectingError(code: string): boolean {
  return REJECTING_ERRORS.has(code) || code.startsWith('LIMIT_');
}

/** A stable hash of the request, to tell a replay from a reuse of the key. */
export function couponRequestHash(request: CouponRequest): string {
  const text = JSON.stringify(request, (_key, value) =>
    typeof value === 'bigint' ? value.toString() : value instanceof Map ? [...value.entries()] : value,
  );
  return createHash('sha256').update(text).digest('hex');
}

export function rejection(
  code: RejectionCode,
  betId: bigint | null,
  legIndex?: number,
  details?: RejectionDetails,
): PlaceAnswer {
  return {
    status: 'rejected',
    betId: betId === null ? null : betId.toString(),
    code,
    messageKey: ERRORS[code].key,
    ...(legIndex === undefined ? {} : { legIndex }),
    ...(details === undefined ? {} : { details }),
  };
}

/** The details of an error raised by the limits or the ledger, kept for the rejection it becomes. */
export function rejectionDetails(details: unknown): RejectionDetails | undefined {
  if (typeof details !== 'object' || details === null || Array.isArray(details)) return undefined;
  const kept = Object.entries(details).filter(
    ([, value]) => value === null || typeof value === 'string' || typeof value === 'number',
  );
  return kept.length === 0 ? undefined : Object.fromEntries(kept);
}

export function acceptedAnswer(betId: bigint, priced: PricedCoupon): PlaceAnswer {
  return {
    status: 'accepted',
    betId: betId.toString(),
    acceptedCoef: priced.coefMilli === null ? null : oddsMilliText(priced.coefMilli),
    acceptedCoefMilli: priced.coefMilli === null ? null : Number(priced.coefMilli),
    stakeMinor: priced.stakeMinor.toString(),
    possibleWinMinor: priced.possibleWinMinor.toString(),
    isExpressBonus: priced.isExpressBonus,
    isOddsChanged: priced.isOddsChanged,
    bets: priced.legs.map((leg) => ({ outcomeId: leg.outcomeId.toString(), coefMilli: leg.oddsMilli })),
  };
}
