/**
 * One-time codes sent by SMS or e-mail: six digits, stored as keyed hashes, one live code per
 * purpose and target (a new one replaces the old), at most five tries each. A wrong code answers
 * WRONG_CODE, an expired one CODE_TIME_UP (the forgot-password analytics tell them apart), too many
 * tries CODE_ATTEMPTS_EXCEEDED.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import type { ServerKeys } from './server-keys.ts';
import type { CodePurpose } from './tables.ts';

export const CODE_TTL_MS: Record<CodePurpose, number> = {
  login: 5 * 60_000,
  registration: 10 * 60_000,
  recovery: 15 * 60_000,
  confirm_email: 24 * 60 * 60_000,
  confirm_phone: 10 * 60_000,
};
export const MAX_CODE_ATTEMPTS = 5;

export class OneTimeCodes {
  readonly #db: Kysely<Database>;
  readonly #clock: Clock;
  readonly #keys: ServerKeys;

  constructor(db: Kysely<Database>, clock: Clock, keys: ServerKeys) {
    this.#db = db;
    this.#clock = clock;
    this.#keys = keys;
  }

  async #hash(purpose: CodePurpose, target: string, code: string): Promise<string> {
    return createHmac('sha256', await this.#keys.key('code-hash'))
      .update(`${purpose}:${target}:${code}`)
      .digest('hex');
  }

  /** A new code for the target; earlier live codes of the same purpose stop working. */
  async issue(
    purpose: CodePurpose,
    target: string,
    userId: number | null,
    trx: Kysely<Database> = this.#db,
  ): Promise<string> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const now = this.#clock.nowMs();
    await trx
      .updateTable('auth_codes')
      .set({ consumed_at: new Date(now) })
      .where('purpose', '=', purpose)
      .where('target', '=', target)
      .where('consumed_at', 'is', null)
      .execute();
    await trx
      .insertInto('auth_codes')
      .values({
        purpose,
        target,
        user_id: userId,
        code_hash: await this.#hash(purpose, target, code),
        created_at: new Date(now),
        expires_at: new Date(now + CODE_TTL_MS[purpose]),
      })
      .execute();
    return code;
  }

  /** Uses up the target's code; answers the user it was issued for. */
  async consume(purpose: CodePurpose, target: string, code: string): Promise<{ userId: number | null }> {
    const row = await this.#db
      .selectFrom('auth_codes')
      .selectAll()
      .where('purpose', '=', purpose)
      .where('target', '=', target)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    await this.#check(row, purpose, code);
    return { userId: row!.user_id };
  }

  /** Uses up the latest code of this purpose issued to a user; answers the target it went to. */
  async consumeForUser(purpose: CodePurpose, userId: number, code: string): Promise<{ target: string }> {
    const row = await this.#db
      .selectFrom('auth_codes')
      .selectAll()
      .where('purpose', '=', purpose)
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    await this.#check(row, purpose, code);
    return { target: row!.target };
  }

  async #check(
    row: Awaited<ReturnType<typeof this.findLatest>> | undefined,
    purpose: CodePurpose,
    code: string,
  ): Promise<void> {
    if (!row || row.consumed_at) throw new AppError('WRONG_CODE');
    const now = this.#clock.now();
    if (row.expires_at <= now) throw new AppError('CODE_TIME_UP');
    if (row.attempts >= MAX_CODE_ATTEMPTS) throw new AppError('CODE_ATTEMPTS_EXCEEDED');
    const given = Buffer.from(await this.#hash(purpose, row.target, code.trim()), 'hex');
    const expected = Buffer.from(row.code_hash, 'hex');
    if (!timingSafeEqual(given, expected)) {
      await this.#db
        .updateTable('auth_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', row.id)
        .execute();
      if (row.attempts + 1 >= MAX_CODE_ATTEMPTS) throw new AppError('CODE_ATTEMPTS_EXCEEDED');
      throw new AppError('WRONG_CODE');
    }
    const used = await this.#db
      .updateTable('auth_codes')
      .set({ consumed_at: now })
      .where('id', '=', row.id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) === 0) throw new AppError('WRONG_CODE');
  }

  /** The latest code row of a target (the shape #check reads). */
  findLatest(purpose: CodePurpose, target: string) {
    return this.#db
      .selectFrom('auth_codes')
      .selectAll()
      .where('purpose', '=', purpose)
      .where('target', '=', target)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }
}
