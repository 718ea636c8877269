/**
 * The development identity provider: a small OpenID Connect provider the server runs itself under
 * /dev-idp, so social sign-in works (and is tested) without the internet. It hands any identity to
 * anyone, so it is a development tool: it runs only with DEV_TOOLS=on, and answers only clients on
 * this machine (platform/dev-tools.ts).
 *
 * Its endpoints are in routes-dev-idp.ts; this is the provider's key and the ID tokens it signs.
 */
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import type { Clock } from '../../platform/clock.ts';
import type { Config } from '../../platform/config.ts';
import type { KeySource } from './oidc-verifier.ts';
import type { ServerKeys } from './server-keys.ts';
import { signRs256 } from './signed-token.ts';

export const DEV_PROVIDER = 'dev';
export const DEV_CLIENT_ID = 'parlay-dev';
const KEY_ID = 'dev-idp-1';
export const ID_TOKEN_TTL_S = 600;

export const DEV_IDENTITIES = [
  { sub: 'dev-alice', email: 'alice@dev.parlay.test', name: 'Alice Dev' },
  { sub: 'dev-bob', email: 'bob@dev.parlay.test', name: 'Bob Dev' },
  { sub: 'dev-carol', email: 'carol@dev.parlay.test', name: 'Carol Dev' },
] as const;

export function isDevIdpEnabled(config: Config): boolean {
  return config.devTools;
}

export function devIssuer(config: Config): string {
  return `${config.publicOrigin ?? `http://localhost:${config.port}`}/dev-idp`;
}

export class DevIdp implements KeySource {
  readonly #keys: ServerKeys;
  readonly #clock: Clock;
  readonly issuer: string;
  #pair: Promise<{ privateKey: KeyObject; publicJwk: JsonWebKey }> | null = null;

  constructor(keys: ServerKeys, clock: Clock, issuer: string) {
    this.#keys = keys;
    this.#clock = clock;
    this.issuer = issuer;
  }

  /** One RSA key for every process, made by the first and kept in the database. */
  #keyPair() {
    this.#pair ??= (async () => {
      const stored = await this.#keys.stored('dev_idp_rsa', () => {
        const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
        return JSON.stringify(privateKey.export({ format: 'jwk' }));
      });
      const privateKey = createPrivateKey({ key: JSON.parse(stored) as JsonWebKey, format: 'jwk' });
      const publicJwk = {
        ...createPublicKey(privateKey).export({ format: 'jwk' }),
        kid: KEY_ID,
        alg: 'RS256',
        use: 'sig',
      };
      return { privateKey, publicJwk };
    })();
    return this.#pair;
  }

  async load(): Promise<JsonWebKey[]> {
    return [(await this.#keyPair()).publicJwk];
  }

  async idToken(claims: { sub: string; email: string; name: string; nonce: string; aud: string }) {
    const now = Math.floor(this.#clock.nowMs() / 1000);
    const { privateKey } = await this.#keyPair();
    return signRs256(
      { iss: this.issuer, ...claims, email_verified: true, iat: now, exp: now + ID_TOKEN_TTL_S },
      privateKey,
      KEY_ID,
    );
  }
}
