/**
 * A draw's life after sales, each step safe with several workers and after a SIGKILL because every
 * state change is one guarded update (or one transaction) keyed on the durable status:
 *
 *   open ──closeDueDraws──▶ closed ──takeResults──▶ results_in ──distributeDraws──▶ distributed
 *        ──payWinners──▶ paid
 *
 * - closeDueDraws: `update … where status = 'open' and closes_at <= now` (buyers hold the row FOR
 *   SHARE, so a coupon in flight commits before or is refused after).
 * - takeResults: the matches' results through the sportsbook's readOutcomeResults (a cancelled game
 *   or market is void); a match still undecided voidAfterMs after the close is void. When every
 *   match has a result the draw is results_in.
 * - distributeDraws: one transaction holding the draw row (FOR UPDATE SKIP LOCKED) and the
 *   currency's jackpot row: coupons read in id batches, each one's winning combinations per
 *   category counted by the domain's DP, written set-based for the winners (one update per batch);
 *   the pool split by category (domain distributePool); every coupon's payout set by one SQL update
 *   from its counts and the per-unit payouts; categories, jackpot and draw totals written. A crash
 *   rolls all of it back; the next run does it again.
 * - payWinners: batches of unpaid winning coupons ordered by account, each batch one transaction
 *   holding the draw row (FOR UPDATE SKIP LOCKED: one payer per draw at a time, so two batches never
 *   lock the same accounts in different orders). Each account's winning coupons of the batch are
 *   paid by one ledger transfer `toto:pay:<drawId>:<accountId>:<first coupon id>` (house → the
 *   account that bought them; the coupon ids in its metadata and in each coupon's
 *   payout_transfer_id) with one limits' settlement record (the win, off the loss recorded at
 *   purchase), and the coupons are marked paid in the same transaction. When none is left unpaid,
 *   the draw is paid.
 */
import {
  distributePool,
  hitCountsByMasks,
  poolOf,
  resultMask,
  TOTO_CATEGORIES,
  TOTO_MATCHES,
  type TotoCategory,
  type TotoResult,
  unpackPicks,
} from '@parlay/domain/toto/index.ts';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/schema.ts';
import { readOutcomeResults } from '../sportsbook/index.ts';
import { publishDraw, type TotoContext, type TotoPaidMessage } from './context.ts';
import { createNextDraw } from './create-draw.ts';
import type { TotoMatchResult } from './tables.ts';

/** Closes every open draw whose sales time has come; how many. */
export async function closeDueDraws(ctx: TotoContext): Promise<number> {
  const now = ctx.clock.now();
  const closed = await ctx.db
    .updateTable('toto_draws')
    .set({ status: 'closed', closed_at: now })
    .where('status', '=', 'open')
    .where('closes_at', '<=', now)
    .returning(['id', 'number'])
    .execute();
  for (const d of closed) publishDraw(ctx, { drawId: d.id.toString(), number: d.number, status: 'closed' });
  return closed.length;
}

/** A 1X2 market's result from its three outcomes' settled results, or null while open. */
function matchResult(
  results: Map<bigint, string | null>,
  ids: { home: bigint; draw: bigint; away: bigint },
): TotoMatchResult | null {
  const r = [results.get(ids.home), results.get(ids.draw), results.get(ids.away)];
  if (r.some((x) => x === 'void')) return 'void';
  if (r[0] === 'win') return '1';
  if (r[1] === 'win') return 'X';
  if (r[2] === 'win') return '2';
  return null;
}

