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
  type AccountBonusFacts,
  accountsModule,
  BalanceFeed,
  Ledger,
  LocalDiskStorage,
  VerificationService,
  verificationRoutes,
} from './modules/accounts/index.ts';
import { authModule, createAuthService, provideAuth } from './modules/auth/index.ts';
import {
  backofficeContentModule,
  backofficeModule,
  backofficePlayersModule,
  backofficeProductsModule,
  backofficeTradingModule,
} from './modules/backoffice/index.ts';
import { bettingModule, createBettingContext } from './modules/betting/index.ts';
import { blocksModule } from './modules/blocks/index.ts';
import {
  bonusesModule,
  createBonusService,
  createCampaignDesk,
  hookBonuses,
} from './modules/bonuses/index.ts';
import { captchaModule } from './modules/captcha/index.ts';
import { cashbackModule, createCashbackContext } from './modules/cashback/index.ts';
import {
  casinoCatalogueFor,
  casinoModule,
  createCatalogueAdmin,
  createProviderRegistry,
  DEMO_STUDIO,
  demoStudioEnabled,
  sharedRoundGameIds,
} from './modules/casino/index.ts';
import { configModule, SiteConfigService } from './modules/config/index.ts';
import {
  contentModule,
  contentRedirectResolver,
  contentStorageAt,
  createContent,
} from './modules/content/index.ts';
import { demoStudioModule } from './modules/demo-studio/index.ts';
import { createLimitsService, limitsModule } from './modules/limits/index.ts';
import { createLottoContext, lottoModule } from './modules/lotto/index.ts';
import { createMailingService, mailingModule } from './modules/mailing/index.ts';
import { isMessagingEnabled, outboxModule } from './modules/outbox/index.ts';
import { createPaymentsService, paymentsModule, SecureDataGrants } from './modules/payments/index.ts';
import { realtimeModule } from './modules/realtime/index.ts';
import { redirectsModule } from './modules/redirects/index.ts';
import {
  createReferralService,
  hookReferrals,
  referralSignalsFrom,
  referralsModule,
} from './modules/referrals/index.ts';
import { seoModule } from './modules/seo/index.ts';
import { sportsbookModule } from './modules/sportsbook/index.ts';
import { createSupportService, supportModule, supportStorageAt } from './modules/support/index.ts';
import { systemModule } from './modules/system/index.ts';
import { createTotoContext, totoModule, totoSettingsOf } from './modules/toto/index.ts';
import { createTournamentsContext, scoreRound, tournamentsModule } from './modules/tournaments/index.ts';
import { webModule } from './modules/web/index.ts';
import { type Config, hasRole } from './platform/config.ts';
import { readsToleratingLag } from './platform/db.ts';
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
    // A module's start (the web build's manifest and templates, a catalogue read) may take longer
    // than avvio's 10 s default on a busy machine: a slow start is not a failed one.
    pluginTimeout: 120_000,
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
  // MESSAGING=off reaches the web as features.isMessagingEnabled = false (flows that need a code).
  const siteConfig = new SiteConfigService(deps.db.db, deps.bus, deps.clock, cacheJitter, {
    features: { isMessagingEnabled: isMessagingEnabled(deps.config) },
  });
  // The realtime role needs sessions too: private topics (user:<id>) belong to the signed-in player.
  const auth = createAuthService(deps, siteConfig);
  provideAuth(app, auth);
  if (hasRole(deps.config, 'api')) {
    await app.register(configModule, { deps, siteConfig });
    await app.register(blocksModule, { deps, siteConfig });
    const casinoCatalogue = casinoCatalogueFor(deps, siteConfig);
    const content = createContent(
      { db: deps.db.db, reads: readsToleratingLag(deps.db), clock: deps.clock, bus: deps.bus },
      contentStorageAt(deps.config.dataDir),
    );
    await app.register(redirectsModule, {
      deps,
      siteConfig,
      resolvers: [(url) => casinoCatalogue.routeRedirect(url), contentRedirectResolver(content.store)],
    });
    await app.register(seoModule, { deps, siteConfig });
    await app.register(contentModule, { content, publicOrigin: deps.config.publicOrigin });
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
    // The accounts list carries the bonus engine's facts (set below, once the engine is built).
    let bonusFacts: ((userId: bigint, currency: string) => Promise<AccountBonusFacts>) | undefined;
    await app.register(accountsModule, {
      ledger,
      bonusFacts: (userId, currency) =>
        bonusFacts
          ? bonusFacts(userId, currency)
          : Promise.resolve({ isAvailableFirstDepositBonus: false, bonusIdByAccount: new Map() }),
    });
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
    // The back office decides withdrawals through the same payments service (docs/backoffice.md).
    await app.register(backofficeModule, {
      deps,
      payments,
      playerNames: (ids) => auth.firstNamesOf(ids),
    });
    await app.register(limitsModule, { limits });
    const betting = createBettingContext(deps, { ledger, siteConfig, limits });
    // The bonus engine: deposits, settled bets and registrations reach it; the casino asks it per stake.
    const bonuses = createBonusService(deps, {
      ledger,
      siteConfig,
      checks: limits,
      log: (message, err) => app.log.warn({ err }, message),
    });
    if (deps.config.bonusEngine) {
      hookBonuses(bonuses, { payments, settlement: betting, auth });
      bonusFacts = (userId, currency) => bonuses.accountFacts(userId, currency);
    }
    await app.register(bonusesModule, { bonuses });
    // Bring-a-friend: registrations with a code, the friends' deposits and settled stakes reach it.
    const referrals = createReferralService(deps, {
      ledger,
      signals: referralSignalsFrom(auth, payments),
      log: (message, details) => app.log.info(details, message),
    });
    hookReferrals(referrals, { auth, payments, settlement: betting });
    await app.register(referralsModule, { referrals });
    await app.register(bettingModule, { ctx: betting });
    // The back office's trading desk settles and voids through the same betting context (docs/backoffice.md).
    await app.register(backofficeTradingModule, { deps, betting });
    // Casino tournaments: each finished real round is scored (one statement) after it committed.
    const tournaments = createTournamentsContext(deps, { ledger, sharedGames: sharedRoundGameIds() });
    await app.register(casinoModule, {
      deps,
      ledger,
      limits,
      siteConfig,
      catalogue: casinoCatalogue,
      ...(deps.config.bonusEngine ? { bonus: bonuses.casinoWallet } : {}),
      roundFinished: (round) => scoreRound(tournaments, round),
    });
    await app.register(tournamentsModule, { ctx: tournaments });
    // The back office's casino and bonus sections change games and campaigns through those modules' services.
    await app.register(backofficeProductsModule, {
      deps,
      catalogue: createCatalogueAdmin({
        db: deps.db.db,
        clock: deps.clock,
        bus: deps.bus,
        invalidate: () => casinoCatalogue.invalidate(),
      }),
      bonuses,
      campaigns: createCampaignDesk(bonuses),
    });
    // The development demo studio (docs/demo-studio.md): only with the development provider.
    const demoStudio = demoStudioEnabled(deps.config)
      ? createProviderRegistry(deps.config, deps.db.db).get(DEMO_STUDIO)
      : null;
    if (demoStudio) {
      await app.register(demoStudioModule, {
        deps,
        provider: demoStudio.name,
        secret: () => demoStudio.secret(),
      });
    }
    await app.register(lottoModule, { ctx: createLottoContext(deps, { ledger, limits }) });
    await app.register(cashbackModule, { ctx: createCashbackContext(deps, { ledger }) });
    await app.register(mailingModule, {
      mailing: createMailingService(
        { db: deps.db.db, clock: deps.clock, newsletterSecret: deps.config.newsletterSecret },
        auth,
      ),
    });
    const support = createSupportService(
      { db: deps.db.db, clock: deps.clock, bus: deps.bus },
      supportStorageAt(deps.config.dataDir),
    );
    await app.register(supportModule, { support });
    // The back office's players section decides through the same ledger, verification, limits and support services.
    await app.register(backofficePlayersModule, {
      deps,
      services: { ledger, verification, limits },
      support,
    });
    // The back office's content, blocks, redirects, terms and configuration sections (docs/backoffice.md).
    await app.register(backofficeContentModule, {
      deps,
      content: content.store,
      terms: auth.terms,
      siteConfig,
    });
    await app.register(totoModule, {
      ctx: createTotoContext(
        { db: deps.db.db, clock: deps.clock, bus: deps.bus },
        { ledger, limits },
        totoSettingsOf(deps.config),
      ),
    });
  }
  if (hasRole(deps.config, 'realtime')) await app.register(realtimeModule, deps);
  if (hasRole(deps.config, 'web')) {
    await app.register(webModule, { deps, inject: (options) => app.inject(options) });
  }
  await app.ready();
  return app;
}
