/**
 * Pays a computed draw's winners through the ledger in batches: each batch is one transaction that
 * claims up to `payBatch` unpaid winning tickets (FOR UPDATE SKIP LOCKED), prepares one transfer per
 * ticket (house → the ticket's account, idempotency key lotto:prize:<ticketId>, reason lotto_prize)
 * with the ledger's prepareTransfer, posts them all in one statement (one ledger_post() call per row,
 * as casino_round_instant does), and marks the tickets paid. A process killed mid-batch commits nothing; the next
 * run pays the batch again under the same keys, so every prize is paid exactly once. When no
 * unpaid winner is left the draw goes paying → settled.
 */
import { sql } from 'kysely';
import type { LottoContext } from './context.ts';

export interface PaidDraw {
  drawId: bigint;
  paid: number;
  settled: boolean;
}

/** Pays one batch of the draw's unpaid winners; answers how many were paid (0: none left or all taken). */
async function payBatch(ctx: LottoContext, drawId: bigint): Promise<number> {
  const now = ctx.clock.now();
  let accounts: bigint[] = [];
  const paid = await ctx.db.transaction().execute(async (trx) => {
    const winners = await trx
      .selectFrom('lotto_tickets')
      .select(['id', 'user_id', 'account_id', 'currency', 'prize_minor', 'game_id'])
      .where('draw_id', '=', drawId)
      .where('prize_minor', '>', 0n)
      .where('paid_at', 'is', null)
      .orderBy('id')
      .limit(ctx.payBatch)
      .forUpdate()
      .skipLocked()
      .execute();
    if (winners.length === 0) return 0;
    // Prepared inside the batch's transaction (with one connection, as PGlite has, the root could
    // not be used here); the first alone, so that it reads the house's shard ids of the currency and
    // the ledger remembers them instead of every winner looking them up.
    const ledger = ctx.ledger.in(trx);
    const prepare = (w: (typeof winners)[number]) =>
      ledger.prepareTransfer({
        idempotencyKey: `lotto:prize:${w.id}`,
        reason: 'lotto_prize',
        currency: w.currency,
        from: { system: 'house' },
        to: w.account_id,
        amountMinor: w.prize_minor!,
        userId: w.user_id,
        metadata: { game: w.game_id, drawId: drawId.toString(), ticketId: w.id.toString() },
      });
    const first = await prepare(winners[0]!);
    const prepared = [first, ...(await Promise.all(winners.slice(1).map(prepare)))];
    const calls = JSON.stringify(
      prepared.map((p, i) => ({ ...p.record, userId: winners[i]!.user_id.toString() })),
    );
    const { rows } = await sql<{ n: string; transfer_id: bigint }>`
      select x.n::text as n, r.transfer_id
      from jsonb_array_elements(${calls}::jsonb) with ordinality as x (p, n),
           lateral ledger_post(x.p ->> 'key', x.p ->> 'hash', x.p ->> 'reason', (x.p ->> 'userId')::bigint, null,
             x.p -> 'metadata', ${now}::timestamptz,
             array(select a.v::bigint from jsonb_array_elements_text(x.p -> 'accounts') with ordinality as a (v, i) order by a.i),
             array(select a.v from jsonb_array_elements_text(x.p -> 'currencies') with ordinality as a (v, i) order by a.i),
             array(select a.v::bigint from jsonb_array_elements_text(x.p -> 'amounts') with ordinality as a (v, i) order by a.i)) as r
      order by x.n`.execute(trx);
    // unnest of two arrays: planned as index lookups by id (a jsonb recordset was planned as a
    // scan of the whole table).
    const ids = rows.map((r) => winners[Number(r.n) - 1]!.id.toString());
    const transferIds = rows.map((r) => r.transfer_id.toString());
    await sql`
      update lotto_tickets t set transfer_id = p.transfer_id, paid_at = ${now}
      from unnest(${`{${ids.join(',')}}`}::bigint[], ${`{${transferIds.join(',')}}`}::bigint[]) as p (id, transfer_id)
      where t.id = p.id and t.paid_at is null`.execute(trx);
    accounts = prepared.flatMap((p) => p.accounts);
    return winners.length;
  });
  // The balances changed: pushed to the players now that the batch committed.
  if (paid > 0)
    await ctx.ledger.postPrepared(
      { accounts },
      async () => null,
      () => true,
    );
  return paid;
}

export interface PayHooks {
  /** Test hook: after each batch has committed, with the tickets it paid. */
  afterBatch?(paid: number): void;
}

/** Pays every unpaid winner of a draw in 'paying' and settles it; safe to run concurrently and again. */
export async function payDraw(ctx: LottoContext, drawId: bigint, hooks: PayHooks = {}): Promise<PaidDraw> {
  let paid = 0;
  for (;;) {
    const batch = await payBatch(ctx, drawId);
    if (batch === 0) break;
    paid += batch;
    hooks.afterBatch?.(batch);
  }
  const settled = await sql<{ id: bigint }>`
    update lotto_draws d set status = 'settled', settled_at = ${ctx.clock.now()},
      paid_minor = (select coalesce(sum(prize_minor), 0) from lotto_tickets t where t.draw_id = d.id)
    where d.id = ${drawId} and d.status = 'paying'
      and not exists (select 1 from lotto_tickets t
                      where t.draw_id = d.id and t.prize_minor > 0 and t.paid_at is null)
    returning d.id`.execute(ctx.db);
  return { drawId, paid, settled: settled.rows.length > 0 };
}