/** Records the results of closed draws' matches; how many draws became results_in. */
export async function takeResults(ctx: TotoContext): Promise<number> {
  const draws = await ctx.db
    .selectFrom('toto_draws')
    .select(['id', 'number', 'closed_at'])
    .where('status', '=', 'closed')
    .orderBy('id')
    .limit(20)
    .execute();
  let done = 0;
  for (const draw of draws) {
    const open = await ctx.db
      .selectFrom('toto_matches')
      .select(['position', 'outcome_home', 'outcome_draw', 'outcome_away'])
      .where('draw_id', '=', draw.id)
      .where('result', 'is', null)
      .execute();
    const results = await readOutcomeResults(
      ctx.db,
      open.flatMap((m) => [BigInt(m.outcome_home), BigInt(m.outcome_draw), BigInt(m.outcome_away)]),
    );
    const overdue =
      draw.closed_at !== null &&
      ctx.clock.nowMs() >= new Date(draw.closed_at).getTime() + ctx.settings.voidAfterMs;
    for (const m of open) {
      const result =
        matchResult(results, {
          home: BigInt(m.outcome_home),
          draw: BigInt(m.outcome_draw),
          away: BigInt(m.outcome_away),
        }) ?? (overdue ? 'void' : null);
      if (result === null) continue;
      await ctx.db
        .updateTable('toto_matches')
        .set({ result })
        .where('draw_id', '=', draw.id)
        .where('position', '=', m.position)
        .where('result', 'is', null)
        .execute();
    }
    const moved = await ctx.db
      .updateTable('toto_draws')
      .set({ status: 'results_in', results_at: ctx.clock.now() })
      .where('id', '=', draw.id)
      .where('status', '=', 'closed')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('toto_matches')
              .select('position')
              .where('draw_id', '=', draw.id)
              .where('result', 'is', null),
          ),
        ),
      )
      .executeTakeFirst();
    if (moved.numUpdatedRows > 0n) {
      done += 1;
      publishDraw(ctx, { drawId: draw.id.toString(), number: draw.number, status: 'results_in' });
    }
  }
  return done;
}

const toResult = (r: TotoMatchResult): TotoResult => r;

/** Distributes one draw whose results are in (one transaction); its id, or null when none waits. */
export async function distributeNextDraw(ctx: TotoContext): Promise<bigint | null> {
  const drawn = await ctx.db.transaction().execute(async (trx) => {
    const draw = await trx
      .selectFrom('toto_draws')
      .selectAll()
      .where('status', '=', 'results_in')
      .orderBy('id')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!draw) return null;
    await distributeInTransaction(
      ctx,
      trx,
      draw.id,
      draw.currency,
      draw.pool_basis_points,
      draw.category_shares,
    );
    return { id: draw.id, number: draw.number };
  });
  if (!drawn) return null;
  publishDraw(ctx, { drawId: drawn.id.toString(), number: drawn.number, status: 'distributed' });
  return drawn.id;
}

