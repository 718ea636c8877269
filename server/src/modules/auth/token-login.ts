/**
 * Token sign-in (site-shell §3 "token with method id, sign and language"): a signed-in device asks
 * for a link (QR code in the office, or the mobile app opening the site) and another device signs in
 * with it. sign = base64url(HMAC-SHA256(key, "<methodId>.<userId>.<time>")) with a key derived from
 * the server secret; time is in seconds; the link works for TOKEN_LOGIN_TTL_SECONDS and only once.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import type { ServerKeys } from './server-keys.ts';

export const TOKEN_LOGIN_TTL_SECONDS = 120;
/** Allowed clock difference between processes for a link dated slightly ahead. */
const FUTURE_SKEW_SECONDS = 30;
/** 1: QR code shown in the office; 2: link opened by the mobile app. */
export const TOKEN_LOGIN_METHODS = [1, 2] as const;

export interface TokenLink {
  methodId: number;
  userId: number;
  time: number;
  sign: string;
}

async function signOf(keys: ServerKeys, methodId: number, userId: number, time: number): Promise<string> {
  return createHmac('sha256', await keys.key('token-login'))
    .update(`${methodId}.${userId}.${time}`)
    .digest('base64url');
}

export async function issueTokenLink(keys: ServerKeys, clock: Clock, methodId: number, userId: number) {
  const time = Math.floor(clock.nowMs() / 1000);
  return { methodId, userId, time, sign: await signOf(keys, methodId, userId, time) };
}

/** Checks and uses up a link; TOKEN_LOGIN_INVALID when it is forged, expired or used. */
export async function redeemTokenLink(db: Kysely<Database>, keys: ServerKeys, clock: Clock, link: TokenLink) {
  const now = Math.floor(clock.nowMs() / 1000);
  const expected = Buffer.from(await signOf(keys, link.methodId, link.userId, link.time));
  const given = Buffer.from(link.sign);
  const genuine = given.length === expected.length && timingSafeEqual(given, expected);
  if (!genuine || link.time < now - TOKEN_LOGIN_TTL_SECONDS || link.time > now + FUTURE_SKEW_SECONDS) {
    throw new AppError('TOKEN_LOGIN_INVALID');
  }
  const inserted = await db
    .insertInto('auth_nonces')
    .values({
      value: `token-login:${link.sign}`,
      purpose: 'token_login',
      expires_at: new Date((link.time + TOKEN_LOGIN_TTL_SECONDS + FUTURE_SKEW_SECONDS) * 1000),
      used_at: clock.now(),
    })
    .onConflict((oc) => oc.column('value').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) throw new AppError('TOKEN_LOGIN_INVALID');
}
