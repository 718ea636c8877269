/**
 * What opening a round and acting in it share: the request's Idempotency-Key record, the replay
 * under the seeds, rule errors mapped to codes, the money of a state change and the row update.
 *
 * Errors: CASINO_IDEMPOTENCY_MISMATCH (422), CASINO_RULE (422), INTERNAL (a game paying past its
 * stated maximum: refused, nothing moves).
 */
import { createHash } from 'node:crypto';
import type { InHouseGame, Json, RoundState } from '@parlay/domain/casino/engine/in-house-game.ts';
import { GameRuleError } from '@parlay/domain/casino/game-rule-error.ts';
import { payoutMinor } from '@parlay/domain/casino/payout.ts';
import type { Kysely } from 'kysely';
import { AppError } from '../../../platform/errors.ts';
import type { Database } from '../../../platform/schema.ts';
import type { SeedPairRow } from './fairness.ts';
import type { Purse } from './purse.ts';
import { type RoundRow, type RoundView, replayRound, roundView } from './round-view.ts';

export function requestHash(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

/** The first answer under this key, or null; the same key with another body is a mismatch. */
export async function findAnswer(
  db: Kysely<Database>,
  ownerKey: string,
  key: string,
  hash: string,
): Promise<RoundView | null> {
  const row = await db
    .selectFrom('casino_requests')
    .select(['request_hash', 'answer'])
    .where('owner_key', '=', ownerKey)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  if (!row) return null;
  if (row.request_hash !== hash) throw new AppError('CASINO_IDEMPOTENCY_MISMATCH');
  return row.answer as RoundView;
}

export async function saveAnswer(
  db: Kysely<Database>,
  input: { ownerKey: string; key: string; hash: string; roundId: bigint; answer: RoundView; now: Date },
): Promise<void> {
  await db
    .insertInto('casino_requests')
    .values({
      owner_key: input.ownerKey,
      idempotency_key: input.key,
      request_hash: input.hash,
      round_id: input.roundId,
      answer: JSON.stringify(input.answer),
      created_at: input.now,
    })
    .execute();
}

/** Runs a game's own check or replay; its rule errors become CASINO_RULE with the reason. */
export function underRules<T>(work: () => T): T {
  try {
    return work();
  } catch (err) {
    if (err instanceof GameRuleError) throw new AppError('CASINO_RULE', err.message, { reason: err.reason });
    throw err;
  }
}

export function stateOf(
  game: InHouseGame,
  round: RoundRow,
  actions: readonly Json[],
  pair: SeedPairRow,
): RoundState {
  const state = underRules(() =>
    replayRound(
      game,
      { params: round.params as Json, stakeMinor: round.stake, actions },
      { serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce: round.nonce },
    ),
  );
  // The house's own guard: whatever a game computes, a round never pays past the game's stated
  // maximum (of the whole amount staked) and never lowers what was staked.
  const ceiling = payoutMinor(state.stakedMinor, game.maxMultiplier);
  if (state.payoutMinor < 0n || state.payoutMinor > ceiling || state.stakedMinor < round.staked) {
    throw new AppError('INTERNAL', `${game.id} round ${round.id} broke its bounds`);
  }
  return state;
}

/**
 * Moves the money a new state needs (a raise of the stake, the payout when finished), then writes
 * the state on the round row and its step. Answers the updated row.
 */
export async function applyState(
  trx: Kysely<Database>,
  input: {
    round: RoundRow;
    state: RoundState;
    action: Json | null;
    purse: Purse;
    now: Date;
    firstStep: boolean;
    /** The step's number: 0 opens, then one per decision (a settling step without decision after them). */
    stepN: number;
  },
): Promise<RoundRow> {
  const { round, state, purse } = input;
  const raise = input.firstStep ? state.stakedMinor : state.stakedMinor - round.staked;
  let raises = round.raises;
  let balance: bigint | null = null;
  let balanceBefore = round.balance_before;
  if (raise > 0n) {
    if (input.firstStep) {
      balance = await purse.stake(round.id, 'stake', raise);
      balanceBefore = balance + raise;
    } else {
      raises += 1;
      balance = await purse.stake(round.id, `stake:${raises}`, raise);
    }
  }
  const payout = state.finished ? state.payoutMinor : 0n;
  if (state.finished) balance = await purse.finish(round.id, state.stakedMinor, payout);
  const actions =
    input.action === null ? (round.actions as Json[]) : [...(round.actions as Json[]), input.action];
  const updated = await trx
    .updateTable('casino_rounds')
    .set({
      actions: JSON.stringify(actions),
      status: state.finished ? 'finished' : 'open',
      staked: state.stakedMinor,
      payout,
      raises,
      allowed: JSON.stringify(state.finished ? [] : state.allowed),
      view: JSON.stringify(state.view),
      balance_before: balanceBefore,
      balance_after: balance ?? (await purse.balance()),
      finished_at: state.finished ? input.now : null,
    })
    .where('id', '=', round.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('casino_round_steps')
    .values({
      round_id: round.id,
      n: input.stepN,
      action: input.action === null ? null : JSON.stringify(input.action),
      staked_delta: raise > 0n ? raise : 0n,
      payout,
      created_at: input.now,
    })
    .execute();
  return updated;
}

export function viewOf(row: RoundRow, pair: SeedPairRow): RoundView {
  return roundView(row, pair);
}
