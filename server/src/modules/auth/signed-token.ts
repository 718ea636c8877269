/**
 * Compact JSON Web Tokens: HS256 for our own short-lived tokens (session, two-step challenge) and
 * RS256 for OpenID Connect ID tokens (verified against a provider's JSON Web Key Set, and signed
 * by the development identity provider). Only these two algorithms are accepted; "none" never is.
 */
import { createHmac, type KeyObject, sign, timingSafeEqual, verify } from 'node:crypto';

export interface JwtHeader {
  alg: string;
  typ?: string;
  kid?: string;
}

const encodePart = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

function decodePart(part: string): unknown {
  if (!/^[A-Za-z0-9_-]*$/.test(part)) return null;
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}

const MAX_TOKEN_LENGTH = 8192;

/** Header and payload of a token without checking anything; null when it is not a JWT. */
export function decodeJwt(token: string): { header: JwtHeader; payload: Record<string, unknown> } | null {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const header = decodePart(parts[0]!);
  const payload = decodePart(parts[1]!);
  if (!header || typeof header !== 'object' || !payload || typeof payload !== 'object') return null;
  if (typeof (header as JwtHeader).alg !== 'string') return null;
  return { header: header as JwtHeader, payload: payload as Record<string, unknown> };
}

export function signHs256(payload: Record<string, unknown>, key: Buffer): string {
  const head = `${encodePart({ alg: 'HS256', typ: 'JWT' })}.${encodePart(payload)}`;
  return `${head}.${createHmac('sha256', key).update(head).digest('base64url')}`;
}

/** The payload when the HS256 signature is right (expiry is the caller's business). */
export function verifyHs256(token: string, key: Buffer): Record<string, unknown> | null {
  const decoded = decodeJwt(token);
  if (decoded?.header.alg !== 'HS256') return null;
  const cut = token.lastIndexOf('.');
  const expected = createHmac('sha256', key).update(token.slice(0, cut)).digest();
  const given = Buffer.from(token.slice(cut + 1), 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return decoded.payload;
}

export function signRs256(payload: Record<string, unknown>, privateKey: KeyObject, kid: string): string {
  const head = `${encodePart({ alg: 'RS256', typ: 'JWT', kid })}.${encodePart(payload)}`;
  return `${head}.${sign('sha256', Buffer.from(head), privateKey).toString('base64url')}`;
}

export function verifyRs256(token: string, publicKey: KeyObject): boolean {
  const cut = token.lastIndexOf('.');
  if (cut < 0) return false;
  return verify(
    'sha256',
    Buffer.from(token.slice(0, cut)),
    publicKey,
    Buffer.from(token.slice(cut + 1), 'base64url'),
  );
}
