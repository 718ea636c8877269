/**
 * The worker's last step: pays pending payout rows, one transaction each, claimed FOR UPDATE SKIP
 * LOCKED: the ledger transfer (house → the player's main account, reason cashback, idempotency key
 * cashback:<period start>:<user>) and the row marked paid commit together, so a process killed
 * before the commit pays nothing and the next pass pays the row once. A refusal of the ledger
 * (account closed or frozen) leaves the row pending and retries it later (backoff up to a day).
 */
import { AppError } from '../../platform/errors.ts';
import type { CashbackContext } from './context.ts';

const RETRY_BASE_MS = 60_000;
const RETRY_MAX_MS = 24 * 60 * 60 * 1000;

export function payoutKey(periodStart: Date, userId: bigint): string {
  return `cashback:${periodStart.toISOString().slice(0, 10)}:${userId}`;
}

type Outcome =
  | { kind: 'none' }
  | { kind: 'paid' }
  | { kind: 'refused'; id: bigint; attempts: number; code: string };

export interface PayHooks {
  /** Test hook (the SIGKILL test): inside a payment's transaction, right before it commits. */
  beforeCommit?(): Promise<void>;
}

async function payOne(ctx: CashbackContext, hooks: PayHooks): Promise<Outcome> {
  const now = ctx.clock.now();
  let claimed: { id: bigint; attempts: number } | null = null;
  try {
    return await ctx.ledger.transaction(async (trx, ledger) => {
      const row = await trx
        .selectFrom('cashback_payouts')
        .selectAll()
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!row) return { kind: 'none' } as const;
      claimed = { id: row.id, attempts: row.attempts };
      const transfer = await ledger.move({
        idempotencyKey: payoutKey(row.period_start, row.user_id),
        reason: 'cashback',
        currency: row.currency,
        from: { system: 'house' },
        to: row.account_id,
        amountMinor: row.amount_minor,
        userId: row.user_id,
        metadata: {
          payoutId: row.id.toString(),
          period: row.period_start.toISOString(),
          tier: row.tier,
          level: row.level,
          rateBp: row.rate_bp,
        },
      });
      await trx
        .updateTable('cashback_payouts')
        .set({ status: 'paid', transfer_id: transfer.id, paid_at: now, last_error: null })
        .where('id', '=', row.id)
        .where('status', '=', 'pending')
        .execute();
      await hooks.beforeCommit?.();
      return { kind: 'paid' } as const;
    });
  } catch (err) {
    const row = claimed as { id: bigint; attempts: number } | null;
    if (!(err instanceof AppError) || !row || err.status >= 500) throw err;
    return { kind: 'refused', id: row.id, attempts: row.attempts + 1, code: err.code };
  }
}

/** Pays up to `ctx.payBatch` due payouts; answers how many were paid. */
export async function payDue(ctx: CashbackContext, hooks: PayHooks = {}): Promise<number> {
  let paid = 0;
  for (let i = 0; i < ctx.payBatch; i += 1) {
    const outcome = await payOne(ctx, hooks);
    if (outcome.kind === 'none') break;
    if (outcome.kind === 'paid') {
      paid += 1;
      continue;
    }
    const delayMs = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.min(outcome.attempts, 20));
    await ctx.db
      .updateTable('cashback_payouts')
      .set({
        attempts: outcome.attempts,
        last_error: outcome.code,
        next_attempt_at: new Date(ctx.clock.nowMs() + delayMs),
      })
      .where('id', '=', outcome.id)
      .where('status', '=', 'pending')
      .execute();
  }
  return paid;
}
