/**
 * Builds the HTTP application for a set of roles: platform first (errors, OpenAPI, cookies), then
 * the modules each role runs. Used by the composition root and by the integration tests.
 */
import { randomBytes, randomInt } from 'node:crypto';
import path from 'node:path';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  accountsModule,
  BalanceFeed,
  Ledger,
  LocalDiskStorage,
  VerificationService,
  verificationRoutes,
} from './modules/accounts/index.ts';
import { authModule, createAuthService, provideAuth } from './modules/auth/index.ts';
import { bettingModule, createBettingContext } from './modules/betting/index.ts';
import { blocksModule } from './modules/blocks/index.ts';
import { captchaModule } from './modules/captcha/index.ts';
import { configModule, SiteConfigService } from './modules/config/index.ts';
import { createLimitsService, limitsModule } from './modules/limits/index.ts';
import { outboxModule } from './modules/outbox/index.ts';
import { createPaymentsService, paymentsModule, SecureDataGrants } from './modules/payments/index.ts';
import { realtimeModule } from './modules/realtime/index.ts';
import { redirectsModule } from './modules/redirects/index.ts';
import { seoModule } from './modules/seo/index.ts';
import { sportsbookModule } from './modules/sportsbook/index.ts';
import { systemModule } from './modules/system/index.ts';
import { webModule } from './modules/web/index.ts';
import { type Config, hasRole } from './platform/config.ts';
import { installHttpBehaviour, renderFrameworkError } from './platform/http.ts';
import type { ModuleDeps } from './platform/module.ts';
import { registerOpenApi } from './platform/openapi.ts';
import { installOriginCheck } from './platform/origin-check.ts';
import { installSecurityHeaders } from './platform/security-headers.ts';
import { PARLAY_VERSION } from './platform/version.ts';

/** Spreads configuration cache expiry over 600-900 s so processes do not all refresh together. */
const cacheJitter = (): number => randomInt(0, 1_000_000) / 1_000_000;

/** A hop count as Fastify applies one (its types only name the function form): the nearest n hops. */
const trustedProxies = (setting: Config['trustProxy']) =>
  typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;

export async function buildApp(deps: ModuleDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: deps.config.logLevel },
    bodyLimit: deps.config.bodyLimitBytes,
    // Off unless TRUST_PROXY names the proxies: otherwise any client could write X-Forwarded-For
    // and be a new address for every per-address limit and captcha threshold.
    trustProxy: trustedProxies(deps.config.trustProxy),
    routerOptions: { maxParamLength: 500, ignoreTrailingSlash: false },
    // Query strings still coerce ("5" → 5), but a scalar is never wrapped into an array.
    ajv: { customOptions: { coerceTypes: true } },
    frameworkErrors: renderFrameworkError,
  });
  installHttpBehaviour(app, deps.metrics);
  installOriginCheck(app, deps.config.publicOrigin);
  installSecurityHeaders(app, deps.config.publicOrigin);
  await app.register(cookie);
  // Brotli at a dynamic-content quality: level 11 would cost more CPU than the bytes it saves.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await registerOpenApi(app, { version: PARLAY_VERSION });

  await app.register(systemModule, deps);
  const siteConfig = new SiteConfigService(deps.db.db, deps.bus, deps.clock, cacheJitter);
  // The realtime role needs sessions too: private topics (user:<id>) belong to the signed-in player.
  const auth = createAuthService(deps, siteConfig);
  provideAuth(app, auth);
  if (hasRole(deps.config, 'api')) {
    await app.register(configModule, { deps, siteConfig });
    await app.register(blocksModule, { deps, siteConfig });
    await app.register(redirectsModule, { deps, siteConfig });
    await app.register(seoModule, { deps, siteConfig });
    await app.register(captchaModule, deps);
    await app.register(outboxModule, deps);
    await app.register(authModule, { deps, siteConfig, auth });
    await app.register(sportsbookModule, deps);
    const balanceFeed = new BalanceFeed(deps.db.db, deps.bus, app.log);
    const ledger = new Ledger(deps.db.db, deps.clock, undefined, balanceFeed);
    const verification = new VerificationService(
      deps.db.db,
      deps.clock,
      new LocalDiskStorage(path.join(deps.config.dataDir, 'documents')),
    );
    const payments = createPaymentsService(deps, ledger, (userId) => verification.isVerified(userId));
    auth.onUserRegistered(({ userId, currency }) => ledger.openAccount(BigInt(userId), currency));
    auth.provideDepositLookup((userId) => payments.hasDeposit(BigInt(userId)));
    // Responsible gaming: the limits service guards sign-in and deposits; betting calls it for stakes.
    const limits = createLimitsService(deps, auth);
    auth.onSignIn((userId) => limits.assertMaySignIn(BigInt(userId)));
    payments.provideDepositLimits(limits.forDeposits());
    await app.register(accountsModule, { ledger });
    await app.register(verificationRoutes, {
      verification,
      identificationFlavour: async () => {
        const { identification } = await siteConfig.groups(['identification'], 'ru');
        const types = identification?.verificationTypes;
        return Array.isArray(types) && types.includes('faceid') ? 'faceid' : 'other';
      },
    });
    // The secure-data grant cookie is signed with a key every process shares (kept with the auth keys).
    const grants = new SecureDataGrants(
      () => auth.keys.stored('secure_data_grant', () => randomBytes(32).toString('base64url')),
      deps.clock,
    );
    await app.register(paymentsModule, { deps, payments, ledger, grants });
    await app.register(limitsModule, { limits });
    const betting = createBettingContext(deps, { ledger, siteConfig, limits });
    await app.register(bettingModule, { ctx: betting });
  }
  if (hasRole(deps.config, 'realtime')) await app.register(realtimeModule, deps);
  if (hasRole(deps.config, 'web')) {
    await app.register(webModule, { deps, inject: (options) => app.inject(options) });
  }
  await app.ready();
  return app;
}
