/** What the auth routes share: the services of the module, built once per app. */
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import type { Config } from '../../platform/config.ts';
import type { ModuleDeps } from '../../platform/module.ts';
import type { Database } from '../../platform/schema.ts';
import { CaptchaService } from '../captcha/index.ts';
import type { SiteConfigService } from '../config/index.ts';
import { OutboxService } from '../outbox/index.ts';
import { AttemptGuard } from './attempt-guard.ts';
import type { AuthService } from './auth-service.ts';
import { DevFingerprintProvider } from './device-fingerprint.ts';
import { OneTimeCodes } from './one-time-codes.ts';

export interface AuthContext {
  db: Kysely<Database>;
  clock: Clock;
  config: Config;
  auth: AuthService;
  siteConfig: SiteConfigService;
  guard: AttemptGuard;
  codes: OneTimeCodes;
  outbox: OutboxService;
  captcha: CaptchaService;
  /** Vouches for the device fingerprint tokens of sign-ins and registrations. */
  fingerprints: DevFingerprintProvider;
}

export function createAuthContext(
  deps: ModuleDeps,
  auth: AuthService,
  siteConfig: SiteConfigService,
): AuthContext {
  const db = deps.db.db;
  const captcha = new CaptchaService(db, deps.clock, deps.config.captchaPowBits);
  return {
    db,
    clock: deps.clock,
    config: deps.config,
    auth,
    siteConfig,
    guard: new AttemptGuard(db, deps.clock, captcha),
    codes: new OneTimeCodes(db, deps.clock, auth.keys),
    outbox: new OutboxService(db, deps.clock),
    captcha,
    fingerprints: new DevFingerprintProvider(auth.keys, deps.clock),
  };
}
