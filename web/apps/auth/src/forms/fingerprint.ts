/**
 * The device fingerprint of sign-ins and registrations (coupon-accounts §3, §4, §8; site-shell §7).
 * A provider script, loaded on demand, answers { token, expiresAt, data }; the token is kept with its
 * expiry (in memory and local storage) and refreshed once expired. A failing provider is retried on
 * the next call until FINGERPRINT_FAILURE_CAP failures in a row, then left alone for the page's life.
 * An incorrect answer and a missing data field are logged (coupon-accounts §8).
 */

/** What the provider script answers. */
export interface DeviceFingerprint {
  token: string;
  /** ISO 8601. */
  expiresAt: string;
  data: string;
}

/** A fingerprint provider as the browser sees it (the in-house one, or a vendor's agent). */
export interface FingerprintProvider {
  get(): Promise<unknown>;
}

export const FINGERPRINT_HEADER = 'x-device-fingerprint';
export const FINGERPRINT_FAILURE_CAP = 3;
/** A token this close to its expiry is renewed first, so it cannot lapse on the way. */
export const FINGERPRINT_EXPIRY_MARGIN_MS = 30_000;
export const FINGERPRINT_STORAGE_KEY = 'parlay_device_fingerprint';
/** The in-house development provider served by our server (server/src/modules/auth/device-fingerprint.ts). */
export const DEV_PROVIDER_URL = '/web-api/auth/v1/fingerprint/provider.js';

/** The fingerprint in a provider's answer, or null for an incorrect answer. */
export function fingerprintFrom(value: unknown): DeviceFingerprint | null {
  if (typeof value !== 'object' || value === null) return null;
  const { token, expiresAt, data } = value as Record<string, unknown>;
  if (typeof token !== 'string' || token === '' || typeof expiresAt !== 'string') return null;
  if (Number.isNaN(Date.parse(expiresAt))) return null;
  return { token, expiresAt, data: typeof data === 'string' ? data : '' };
}

export function isFingerprintFresh(fingerprint: DeviceFingerprint, nowMs: number): boolean {
  return Date.parse(fingerprint.expiresAt) - FINGERPRINT_EXPIRY_MARGIN_MS > nowMs;
}

export interface FingerprintKeeperDeps {
  loadProvider(): Promise<FingerprintProvider>;
  now(): number;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  log(message: string, detail?: unknown): void;
}

export interface FingerprintKeeper {
  /** The current fingerprint (renewed when expired, or always with `refresh`), or null. */
  get(refresh?: boolean): Promise<DeviceFingerprint | null>;
}

export function createFingerprintKeeper(deps: FingerprintKeeperDeps): FingerprintKeeper {
  let current: DeviceFingerprint | null = null;
  try {
    current = fingerprintFrom(JSON.parse(deps.storage?.getItem(FINGERPRINT_STORAGE_KEY) ?? 'null'));
  } catch {
    current = null;
  }
  let failures = 0;
  let pending: Promise<DeviceFingerprint | null> | null = null;

  const fetchNew = async (): Promise<DeviceFingerprint | null> => {
    try {
      const answer = await (await deps.loadProvider()).get();
      const fingerprint = fingerprintFrom(answer);
      if (!fingerprint) {
        failures += 1;
        deps.log('incorrect fingerprint response', answer);
        return null;
      }
      if (fingerprint.data === '') deps.log('missing fingerprint data');
      failures = 0;
      current = fingerprint;
      try {
        deps.storage?.setItem(FINGERPRINT_STORAGE_KEY, JSON.stringify(fingerprint));
      } catch {
        // storage blocked: kept in memory for this page
      }
      return fingerprint;
    } catch (error) {
      failures += 1;
      deps.log('fingerprint provider failed', error);
      return null;
    }
  };

  return {
    get(refresh = false) {
      if (!refresh && current && isFingerprintFresh(current, deps.now())) return Promise.resolve(current);
      if (refresh) {
        current = null;
        deps.storage?.removeItem(FINGERPRINT_STORAGE_KEY);
      }
      if (failures >= FINGERPRINT_FAILURE_CAP) return Promise.resolve(null);
      pending ??= fetchNew().finally(() => {
        pending = null;
      });
      return pending;
    },
  };
}

/** Loads a provider script once and answers the window.parlayFingerprint it defines. */
function scriptProvider(url: string): () => Promise<FingerprintProvider> {
  let loading: Promise<FingerprintProvider> | null = null;
  const installed = () => (window as { parlayFingerprint?: FingerprintProvider }).parlayFingerprint;
  return () => {
    loading ??= new Promise<FingerprintProvider>((resolve, reject) => {
      const ready = installed();
      if (ready) return resolve(ready);
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      script.onload = () => {
        const provider = installed();
        if (provider && typeof provider.get === 'function') resolve(provider);
        else reject(new Error('the fingerprint script defined no provider'));
      };
      script.onerror = () => reject(new Error(`the fingerprint script ${url} failed to load`));
      document.head.append(script);
    }).catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}

let browserKeeper: FingerprintKeeper | null = null;

/** The page's keeper over the in-house provider (browser only). */
export function deviceFingerprints(): FingerprintKeeper {
  browserKeeper ??= createFingerprintKeeper({
    loadProvider: scriptProvider(DEV_PROVIDER_URL),
    now: () => Date.now(),
    storage: (() => {
      try {
        return window.localStorage;
      } catch {
        return null;
      }
    })(),
    log: (message, detail) => console.warn(message, detail ?? ''),
  });
  return browserKeeper;
}
