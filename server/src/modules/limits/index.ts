/**
 * Limits module: responsible gaming (site-shell §3, §4, §7). Wagering, loss and deposit limits over
 * rolling windows, self-exclusion, time-out, session limit and reality check, enforced here.
 *
 * Front door for other modules:
 *   - createLimitsService(deps, auth): the service;
 *   - limits.forDeposits() — payments (provideDepositLimits): a deposit holds room until its expiry
 *     (assertDepositAllowed with holdsUntil), counts once confirmed (confirmDeposit) and frees its
 *     room when it fails, is cancelled or expires (releaseDeposit); only confirmed deposits count
 *     after their expiry;
 *   - limits.assertStakeAllowed({ userId, currency, amountMinor, reference }, trx?) — betting and
 *     casino, inside their placement transaction (a rolled-back bet is not counted);
 *   - limits.recordSettlement({ userId, currency, stakeMinor, payoutMinor, reference }, trx?) — on
 *     settlement, for the loss limits and the net position (a resettlement replaces the record);
 *   - limits.releaseStake({ userId, reference }, trx?) — a rejected bet's stake no longer counts;
 *   - limits.casinoRound({ userId, currency, stakeMinor, payoutMinor?, roundId }, trx?) — the casino's
 *     one call per round: counts the stake (wager and loss limits) and, when given, the round's loss;
 *   - limits.assertMaySignIn(userId) — installed as the auth sign-in check;
 *   - limits.marketingAllowed(userId) — the one marketing check: false while a self-exclusion or
 *     time-out runs (isLocked / lockedUntilSec tell the same); promotional senders skip the player.
 *
 * Currencies: a limit is kept in the player's currency; deposits and stakes in another currency
 * count through the exchange rates set with `parlay fx set USD RUB 92.5` (runFxCommand), converted
 * when the money moves and rounded up (at most one minor unit against the player).
 *
 * Routes (see routes.ts): GET /limit-service-api/api/external/web/v3/limits, POST …/limit,
 * DELETE …/limit, POST …/limitaction, POST …/ping, GET …/stats, POST /web-api/api/web/user/v1/reality-check.
 *
 * Errors: LIMIT_VALUE_NOT_ALLOWED, VALIDATION_FAILED (400); NOT_AUTHENTICATED (401);
 * LIMIT_DEPOSIT_EXCEEDED, LIMIT_WAGER_EXCEEDED, LIMIT_LOSS_EXCEEDED, LIMIT_SELF_EXCLUDED,
 * LIMIT_TIME_OUT, LIMIT_SESSION_ENDED, LIMIT_FX_RATE_MISSING (403); LIMIT_LOCKED,
 * LIMIT_NOTHING_PENDING (409).
 */
import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../platform/module.ts';
import type { AuthService } from '../auth/index.ts';
import { LimitsService } from './limits-service.ts';
import { limitsRoutes } from './routes.ts';

export type { UsageInput } from './check-usage.ts';
export { FX_USAGE, runFxCommand } from './fx-command.ts';
export { type ChangeResult, LimitsService } from './limits-service.ts';

/**
 * The deposit side of the limits for processes without a session service (the operator's CLI): a
 * deposit that this process confirms, fails or expires counts or frees its room as in the server.
 */
export function depositLimitsFor(deps: Pick<ModuleDeps, 'config' | 'db' | 'clock'>) {
  return new LimitsService(deps.db.db, deps.clock, {
    approvalDelaySeconds: deps.config.limitApprovalDelaySeconds,
    endSessions: async () => 0,
  }).forDeposits();
}
export type { LimitView } from './views.ts';

export function createLimitsService(
  deps: Pick<ModuleDeps, 'config' | 'db' | 'clock'>,
  auth: AuthService,
): LimitsService {
  return new LimitsService(deps.db.db, deps.clock, {
    approvalDelaySeconds: deps.config.limitApprovalDelaySeconds,
    endSessions: (userId, reason, trx) => auth.sessions.revokeAllExcept(userId, null, reason, trx),
  });
}

export async function limitsModule(app: FastifyInstance, options: { limits: LimitsService }): Promise<void> {
  await app.register(limitsRoutes, options);
}
