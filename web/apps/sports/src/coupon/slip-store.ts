/**
 * The one bet slip state of the page (kept across the sports app's navigations), stored in
 * localStorage so the coupon survives a reload; a signed-in player's settings also go to
 * PUT /coupon-settings (and come back from GET on the next visit).
 */

import { type CouponSettings, DEFAULT_COUPON_SETTINGS } from '@parlay/domain/coupon/index.ts';
import { useSyncExternalStore } from 'react';
import { couponApi } from './coupon-api.ts';
import {
  INITIAL_SLIP,
  reduceSlip,
  SLIP_STORAGE_KEY,
  type SlipAction,
  type SlipState,
  settingsFromJson,
  settingsPatch,
  settingsToJson,
  slipFromJson,
  slipToJson,
} from './slip-state.ts';

const SETTINGS_SAVE_DELAY_MS = 600;

let state: SlipState | null = null;
const listeners = new Set<() => void>();
let signedIn = false;
let saveTimer: ReturnType<typeof setTimeout> | null = null;
/** The settings last known to be on the server; a save sends only what differs from them. */
let savedSettings: CouponSettings | null = null;

function current(): SlipState {
  if (state) return state;
  if (typeof window === 'undefined') return INITIAL_SLIP;
  try {
    state = slipFromJson(window.localStorage.getItem(SLIP_STORAGE_KEY));
  } catch {
    state = INITIAL_SLIP;
  }
  return state;
}

function persist(next: SlipState): void {
  try {
    window.localStorage.setItem(SLIP_STORAGE_KEY, slipToJson(next));
  } catch {
    // Private mode or a full quota: the slip still works for this page.
  }
}

function saveSettingsSoon(): void {
  if (!signedIn) return;
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = setTimeout(() => {
    saveTimer = null;
    const next = current().settings;
    const patch = settingsPatch(savedSettings ?? DEFAULT_COUPON_SETTINGS, next);
    if (Object.keys(patch).length === 0) return;
    savedSettings = next;
    void couponApi.saveSettings(patch);
  }, SETTINGS_SAVE_DELAY_MS);
}

/** Applies a slip action, stores the result and tells the slip's components. */
export function dispatchSlip(action: SlipAction): void {
  const before = current();
  const next = reduceSlip(before, action);
  if (next === before) return;
  state = next;
  persist(next);
  if (next.settings !== before.settings) saveSettingsSoon();
  for (const listener of listeners) listener();
}

export function getSlip(): SlipState {
  return current();
}

/** The slip state in a component (the initial state during the server render and hydration). */
export function useSlip(): SlipState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current,
    () => INITIAL_SLIP,
  );
}

/**
 * A player signed in (or out): a signed-in player's settings are read from the server once and
 * then saved there on every change.
 */
export async function syncSettings(isSignedIn: boolean): Promise<void> {
  if (isSignedIn === signedIn) return;
  signedIn = isSignedIn;
  if (!isSignedIn) return;
  const answer = await couponApi.settings();
  if (!answer.ok || !signedIn) return;
  const server = settingsFromJson(answer.data, DEFAULT_COUPON_SETTINGS);
  savedSettings = server;
  // Nothing saved on the server yet (its defaults): this device's settings become the player's.
  if (JSON.stringify(settingsToJson(server)) === JSON.stringify(settingsToJson(DEFAULT_COUPON_SETTINGS))) {
    saveSettingsSoon();
    return;
  }
  dispatchSlip({ type: 'settingsChanged', patch: server });
}

if (typeof window !== 'undefined') {
  // Another tab changed the slip.
  window.addEventListener('storage', (event) => {
    if (event.key !== SLIP_STORAGE_KEY) return;
    state = slipFromJson(event.newValue);
    for (const listener of listeners) listener();
  });
}
