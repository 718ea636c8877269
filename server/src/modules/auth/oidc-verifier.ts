/**
 * Verification of OpenID Connect ID tokens (social sign-in, site-shell §7): RS256 signature against
 * the provider's JSON Web Key Set, then iss, aud, exp (with 60 s of leeway), iat, and the nonce this
 * server issued (single use). Keys come from the provider's discovery document and are kept for an
 * hour; an unknown key id triggers one re-fetch (at most once a minute), as providers rotate keys.
 */
import { createPublicKey, type JsonWebKey, type KeyObject, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import { decodeJwt, verifyRs256 } from './signed-token.ts';

export const NONCE_TTL_MS = 10 * 60_000;
const JWKS_TTL_MS = 3_600_000;
const JWKS_REFETCH_MIN_MS = 60_000;
const LEEWAY_S = 60;
const FETCH_TIMEOUT_MS = 5_000;

export interface OidcProvider {
  name: string;
  issuer: string;
  clientId: string;
  /** Where the keys are; by default from the issuer's discovery document. */
  keys: KeySource;
}

export interface KeySource {
  /** The key set; `fresh` asks to bypass any cache. */
  load(fresh: boolean): Promise<JsonWebKey[]>;
}

export interface VerifiedIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

/** Keys fetched over HTTPS from jwks_uri (given, or found in the discovery document). */
export class RemoteKeySource implements KeySource {
  readonly #issuer: string;
  readonly #jwksUri: string | undefined;
  readonly #clock: Clock;
  #cache: { keys: JsonWebKey[]; atMs: number } | null = null;

  constructor(issuer: string, jwksUri: string | undefined, clock: Clock) {
    this.#issuer = issuer;
    this.#jwksUri = jwksUri;
    this.#clock = clock;
  }

  async load(fresh: boolean): Promise<JsonWebKey[]> {
    const now = this.#clock.nowMs();
    const age = this.#cache ? now - this.#cache.atMs : Number.POSITIVE_INFINITY;
    if (this.#cache && (age < JWKS_REFETCH_MIN_MS || (!fresh && age < JWKS_TTL_MS))) return this.#cache.keys;
    const uri =
      this.#jwksUri ??
      (await fetchJson(`${this.#issuer.replace(/\/$/, '')}/.well-known/openid-configuration`)).jwks_uri;
    if (typeof uri !== 'string') throw new Error('discovery document has no jwks_uri');
    const keys = (await fetchJson(uri)).keys;
    if (!Array.isArray(keys)) throw new Error('JWKS has no keys');
    this.#cache = { keys: keys as JsonWebKey[], atMs: now };
    return this.#cache.keys;
  }
}

async function fetchJson(url: string): Promise<Record<string, unknown>> {
  const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

/** A nonce for the browser to pass to the provider; it must come back in the ID token, once. */
export async function issueNonce(db: Kysely<Database>, clock: Clock, provider: string): Promise<string> {
  const value = randomBytes(18).toString('base64url');
  await db
    .insertInto('auth_nonces')
    .values({
      value: `oidc:${value}`,
      purpose: 'oidc_nonce',
      payload: JSON.stringify({ provider }) as unknown as object,
      expires_at: new Date(clock.nowMs() + NONCE_TTL_MS),
    })
    .execute();
  return value;
}

async function consumeNonce(db: Kysely<Database>, clock: Clock, nonce: unknown): Promise<boolean> {
  if (typeof nonce !== 'string' || nonce.length < 8 || nonce.length > 200) return false;
  const used = await db
    .updateTable('auth_nonces')
    .set({ used_at: clock.now() })
    .where('value', '=', `oidc:${nonce}`)
    .where('purpose', '=', 'oidc_nonce')
    .where('used_at', 'is', null)
    .where('expires_at', '>', clock.now())
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

function invalid(reason: string): AppError {
  return new AppError('SOCIAL_TOKEN_INVALID', `The sign-in provider answer could not be verified: ${reason}`);
}

async function keyFor(provider: OidcProvider, kid: string | undefined): Promise<KeyObject> {
  const pick = (keys: JsonWebKey[]) =>
    keys.find((k) => k.kty === 'RSA' && (kid === undefined || (k as { kid?: string }).kid === kid));
  let jwk = pick(await provider.keys.load(false));
  if (!jwk) jwk = pick(await provider.keys.load(true));
  if (!jwk) throw invalid('unknown signing key');
  return createPublicKey({ key: jwk, format: 'jwk' });
}

export async function verifyIdToken(
  db: Kysely<Database>,
  clock: Clock,
  provider: OidcProvider,
  idToken: string,
): Promise<VerifiedIdentity> {
  const decoded = decodeJwt(idToken);
  if (!decoded) throw invalid('not a JWT');
  if (decoded.header.alg !== 'RS256') throw invalid(`algorithm ${decoded.header.alg} is not accepted`);
  let key: KeyObject;
  try {
    key = await keyFor(provider, decoded.header.kid);
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw invalid(`keys unavailable (${(err as Error).message})`);
  }
  if (!verifyRs256(idToken, key)) throw invalid('bad signature');
  const claims = decoded.payload;
  const now = Math.floor(clock.nowMs() / 1000);
  if (claims.iss !== provider.issuer) throw invalid('wrong issuer');
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes(provider.clientId)) throw invalid('wrong audience');
  if (typeof claims.exp !== 'number' || claims.exp + LEEWAY_S <= now) throw invalid('expired');
  if (typeof claims.iat === 'number' && claims.iat - LEEWAY_S > now) throw invalid('issued in the future');
  if (typeof claims.sub !== 'string' || claims.sub.length === 0 || claims.sub.length > 255)
    throw invalid('no subject');
  if (!(await consumeNonce(db, clock, claims.nonce))) throw invalid('unknown, expired or used nonce');
  return {
    subject: claims.sub,
    email: typeof claims.email === 'string' ? claims.email : null,
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    name: typeof claims.name === 'string' ? claims.name : null,
  };
}
