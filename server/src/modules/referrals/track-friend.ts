/**
 * A referred friend's deposits and settled stakes, told inside the transaction that credits the
 * deposit (payments' onDepositCompleted) or settles the bet (betting's settlement hooks), so the
 * totals commit with the money, once. Only the friend's registration currency counts. When the
 * rule of that currency is met the row becomes 'qualified': the job pay-rewards claims.
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/schema.ts';
import { progressedStatus } from './referral-rules.ts';
import { ruleOf } from './rules.ts';

export interface FriendActivity {
  /** The deposit's payment id or the bet's id: each counts once. */
  ref: { kind: 'deposit' | 'bet'; id: bigint };
  userId: bigint;
  currency: string;
  depositMinor?: bigint;
  stakeMinor?: bigint;
}

export async function trackFriend(
  trx: Kysely<Database>,
  clock: Clock,
  activity: FriendActivity,
): Promise<void> {
  const row = await trx
    .selectFrom('referrals')
    .select(['status', 'friend_currency', 'deposited_minor', 'wagered_minor'])
    .where('friend_id', '=', activity.userId)
    .where('status', 'in', ['registered', 'deposited'])
    .forUpdate()
    .executeTakeFirst();
  if (!row || row.friend_currency !== activity.currency) return;
  const deposit = activity.depositMinor ?? 0n;
  const stake = activity.stakeMinor ?? 0n;
  if (deposit <= 0n && stake <= 0n) return;
  const first = await trx
    .insertInto('referral_counted')
    .values({ kind: activity.ref.kind, ref: activity.ref.id.toString(), friend_id: activity.userId })
    .onConflict((oc) => oc.columns(['kind', 'ref']).doNothing())
    .returning('ref')
    .executeTakeFirst();
  if (!first) return;
  const totals = {
    depositedMinor: BigInt(row.deposited_minor) + (deposit > 0n ? deposit : 0n),
    wageredMinor: BigInt(row.wagered_minor) + (stake > 0n ? stake : 0n),
  };
  const status = progressedStatus(row.status, totals, await ruleOf(trx, row.friend_currency));
  await trx
    .updateTable('referrals')
    .set({
      deposited_minor: totals.depositedMinor,
      wagered_minor: totals.wageredMinor,
      status,
      ...(status === 'qualified' ? { qualified_at: clock.now() } : {}),
    })
    .where('friend_id', '=', activity.userId)
    .execute();
}
