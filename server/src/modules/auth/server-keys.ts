/**
 * Keys every process must share: the secret that signs session tokens, sign-in links and two-step
 * challenges, and the hashing key of one-time codes. From AUTH_SECRET when set; otherwise a random
 * secret is created once in the database (first process wins) and read by every other process.
 * Purpose keys are derived from it with HMAC so one leaked purpose key does not open the others.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/schema.ts';

export type KeyPurpose =
  | 'session-token'
  | 'token-login'
  | 'two-step'
  | 'code-hash'
  | 'oidc-nonce'
  | 'device-fingerprint';

export class ServerKeys {
  readonly #db: Kysely<Database>;
  readonly #configured: string | null;
  #secret: Promise<Buffer> | null = null;
  readonly #derived = new Map<KeyPurpose, Buffer>();

  constructor(db: Kysely<Database>, configuredSecret: string | null) {
    this.#db = db;
    this.#configured = configuredSecret;
  }

  async key(purpose: KeyPurpose): Promise<Buffer> {
    const known = this.#derived.get(purpose);
    if (known) return known;
    const derived = createHmac('sha256', await this.#root())
      .update(`parlay:${purpose}`)
      .digest();
    this.#derived.set(purpose, derived);
    return derived;
  }

  #root(): Promise<Buffer> {
    if (!this.#secret) {
      this.#secret = this.#load();
      this.#secret.catch(() => {
        this.#secret = null;
      });
    }
    return this.#secret;
  }

  async #load(): Promise<Buffer> {
    if (this.#configured) return Buffer.from(this.#configured, 'utf8');
    const value = await this.stored('auth_secret', () => randomBytes(32).toString('base64url'));
    return Buffer.from(value, 'base64url');
  }

  /** A named value created once (by whichever process comes first) and then shared. */
  async stored(name: string, create: () => string): Promise<string> {
    await this.#db
      .insertInto('auth_keys')
      .values({ name, value: create() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await this.#db
      .selectFrom('auth_keys')
      .select('value')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return row.value;
  }
}
