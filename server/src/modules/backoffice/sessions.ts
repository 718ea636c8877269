/**
 * Operators' two-step sign-in and sessions. Step one (login and password) opens a session at
 * stage 'password'; step two (the TOTP code, within five minutes) makes it 'active'. A code's step
 * must be later than the last one the operator used, claimed by one conditional UPDATE, so a code
 * (or a replay of it) works once. An active session ends after the idle timeout without requests
 * (the injected clock), on sign-out, on revocation, or when the account is disabled or its TOTP reset.
 * Five wrong passwords or codes in a row lock the account for 15 minutes.
 */
import { createHash, randomBytes } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import { appendAudit, appendAuditNow } from './audit-log.ts';
import { verifyAgainstDummy, verifyOperatorPassword } from './passwords.ts';
import type { OperatorRole } from './permissions.ts';
import { matchTotp } from './totp.ts';

const SECOND_STEP_MS = 5 * 60_000;
const MAX_FAILURES = 5;
const LOCK_MS = 15 * 60_000;

export interface SignedInOperator {
  sessionId: bigint;
  operatorId: bigint;
  login: string;
  role: OperatorRole;
}

export interface RequestOrigin {
  ip: string;
  userAgent: string;
}

export interface BackofficeSettings {
  idleTimeoutMinutes: number;
  ipAllowList: string[];
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function readSettings(db: Kysely<Database>): Promise<BackofficeSettings> {
  const row = await db
    .selectFrom('backoffice_settings')
    .select(['idle_timeout_minutes', 'ip_allow_list'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return { idleTimeoutMinutes: row.idle_timeout_minutes, ipAllowList: row.ip_allow_list };
}

/** An allow-list entry: an IPv4 or IPv6 address, or a CIDR block (10.0.0.0/8). */
export function isAllowListEntry(entry: string): boolean {
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

/** Whether the address may use the back office: an empty list allows every address. */
export function ipAllowed(ip: string, allowList: readonly string[]): boolean {
  if (allowList.length === 0) return true;
  const list = new BlockList();
  for (const entry of allowList) {
    const [address, bits] = entry.split('/') as [string, string | undefined];
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  const plain = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  const family = isIP(plain);
  return family !== 0 && list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
}

async function failed(db: Kysely<Database>, clock: Clock, operatorId: bigint) {
  await db
    .updateTable('backoffice_operators')
    .set((eb) => ({
      failed_attempts: eb('failed_attempts', '+', 1),
      locked_until: eb
        .case()
        .when('failed_attempts', '>=', MAX_FAILURES - 1)
        .then(new Date(clock.nowMs() + LOCK_MS))
        .else(eb.ref('locked_until'))
        .end(),
    }))
    .where('id', '=', operatorId)
    .execute();
}

/** Step one: login and password. Answers the new session's token (stage 'password'). */
export async function signInWithPassword(
  db: Kysely<Database>,
  clock: Clock,
  origin: RequestOrigin,
  input: { login: string; password: string },
): Promise<string> {
  const login = input.login.trim().toLowerCase();
  const audit = (outcome: 'ok' | 'refused', operatorId: bigint | null, reason?: string) =>
    appendAuditNow(db, clock.now(), {
      operatorId,
      operatorLogin: login.slice(0, 40),
      action: 'session.sign_in_password',
      outcome,
      details: reason ? { reason } : {},
      ip: origin.ip,
    });
  const operator = await db
    .selectFrom('backoffice_operators')
    .select(['id', 'password_hash', 'disabled_at', 'locked_until'])
    .where('login', '=', login)
    .executeTakeFirst();
  if (!operator) {
    await verifyAgainstDummy(input.password);
    await audit('refused', null, 'unknown_login');
    throw new AppError('BACKOFFICE_INVALID_CREDENTIALS');
  }
  if (operator.locked_until !== null && operator.locked_until > clock.now()) {
    await audit('refused', operator.id, 'locked');
    throw new AppError('BACKOFFICE_LOCKED');
  }
  const right = await verifyOperatorPassword(input.password, operator.password_hash);
  if (!right || operator.disabled_at !== null) {
    if (!right) await failed(db, clock, operator.id);
    await audit('refused', operator.id, right ? 'disabled' : 'wrong_password');
    throw new AppError('BACKOFFICE_INVALID_CREDENTIALS');
  }
  const token = randomBytes(32).toString('base64url');
  const now = clock.now();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('backoffice_sessions')
      .values({
        operator_id: operator.id,
        token_hash: hashToken(token),
        stage: 'password',
        ip: origin.ip,
        user_agent: origin.userAgent.slice(0, 300),
        created_at: now,
        last_seen_at: now,
      })
      .execute();
    await appendAudit(trx, now, {
      operatorId: operator.id,
      operatorLogin: login,
      action: 'session.sign_in_password',
      outcome: 'ok',
      ip: origin.ip,
    });
  });
  return token;
}

/** Step two: the TOTP code of the session's operator. The session becomes active. */
export async function confirmTotp(
  db: Kysely<Database>,
  clock: Clock,
  origin: RequestOrigin,
  token: string | null,
  code: string,
): Promise<void> {
  const session = token
    ? await db
        .selectFrom('backoffice_sessions as s')
        .innerJoin('backoffice_operators as o', 'o.id', 's.operator_id')
        .select([
          's.id',
          's.created_at',
          'o.id as operator_id',
          'o.login',
          'o.totp_secret',
          'o.totp_last_step',
        ])
        .select(['o.disabled_at', 'o.locked_until'])
        .where('s.token_hash', '=', hashToken(token))
        .where('s.stage', '=', 'password')
        .where('s.ended_at', 'is', null)
        .executeTakeFirst()
    : undefined;
  const now = clock.now();
  if (!session || session.created_at.getTime() + SECOND_STEP_MS < now.getTime() || session.disabled_at) {
    throw new AppError('BACKOFFICE_NOT_SIGNED_IN');
  }
  const audit = { operatorId: session.operator_id, operatorLogin: session.login, ip: origin.ip };
  if (session.locked_until !== null && session.locked_until > now) {
    await appendAuditNow(db, now, {
      ...audit,
      action: 'session.sign_in_code',
      outcome: 'refused',
      details: { reason: 'locked' },
    });
    throw new AppError('BACKOFFICE_LOCKED');
  }
  const step = matchTotp(session.totp_secret, code, now.getTime(), session.totp_last_step);
  const accepted = await db.transaction().execute(async (trx) => {
    // The step is claimed only if no later or equal one was used meanwhile: a code works once.
    const claimed =
      step === null
        ? undefined
        : await trx
            .updateTable('backoffice_operators')
            .set({ totp_last_step: step, failed_attempts: 0, locked_until: null })
            .where('id', '=', session.operator_id)
            .where('totp_last_step', '<', step)
            .returning('id')
            .executeTakeFirst();
    if (!claimed) return false;
    await trx
      .updateTable('backoffice_sessions')
      .set({ stage: 'active', last_seen_at: now })
      .where('id', '=', session.id)
      .execute();
    await appendAudit(trx, now, {
      ...audit,
      action: 'session.sign_in_code',
      outcome: 'ok',
      target: `session:${session.id}`,
    });
    return true;
  });
  if (!accepted) {
    await failed(db, clock, session.operator_id);
    await appendAuditNow(db, now, {
      ...audit,
      action: 'session.sign_in_code',
      outcome: 'refused',
      details: { reason: step === null ? 'wrong_code' : 'code_used' },
    });
    throw new AppError('BACKOFFICE_WRONG_CODE');
  }
}

/**
 * The operator of an active session, its idle timeout not passed (the request renews it); null
 * otherwise. A session found idle is ended.
 */
export async function resolveSession(
  db: Kysely<Database>,
  clock: Clock,
  token: string | null,
  settings: BackofficeSettings,
): Promise<SignedInOperator | null> {
  if (!token) return null;
  const row = await db
    .selectFrom('backoffice_sessions as s')
    .innerJoin('backoffice_operators as o', 'o.id', 's.operator_id')
    .select(['s.id', 's.last_seen_at', 'o.id as operator_id', 'o.login', 'o.role', 'o.disabled_at'])
    .where('s.token_hash', '=', hashToken(token))
    .where('s.stage', '=', 'active')
    .where('s.ended_at', 'is', null)
    .executeTakeFirst();
  if (!row || row.disabled_at !== null) return null;
  const now = clock.now();
  if (row.last_seen_at.getTime() + settings.idleTimeoutMinutes * 60_000 <= now.getTime()) {
    await db
      .updateTable('backoffice_sessions')
      .set({ ended_at: now, ended_reason: 'idle' })
      .where('id', '=', row.id)
      .where('ended_at', 'is', null)
      .execute();
    return null;
  }
  await db.updateTable('backoffice_sessions').set({ last_seen_at: now }).where('id', '=', row.id).execute();
  return { sessionId: row.id, operatorId: row.operator_id, login: row.login, role: row.role as OperatorRole };
}

export interface SessionView {
  id: bigint;
  operatorId: bigint;
  ip: string;
  userAgent: string;
  createdAt: Date;
  lastSeenAt: Date;
}

/** The operator's open sessions (active and not idle), newest first. */
export async function listSessions(
  db: Kysely<Database>,
  clock: Clock,
  operatorId: bigint,
  settings: BackofficeSettings,
): Promise<SessionView[]> {
  const rows = await db
    .selectFrom('backoffice_sessions')
    .select(['id', 'operator_id', 'ip', 'user_agent', 'created_at', 'last_seen_at'])
    .where('operator_id', '=', operatorId)
    .where('stage', '=', 'active')
    .where('ended_at', 'is', null)
    .where('last_seen_at', '>', new Date(clock.nowMs() - settings.idleTimeoutMinutes * 60_000))
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    operatorId: r.operator_id,
    ip: r.ip,
    userAgent: r.user_agent,
    createdAt: r.created_at,
    lastSeenAt: r.last_seen_at,
  }));
}

