/** Cards sold, distinct players and sales of a game, from its purchases. */
import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/schema.ts';

export async function soldIn(
  db: Kysely<Database>,
  gameId: bigint,
): Promise<{ cards: number; players: number; salesMinor: bigint }> {
  const row = await db
    .selectFrom('bingo_purchases')
    .select((eb) => [
      eb.fn.sum<string>('cards').as('cards'),
      eb.fn.count<string>('user_id').distinct().as('players'),
      eb.fn.sum<string>('total_minor').as('sales'),
    ])
    .where('game_id', '=', gameId)
    .executeTakeFirst();
  return {
    cards: Number(row?.cards ?? 0),
    players: Number(row?.players ?? 0),
    salesMinor: BigInt(row?.sales ?? 0),
  };
}
