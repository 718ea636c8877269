/**
 * Keeps the referral cookies a registering visitor carries (coupon-accounts §9; the shell sets them
 * from the landing address, domain/auth/referral.ts) on the new user: one user_referrals row, and
 * users.ref_id from refererid when the form did not name a referrer.
 */

import type { ReferralValues } from '@parlay/domain/auth/referral.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/schema.ts';

/** users.ref_id is an integer column: a larger refererid is kept in user_referrals only. */
const MAX_REF_ID = 2_147_483_647;

export async function storeReferral(
  db: Kysely<Database>,
  values: ReferralValues,
  userId: number,
): Promise<ReferralValues> {
  if (Object.keys(values).length === 0) return values;
  const refererId = values.refererid === undefined ? null : Number(values.refererid);
  await db
    .insertInto('user_referrals')
    .values({
      user_id: userId,
      referer_id: refererId,
      bf_id: values.bf_id ?? null,
      reflink_id: values.reflinkid ?? null,
      partner_id: values.partner_id ?? null,
      postback: values.postback ?? null,
      sub_id: values.subid ?? null,
    })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  if (refererId !== null && refererId <= MAX_REF_ID && refererId !== userId) {
    await db
      .updateTable('users')
      .set({ ref_id: refererId })
      .where('id', '=', userId)
      .where('ref_id', 'is', null)
      .execute();
  }
  return values;
}