/** Ends one session; answers its operator (404 when there is no such open session). */
export async function endSession(
  db: Kysely<Database>,
  clock: Clock,
  sessionId: bigint,
  reason: 'signed_out' | 'revoked',
  audit: { operatorId: bigint | null; login: string; ip: string },
): Promise<bigint> {
  return db.transaction().execute(async (trx) => {
    const now = clock.now();
    const row = await trx
      .updateTable('backoffice_sessions')
      .set({ ended_at: now, ended_reason: reason })
      .where('id', '=', sessionId)
      .where('ended_at', 'is', null)
      .returning('operator_id')
      .executeTakeFirst();
    if (!row) throw new AppError('BACKOFFICE_SESSION_NOT_FOUND');
    await appendAudit(trx, now, {
      operatorId: audit.operatorId,
      operatorLogin: audit.login,
      action: reason === 'revoked' ? 'session.revoke' : 'session.sign_out',
      target: `session:${sessionId}`,
      outcome: 'ok',
      details: { sessionOperatorId: row.operator_id.toString() },
      ip: audit.ip,
    });
    return row.operator_id;
  });
}

/** Which operator a session belongs to (open or not), for the revocation's permission check. */
export async function sessionOwner(db: Kysely<Database>, sessionId: bigint): Promise<bigint | null> {
  const row = await db
    .selectFrom('backoffice_sessions')
    .select('operator_id')
    .where('id', '=', sessionId)
    .executeTakeFirst();
  return row?.operator_id ?? null;
}
