/**
 * Back-office module (issue 24, foundation): operator accounts separate from players (roles and a
 * permission table per action), two-step sign-in (password, then TOTP) with an idle timeout,
 * session list and revocation and an optional IP allow-list, the append-only hash-chained audit
 * log (search, CSV export, `parlay audit verify`), and the withdrawal queue deciding through the
 * payments module's service. Operators' sessions use their own cookie (parlay_backoffice, path
 * /backoffice-api, HttpOnly, SameSite=Strict, Secure outside development).
 *
 * Routes (/backoffice-api/v1/…): POST sign-in, sign-in/code, sign-out; GET me, sessions;
 * POST sessions/:id/revoke; GET|POST operators; GET operators/:id/sessions; POST
 * operators/:id/disable, operators/:id/reset-totp; GET withdrawals; POST withdrawals/:id/approve,
 * withdrawals/:id/reject; GET audit, audit/export.csv; GET|PUT settings.
 *
 * Errors: BACKOFFICE_NOT_SIGNED_IN, BACKOFFICE_FORBIDDEN (audited), BACKOFFICE_INVALID_CREDENTIALS,
 * BACKOFFICE_WRONG_CODE, BACKOFFICE_LOCKED, BACKOFFICE_IP_NOT_ALLOWED, BACKOFFICE_LOGIN_TAKEN,
 * BACKOFFICE_OPERATOR_NOT_FOUND, BACKOFFICE_SESSION_NOT_FOUND, BACKOFFICE_ALREADY_DECIDED,
 * PAYMENT_NOT_FOUND, PAYMENT_STATE_CONFLICT, VALIDATION_FAILED.
 */
import type { ModuleDeps } from '../../platform/module.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import type { BettingContext } from '../betting/index.ts';
import { BlockRules } from '../blocks/index.ts';
import type { BonusService, CampaignDesk } from '../bonuses/index.ts';
import type { CatalogueAdmin } from '../casino/index.ts';
import type { SiteConfigService } from '../config/index.ts';
import { ContentEditor, type ContentStore } from '../content/index.ts';
import { RedirectRules } from '../redirects/index.ts';
import { bonusDeskRoutes } from './bonus-desk-routes.ts';
import { casinoDeskRoutes } from './casino-desk-routes.ts';
import { configDeskRoutes } from './config-desk.ts';
import type { ContentDeskServices } from './content-desk.ts';
import { contentRoutes } from './content-routes.ts';
import { contentSiteRoutes } from './content-site-routes.ts';
import { dashboardRoutes } from './dashboard-routes.ts';
import type { PlayerServices } from './player-desk.ts';
import { playerRoutes } from './player-routes.ts';
import { riskRoutes } from './risk-routes.ts';
import { backofficeRoutes } from './routes.ts';
import type { SupportInbox } from './support-desk.ts';
import { tradingRoutes } from './trading-routes.ts';
import type { PlayerNames, WithdrawalPayments } from './withdrawal-desk.ts';

export { evaluateAlerts, startAlertsWorker } from './alerts.ts';
export { type ChainReport, verifyAuditChain } from './audit-log.ts';
export { OPERATORS_USAGE, runAuditCommand, runOperatorsCommand } from './backoffice-command.ts';
export { recomputeDashboards, runDashboardRollup, startDashboardWorker } from './dashboard-rollup.ts';
export { operatorTicketAllows } from './live-tickets.ts';
export { type BackofficeAction, OPERATOR_ROLES, type OperatorRole, PERMISSIONS } from './permissions.ts';
export type { PlayerServices } from './player-desk.ts';
export { BACKOFFICE_COOKIE } from './routes-guard.ts';
export type { SupportInbox } from './support-desk.ts';
export { totpCode } from './totp.ts';
export type { PlayerNames, WithdrawalPayments } from './withdrawal-desk.ts';

export async function backofficeModule(
  app: RoutesApp,
  options: { deps: ModuleDeps; payments: WithdrawalPayments; playerNames: PlayerNames },
): Promise<void> {
  const { deps, payments, playerNames } = options;
  await app.register(backofficeRoutes, {
    db: deps.db.db,
    clock: deps.clock,
    secureCookies: deps.config.nodeEnv !== 'development',
    payments,
    playerNames,
  });
}

/**
 * The players, adjustments, alerts and support sections: registered once the services they call
 * exist (the ledger, verification, limits and support services of the api role).
 */
export async function backofficePlayersModule(
  app: RoutesApp,
  options: { deps: ModuleDeps; services: PlayerServices; support: SupportInbox },
): Promise<void> {
  const { deps, services, support } = options;
  await app.register(playerRoutes, {
    db: deps.db.db,
    clock: deps.clock,
    secureCookies: deps.config.nodeEnv !== 'development',
    ...services,
    support,
  });
  // Risk controls and payments (operator limits through the same limits service).
  await app.register(riskRoutes, {
    db: deps.db.db,
    clock: deps.clock,
    secureCookies: deps.config.nodeEnv !== 'development',
    limits: services.limits,
  });
}

/**
 * The trading and settlement sections (liability, suspensions, prices, results, bets): registered
 * once the betting context exists; they call the sportsbook's and betting's own functions.
 */
export async function backofficeTradingModule(
  app: RoutesApp,
  options: { deps: ModuleDeps; betting: BettingContext },
): Promise<void> {
  const { deps, betting } = options;
  await app.register(tradingRoutes, {
    db: deps.db.db,
    clock: deps.clock,
    bus: deps.bus,
    secureCookies: deps.config.nodeEnv !== 'development',
    betting,
  });
  await app.register(dashboardRoutes, {
    db: deps.db.db,
    clock: deps.clock,
    secureCookies: deps.config.nodeEnv !== 'development',
  });
}

/**
 * The content, blocks, redirects, terms and site configuration sections: registered once the
 * content store, the site configuration and the auth module's terms service exist; they change
 * through those modules' own services.
 */
export async function backofficeContentModule(
  app: RoutesApp,
  options: {
    deps: ModuleDeps;
    content: ContentStore;
    terms: ContentDeskServices['terms'];
    siteConfig: SiteConfigService;
  },
): Promise<void> {
  const { deps } = options;
  const db = deps.db.db;
  const services: ContentDeskServices = {
    store: options.content,
    editor: new ContentEditor({ db, store: options.content, bus: deps.bus }),
    blocks: new BlockRules({ db, bus: deps.bus }),
    redirects: new RedirectRules({ db, bus: deps.bus }),
    terms: options.terms,
    siteConfig: options.siteConfig,
  };
  const guard = { db, clock: deps.clock, secureCookies: deps.config.nodeEnv !== 'development' };
  await app.register(contentRoutes, { ...guard, ...services });
  await app.register(contentSiteRoutes, { ...guard, ...services });
  await app.register(configDeskRoutes, { ...guard, siteConfig: options.siteConfig });
}

/**
 * The casino and bonus campaign sections: registered once the casino catalogue's admin and the bonus
 * service exist; they change games and campaigns through those modules' own services.
 */
export async function backofficeProductsModule(
  app: RoutesApp,
  options: { deps: ModuleDeps; catalogue: CatalogueAdmin; bonuses: BonusService; campaigns: CampaignDesk },
): Promise<void> {
  const { deps } = options;
  const guard = {
    db: deps.db.db,
    clock: deps.clock,
    secureCookies: deps.config.nodeEnv !== 'development',
  };
  await app.register(casinoDeskRoutes, { ...guard, catalogue: options.catalogue });
  await app.register(bonusDeskRoutes, { ...guard, bonuses: options.bonuses, desk: options.campaigns });
}
