/**
 * The player's free bets in the bet slip (issue 20): the list (GET /web-api/bonuses/v1/my, bonuses
 * of kind free_bet), the one chosen for the coupon, and what it can win. A free bet stakes its whole
 * amount on a single or an express from the real account; a win pays the winnings only (the stake
 * is not returned), so the slip shows stake × (coefficient − 1) with no express bonus.
 */
import { callApi } from '@parlay/client/api.ts';
import { useSyncExternalStore } from 'react';

export interface FreeBet {
  id: string;
  amountMinor: bigint;
  currency: string;
  expiresAt: string;
  title: string | null;
}

interface FreeBetsState {
  list: FreeBet[];
  chosenId: string | null;
}

let state: FreeBetsState = { list: [], chosenId: null };
const EMPTY: FreeBetsState = state;
const listeners = new Set<() => void>();

function set(next: FreeBetsState): void {
  state = next;
  for (const listener of listeners) listener();
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The active free bets of a /my answer; anything malformed is left out. */
export function parseFreeBets(body: unknown, lng: string): FreeBet[] {
  const list = isObject(body) && Array.isArray(body.bonuses) ? body.bonuses : [];
  return list.slice(0, 50).flatMap((b: unknown) => {
    if (!isObject(b) || b.kind !== 'free_bet' || b.status !== 'active') return [];
    if (typeof b.id !== 'string' || typeof b.amountMinor !== 'string' || !/^\d{1,19}$/.test(b.amountMinor))
      return [];
    const title = isObject(b.title) && typeof b.title[lng] === 'string' ? (b.title[lng] as string) : null;
    return [
      {
        id: b.id,
        amountMinor: BigInt(b.amountMinor),
        currency: typeof b.currency === 'string' ? b.currency : '',
        expiresAt: typeof b.expiresAt === 'string' ? b.expiresAt : '',
        title,
      },
    ];
  });
}

/** Reads the player's free bets again (after sign-in, after a bet used one). */
export async function loadFreeBets(lng: string): Promise<void> {
  const answer = await callApi<unknown>('/web-api/bonuses/v1/my');
  if (!answer.ok) return;
  const list = parseFreeBets(answer.data, lng);
  set({ list, chosenId: list.some((b) => b.id === state.chosenId) ? state.chosenId : null });
}

/** Chooses a free bet for the coupon (null: stake money). */
export function chooseFreeBet(id: string | null): void {
  if (id === state.chosenId) return;
  set({ ...state, chosenId: id });
}

/** A bet used the free bet: it leaves the list at once (the next load confirms). */
export function freeBetUsed(id: string): void {
  set({
    list: state.list.filter((b) => b.id !== id),
    chosenId: state.chosenId === id ? null : state.chosenId,
  });
}

export function forgetFreeBets(): void {
  set(EMPTY);
}

export function getFreeBets(): FreeBetsState {
  return state;
}

export function useFreeBets(): FreeBetsState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => EMPTY,
  );
}

/** The free bet that applies to this coupon, or null (another currency, type or a bonus account). */
export function applicableFreeBet(
  s: FreeBetsState,
  coupon: { typeId: number; currency: string; isBonusAccount: boolean },
): FreeBet | null {
  if (s.chosenId === null || coupon.isBonusAccount || (coupon.typeId !== 0 && coupon.typeId !== 1))
    return null;
  return s.list.find((b) => b.id === s.chosenId && b.currency === coupon.currency) ?? null;
}

/** What a free bet can win at a coefficient in thousandths: stake × (coefficient − 1), floored. */
export function freeBetWinMinor(amountMinor: bigint, coefMilli: bigint | null): bigint | null {
  if (coefMilli === null || coefMilli <= 1000n) return null;
  return (amountMinor * (coefMilli - 1000n)) / 1000n;
}
