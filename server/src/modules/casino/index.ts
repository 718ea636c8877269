/**
 * Casino module (issue 18): the catalogue and lobby (catalogue/), the in-house provably fair games'
 * rounds with their money, seeds, demo wallets, history and verify data (rounds/), and the shared
 * crash game (crash/), bingo rooms (bingo/) and TV games (tv/, docs/casino-bingo-tv.md), and external game providers over the signed seamless-wallet API (providers/,
 * docs/casino-providers.md: /provider-api/v1/:provider/…, `parlay casino import-provider`). Routes
 * under /web-api/casino/v1 (see each sub-area's route file and
 * docs/casino.md); `parlay verify <roundId>` reproduces a round.
 *
 * Errors: CASINO_GAME_NOT_FOUND, CASINO_ROUND_NOT_FOUND, CASINO_PROVIDER_NOT_FOUND (404);
 * CASINO_ACTION_NOT_ALLOWED, CASINO_ROUND_OPEN, CASINO_ROUND_FINISHED, CASINO_CRASH_NOT_ACCEPTING,
 * CASINO_CRASH_CASHOUT_LATE (409); CASINO_STAKE_OUT_OF_RANGE, CASINO_STAKE_PRECISION, CASINO_RULE,
 * CASINO_IDEMPOTENCY_MISMATCH, CASINO_DEMO_ONLY, CASINO_REAL_ONLY, CASINO_CLIENT_SEED_INVALID (422);
 * CASINO_MIN_ROUND_INTERVAL (429, Retry-After); the ledger's INSUFFICIENT_FUNDS, ACCOUNT_FROZEN and
 * the limits' LIMIT_* pass through.
 */
import type { ModuleDeps } from '../../platform/module.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import type { Ledger } from '../accounts/index.ts';
import type { SiteConfigService } from '../config/index.ts';
import type { LimitsService } from '../limits/index.ts';
import { bingoRoutes } from './bingo/routes.ts';
import { createBingoContext } from './bingo/start.ts';
import { type CasinoCatalogue, createCasinoCatalogue } from './catalogue/catalogue-service.ts';
import { catalogueRoutes } from './catalogue/routes.ts';
import { crashRoutes } from './crash/routes.ts';
import { createCrashContext } from './crash/start.ts';
import { ProviderWallet } from './providers/provider-wallet.ts';
import { createProviderRegistry, type ProviderRegistry } from './providers/registry.ts';
import { providerApiRoutes, providerLaunchRoutes } from './providers/routes.ts';
import type { BonusWallet } from './rounds/bonus-wallet.ts';
import { createRoundsContext, type RoundsContext } from './rounds/context.ts';
import type { GameLookup } from './rounds/game-lookup.ts';
import { jurisdictionOf } from './rounds/jurisdiction.ts';
import type { RoundObserver } from './rounds/round-observer.ts';
import { roundsRoutes } from './rounds/routes.ts';
import { tvRoutes } from './tv/routes.ts';
import { createTvContext } from './tv/start.ts';

export { BINGO_TOPIC, type BingoContext } from './bingo/context.ts';
export { BingoEngine } from './bingo/engine.ts';
export { BINGO_ROOMS, type BingoRoom } from './bingo/rooms.ts';
export { createBingoContext, startBingoEngine } from './bingo/start.ts';
export {
  type CatalogueAdmin,
  createCatalogueAdmin,
  GAME_BADGES,
  type GameBadge,
  type GameChange,
  type OperatorGameRow,
  type OperatorProviderRow,
} from './catalogue/catalogue-admin.ts';
export {
  CASINO_CATALOGUE_CHANGED_TOPIC,
  type CasinoCatalogue,
  createCasinoCatalogue,
} from './catalogue/catalogue-service.ts';
export { seedCasinoCatalogue } from './catalogue/seed-catalogue.ts';
export { CRASH_GAME_ID, CRASH_TOPIC, type CrashContext } from './crash/context.ts';
export { CrashEngine, type CrashEngineOptions, DEFAULT_ENGINE } from './crash/engine.ts';
export { createCrashContext, startCrashEngine } from './crash/start.ts';
export type { CrashBetView, CrashMessage, CrashRoundView, PublicCrashBet } from './crash/views.ts';
export {
  IMPORT_PROVIDER_USAGE,
  type ImportFile as ProviderImportFile,
  importProvider,
  runImportProviderCommand,
} from './providers/import-command.ts';
export { PROVIDER_ERRORS } from './providers/provider-errors.ts';
export { ProviderWallet } from './providers/provider-wallet.ts';
export {
  createProviderRegistry,
  DEMO_STUDIO,
  DEMO_STUDIO_PATH,
  demoStudioEnabled,
  type ProviderRegistry,
} from './providers/registry.ts';
export { SIGNATURE_HEADER, signBody, TIMESTAMP_HEADER } from './providers/signature.ts';
export { startProviderSweep, sweepOpenRounds } from './providers/sweep.ts';
export type {
  BonusStakeInput,
  BonusWallet,
  FreeSpinGrant,
  FreeSpinsPort,
  InstantBonus,
  InstantBonusPlan,
  InstantBonusRound,
} from './rounds/bonus-wallet.ts';
export { NO_BONUS_WALLET } from './rounds/bonus-wallet.ts';
export { createRoundsContext, type RoundsContext, type RoundsOptions } from './rounds/context.ts';
export {
  type CasinoGameEntry,
  DEMO_CURRENCY,
  fallbackGameLookup,
  type GameLookup,
  type StakeLimit,
  staticGameLookup,
} from './rounds/game-lookup.ts';
export { type Jurisdiction, jurisdictionOf } from './rounds/jurisdiction.ts';
export type { FinishedRound, RoundObserver } from './rounds/round-observer.ts';
export type { RoundView } from './rounds/round-view.ts';
export {
  IN_HOUSE_PROVIDER,
  SeamlessWallet,
  type WalletAnswer,
  type WalletMove,
  type WalletPlayer,
} from './rounds/seamless-wallet.ts';
export { runVerifyCommand, VERIFY_USAGE } from './rounds/verify-command.ts';
export { type SharedRoundGameIds, sharedRoundGameIds } from './shared-rounds/game-ids.ts';
export { TV_GAME_IDS, TV_TOPIC, type TvContext } from './tv/context.ts';
export { TvEngine } from './tv/engine.ts';
export { createTvContext, startTvEngine } from './tv/start.ts';

