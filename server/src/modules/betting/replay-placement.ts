/**
 * A replayed Idempotency-Key answers with the placement it first made: every answered placement
 * is a bets row holding its answer and the hash of its request; the same key with another body is
 * IDEMPOTENCY_KEY_REUSED (422).
 */

import type { Kysely, Selectable } from 'kysely';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import type { PlaceAnswer } from './placement.ts';
import type { BettingTables } from './tables.ts';

type BetRow = Selectable<BettingTables['bets']>;

/** The answer stored with the placement of this key, or IDEMPOTENCY_KEY_REUSED for another body. */
export async function replayPlacement(
  db: Kysely<Database>,
  placement: { userId: bigint; idempotencyKey: string; requestHash: string },
): Promise<PlaceAnswer> {
  const row = await findPlacement(db, placement.userId, placement.idempotencyKey);
  return replay(row!, placement.requestHash);
}

async function findPlacement(db: Kysely<Database>, userId: bigint, key: string): Promise<BetRow | null> {
  const row = await db
    .selectFrom('bets')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return row ?? null;
}

function replay(row: Pick<BetRow, 'answer' | 'request_hash'>, requestHash: string): PlaceAnswer {
  if (row.request_hash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return row.answer as unknown as PlaceAnswer;
}
