/**
 * The bet builder coupon in the slip: one selection of one game made of several legs, kept apart
 * from the slip's ordinary selections (it is placed on its own, at its own price) and stored in
 * localStorage so it survives a reload. One builder at a time: adding another replaces it.
 */
import { useSyncExternalStore } from 'react';

export interface BuilderLegView {
  outcomeId: number;
  /** By team names: "Arsenal to win", "Over 2.5 goals". */
  label: string;
}

export interface BuilderSlipItem {
  gameId: number;
  /** "Arsenal — Chelsea". */
  gameLabel: string;
  legs: BuilderLegView[];
  /** The builder price when it was added, thousandths. */
  coefMilli: number;
}

export const BUILDER_STORAGE_KEY = 'parlay.betBuilder';

let item: BuilderSlipItem | null | undefined;
const listeners = new Set<() => void>();

function isItem(value: unknown): value is BuilderSlipItem {
  const v = value as BuilderSlipItem | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    Number.isSafeInteger(v.gameId) &&
    typeof v.gameLabel === 'string' &&
    Number.isSafeInteger(v.coefMilli) &&
    Array.isArray(v.legs) &&
    v.legs.length >= 2 &&
    v.legs.length <= 8 &&
    v.legs.every((leg) => Number.isSafeInteger(leg?.outcomeId) && typeof leg?.label === 'string')
  );
}

/** The stored item, or null when there is none or it is malformed. */
export function builderFromJson(text: string | null): BuilderSlipItem | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isItem(value) ? value : null;
  } catch {
    return null;
  }
}

function current(): BuilderSlipItem | null {
  if (item !== undefined) return item;
  if (typeof window === 'undefined') return null;
  try {
    item = builderFromJson(window.localStorage.getItem(BUILDER_STORAGE_KEY));
  } catch {
    item = null;
  }
  return item;
}

/** Puts a builder into the slip (replacing the one there), or takes it out (null). */
export function setBuilderSlip(next: BuilderSlipItem | null): void {
  item = next;
  try {
    if (next) window.localStorage.setItem(BUILDER_STORAGE_KEY, JSON.stringify(next));
    else window.localStorage.removeItem(BUILDER_STORAGE_KEY);
  } catch {
    // Private mode or a full quota: the builder still works for this page.
  }
  for (const listener of listeners) listener();
}

export function useBuilderSlip(): BuilderSlipItem | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current,
    () => null,
  );
}

if (typeof window !== 'undefined') {
  // Another tab changed the builder.
  window.addEventListener('storage', (event) => {
    if (event.key !== BUILDER_STORAGE_KEY) return;
    item = builderFromJson(event.newValue);
    for (const listener of listeners) listener();
  });
}
