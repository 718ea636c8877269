/**
 * Pays referrers for qualified friends (workers role, and `parlay referrals run`). A 'qualified'
 * referrals row is the durable job: each is claimed in its own transaction (FOR UPDATE SKIP
 * LOCKED, so parallel workers never take the same row) and leaves it, in that same transaction,
 * either 'rewarded' with the ledger transfer (idempotency key referral:<friendId>) or 'void' with a
 * reason. A process killed before the commit leaves the row qualified and the next pass pays it;
 * one killed after it finds nothing left to do. Each referrer's rewards are serialised by a lock
 * on the referrer's code row, so the per-referrer cap holds under parallel workers.
 *
 * Fraud rules (read before the claim, from auth and payments): the friend shares a device id of a
 * session, or a payment destination, with the referrer → void same_device / same_payment_method.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/schema.ts';
import type { Ledger } from '../accounts/index.ts';
import type { ReferralContext, ReferralMessage } from './context.ts';
import { rewardFor } from './referral-rules.ts';
import { ruleOf } from './rules.ts';
import type { ReferralVoidReason } from './tables.ts';

export const REWARD_REASON = 'referral_reward';
const MAX_BATCH = 100;

export interface RewardPass {
  rewarded: number;
  voided: number;
}

function overlaps(a: readonly string[], b: readonly string[]): boolean {
  const seen = new Set(a);
  return b.some((x) => seen.has(x));
}

async function fraudOf(
  ctx: ReferralContext,
  friendId: bigint,
  referrerId: bigint,
): Promise<ReferralVoidReason | null> {
  const [friendDevices, referrerDevices] = await Promise.all([
    ctx.signals.deviceIds(friendId),
    ctx.signals.deviceIds(referrerId),
  ]);
  if (overlaps(friendDevices, referrerDevices)) return 'same_device';
  const [friendCards, referrerCards] = await Promise.all([
    ctx.signals.paymentFingerprints(friendId),
    ctx.signals.paymentFingerprints(referrerId),
  ]);
  return overlaps(friendCards, referrerCards) ? 'same_payment_method' : null;
}

/** One pass over the qualified rows (at most `limit`). */
export async function payRewards(ctx: ReferralContext, limit = MAX_BATCH): Promise<RewardPass> {
  const due = await ctx.db
    .selectFrom('referrals')
    .select(['friend_id', 'referrer_id'])
    .where('status', '=', 'qualified')
    .orderBy('qualified_at')
    .orderBy('friend_id')
    .limit(Math.min(Math.max(limit, 1), MAX_BATCH))
    .execute();
  const pass: RewardPass = { rewarded: 0, voided: 0 };
  for (const row of due) {
    // Fraud signals are read outside the transaction (other modules' services, other connections).
    const fraud = await fraudOf(ctx, row.friend_id, row.referrer_id);
    const outcome = await ctx.ledger.transaction((trx, ledger) =>
      settleOne(ctx, trx, ledger, row.friend_id, fraud),
    );
    if (outcome === 'rewarded') pass.rewarded += 1;
    if (outcome === 'void') pass.voided += 1;
  }
  return pass;
}

async function settleOne(
  ctx: ReferralContext,
  trx: Kysely<Database>,
  ledger: Ledger,
  friendId: bigint,
  fraud: ReferralVoidReason | null,
): Promise<'rewarded' | 'void' | 'taken'> {
  const row = await trx
    .selectFrom('referrals')
    .select(['friend_id', 'referrer_id'])
    .where('friend_id', '=', friendId)
    .where('status', '=', 'qualified')
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
  if (!row) return 'taken';
  const referrerId = row.referrer_id;
  const finish = async (
    set:
      | { status: 'void'; void_reason: ReferralVoidReason }
      | {
          status: 'rewarded';
          reward_currency: string;
          reward_minor: bigint;
          transfer_id: bigint;
        },
  ) => {
    await trx
      .updateTable('referrals')
      .set({ ...set, finished_at: ctx.clock.now() })
      .where('friend_id', '=', friendId)
      .execute();
    const message: ReferralMessage = { type: 'referral', friendStatus: set.status };
    ledger.afterCommit(trx, () => void ctx.bus.publish(`user:${referrerId}`, message));
    return set.status;
  };
  if (fraud) return finish({ status: 'void', void_reason: fraud });
  // Serialise this referrer's rewards: the cap counts what the committed ones paid.
  await trx
    .selectFrom('referral_codes')
    .select('user_id')
    .where('user_id', '=', referrerId)
    .forUpdate()
    .execute();
  const main = (await ledger.balances(referrerId)).find((a) => a.type === 0);
  const rule = main ? await ruleOf(trx, main.iso) : null;
  if (!main || !rule?.isEnabled) return finish({ status: 'void', void_reason: 'no_rule' });
  const paid = await trx
    .selectFrom('referrals')
    .select(sql<string>`coalesce(sum(reward_minor), 0)`.as('total'))
    .where('referrer_id', '=', referrerId)
    .where('status', '=', 'rewarded')
    .where('reward_currency', '=', main.iso)
    .executeTakeFirstOrThrow();
  const amountMinor = rewardFor(rule, BigInt(paid.total));
  if (amountMinor <= 0n) return finish({ status: 'void', void_reason: 'cap_reached' });
  const transfer = await ledger.move({
    idempotencyKey: `referral:${friendId}`,
    reason: REWARD_REASON,
    currency: main.iso,
    from: { system: 'house' },
    to: main.id,
    amountMinor,
    userId: referrerId,
    metadata: { friendId: friendId.toString() },
  });
  return finish({
    status: 'rewarded',
    reward_currency: main.iso,
    reward_minor: amountMinor,
    transfer_id: transfer.id,
  });
}
