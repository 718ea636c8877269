/**
 * The back office's two-step codes: the site's TOTP (modules/auth: RFC 6238, HMAC-SHA-1, 30 s
 * steps, 6 digits, one step of drift) over a base32 secret, with the operator's last used step kept
 * by the caller so that a code is accepted once.
 */
import { decodeBase32 } from '@parlay/domain/auth/base32.ts';
import { otpauthUri as authenticatorUri, hotp, newTotpSecret, totp, totpStep } from '../auth/index.ts';

export { newTotpSecret };

const DRIFT_STEPS = 1;

function secretBytes(secret: string): Uint8Array {
  const bytes = decodeBase32(secret);
  if (!bytes) throw new Error('TOTP secret is not base32');
  return bytes;
}

/** The code at a moment. */
export function totpCode(secret: string, nowMs: number, digits?: number): string {
  return totp(secretBytes(secret), nowMs, digits);
}

/**
 * The step a code belongs to, if it is right for now (± one step) and later than `lastStep` (a
 * code already used, or an older one, is refused); null otherwise.
 */
export function matchTotp(secret: string, code: string, nowMs: number, lastStep: bigint): bigint | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = secretBytes(secret);
  const now = totpStep(nowMs);
  for (let drift = -DRIFT_STEPS; drift <= DRIFT_STEPS; drift++) {
    const step = now + drift;
    if (BigInt(step) > lastStep && hotp(key, step) === code) return BigInt(step);
  }
  return null;
}

/** The URI an authenticator app reads (Key Uri Format). */
export function otpauthUri(issuer: string, login: string, secret: string): string {
  return authenticatorUri(secret, login, issuer);
}
