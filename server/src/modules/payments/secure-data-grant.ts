/**
 * The secure-data grant (site-shell §7, §9): after the player re-enters the password (or a two-step
 * code) through POST /web-api/auth/v1/reauth, POST /web-api/payments/v1/secure-data/grant sets an
 * httpOnly cookie, signed with HMAC-SHA256 and bound to the player, that opens their full payment
 * details for 30 minutes. The expiry is inside the signed value, so an old cookie kept by the
 * browser past its max-age opens nothing either.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../platform/clock.ts';

export const GRANT_COOKIE = 'secure_data_grant';
export const GRANT_TTL_MS = 30 * 60_000;
/** The cookie goes only to the payments API, the one place it opens anything. */
export const GRANT_COOKIE_PATH = '/web-api/payments';

export class SecureDataGrants {
  readonly #key: () => Promise<string>;
  readonly #clock: Clock;

  constructor(key: () => Promise<string>, clock: Clock) {
    this.#key = key;
    this.#clock = clock;
  }

  async #sign(userId: number | bigint, expiresAtMs: number): Promise<string> {
    return createHmac('sha256', await this.#key())
      .update(`secure-data:${userId}:${expiresAtMs}`)
      .digest('base64url');
  }

  /** A new grant value for the player: "<expiresAtMs>.<signature>". */
  async issue(userId: number | bigint): Promise<{ value: string; expiresAt: Date }> {
    const expiresAtMs = this.#clock.nowMs() + GRANT_TTL_MS;
    return {
      value: `${expiresAtMs}.${await this.#sign(userId, expiresAtMs)}`,
      expiresAt: new Date(expiresAtMs),
    };
  }

  /** When the grant held by this player ends, or null when it is missing, forged, another's or expired. */
  async validUntil(value: string | undefined, userId: number | bigint): Promise<Date | null> {
    const match = /^(\d{13,15})\.([A-Za-z0-9_-]{43})$/.exec(value ?? '');
    if (!match) return null;
    const expiresAtMs = Number(match[1]);
    if (this.#clock.nowMs() >= expiresAtMs || expiresAtMs - this.#clock.nowMs() > GRANT_TTL_MS) return null;
    const expected = Buffer.from(await this.#sign(userId, expiresAtMs));
    const given = Buffer.from(match[2]!);
    return given.length === expected.length && timingSafeEqual(given, expected)
      ? new Date(expiresAtMs)
      : null;
  }
}
