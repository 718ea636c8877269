/**
 * Placing a coupon from the slip: one Idempotency-Key per attempt (a network failure is retried
 * once with the same key, so it can never place twice), then the answer: accepted, rejected, or
 * pending through the live delay (counted down, then GET /bets/:betId until decided).
 */
import { loadAccounts } from '@parlay/mf/accounts-store.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type Answer,
  couponApi,
  type LimitDetails,
  type PlaceAnswer,
  type PlaceRequest,
} from './coupon-api.ts';

export type Placement =
  | { phase: 'idle' }
  | { phase: 'placing' }
  | { phase: 'pending'; betId: string; untilMs: number }
  | { phase: 'accepted'; betId: string; coefMilli: number | null; isOneClick: boolean }
  | { phase: 'rejected'; code: string; isOneClick: boolean; details?: LimitDetails | null };

const POLL_MS = 1000;
const MAX_POLLS = 30;

/** A fresh Idempotency-Key. */
export function newKey(prefix = 'slip'): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return `${prefix}-${crypto.randomUUID()}`;
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 12)}`;
}

async function placeOnce(request: PlaceRequest): Promise<Answer<PlaceAnswer>> {
  const key = newKey();
  const first = await couponApi.place(request, key);
  if (first.ok || first.code !== 'NETWORK') return first;
  return couponApi.place(request, key);
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls a pending live bet until it is decided (or gives up after MAX_POLLS). */
async function decided(betId: string, isLive: () => boolean): Promise<Placement> {
  for (let i = 0; i < MAX_POLLS && isLive(); i++) {
    const answer = await couponApi.bet(betId);
    if (answer.ok && answer.data.status === 'accepted') {
      return { phase: 'accepted', betId, coefMilli: answer.data.acceptedCoefMilli, isOneClick: false };
    }
    if (answer.ok && answer.data.status === 'rejected') {
      return { phase: 'rejected', code: answer.data.code, isOneClick: false };
    }
    await wait(POLL_MS);
  }
  return { phase: 'rejected', code: 'PENDING_TIMEOUT', isOneClick: false };
}

export interface PlacementApi {
  placement: Placement;
  place(request: PlaceRequest, options?: { isOneClick?: boolean }): Promise<Placement>;
  reset(): void;
}

/** The placement flow of the slip; `onAccepted` runs after an accepted bet (to clear the coupon). */
export function usePlacement(onAccepted: (placement: Placement) => void): PlacementApi {
  const [placement, setPlacement] = useState<Placement>({ phase: 'idle' });
  const mounted = useRef(true);
  const acceptedRef = useRef(onAccepted);
  acceptedRef.current = onAccepted;
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const place = useCallback(async (request: PlaceRequest, options: { isOneClick?: boolean } = {}) => {
    const isOneClick = options.isOneClick === true;
    setPlacement({ phase: 'placing' });
    const answer = await placeOnce(request);
    let result: Placement;
    if (!answer.ok) {
      result = { phase: 'rejected', code: answer.code, isOneClick, details: answer.details ?? null };
    } else if (answer.data.status === 'accepted') {
      result = {
        phase: 'accepted',
        betId: answer.data.betId,
        coefMilli: answer.data.acceptedCoefMilli,
        isOneClick,
      };
    } else if (answer.data.status === 'rejected') {
      result = {
        phase: 'rejected',
        code: answer.data.code,
        isOneClick,
        details: answer.data.details ?? null,
      };
    } else {
      const { betId, delayMs } = answer.data;
      if (mounted.current) setPlacement({ phase: 'pending', betId, untilMs: Date.now() + delayMs });
      await wait(delayMs);
      result = await decided(betId, () => mounted.current);
      if (result.phase !== 'idle') result = { ...result, isOneClick } as Placement;
    }
    if (mounted.current) setPlacement(result);
    if (result.phase === 'accepted') {
      acceptedRef.current(result);
      void loadAccounts();
    }
    return result;
  }, []);

  return { placement, place, reset: useCallback(() => setPlacement({ phase: 'idle' }), []) };
}
