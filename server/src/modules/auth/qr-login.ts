/**
 * QR login (issue 23): a signed-out desktop asks for a one-time code and shows it as a QR code of the
 * approval address; a signed-in phone opens that address and approves; the desktop, polling with the
 * secret it was given alongside the code, then gets the phone user's session.
 *
 * - start: code (in the QR, 16 random bytes) and pollToken (kept by the desktop, 32 random bytes);
 *   only their SHA-256 are stored (auth_nonces, purpose 'qr_login', value qr:<hash(code)>), valid
 *   QR_LOGIN_TTL_SECONDS by deps.clock;
 * - approve (signed in): once; QR_LOGIN_EXPIRED (410) when late, QR_LOGIN_USED (409) the second time,
 *   QR_LOGIN_NOT_FOUND (404) for an unknown code;
 * - poll (desktop, code + pollToken): waiting until approved, then the session is opened once (the
 *   code is marked used in the same statement, so two polls cannot both sign in); late: expired.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from './auth-context.ts';
import type { Caller } from './caller.ts';
import type { AnswerWithCookie } from './session-store.ts';

export const QR_LOGIN_TTL_SECONDS = 60;
/** New codes an address may ask for per minute (a desktop renews one a minute). */
const STARTS_PER_MINUTE = 20;
/** Polls (and approvals) an address may make per minute. */
const POLLS_PER_MINUTE = 120;

const hash = (text: string) => createHash('sha256').update(text).digest('base64url');
const keyOf = (code: string) => `qr:${hash(code)}`;

interface QrPayload {
  poll: string;
  approvedBy: number | null;
}

function payloadOf(raw: unknown): QrPayload {
  const value = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Partial<QrPayload> | null;
  return {
    poll: String(value?.poll ?? ''),
    approvedBy: typeof value?.approvedBy === 'number' ? value.approvedBy : null,
  };
}

export async function startQrLogin(ctx: AuthContext, caller: Caller) {
  await ctx.guard.limit(`qr-login:start:${caller.ip}`, 60_000, STARTS_PER_MINUTE);
  const code = randomBytes(16).toString('base64url');
  const pollToken = randomBytes(32).toString('base64url');
  const expiresAt = new Date(ctx.clock.nowMs() + QR_LOGIN_TTL_SECONDS * 1000);
  await ctx.db
    .insertInto('auth_nonces')
    .values({
      value: keyOf(code),
      purpose: 'qr_login',
      payload: JSON.stringify({ poll: hash(pollToken), approvedBy: null }) as unknown as object,
      expires_at: expiresAt,
      used_at: null,
    })
    .execute();
  return { code, pollToken, expiresAt: expiresAt.toISOString(), ttlSeconds: QR_LOGIN_TTL_SECONDS };
}

async function rowOf(ctx: AuthContext, code: string) {
  return ctx.db
    .selectFrom('auth_nonces')
    .select(['payload', 'expires_at', 'used_at'])
    .where('value', '=', keyOf(code))
    .where('purpose', '=', 'qr_login')
    .executeTakeFirst();
}

/** The signed-in phone approves the code for its user. */
export async function approveQrLogin(
  ctx: AuthContext,
  caller: Caller,
  userId: number,
  code: string,
): Promise<void> {
  await ctx.guard.limit(`qr-login:approve:${caller.ip}`, 60_000, POLLS_PER_MINUTE);
  const now = ctx.clock.now();
  const updated = await ctx.db
    .updateTable('auth_nonces')
    .set({ payload: sql`jsonb_set(payload, '{approvedBy}', to_jsonb(${userId}::integer))` })
    .where('value', '=', keyOf(code))
    .where('purpose', '=', 'qr_login')
    .where('expires_at', '>', now)
    .where('used_at', 'is', null)
    .where(sql<boolean>`payload->'approvedBy' = 'null'::jsonb`)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 1) return;
  const row = await rowOf(ctx, code);
  if (!row) throw new AppError('QR_LOGIN_NOT_FOUND');
  if (row.used_at !== null || payloadOf(row.payload).approvedBy !== null) throw new AppError('QR_LOGIN_USED');
  throw new AppError('QR_LOGIN_EXPIRED');
}

export type QrPollAnswer = { state: 'waiting'; expiresAt: string } | { state: 'signed_in'; userId: number };

/** The desktop's poll: waiting, or the session (once) when the code was approved. */
export async function pollQrLogin(
  ctx: AuthContext,
  caller: Caller,
  input: { code: string; pollToken: string },
): Promise<AnswerWithCookie<QrPollAnswer>> {
  await ctx.guard.limit(`qr-login:poll:${caller.ip}`, 60_000, POLLS_PER_MINUTE);
  const row = await rowOf(ctx, input.code);
  if (!row) throw new AppError('QR_LOGIN_NOT_FOUND');
  const payload = payloadOf(row.payload);
  const given = Buffer.from(hash(input.pollToken));
  const expected = Buffer.from(payload.poll);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new AppError('QR_LOGIN_NOT_FOUND');
  if (row.used_at !== null) throw new AppError('QR_LOGIN_USED');
  const now = ctx.clock.now();
  if (row.expires_at <= now) throw new AppError('QR_LOGIN_EXPIRED');
  if (payload.approvedBy === null)
    return { answer: { state: 'waiting', expiresAt: row.expires_at.toISOString() }, cookie: null };
  // Use the code up first: of two parallel polls only one opens a session.
  const used = await ctx.db
    .updateTable('auth_nonces')
    .set({ used_at: now })
    .where('value', '=', keyOf(input.code))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw new AppError('QR_LOGIN_USED');
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'session_epoch as sessionEpoch'])
    .where('id', '=', payload.approvedBy)
    .executeTakeFirst();
  if (!user) throw new AppError('QR_LOGIN_NOT_FOUND');
  const cookie = await ctx.auth.openSession(user, 'token', false, caller);
  return { answer: { state: 'signed_in', userId: user.id }, cookie };
}
