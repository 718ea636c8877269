/** Players' referral codes: one per player, made on first use, unique (retried on a collision). */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import { codeFromBytes } from './referral-rules.ts';

const MAX_ATTEMPTS = 8;

export async function codeOf(db: Kysely<Database>, clock: Clock, userId: bigint): Promise<string> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const existing = await db
      .selectFrom('referral_codes')
      .select('code')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (existing) return existing.code;
    // A clash on the user id (a parallel first call) or on the code: read again, or try another code.
    await db
      .insertInto('referral_codes')
      .values({ user_id: userId, code: codeFromBytes(randomBytes(8)), created_at: clock.now() })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  throw new Error('no free referral code after several attempts');
}

/** The referrer a code names (case-insensitive); REFERRAL_CODE_UNKNOWN when none. */
export async function referrerOf(db: Kysely<Database>, code: string): Promise<bigint> {
  const row = await db
    .selectFrom('referral_codes')
    .select('user_id')
    .where('code', '=', code.toUpperCase())
    .executeTakeFirst();
  if (!row) throw new AppError('REFERRAL_CODE_UNKNOWN');
  return row.user_id;
}