async function distributeInTransaction(
  ctx: TotoContext,
  trx: Transaction<Database>,
  drawId: bigint,
  currency: string,
  poolBasisPoints: number,
  shares: Record<string, number>,
): Promise<void> {
  const matches = await trx
    .selectFrom('toto_matches')
    .select(['position', 'result'])
    .where('draw_id', '=', drawId)
    .orderBy('position')
    .execute();
  if (matches.length !== TOTO_MATCHES || matches.some((m) => m.result === null)) {
    throw new Error(`toto draw ${drawId}: results incomplete`);
  }
  const masks = matches.map((m) => resultMask(toResult(m.result!)));

  await sql`insert into toto_jackpots (currency, amount_minor) values (${currency}, 0)
    on conflict (currency) do nothing`.execute(trx);
  const jackpot = await trx
    .selectFrom('toto_jackpots')
    .select('amount_minor')
    .where('currency', '=', currency)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const jackpotIn = BigInt(jackpot.amount_minor);

  const units = new Map<TotoCategory, bigint>(TOTO_CATEGORIES.map((c) => [c, 0n]));
  const winners = new Map<TotoCategory, number>(TOTO_CATEGORIES.map((c) => [c, 0]));
  let coupons = 0;
  let stakes = 0n;
  let after = 0n;
  for (;;) {
    const batch = await trx
      .selectFrom('toto_coupons')
      .select(['id', 'picks', 'weight', 'stake_minor'])
      .where('draw_id', '=', drawId)
      .where('id', '>', after)
      .orderBy('id')
      .limit(ctx.settings.countBatch)
      .execute();
    if (batch.length === 0) break;
    after = BigInt(batch[batch.length - 1]!.id);
    const ids: string[] = [];
    const columns: number[][] = TOTO_CATEGORIES.map(() => []);
    for (const c of batch) {
      coupons += 1;
      stakes += BigInt(c.stake_minor);
      const counts = hitCountsByMasks(unpackPicks(BigInt(c.picks)), masks);
      let any = false;
      for (const cat of TOTO_CATEGORIES) if (counts[cat]! > 0) any = true;
      if (!any) continue;
      ids.push(c.id.toString());
      const weight = BigInt(c.weight);
      TOTO_CATEGORIES.forEach((cat, i) => {
        const n = counts[cat]!;
        columns[i]!.push(n);
        if (n > 0) {
          units.set(cat, units.get(cat)! + BigInt(n) * weight);
          winners.set(cat, winners.get(cat)! + 1);
        }
      });
    }
    if (ids.length > 0) {
      await sql`update toto_coupons c set wins = array[v.w15, v.w14, v.w13, v.w12, v.w11, v.w10, v.w9]
        from unnest(${ids}::bigint[], ${columns[0]}::int[], ${columns[1]}::int[], ${columns[2]}::int[],
          ${columns[3]}::int[], ${columns[4]}::int[], ${columns[5]}::int[], ${columns[6]}::int[])
          as v(id, w15, w14, w13, w12, w11, w10, w9)
        where c.id = v.id`.execute(trx);
    }
  }

  const categoryShares = Object.fromEntries(
    TOTO_CATEGORIES.map((c) => [c, shares[String(c)] ?? 0]),
  ) as Record<TotoCategory, number>;
  const pool = poolOf(stakes, { poolBasisPoints });
  const distribution = distributePool({
    poolMinor: pool,
    jackpotInMinor: jackpotIn,
    winningUnits: Object.fromEntries(units),
    rules: { categoryShares },
  });
  const per = distribution.categories.map((c) => c.payoutPerUnitMinor.toString());
  // Payout = Σ combinations in the category × weight × per unit: one statement for the draw.
  await sql`update toto_coupons set payout_minor =
      (wins[1]::bigint * ${per[0]}::bigint + wins[2]::bigint * ${per[1]}::bigint + wins[3]::bigint * ${per[2]}::bigint
      + wins[4]::bigint * ${per[3]}::bigint + wins[5]::bigint * ${per[4]}::bigint + wins[6]::bigint * ${per[5]}::bigint
      + wins[7]::bigint * ${per[6]}::bigint) * weight
    where draw_id = ${drawId} and wins is not null`.execute(trx);
  await sql`update toto_coupons set wins = '{0,0,0,0,0,0,0}', payout_minor = 0
    where draw_id = ${drawId} and wins is null`.execute(trx);
  await trx
    .insertInto('toto_categories')
    .values(
      distribution.categories.map((c) => ({
        draw_id: drawId,
        category: c.category,
        fund_minor: c.fundMinor,
        winning_units: c.winningUnits,
        winning_coupons: winners.get(c.category) ?? 0,
        payout_per_unit_minor: c.payoutPerUnitMinor,
        paid_minor: c.paidMinor,
      })),
    )
    .execute();
  await trx
    .updateTable('toto_jackpots')
    .set({ amount_minor: distribution.jackpotOutMinor })
    .where('currency', '=', currency)
    .execute();
  await trx
    .updateTable('toto_draws')
    .set({
      status: 'distributed',
      distributed_at: ctx.clock.now(),
      coupons,
      stakes_minor: stakes,
      pool_minor: pool,
      jackpot_in_minor: jackpotIn,
      jackpot_out_minor: distribution.jackpotOutMinor,
      paid_minor: distribution.paidMinor,
    })
    .where('id', '=', drawId)
    .execute();
  await ctx.settings.hooks?.beforeCommit?.('distribute');
}

/** Pays one batch of a distributed draw's unpaid winners; how many coupons were paid. */
export async function payWinners(ctx: TotoContext): Promise<number> {
  const draws = await ctx.db
    .selectFrom('toto_draws')
    .select(['id', 'number'])
    .where('status', '=', 'distributed')
    .orderBy('id')
    .execute();
  let paid = 0;
  for (const draw of draws) {
    for (;;) {
      const n = await payBatch(ctx, draw.id);
      paid += n;
      if (n === 0) break;
    }
    const done = await ctx.db
      .updateTable('toto_draws')
      .set({ status: 'paid', paid_at: ctx.clock.now() })
      .where('id', '=', draw.id)
      .where('status', '=', 'distributed')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('toto_coupons')
              .select('id')
              .where('draw_id', '=', draw.id)
              .where('payout_minor', '>', 0n)
              .where('paid_at', 'is', null),
          ),
        ),
      )
      .executeTakeFirst();
    if (done.numUpdatedRows > 0n) {
      publishDraw(ctx, { drawId: draw.id.toString(), number: draw.number, status: 'paid' });
    }
  }
  return paid;
}

