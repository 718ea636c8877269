/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226 HOTP) for two-step sign-in: 6 digits,
 * 30-second steps, HMAC-SHA1 as authenticator apps expect, one step of clock drift either way.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { encodeBase32 } from '@parlay/domain/auth/base32.ts';

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
const DRIFT_STEPS = 1;

export type TotpAlgorithm = 'sha1' | 'sha256' | 'sha512';

/** HOTP value of a counter (RFC 4226 §5.3, dynamic truncation). */
export function hotp(
  secret: Uint8Array,
  counter: number,
  digits = TOTP_DIGITS,
  algorithm: TotpAlgorithm = 'sha1',
) {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, secret).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(binary).padStart(digits, '0');
}

export function totpStep(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_STEP_SECONDS);
}

export function totp(
  secret: Uint8Array,
  nowMs: number,
  digits = TOTP_DIGITS,
  algorithm: TotpAlgorithm = 'sha1',
) {
  return hotp(secret, totpStep(nowMs), digits, algorithm);
}

/**
 * The time step a code belongs to (now, one step before or after), or null when it matches none.
 * The caller keeps the last accepted step so one code cannot be used twice.
 */
export function matchTotp(secret: Uint8Array, code: string, nowMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const now = totpStep(nowMs);
  for (let drift = -DRIFT_STEPS; drift <= DRIFT_STEPS; drift += 1) {
    if (hotp(secret, now + drift) === code) return now + drift;
  }
  return null;
}

/** A new 160-bit secret, in base32 for the authenticator app. */
export function newTotpSecret(): string {
  return encodeBase32(randomBytes(20));
}

/** The otpauth:// URI an authenticator app reads from a QR code. */
export function otpauthUri(secretBase32: string, accountName: string, issuer: string): string {
  const label = encodeURIComponent(`${issuer}:${accountName}`);
  const query = new URLSearchParams({
    secret: secretBase32,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}
