/**
 * Settlement of a drawn draw, set-based: one transaction that holds the draw (FOR UPDATE SKIP
 * LOCKED, status 'drawn') and runs
 *   1. one aggregate over the draw's tickets: per (numbers picked, bonus numbers picked, matches,
 *      bonus hit) — matches = bit_count(mask & drawn_mask) — the tickets and their sales;
 *   2. in memory, per such key (a few dozen), the winning combinations per tier in closed form
 *      (domain/lotto/ticket.ts tierCombinations), then the draw's prizes per tier from sales and the
 *      previous draw's carried jackpot (domain/lotto/prizes.ts), then each key's prize;
 *   3. one UPDATE of the draw's winning tickets from that key table (matches, bonus hit, prize,
 *      status won); a losing ticket is not written: once its draw is computed it reads as lost, its
 *      matches counted from its numbers (read-tickets.ts), so the statement touches a few per cent
 *      of the rows instead of all of them;
 *   4. the tiers archive (lotto_draw_tiers) and the draw's figures, status drawn → paying.
 * Paying the winners is pay-prizes.ts. A draw waits while the previous draw of its game has not
 * been computed (its jackpot carry is this draw's input).
 */
import {
  type DrawGame,
  drawPrizes,
  kenoPrizeMinor,
  type LottoGame,
  lottoGame,
  tierCombinations,
} from '@parlay/domain/lotto/index.ts';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/schema.ts';
import type { LottoContext } from './context.ts';

interface KeyRow {
  picked: number;
  bonus_picked: number;
  matched: number;
  bonus_hit: boolean;
  tickets: bigint;
  sales: bigint;
}

interface TierRow {
  tier_id: string;
  kind: string;
  winners: bigint;
  allocated_minor: bigint;
  prize_each_minor: bigint;
  total_minor: bigint;
}

export interface ComputedDraw {
  drawId: bigint;
  tickets: bigint;
  winners: bigint;
  prizesMinor: bigint;
}

/** The draw's prize per key and its tiers: pool rules for draw games, the paytable for keno. */
function prizesOf(
  game: LottoGame,
  keys: readonly KeyRow[],
  carry: { jackpotInMinor: bigint; rolloversIn: number },
) {
  const salesMinor = keys.reduce((sum, k) => sum + BigInt(k.sales), 0n);
  if (game.kind === 'keno') {
    const tiers = new Map<string, TierRow>();
    const prizes = keys.map((k) => {
      const prize = kenoPrizeMinor(game, k.picked, k.matched);
      if (prize > 0n) {
        const id = `${k.picked}/${k.matched}`;
        const tier = tiers.get(id) ?? {
          tier_id: id,
          kind: 'fixed',
          winners: 0n,
          allocated_minor: 0n,
          prize_each_minor: prize,
          total_minor: 0n,
        };
        tier.winners += BigInt(k.tickets);
        tier.total_minor += prize * BigInt(k.tickets);
        tier.allocated_minor = tier.total_minor;
        tiers.set(id, tier);
      }
      return prize;
    });
    const ordered = [...tiers.values()].sort((a, b) => (a.prize_each_minor > b.prize_each_minor ? -1 : 1));
    return {
      prizes,
      tiers: ordered,
      figures: {
        salesMinor,
        fundMinor: 0n,
        poolMinor: 0n,
        fixedMinor: 0n,
        jackpotOutMinor: 0n,
        houseTopUpMinor: 0n,
        rolloversOut: 0,
        rolledDown: false,
      },
    };
  }
  const draw: DrawGame = game;
  const combos = keys.map((k) =>
    tierCombinations(draw, {
      picked: k.picked,
      matched: k.matched,
      bonusPicked: k.bonus_picked,
      bonusHit: k.bonus_hit,
    }),
  );
  const winners = draw.tiers.map((_, t) =>
    keys.reduce((sum, k, i) => sum + combos[i]![t]! * BigInt(k.tickets), 0n),
  );
  const result = drawPrizes(draw, { salesMinor, winners, ...carry });
  const prizes = combos.map((perTier) =>
    perTier.reduce((sum, count, t) => sum + count * result.tiers[t]!.prizeEachMinor, 0n),
  );
  return {
    prizes,
    tiers: result.tiers.map((t) => ({
      tier_id: t.tierId,
      kind: t.kind,
      winners: t.winners,
      allocated_minor: t.allocatedMinor,
      prize_each_minor: t.prizeEachMinor,
      total_minor: t.totalMinor,
    })),
    figures: {
      salesMinor,
      fundMinor: result.fundMinor,
      poolMinor: result.poolMinor,
      fixedMinor: result.fixedMinor,
      jackpotOutMinor: result.jackpotOutMinor,
      houseTopUpMinor: result.houseTopUpMinor,
      rolloversOut: result.rolloversOut,
      rolledDown: result.rolledDown,
    },
  };
}

