/**
 * The player's odds boosts in the bet slip (issue 20, docs/free-bets.md §Odds boosts): the list
 * (GET /web-api/bonuses/v1/my, bonuses of kind odds_boost with boostPercentBp; amountMinor is the
 * cap), the one applied to the coupon and the most it adds. A boost applies to a single or an express
 * staked with money from the real account (not with a free bet or a promo code); a win gets
 * min(cap, profit × percent) on top, paid at settlement.
 */
import { callApi } from '@parlay/client/api.ts';
import { useSyncExternalStore } from 'react';

export interface OddsBoost {
  id: string;
  percentBp: number;
  capMinor: bigint;
  currency: string;
  title: string | null;
}

interface OddsBoostsState {
  list: OddsBoost[];
  chosenId: string | null;
}

const EMPTY: OddsBoostsState = { list: [], chosenId: null };
let state: OddsBoostsState = EMPTY;
const listeners = new Set<() => void>();

function set(next: OddsBoostsState): void {
  state = next;
  for (const listener of listeners) listener();
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The active odds boosts of a /my answer; anything malformed is left out. */
export function parseOddsBoosts(body: unknown, lng: string): OddsBoost[] {
  const list = isObject(body) && Array.isArray(body.bonuses) ? body.bonuses : [];
  return list.slice(0, 50).flatMap((b: unknown) => {
    if (!isObject(b) || b.kind !== 'odds_boost' || b.status !== 'active') return [];
    if (typeof b.id !== 'string' || typeof b.amountMinor !== 'string' || !/^\d{1,19}$/.test(b.amountMinor))
      return [];
    const pct = b.boostPercentBp;
    if (typeof pct !== 'number' || !Number.isInteger(pct) || pct < 1 || pct > 10_000) return [];
    const title = isObject(b.title) && typeof b.title[lng] === 'string' ? (b.title[lng] as string) : null;
    return [
      {
        id: b.id,
        percentBp: pct,
        capMinor: BigInt(b.amountMinor),
        currency: typeof b.currency === 'string' ? b.currency : '',
        title,
      },
    ];
  });
}

export async function loadOddsBoosts(lng: string): Promise<void> {
  const answer = await callApi<unknown>('/web-api/bonuses/v1/my');
  if (!answer.ok) return;
  const list = parseOddsBoosts(answer.data, lng);
  set({ list, chosenId: list.some((b) => b.id === state.chosenId) ? state.chosenId : null });
}

/** Applies a boost to the coupon, or none (null). */
export function chooseOddsBoost(id: string | null): void {
  if (id === state.chosenId) return;
  set({ ...state, chosenId: id });
}

/** A bet used the boost: it leaves the list at once (the next load confirms). */
export function oddsBoostUsed(id: string): void {
  set({
    list: state.list.filter((b) => b.id !== id),
    chosenId: state.chosenId === id ? null : state.chosenId,
  });
}

export function forgetOddsBoosts(): void {
  set(EMPTY);
}

export function getOddsBoosts(): OddsBoostsState {
  return state;
}

export function useOddsBoosts(): OddsBoostsState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => EMPTY,
  );
}

/** The boost that applies to this coupon, or null (another currency or type, a bonus account, a free bet). */
export function applicableOddsBoost(
  s: OddsBoostsState,
  coupon: { typeId: number; currency: string; isBonusAccount: boolean; isFreeBet: boolean },
): OddsBoost | null {
  if (s.chosenId === null || coupon.isBonusAccount || coupon.isFreeBet) return null;
  if (coupon.typeId !== 0 && coupon.typeId !== 1) return null;
  return s.list.find((b) => b.id === s.chosenId && b.currency === coupon.currency) ?? null;
}

/** The most the boost adds to a win of this stake at this coefficient: min(cap, profit × percent). */
export function oddsBoostExtraMinor(
  boost: OddsBoost,
  stakeMinor: bigint | null,
  coefMilli: bigint | null,
): bigint | null {
  if (stakeMinor === null || stakeMinor <= 0n || coefMilli === null || coefMilli <= 1000n) return null;
  const extra = (((stakeMinor * (coefMilli - 1000n)) / 1000n) * BigInt(boost.percentBp)) / 10_000n;
  return extra < boost.capMinor ? extra : boost.capMinor;
}
