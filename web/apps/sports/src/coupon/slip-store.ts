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
  withUnsaved,
} from './slip-state.ts';

const SETTINGS_SAVE_DELAY_MS = 600;
/** A save the server did not take (offline, busy) is sent again after 3 s, 6 s and 9 s. */
const SETTINGS_RETRY_MS = 3000;
const SETTINGS_SAVE_RETRIES = 3;

let state: SlipState | null = null;
const listeners = new Set<() => void>();
let signedIn = false;
let saveTimer: ReturnType<typeof setTimeout> | null = null;
/**
 * The settings the server is known to hold (its GET answer, then each save's answer); a save sends
 * what differs from them, so a change whose save failed goes again with the next one.
 */
let serverSettings: CouponSettings | null = null;
let failedSaves = 0;
let applyingServer = false;
/**
 * The settings changed on this device and not yet confirmed by the server, by name, kept beside the
 * slip in localStorage: they survive a reload or a failed save, and win over the server's answer.
 */
const UNSAVED_STORAGE_KEY = 'parlay.slip.unsaved.v1';

function unsavedSettings(): Set<string> {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(UNSAVED_STORAGE_KEY) ?? '[]');
    return new Set(Array.isArray(parsed) ? parsed.filter((key) => typeof key === 'string') : []);
  } catch {
    return new Set();
  }
}

function storeUnsaved(keys: Set<string>): void {
  try {
    if (keys.size === 0) window.localStorage.removeItem(UNSAVED_STORAGE_KEY);
    else window.localStorage.setItem(UNSAVED_STORAGE_KEY, JSON.stringify([...keys]));
  } catch {
    // Storage blocked: the change is still saved from this page.
  }
}

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

function saveSettingsSoon(delayMs = SETTINGS_SAVE_DELAY_MS): void {
  if (!signedIn) return;
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = setTimeout(() => saveSettingsNow(false), delayMs);
}

/** Sends the settings that differ from the server's now (keepalive: the page is unloading). */
function saveSettingsNow(keepalive: boolean): void {
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = null;
  if (!signedIn) return;
  const patch = settingsPatch(serverSettings ?? DEFAULT_COUPON_SETTINGS, current().settings);
  if (Object.keys(patch).length === 0) return;
  void couponApi.saveSettings(patch, keepalive).then((answer) => {
    if (answer.ok) {
      failedSaves = 0;
      const saved = settingsFromJson(answer.data, DEFAULT_COUPON_SETTINGS);
      serverSettings = saved;
      // A setting is saved once the server holds this page's value (a later change stays unsaved).
      const differing = Object.keys(settingsPatch(saved, current().settings));
      storeUnsaved(new Set([...unsavedSettings()].filter((key) => differing.includes(key))));
      return;
    }
    // Not taken: a network failure, 429 or 5xx is tried again; a refused value (4xx) waits for the
    // player's next change. Either way the server's settings are unchanged, so nothing is lost.
    const retryable = answer.status === null || answer.status === 429 || answer.status >= 500;
    if (retryable && failedSaves < SETTINGS_SAVE_RETRIES && saveTimer === null) {
      failedSaves += 1;
      saveSettingsSoon(SETTINGS_RETRY_MS * failedSaves);
    }
  });
}

/** Applies a slip action, stores the result and tells the slip's components. */
export function dispatchSlip(action: SlipAction): void {
  const before = current();
  const next = reduceSlip(before, action);
  if (next === before) return;
  state = next;
  persist(next);
  if (next.settings !== before.settings) {
    if (!applyingServer) {
      // A new change gets its own retries, whatever an earlier change's saves used up.
      failedSaves = 0;
      const changed = Object.keys(settingsPatch(before.settings, next.settings));
      storeUnsaved(new Set([...unsavedSettings(), ...changed]));
    }
    saveSettingsSoon();
  }
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
  if (!isSignedIn) {
    serverSettings = null;
    return;
  }
  const answer = await couponApi.settings();
  if (!answer.ok || !signedIn) return;
  const server = settingsFromJson(answer.data, DEFAULT_COUPON_SETTINGS);
  serverSettings = server;
  // Nothing saved on the server yet (its defaults): this device's settings become the player's.
  if (JSON.stringify(settingsToJson(server)) === JSON.stringify(settingsToJson(DEFAULT_COUPON_SETTINGS))) {
    saveSettingsSoon();
    return;
  }
  // The server's settings, except those changed here and not saved yet (before a reload, while the
  // answer was on its way, or a save that failed): those keep this device's value and are saved.
  const unsaved = unsavedSettings();
  applyingServer = true;
  try {
    dispatchSlip({ type: 'settingsChanged', patch: withUnsaved(server, current().settings, unsaved) });
  } finally {
    applyingServer = false;
  }
  if (unsaved.size > 0) saveSettingsSoon();
}

if (typeof window !== 'undefined') {
  // A change still waiting for its save (the player reloads or leaves within the delay) is sent with
  // the unload, or the next page's GET would bring the older settings back over it.
  window.addEventListener('pagehide', () => {
    if (saveTimer !== null) saveSettingsNow(true);
  });
  // Another tab changed the slip.
  window.addEventListener('storage', (event) => {
    if (event.key !== SLIP_STORAGE_KEY) return;
    state = slipFromJson(event.newValue);
    for (const listener of listeners) listener();
  });
}