/** Computes one drawn draw's prizes (null: not drawn, taken by another process, or waiting). */
export async function computeDraw(ctx: LottoContext, drawId: bigint): Promise<ComputedDraw | null> {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const draw = await trx
      .selectFrom('lotto_draws')
      .selectAll()
      .where('id', '=', drawId)
      .where('status', '=', 'drawn')
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!draw || draw.numbers === null) return null;
    const game = lottoGame(draw.game_id);
    if (!game) return null;
    const previous = await trx
      .selectFrom('lotto_draws')
      .select(['status', 'jackpot_out_minor', 'rollovers_out'])
      .where('game_id', '=', draw.game_id)
      .where('draw_at', '<', draw.draw_at)
      .orderBy('draw_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (previous && previous.status !== 'paying' && previous.status !== 'settled') return null;
    const carry = {
      jackpotInMinor: previous ? BigInt(previous.jackpot_out_minor) : 0n,
      rolloversIn: previous ? previous.rollovers_out : 0,
    };
    const bonusBit = draw.bonus === null ? 0 : 1 << (draw.bonus - 1);
    const matchedExpr = sql<number>`bit_count(mask & ${draw.drawn_mask}::bit(80))::int`;
    const hitExpr = sql<boolean>`(bonus_mask & ${bonusBit}::smallint) <> 0`;
    const keys = await trx
      .selectFrom('lotto_tickets')
      .select([
        'picked',
        'bonus_picked',
        matchedExpr.as('matched'),
        hitExpr.as('bonus_hit'),
        sql<bigint>`count(*)::bigint`.as('tickets'),
        sql<bigint>`coalesce(sum(price_minor), 0)::bigint`.as('sales'),
      ])
      .where('draw_id', '=', drawId)
      .groupBy(['picked', 'bonus_picked', sql`3`, sql`4`])
      .execute();
    const { prizes, tiers, figures } = prizesOf(game, keys, carry);
    await settleTickets(trx, drawId, draw.drawn_mask!, bonusBit, keys, prizes);
    if (tiers.length > 0) {
      await trx
        .insertInto('lotto_draw_tiers')
        .values(tiers.map((tier, i) => ({ draw_id: drawId, tier_index: i, ...tier })))
        .execute();
    }
    const ticketCount = keys.reduce((sum, k) => sum + BigInt(k.tickets), 0n);
    await trx
      .updateTable('lotto_draws')
      .set({
        status: 'paying',
        tickets: ticketCount,
        sales_minor: figures.salesMinor,
        fund_minor: figures.fundMinor,
        pool_minor: figures.poolMinor,
        fixed_minor: figures.fixedMinor,
        jackpot_in_minor: carry.jackpotInMinor,
        jackpot_out_minor: figures.jackpotOutMinor,
        house_topup_minor: figures.houseTopUpMinor,
        rollovers_in: carry.rolloversIn,
        rollovers_out: figures.rolloversOut,
        rolled_down: figures.rolledDown,
        computed_at: now,
      })
      .where('id', '=', drawId)
      .execute();
    return {
      drawId,
      tickets: ticketCount,
      winners: keys.reduce((sum, k, i) => sum + (prizes[i]! > 0n ? BigInt(k.tickets) : 0n), 0n),
      prizesMinor: keys.reduce((sum, k, i) => sum + prizes[i]! * BigInt(k.tickets), 0n),
    };
  });
}

/** One UPDATE of the draw's winning tickets from the winning keys (a jsonb recordset). */
async function settleTickets(
  trx: Transaction<Database>,
  drawId: bigint,
  drawnMask: string,
  bonusBit: number,
  keys: readonly KeyRow[],
  prizes: readonly bigint[],
): Promise<void> {
  const winning = keys.map((k, i) => ({ k, prize: prizes[i]! })).filter((x) => x.prize > 0n);
  if (winning.length === 0) return;
  const table = JSON.stringify(
    winning.map(({ k, prize }) => ({
      picked: k.picked,
      bonus_picked: k.bonus_picked,
      matched: k.matched,
      bonus_hit: k.bonus_hit,
      prize: prize.toString(),
    })),
  );
  await sql`
    update lotto_tickets t
    set matches = k.matched, bonus_hit = k.bonus_hit, prize_minor = k.prize, status = 'won'
    from jsonb_to_recordset(${table}::jsonb)
      as k (picked smallint, bonus_picked smallint, matched int, bonus_hit boolean, prize bigint)
    where t.draw_id = ${drawId} and t.status = 'open'
      and t.picked = k.picked and t.bonus_picked = k.bonus_picked
      and bit_count(t.mask & ${drawnMask}::bit(80))::int = k.matched
      and ((t.bonus_mask & ${bonusBit}::smallint) <> 0) = k.bonus_hit`.execute(trx);
}