export interface CasinoModuleOptions {
  deps: ModuleDeps;
  ledger: Ledger;
  limits: LimitsService;
  siteConfig: SiteConfigService;
  /** The catalogue (lobby, games, favourites, recent); built over deps when not given. */
  catalogue?: CasinoCatalogue;
  /** The catalogue's games (numeric id → engine, modes, limits); the catalogue's own when not given. */
  games?: GameLookup;
  bonus?: BonusWallet;
  /**
   * Told of each finished real round (in-house, or a provider's round once closed) after it
   * committed: the tournaments' scoring.
   */
  roundFinished?: RoundObserver;
  /** A rounds context built by the caller (tests); built from the options above otherwise. */
  rounds?: RoundsContext;
  /** The connected game providers; from the configuration (CASINO_PROVIDERS) when not given. */
  providers?: ProviderRegistry;
}

/** The catalogue over the site configuration: jurisdiction settings and the slot bonus address. */
export function casinoCatalogueFor(deps: ModuleDeps, siteConfig: SiteConfigService): CasinoCatalogue {
  return createCasinoCatalogue(deps, {
    settingsOf: (game, currency) => jurisdictionOf(siteConfig, game, currency),
    async slotBonusUrl() {
      const { casino } = await siteConfig.groups(['casino'], 'en');
      const url = casino?.slotFirstDepositBonusUrl;
      return typeof url === 'string' && url !== '' ? url : null;
    },
  });
}

export async function casinoModule(app: RoutesApp, options: CasinoModuleOptions): Promise<void> {
  const catalogue = options.catalogue ?? casinoCatalogueFor(options.deps, options.siteConfig);
  const rounds =
    options.rounds ??
    createRoundsContext({
      db: options.deps.db.db,
      clock: options.deps.clock,
      ledger: options.ledger,
      limits: options.limits,
      siteConfig: options.siteConfig,
      games: options.games ?? catalogue.games,
      played: (userId, gameId) => catalogue.markPlayed(userId, gameId),
      ...(options.bonus ? { bonus: options.bonus } : {}),
      ...(options.roundFinished ? { finished: options.roundFinished } : {}),
    });
  await app.register(catalogueRoutes, { catalogue });
  await app.register(roundsRoutes, { ctx: rounds });
  await app.register(crashRoutes, { crash: createCrashContext(options.deps, options) });
  await app.register(bingoRoutes, { bingo: createBingoContext(options.deps, options) });
  await app.register(tvRoutes, { tv: createTvContext(options.deps, options) });
  // A provider round closed by its end-round call counts for the tournaments as an in-house one;
  // a failing observer is logged and never fails the provider's call.
  const finished = options.roundFinished;
  const observer: RoundObserver | null = finished
    ? async (round) => {
        try {
          await finished(round);
        } catch (err) {
          app.log.warn({ err }, 'round observer failed');
        }
      }
    : null;
  const providers = {
    launch: {
      db: options.deps.db.db,
      clock: options.deps.clock,
      ledger: options.ledger,
      limits: options.limits,
      registry: options.providers ?? createProviderRegistry(options.deps.config, options.deps.db.db),
    },
    wallet: new ProviderWallet({
      db: options.deps.db.db,
      clock: options.deps.clock,
      ledger: options.ledger,
      limits: options.limits,
      wallet: rounds.wallet,
      ...(observer ? { finished: observer } : {}),
    }),
  };
  await app.register(providerLaunchRoutes, providers);
  await app.register(providerApiRoutes, providers);
}
