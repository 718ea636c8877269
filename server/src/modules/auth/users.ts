/**
 * The users table: finding an account by what a person signs in with, and creating one with a
 * random ten-digit account number (the "id" of one-click accounts, usable as a login by everyone).
 */
import { randomInt } from 'node:crypto';
import {
  ACCOUNT_NUMBER_MAX,
  ACCOUNT_NUMBER_MIN,
  type LoginIdentifier,
  type Phone,
} from '@parlay/domain/auth/credentials.ts';
import type { Insertable, Kysely } from 'kysely';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';

export interface Credentials {
  id: number;
  passwordHash: string | null;
  isTwoStepEnabled: boolean;
  /** Read in the same row as the password: a session opens only if no ending of sessions came since. */
  sessionEpoch: number;
}

const credentialColumns = ['id', 'password_hash', 'totp_enabled_at', 'session_epoch'] as const;

function toCredentials(row: {
  id: number;
  password_hash: string | null;
  totp_enabled_at: Date | null;
  session_epoch: number;
}): Credentials {
  return {
    id: row.id,
    passwordHash: row.password_hash,
    isTwoStepEnabled: row.totp_enabled_at !== null,
    sessionEpoch: row.session_epoch,
  };
}

export async function findByLogin(db: Kysely<Database>, login: LoginIdentifier): Promise<Credentials | null> {
  const query = db.selectFrom('users').select(credentialColumns);
  const row =
    login.kind === 'email'
      ? await query.where('email', '=', login.email).executeTakeFirst()
      : await query.where('account_number', '=', login.accountNumber).executeTakeFirst();
  return row ? toCredentials(row) : null;
}

export async function findByPhone(db: Kysely<Database>, phone: Phone): Promise<Credentials | null> {
  const row = await db
    .selectFrom('users')
    .select(credentialColumns)
    .where('phone_code', '=', phone.code)
    .where('phone_number', '=', phone.number)
    .executeTakeFirst();
  return row ? toCredentials(row) : null;
}

export async function findById(db: Kysely<Database>, userId: number): Promise<Credentials | null> {
  const row = await db
    .selectFrom('users')
    .select(credentialColumns)
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ? toCredentials(row) : null;
}

export async function isEmailTaken(db: Kysely<Database>, email: string): Promise<boolean> {
  return (
    (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()) !== undefined
  );
}

export async function isPhoneTaken(db: Kysely<Database>, phone: Phone): Promise<boolean> {
  return (await findByPhone(db, phone)) !== null;
}

/** The account's language (ru, en), for the messages sent to it; undefined without an account. */
export async function languageOf(db: Kysely<Database>, userId: number | null): Promise<string | undefined> {
  if (userId === null) return undefined;
  const row = await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
  return row?.language;
}

/** The phone as one outbox recipient / code target: +<code><number>. */
export const phoneTarget = (phone: Phone): string => `+${phone.code}${phone.number}`;

export type NewUser = Omit<Insertable<Database['users']>, 'account_number'>;

const ACCOUNT_NUMBER_TRIES = 5;

/** Inserts a user with a fresh account number; EMAIL_TAKEN or PHONE_TAKEN when one was taken meanwhile. */
export async function createUser(
  db: Kysely<Database>,
  values: NewUser,
): Promise<{ id: number; accountNumber: number }> {
  for (let attempt = 0; attempt < ACCOUNT_NUMBER_TRIES; attempt += 1) {
    const accountNumber = randomInt(ACCOUNT_NUMBER_MIN, ACCOUNT_NUMBER_MAX + 1);
    try {
      const row = await db
        .insertInto('users')
        .values({ ...values, account_number: accountNumber })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, accountNumber };
    } catch (err) {
      const text = `${(err as { constraint?: string }).constraint ?? ''} ${(err as Error).message}`;
      if (text.includes('account_number')) continue;
      if (text.includes('users_email')) throw new AppError('EMAIL_TAKEN');
      if (text.includes('users_phone')) throw new AppError('PHONE_TAKEN');
      throw err;
    }
  }
  throw new Error('could not find a free account number');
}
