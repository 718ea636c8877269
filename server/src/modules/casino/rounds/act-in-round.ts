/**
 * POST /rounds/:roundId/actions: one decision in an open round (hit, stand, double, reveal, cash
 * out…). The round row is locked, the decision checked against what the state allows, the round
 * replayed with it, any stake raise debited as its own ledger step and the payout credited when the
 * round finishes, all in one transaction with the Idempotency-Key answer. A replay waits on the round
 * row and answers the first answer.
 *
 * Errors: CASINO_ROUND_NOT_FOUND (404), CASINO_ROUND_FINISHED (409), CASINO_ACTION_NOT_ALLOWED (409),
 * CASINO_RULE (422), CASINO_IDEMPOTENCY_MISMATCH (422), INSUFFICIENT_FUNDS (409), LIMIT_* (403).
 */
import type { Json } from '@parlay/domain/casino/engine/in-house-game.ts';
import type { Kysely } from 'kysely';
import { AppError } from '../../../platform/errors.ts';
import type { Database } from '../../../platform/schema.ts';
import type { Owner, RoundsContext } from './context.ts';
import { demoPurse, type Purse, realPurse } from './purse.ts';
import {
  applyState,
  findAnswer,
  requestHash,
  saveAnswer,
  stateOf,
  underRules,
  viewOf,
} from './round-steps.ts';
import { actionKind, type RoundRow, type RoundView } from './round-view.ts';

export async function lockedRound(trx: Kysely<Database>, owner: Owner, roundId: bigint): Promise<RoundRow> {
  const round = await trx
    .selectFrom('casino_rounds')
    .selectAll()
    .where('id', '=', roundId)
    .where('owner_key', '=', owner.key)
    .forUpdate()
    .executeTakeFirst();
  if (!round) throw new AppError('CASINO_ROUND_NOT_FOUND', undefined, { roundId: `${roundId}` });
  return round;
}

export function pairOf(trx: Kysely<Database>, round: RoundRow) {
  return trx
    .selectFrom('casino_seed_pairs')
    .selectAll()
    .where('id', '=', round.seed_pair_id)
    .executeTakeFirstOrThrow();
}

export function purseOf(ctx: RoundsContext, trx: Kysely<Database>, owner: Owner, round: RoundRow): Purse {
  if (round.mode === 'real') {
    return realPurse(
      ctx,
      trx,
      { userId: round.user_id!, accountId: round.account_id!, currency: round.currency },
      round.engine_id,
    );
  }
  return demoPurse(trx, ctx.clock.now(), owner.kind === 'demo' ? owner.demoId : '', round.currency);
}

export async function actInRound(
  ctx: RoundsContext,
  owner: Owner,
  roundId: bigint,
  idempotencyKey: string,
  action: unknown,
): Promise<RoundView> {
  const hash = requestHash(['act', `${roundId}`, action ?? null]);
  const replayed = await findAnswer(ctx.db, owner.key, idempotencyKey, hash);
  if (replayed) return replayed;
  return ctx.ledger.transaction(async (trx) => {
    const round = await lockedRound(trx, owner, roundId);
    const again = await findAnswer(trx, owner.key, idempotencyKey, hash);
    if (again) return again;
    if (round.status === 'finished')
      throw new AppError('CASINO_ROUND_FINISHED', undefined, { roundId: `${roundId}` });
    const game = ctx.engine(round.engine_id);
    if (!game) throw new AppError('CASINO_GAME_NOT_FOUND', undefined, { gameId: round.game_id });
    const kind = actionKind(action);
    const allowed = round.allowed as string[];
    if (kind === null || !allowed.includes(kind)) {
      throw new AppError('CASINO_ACTION_NOT_ALLOWED', undefined, { action: kind, allowed });
    }
    const parsed = underRules(() => game.parseAction(action)) as Json;
    const pair = await pairOf(trx, round);
    const actions = [...(round.actions as Json[]), parsed];
    const state = stateOf(game, round, actions, pair);
    const now = ctx.clock.now();
    const updated = await applyState(trx, {
      round,
      state,
      action: parsed,
      purse: purseOf(ctx, trx, owner, round),
      now,
      firstStep: false,
      stepN: actions.length,
    });
    const answer = viewOf(updated, pair);
    await saveAnswer(trx, { ownerKey: owner.key, key: idempotencyKey, hash, roundId, answer, now });
    return answer;
  });
}
