/**
 * The connected game providers: CASINO_PROVIDERS (name, base URL of the game page, HMAC key), plus
 * the built-in development studio `parlay-demo-studio` when NODE_ENV=development or DEV_TOOLS is on
 * (never in production: config.ts refuses DEV_TOOLS there). The studio's key is
 * CASINO_DEMO_STUDIO_SECRET, or a random key created once in the database (auth_keys) and shared by
 * every process.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from '../../../platform/config.ts';
import type { Database } from '../../../platform/schema.ts';
import { ServerKeys } from '../../auth/index.ts';

export const DEMO_STUDIO = 'parlay-demo-studio';
/** Where the development studio's game page is served (relative to the site). */
export const DEMO_STUDIO_PATH = '/dev/demo-studio/play';

export interface ProviderEntry {
  name: string;
  baseUrl: string;
  secret(): Promise<string>;
}

export interface ProviderRegistry {
  get(name: string): ProviderEntry | null;
  names(): string[];
}

export function demoStudioEnabled(config: Pick<Config, 'nodeEnv' | 'devTools'>): boolean {
  return config.nodeEnv === 'development' || config.devTools;
}

export function createProviderRegistry(
  config: Pick<
    Config,
    'nodeEnv' | 'devTools' | 'casinoProviders' | 'casinoDemoStudioSecret' | 'publicOrigin'
  >,
  db: Kysely<Database>,
): ProviderRegistry {
  const entries = new Map<string, ProviderEntry>();
  for (const p of config.casinoProviders) {
    entries.set(p.name, { name: p.name, baseUrl: p.baseUrl, secret: async () => p.secret });
  }
  if (demoStudioEnabled(config)) {
    let secret: Promise<string> | null = null;
    const keys = new ServerKeys(db, null);
    entries.set(DEMO_STUDIO, {
      name: DEMO_STUDIO,
      baseUrl: `${config.publicOrigin ?? ''}${DEMO_STUDIO_PATH}`,
      secret() {
        if (config.casinoDemoStudioSecret) return Promise.resolve(config.casinoDemoStudioSecret);
        secret ??= keys.stored('casino_demo_studio_secret', () => randomBytes(32).toString('base64url'));
        secret.catch(() => {
          secret = null;
        });
        return secret;
      },
    });
  }
  return {
    get: (name) => entries.get(name) ?? null,
    names: () => [...entries.keys()],
  };
}
