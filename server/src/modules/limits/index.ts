/**
 * Limits module: responsible gaming (site-shell §3, §4, §7). Wagering, loss and deposit limits over
 * rolling windows, self-exclusion, time-out, session limit and reality check, enforced here.
 *
 * Front door for other modules:
 *   - createLimitsService(deps, auth): the service;
 *   - limits.assertDepositAllowed({ userId, currency, amountMinor, reference }, trx?) — payments;
 *   - limits.assertStakeAllowed({ userId, currency, amountMinor, reference }, trx?) — betting and
 *     casino, inside their placement transaction (a rolled-back bet is not counted);
 *   - limits.recordSettlement({ userId, currency, stakeMinor, payoutMinor, reference }, trx?) — on
 *     settlement, for the loss limits and the net position (a resettlement replaces the record);
 *   - limits.releaseStake({ userId, reference }, trx?) — a rejected bet's stake no longer counts;
 *   - limits.assertMaySignIn(userId) — installed as the auth sign-in check;
 *   - limits.isLocked(userId) — marketing stops while a self-exclusion or time-out runs.
 *
 * Routes (see routes.ts): GET /limit-service-api/api/external/web/v3/limits, POST …/limit,
 * DELETE …/limit, POST …/limitaction, POST …/ping, GET …/stats, POST /web-api/api/web/user/v1/reality-check.
 *
 * Errors: LIMIT_VALUE_NOT_ALLOWED, VALIDATION_FAILED (400); NOT_AUTHENTICATED (401);
 * LIMIT_DEPOSIT_EXCEEDED, LIMIT_WAGER_EXCEEDED, LIMIT_LOSS_EXCEEDED, LIMIT_SELF_EXCLUDED,
 * LIMIT_TIME_OUT, LIMIT_SESSION_ENDED (403); LIMIT_LOCKED, LIMIT_NOTHING_PENDING (409).
 */
import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../platform/module.ts';
import type { AuthService } from '../auth/index.ts';
import { LimitsService } from './limits-service.ts';
import { limitsRoutes } from './routes.ts';

export type { UsageInput } from './check-usage.ts';
export { type ChangeResult, LimitsService } from './limits-service.ts';
export type { LimitView } from './views.ts';

export function createLimitsService(
  deps: Pick<ModuleDeps, 'config' | 'db' | 'clock'>,
  auth: AuthService,
): LimitsService {
  return new LimitsService(deps.db.db, deps.clock, {
    approvalDelaySeconds: deps.config.limitApprovalDelaySeconds,
    endSessions: (userId, reason) => auth.sessions.revokeAllExcept(userId, null, reason),
  });
}

export async function limitsModule(
  app: FastifyInstance,
  options: { limits: LimitsService; auth: AuthService },
): Promise<void> {
  await app.register(limitsRoutes, options);
}
