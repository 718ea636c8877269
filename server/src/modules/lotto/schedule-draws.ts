/**
 * The draw lifecycle's first three steps, each one set-based statement or claimed rows, safe to run
 * in several processes at once and to repeat:
 *   - scheduleDraws: every game has its next `maxDraws + 1` draws (unique (game_id, draw_at): a
 *     second process's insert does nothing), each with a fresh server seed and its commitment;
 *   - closeSales: draws whose sales close time passed go selling → closed;
 *   - drawDue: closed draws whose time came are drawn (claimed FOR UPDATE SKIP LOCKED) from their
 *     seeds with domain/lotto/draw.ts; the numbers and their mask are stored and the seed becomes
 *     public with them.
 */
import { randomBytes } from 'node:crypto';
import { commitment, serverSeedFrom } from '@parlay/domain/casino/fair/seeds.ts';
import {
  drawNumbers,
  LOTTO_GAMES,
  type LottoGame,
  lottoGame,
  MASK_BITS,
  maskOf,
  nextDrawTimes,
} from '@parlay/domain/lotto/index.ts';
import { sql } from 'kysely';
import type { LottoContext } from './context.ts';

/** Creates the draws each game is missing ahead; answers how many were created. */
export async function scheduleDraws(
  ctx: LottoContext,
  games: readonly LottoGame[] = LOTTO_GAMES,
): Promise<number> {
  const now = ctx.clock.now();
  let created = 0;
  for (const game of games) {
    const times = nextDrawTimes(game, now.getTime(), game.maxDraws + 1);
    const existing = await ctx.db
      .selectFrom('lotto_draws')
      .select('draw_at')
      .where('game_id', '=', game.id)
      .where('draw_at', '>=', new Date(times[0]!))
      .execute();
    const have = new Set(existing.map((row) => row.draw_at.getTime()));
    const missing = times.filter((t) => !have.has(t));
    if (missing.length === 0) continue;
    const rows = missing.map((t) => {
      const serverSeed = serverSeedFrom(randomBytes(32));
      return {
        game_id: game.id,
        draw_at: new Date(t),
        closes_at: new Date(t - game.salesCloseSeconds * 1000),
        commitment: commitment(serverSeed),
        server_seed: serverSeed,
        salt: game.salt,
        created_at: now,
      };
    });
    const inserted = await ctx.db
      .insertInto('lotto_draws')
      .values(rows)
      .onConflict((oc) => oc.columns(['game_id', 'draw_at']).doNothing())
      .returning('id')
      .execute();
    created += inserted.length;
  }
  return created;
}

/** selling → closed for every draw whose sales close time passed; answers how many. */
export async function closeSales(ctx: LottoContext): Promise<number> {
  const result = await ctx.db
    .updateTable('lotto_draws')
    .set({ status: 'closed' })
    .where('status', '=', 'selling')
    .where('closes_at', '<=', ctx.clock.now())
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Draws the closed draws whose time came; answers the ids drawn by this call. */
export async function drawDue(ctx: LottoContext, limit = 50): Promise<bigint[]> {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('lotto_draws')
      .select(['id', 'game_id', 'server_seed', 'salt'])
      .where('status', '=', 'closed')
      .where('draw_at', '<=', now)
      .orderBy('draw_at')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    const drawn: bigint[] = [];
    for (const draw of due) {
      const game = lottoGame(draw.game_id);
      if (!game) continue;
      const numbers = drawNumbers(game, {
        serverSeed: draw.server_seed,
        salt: draw.salt,
        drawId: Number(draw.id),
      });
      await trx
        .updateTable('lotto_draws')
        .set({
          status: 'drawn',
          numbers: numbers.main,
          draw_order: numbers.order,
          bonus: numbers.bonus,
          drawn_mask: sql<string>`${maskOf(numbers.main, MASK_BITS)}::bit(80)`,
          drawn_at: now,
        })
        .where('id', '=', draw.id)
        .where('status', '=', 'closed')
        .execute();
      drawn.push(draw.id);
    }
    return drawn;
  });
}