async function payBatch(ctx: TotoContext, drawId: bigint): Promise<number> {
  let used: Transaction<Database> | null = null;
  const paidMessages: { userId: bigint; message: TotoPaidMessage }[] = [];
  const n = await ctx.db.transaction().execute(async (trx) => {
    used = trx;
    // One payer per draw at a time: a batch locks several players' accounts and house shards one
    // transfer after another, and two such batches in parallel could deadlock each other.
    const draw = await trx
      .selectFrom('toto_draws')
      .select('id')
      .where('id', '=', drawId)
      .where('status', '=', 'distributed')
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!draw) return 0;
    // By account, so one batch pays each player's winning coupons with one transfer.
    const batch = await trx
      .selectFrom('toto_coupons')
      .select(['id', 'user_id', 'account_id', 'currency', 'payout_minor'])
      .where('draw_id', '=', drawId)
      .where('payout_minor', '>', 0n)
      .where('paid_at', 'is', null)
      .orderBy('account_id')
      .orderBy('id')
      .limit(ctx.settings.payBatch)
      .forUpdate()
      .execute();
    if (batch.length === 0) return 0;
    const ledger = ctx.ledger.in(trx);
    const byAccount = new Map<string, typeof batch>();
    for (const c of batch) {
      const key = c.account_id.toString();
      byAccount.set(key, [...(byAccount.get(key) ?? []), c]);
    }
    const ids: string[] = [];
    const transfers: string[] = [];
    for (const [accountId, coupons] of byAccount) {
      const first = coupons[0]!;
      const payout = coupons.reduce((sum, c) => sum + BigInt(c.payout_minor!), 0n);
      const userId = BigInt(first.user_id);
      const transfer = await ledger.move({
        idempotencyKey: `toto:pay:${drawId}:${accountId}:${first.id}`,
        reason: 'toto_payout',
        currency: first.currency,
        from: { system: 'house' },
        to: BigInt(accountId),
        amountMinor: payout,
        userId,
        metadata: {
          product: 'toto',
          drawId: drawId.toString(),
          coupons: coupons.map((c) => c.id.toString()).join(','),
        },
      });
      // The purchase recorded a loss of the whole stake; the win comes off it (a negative loss).
      await ctx.limits.recordSettlement(
        {
          userId,
          currency: first.currency,
          stakeMinor: 0n,
          payoutMinor: payout,
          reference: `toto:pay:${drawId}:${accountId}:${first.id}`,
        },
        trx,
      );
      for (const c of coupons) {
        ids.push(c.id.toString());
        transfers.push(transfer.id.toString());
      }
      paidMessages.push({
        userId,
        message: {
          type: 'toto.paid',
          drawId: drawId.toString(),
          couponIds: coupons.map((c) => c.id.toString()),
          payoutMinor: payout.toString(),
          currency: first.currency,
        },
      });
    }
    await sql`update toto_coupons c set paid_at = ${ctx.clock.now()}, payout_transfer_id = v.transfer_id
      from unnest(${ids}::bigint[], ${transfers}::bigint[]) as v(id, transfer_id)
      where c.id = v.id`.execute(trx);
    await ctx.settings.hooks?.beforeCommit?.('pay');
    return batch.length;
  });
  if (used) ctx.ledger.committed(used);
  for (const { userId, message } of paidMessages) {
    void ctx.bus.publish(`user:${userId}`, message).catch(() => {});
  }
  return n;
}

/** One pass of the toto worker: close, create the next draw, take results, distribute, pay. */
export async function runTotoWorkerOnce(ctx: TotoContext) {
  const closed = await closeDueDraws(ctx);
  const created = await createNextDraw(ctx);
  const resultsIn = await takeResults(ctx);
  let distributed = 0;
  while (await distributeNextDraw(ctx)) distributed += 1;
  const paid = await payWinners(ctx);
  return { closed, created: created !== null, resultsIn, distributed, paid };
}

export function startTotoWorker(
  ctx: TotoContext,
  options: { intervalMs: number },
  log: { error(details: unknown, message: string): void },
): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = runTotoWorkerOnce(ctx)
      .catch((err) => log.error({ err }, 'toto worker failed'))
      .finally(() => {
        running = null;
      });
  }, options.intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
