/**
 * How a provider signs a wallet call and how Parlay checks it (docs/casino-providers.md §Signing):
 *
 *   X-Parlay-Timestamp: <unix seconds>
 *   X-Parlay-Signature: hex(HMAC-SHA256(secret, `${timestamp}.${canonicalJson(body)}`))
 *
 * canonicalJson: object keys sorted by code unit, no spaces, arrays in order, strings and numbers
 * as JSON.stringify writes them. The timestamp must be within ±SKEW_SECONDS of Parlay's clock; the
 * comparison is timing-safe. The conformance kit (tests/provider-kit/kit.ts) has its own copy of
 * these few lines, so a drift between the two is a failing check, not a silent agreement.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-parlay-signature';
export const TIMESTAMP_HEADER = 'x-parlay-timestamp';
/** How far a request's timestamp may be from Parlay's clock, either way. */
export const SKEW_SECONDS = 60;

export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export function signBody(secret: string, timestamp: number | string, body: unknown): string {
  return createHmac('sha256', secret)
    .update(`${timestamp}.${canonicalJson(body)}`)
    .digest('hex');
}

export type SignatureCheck = 'ok' | 'INVALID_SIGNATURE' | 'CLOCK_SKEW';

/** Checks the headers of a call against the provider's secret at `nowMs`. */
export function checkSignature(
  secret: string,
  headers: { signature: unknown; timestamp: unknown },
  body: unknown,
  nowMs: number,
): SignatureCheck {
  const { signature, timestamp } = headers;
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/.test(signature)) return 'INVALID_SIGNATURE';
  if (typeof timestamp !== 'string' || !/^\d{1,12}$/.test(timestamp)) return 'INVALID_SIGNATURE';
  const expected = Buffer.from(signBody(secret, timestamp, body), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return 'INVALID_SIGNATURE';
  // The skew is checked after the signature, so nobody learns the window without the key.
  if (Math.abs(Number(timestamp) * 1000 - nowMs) > SKEW_SECONDS * 1000) return 'CLOCK_SKEW';
  return 'ok';
}
