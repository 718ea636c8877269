/**
 * Device fingerprint (coupon-accounts §3, §4; site-shell §7, §8). A provider script in the browser
 * answers { token, expiresAt, data }; the browser keeps the token until it expires and sends it with
 * every sign-in and registration in the x-device-fingerprint header. The server checks the token
 * with the provider (FingerprintProvider; the route's check is in http-request.ts) and keeps the
 * visitor id it names on the session row.
 *
 * No header: the sign-in goes on, recorded as "missing" and logged. A header that does not verify
 * (forged, expired): 400 FINGERPRINT_INVALID, and the browser refreshes the fingerprint and retries
 * (up to its failure cap, then it signs in without one).
 *
 * The in-house development provider: /web-api/auth/v1/fingerprint/provider.js hashes a few
 * non-sensitive traits of the browser (user agent, languages, platform, cores, touch points,
 * screen size and colour depth, time zone) into a stable visitor id, and POST
 * /web-api/auth/v1/fingerprint turns that id into a token signed by the server (HS256, 1 hour).
 */
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { ServerKeys } from './server-keys.ts';
import { signHs256, verifyHs256 } from './signed-token.ts';

export const FINGERPRINT_HEADER = 'x-device-fingerprint';
export const DEV_FINGERPRINT_TTL_SECONDS = 3600;
const DEV_ISSUER = 'parlay-dev-fingerprint';
/** A visitor id: the hex hash the provider computed. */
export const VISITOR_ID_PATTERN = '^[0-9a-f]{16,128}$';
const VISITOR_ID = new RegExp(VISITOR_ID_PATTERN);

/** What the browser's provider script answers (coupon-accounts §3 "Device fingerprint"). */
export interface DeviceFingerprint {
  token: string;
  /** ISO 8601. */
  expiresAt: string;
  data: string;
}

/** A fingerprint provider as the server sees it: it vouches for the tokens its script handed out. */
export interface FingerprintProvider {
  readonly name: string;
  /** The visitor id a token names, or null when the token is forged or expired. */
  verify(token: string): Promise<string | null>;
}

export type FingerprintStatus = 'ok' | 'missing' | 'invalid';
export interface FingerprintReading {
  status: FingerprintStatus;
  visitorId: string | null;
}

/** The in-house development provider: tokens are HS256 over the visitor id, signed by this server. */
export class DevFingerprintProvider implements FingerprintProvider {
  readonly name = 'dev';
  readonly #keys: ServerKeys;
  readonly #clock: Clock;

  constructor(keys: ServerKeys, clock: Clock) {
    this.#keys = keys;
    this.#clock = clock;
  }

  async issue(visitorId: string): Promise<DeviceFingerprint> {
    if (!VISITOR_ID.test(visitorId)) throw new AppError('VALIDATION_FAILED', 'data: not a visitor id');
    const exp = Math.floor(this.#clock.nowMs() / 1000) + DEV_FINGERPRINT_TTL_SECONDS;
    const token = signHs256(
      { iss: DEV_ISSUER, vid: visitorId, exp },
      await this.#keys.key('device-fingerprint'),
    );
    return { token, expiresAt: new Date(exp * 1000).toISOString(), data: visitorId };
  }

  async verify(token: string): Promise<string | null> {
    const payload = verifyHs256(token, await this.#keys.key('device-fingerprint'));
    if (!payload || payload.iss !== DEV_ISSUER) return null;
    const { vid, exp } = payload;
    if (typeof vid !== 'string' || !VISITOR_ID.test(vid) || !Number.isSafeInteger(exp)) return null;
    return (exp as number) * 1000 > this.#clock.nowMs() ? vid : null;
  }
}

/**
 * The development provider's browser script: window.parlayFingerprint.get() → { token, expiresAt,
 * data }. SHA-256 through Web Crypto; outside a secure context (plain http on a LAN address, where
 * crypto.subtle is missing) four seeded FNV-1a rounds give a 32-digit id instead.
 */
export const DEV_PROVIDER_SCRIPT = `(() => {
  const ENDPOINT = '/web-api/auth/v1/fingerprint';
  const traits = () => {
    const n = navigator;
    const s = window.screen || {};
    let zone = '';
    try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone || ''; } catch (e) { zone = ''; }
    return [n.userAgent, n.language, (n.languages || []).join(','), n.platform || '',
      n.hardwareConcurrency || 0, n.maxTouchPoints || 0, s.width + 'x' + s.height, s.colorDepth || 0, zone].join('|');
  };
  const fnv = (text, seed) => {
    let h = (0x811c9dc5 ^ seed) >>> 0;
    for (let i = 0; i < text.length; i += 1) { h ^= text.charCodeAt(i); h = Math.imul(h, 0x01000193) >>> 0; }
    return h.toString(16).padStart(8, '0');
  };
  const hash = async (text) => {
    if (window.crypto && window.crypto.subtle) {
      const digest = await window.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
      return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
    }
    return [1, 2, 3, 4].map((seed) => fnv(text, seed)).join('');
  };
  window.parlayFingerprint = {
    provider: 'dev',
    async get() {
      const data = await hash(traits());
      const response = await fetch(ENDPOINT, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        body: JSON.stringify({ data }),
      });
      if (!response.ok) throw new Error('fingerprint provider answered ' + response.status);
      return response.json();
    },
  };
})();
`;
