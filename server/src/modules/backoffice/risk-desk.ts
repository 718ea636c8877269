/**
 * Risk controls of the back office (issue 24): stake factors of players, markets and sports through
 * the betting module's own functions (betting/stake-factors.ts), and operator-imposed money limits
 * through the limits service (limits/operator-limits.ts). Every change is audited with the values
 * before and after.
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import { type StakeFactorScope, setStakeFactor } from '../betting/index.ts';
import type { LimitsService } from '../limits/index.ts';
import { readMarketBook, setMarketMaxStake } from '../sportsbook/index.ts';
import { appendAuditNow } from './audit-log.ts';
import type { Actor } from './operators.ts';
import { playerById } from './player-directory.ts';

export type RiskLimits = Pick<LimitsService, 'imposeOperatorLimit' | 'liftOperatorLimit' | 'operatorLimits'>;

export interface RiskDeskContext {
  db: Kysely<Database>;
  clock: Clock;
}

async function existingPlayer(db: Kysely<Database>, userId: bigint) {
  const player = await playerById(db, userId);
  if (!player) throw new AppError('BACKOFFICE_PLAYER_NOT_FOUND');
  return player;
}

async function assertTarget(ctx: RiskDeskContext, scope: StakeFactorScope, targetId: bigint) {
  if (scope === 'player') await existingPlayer(ctx.db, targetId);
  else if (scope === 'market') await readMarketBook(ctx.db, targetId);
  else {
    const sport = await ctx.db
      .selectFrom('sports')
      .select('id')
      .where('id', '=', Number(targetId))
      .executeTakeFirst();
    if (!sport) throw new AppError('VALIDATION_FAILED', 'body/targetId: no such sport');
  }
}

/**
 * Sets or removes (null) a stake factor. A market's version is bumped (its maximum stake written
 * again as it is), so a batched placement priced before the change is priced again.
 */
export async function changeStakeFactor(
  ctx: RiskDeskContext,
  actor: Actor,
  input: { scope: StakeFactorScope; targetId: bigint; factorMilli: number | null; reason: string },
): Promise<{ previousMilli: number | null }> {
  await assertTarget(ctx, input.scope, input.targetId);
  const { previousMilli } = await setStakeFactor(ctx.db, {
    ...input,
    setBy: actor.login,
    now: ctx.clock.now(),
  });
  if (input.scope === 'market') {
    const book = await readMarketBook(ctx.db, input.targetId);
    await setMarketMaxStake(ctx.db, input.targetId, book.maxStakeMinor);
  }
  await appendAuditNow(ctx.db, ctx.clock.now(), {
    operatorId: actor.operatorId,
    operatorLogin: actor.login,
    action: 'risk.factor',
    target: `${input.scope}:${input.targetId}`,
    outcome: 'ok',
    details: { previousMilli, factorMilli: input.factorMilli, reason: input.reason },
    ip: actor.ip,
  });
  return { previousMilli };
}

/** An operator's money limit on the player (the limits service applies and locks it), audited. */
export async function imposeLimit(
  ctx: RiskDeskContext,
  limits: RiskLimits,
  actor: Actor,
  input: { userId: bigint; limitType: number; value: number; reason: string },
) {
  const player = await existingPlayer(ctx.db, input.userId);
  const before = (await limits.operatorLimits(input.userId)).get(input.limitType as never) ?? null;
  const view = await limits.imposeOperatorLimit({
    ...input,
    currency: player.currency,
    setBy: actor.login,
  });
  await appendAuditNow(ctx.db, ctx.clock.now(), {
    operatorId: actor.operatorId,
    operatorLogin: actor.login,
    action: 'player.operator_limit',
    target: `player:${input.userId}`,
    outcome: 'ok',
    details: {
      userId: input.userId.toString(),
      limitType: input.limitType,
      previous: before?.value ?? null,
      value: input.value,
      currency: view.currency,
      reason: input.reason,
    },
    ip: actor.ip,
  });
  return view;
}

/** Lifts the operator's lock of one limit type (the player's limit stays), audited. */
export async function liftLimit(
  ctx: RiskDeskContext,
  limits: RiskLimits,
  actor: Actor,
  input: { userId: bigint; limitType: number; reason: string },
): Promise<void> {
  await existingPlayer(ctx.db, input.userId);
  const lifted = await limits.liftOperatorLimit(input.userId, input.limitType);
  if (!lifted) throw new AppError('LIMIT_NOTHING_PENDING');
  await appendAuditNow(ctx.db, ctx.clock.now(), {
    operatorId: actor.operatorId,
    operatorLogin: actor.login,
    action: 'player.operator_limit_lift',
    target: `player:${input.userId}`,
    outcome: 'ok',
    details: { userId: input.userId.toString(), limitType: input.limitType, reason: input.reason },
    ip: actor.ip,
  });
}
