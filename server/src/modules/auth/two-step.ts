/**
 * Two-step sign-in: after the first factor, a short-lived signed challenge names the user; the
 * second step answers it with a TOTP code (each time step accepted once) or a single-use backup code.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { decodeBase32 } from '@parlay/domain/auth/base32.ts';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import type { ServerKeys } from './server-keys.ts';
import type { SignInMethod } from './session-store.ts';
import { signHs256, verifyHs256 } from './signed-token.ts';
import { matchTotp } from './totp.ts';

export const TWO_STEP_CHALLENGE_TTL_MS = 5 * 60_000;
export const BACKUP_CODE_COUNT = 10;
const BACKUP_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export interface TwoStepChallenge {
  userId: number;
  remember: boolean;
  method: SignInMethod;
  /** The user's session epoch when the first factor was checked. */
  sessionEpoch: number;
}

export async function issueChallenge(keys: ServerKeys, clock: Clock, challenge: TwoStepChallenge) {
  const exp = Math.floor((clock.nowMs() + TWO_STEP_CHALLENGE_TTL_MS) / 1000);
  return signHs256(
    {
      uid: challenge.userId,
      rem: challenge.remember,
      mth: challenge.method,
      ep: challenge.sessionEpoch,
      exp,
    },
    await keys.key('two-step'),
  );
}

/** The challenge of a valid, unexpired token; TWO_STEP_INVALID otherwise. */
export async function readChallenge(
  keys: ServerKeys,
  clock: Clock,
  token: string,
): Promise<TwoStepChallenge> {
  const payload = verifyHs256(token, await keys.key('two-step'));
  if (
    !payload ||
    !Number.isSafeInteger(payload.uid) ||
    !Number.isSafeInteger(payload.ep) ||
    Number(payload.exp) * 1000 <= clock.nowMs()
  ) {
    throw new AppError('TWO_STEP_INVALID', 'The two-step sign-in expired; sign in again');
  }
  return {
    userId: payload.uid as number,
    remember: payload.rem === true,
    method: payload.mth as SignInMethod,
    sessionEpoch: payload.ep as number,
  };
}

const normalizeBackup = (code: string): string => code.trim().toLowerCase().replace(/[\s-]/g, '');

async function hashBackup(keys: ServerKeys, userId: number, code: string): Promise<string> {
  return createHmac('sha256', await keys.key('code-hash'))
    .update(`backup:${userId}:${normalizeBackup(code)}`)
    .digest('hex');
}

/** New backup codes (xxxx-xxxx); earlier ones stop working. Shown once. */
export async function replaceBackupCodes(db: Kysely<Database>, keys: ServerKeys, userId: number) {
  const codes: string[] = [];
  for (let i = 0; i < BACKUP_CODE_COUNT; i += 1) {
    let raw = '';
    for (let j = 0; j < 8; j += 1) raw += BACKUP_ALPHABET[randomInt(0, BACKUP_ALPHABET.length)];
    codes.push(`${raw.slice(0, 4)}-${raw.slice(4)}`);
  }
  await db.deleteFrom('auth_backup_codes').where('user_id', '=', userId).execute();
  const rows = await Promise.all(
    codes.map(async (code) => ({ user_id: userId, code_hash: await hashBackup(keys, userId, code) })),
  );
  await db.insertInto('auth_backup_codes').values(rows).execute();
  return codes;
}

/**
 * Whether the code is the user's current TOTP code (not used before) or an unused backup code;
 * a matching code is used up.
 */
export async function checkSecondFactor(
  db: Kysely<Database>,
  keys: ServerKeys,
  clock: Clock,
  userId: number,
  code: string,
  secretColumn: 'totp_secret' | 'totp_pending_secret' = 'totp_secret',
): Promise<boolean> {
  const user = await db
    .selectFrom('users')
    .select(['totp_secret', 'totp_pending_secret', 'totp_last_step'])
    .where('id', '=', userId)
    .executeTakeFirst();
  const secretText = user?.[secretColumn];
  if (!user || !secretText) return false;
  const trimmed = code.trim();
  if (/^\d{6}$/.test(trimmed)) {
    const step = matchTotp(decodeBase32(secretText) ?? new Uint8Array(), trimmed, clock.nowMs());
    if (step === null) return false;
    const used = await db
      .updateTable('users')
      .set({ totp_last_step: step })
      .where('id', '=', userId)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
      .executeTakeFirst();
    return Number(used.numUpdatedRows) === 1;
  }
  if (secretColumn !== 'totp_secret' || normalizeBackup(trimmed).length !== 8) return false;
  const hash = await hashBackup(keys, userId, trimmed);
  const candidates = await db
    .selectFrom('auth_backup_codes')
    .select(['id', 'code_hash'])
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
  const match = candidates.find((c) => timingSafeEqual(Buffer.from(c.code_hash), Buffer.from(hash)));
  if (!match) return false;
  const used = await db
    .updateTable('auth_backup_codes')
    .set({ used_at: clock.now() })
    .where('id', '=', match.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}
