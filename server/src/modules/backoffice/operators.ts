/**
 * Operator accounts: created with a role, a generated one-time password and a new TOTP secret
 * (both shown once, to whoever created the account); disabled (their sessions end); a TOTP reset
 * (a new secret, sessions end). Each change is audited in its own transaction.
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import { appendAudit } from './audit-log.ts';
import { hashOperatorPassword, newOperatorPassword } from './passwords.ts';
import { isOperatorRole, type OperatorRole } from './permissions.ts';
import { newTotpSecret, otpauthUri } from './totp.ts';

export const TOTP_ISSUER = 'Parlay back office';
export const LOGIN_PATTERN = '^[a-z0-9._-]{3,40}$';

/** Who does it: an operator, or the command line (`cli`). */
export interface Actor {
  operatorId: bigint | null;
  login: string;
  ip: string;
}

export interface OperatorView {
  id: bigint;
  login: string;
  role: OperatorRole;
  disabled: boolean;
  createdAt: Date;
  activeSessions: number;
}

export interface NewCredentials {
  operatorId: bigint;
  login: string;
  role: OperatorRole;
  password: string;
  totpSecret: string;
  otpauthUri: string;
}

export async function createOperator(
  db: Kysely<Database>,
  clock: Clock,
  actor: Actor,
  input: { login: string; role: string },
): Promise<NewCredentials> {
  const login = input.login.trim().toLowerCase();
  if (!new RegExp(LOGIN_PATTERN).test(login) || !isOperatorRole(input.role)) {
    throw new AppError('VALIDATION_FAILED', 'login: 3-40 of a-z 0-9 . _ -; role: one of the roles');
  }
  const role = input.role;
  const password = newOperatorPassword();
  const totpSecret = newTotpSecret();
  const passwordHash = await hashOperatorPassword(password);
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('backoffice_operators')
      .values({
        login,
        role,
        password_hash: passwordHash,
        totp_secret: totpSecret,
        created_by: actor.operatorId,
        created_at: clock.now(),
      })
      .onConflict((oc) => oc.column('login').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) throw new AppError('BACKOFFICE_LOGIN_TAKEN');
    await appendAudit(trx, clock.now(), {
      operatorId: actor.operatorId,
      operatorLogin: actor.login,
      action: 'operator.create',
      target: `operator:${row.id}`,
      outcome: 'ok',
      details: { login, role },
      ip: actor.ip,
    });
    return row.id;
  });
  return {
    operatorId: id,
    login,
    role,
    password,
    totpSecret,
    otpauthUri: otpauthUri(TOTP_ISSUER, login, totpSecret),
  };
}

export async function listOperators(db: Kysely<Database>, clock: Clock, idleMs: number) {
  const since = new Date(clock.nowMs() - idleMs);
  const rows = await db
    .selectFrom('backoffice_operators as o')
    .select((eb) => [
      'o.id',
      'o.login',
      'o.role',
      'o.disabled_at',
      'o.created_at',
      eb
        .selectFrom('backoffice_sessions as s')
        .select(eb.fn.countAll<bigint>().as('n'))
        .whereRef('s.operator_id', '=', 'o.id')
        .where('s.ended_at', 'is', null)
        .where('s.stage', '=', 'active')
        .where('s.last_seen_at', '>', since)
        .as('sessions'),
    ])
    .orderBy('o.id')
    .limit(500)
    .execute();
  return rows.map(
    (r): OperatorView => ({
      id: r.id,
      login: r.login,
      role: r.role as OperatorRole,
      disabled: r.disabled_at !== null,
      createdAt: r.created_at,
      activeSessions: Number(r.sessions ?? 0),
    }),
  );
}

async function lockOperator(trx: Kysely<Database>, id: bigint) {
  const row = await trx
    .selectFrom('backoffice_operators')
    .select(['id', 'login', 'disabled_at'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError('BACKOFFICE_OPERATOR_NOT_FOUND');
  return row;
}

export async function endSessionsOf(trx: Kysely<Database>, operatorId: bigint, at: Date, reason: string) {
  await trx
    .updateTable('backoffice_sessions')
    .set({ ended_at: at, ended_reason: reason })
    .where('operator_id', '=', operatorId)
    .where('ended_at', 'is', null)
    .execute();
}

export async function disableOperator(db: Kysely<Database>, clock: Clock, actor: Actor, id: bigint) {
  if (actor.operatorId === id) {
    throw new AppError('VALIDATION_FAILED', 'an operator cannot disable their own account');
  }
  await db.transaction().execute(async (trx) => {
    const row = await lockOperator(trx, id);
    if (row.disabled_at !== null) return;
    const now = clock.now();
    await trx.updateTable('backoffice_operators').set({ disabled_at: now }).where('id', '=', id).execute();
    await endSessionsOf(trx, id, now, 'disabled');
    await appendAudit(trx, now, {
      operatorId: actor.operatorId,
      operatorLogin: actor.login,
      action: 'operator.disable',
      target: `operator:${id}`,
      outcome: 'ok',
      details: { login: row.login },
      ip: actor.ip,
    });
  });
}

/** A new TOTP secret (shown once); the old one stops working and the operator's sessions end. */
export async function resetOperatorTotp(db: Kysely<Database>, clock: Clock, actor: Actor, id: bigint) {
  const totpSecret = newTotpSecret();
  const login = await db.transaction().execute(async (trx) => {
    const row = await lockOperator(trx, id);
    const now = clock.now();
    await trx
      .updateTable('backoffice_operators')
      .set({ totp_secret: totpSecret, totp_last_step: 0n })
      .where('id', '=', id)
      .execute();
    await endSessionsOf(trx, id, now, 'totp_reset');
    await appendAudit(trx, now, {
      operatorId: actor.operatorId,
      operatorLogin: actor.login,
      action: 'operator.reset_totp',
      target: `operator:${id}`,
      outcome: 'ok',
      details: { login: row.login },
      ip: actor.ip,
    });
    return row.login;
  });
  return { operatorId: id, login, totpSecret, otpauthUri: otpauthUri(TOTP_ISSUER, login, totpSecret) };
}
