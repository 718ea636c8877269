/**
 * The check in front of every back-office route: the address is on the allow-list (when one is
 * set), the request carries an active, not idle operator session (its own cookie, never the
 * player's), and the operator's role may do the route's action. A refused action is audited.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import { appendAuditNow } from './audit-log.ts';
import type { Actor } from './operators.ts';
import { type BackofficeAction, mayDo } from './permissions.ts';
import { ipAllowed, readSettings, resolveSession, type SignedInOperator } from './sessions.ts';

export const BACKOFFICE_COOKIE = 'parlay_backoffice';
export const BACKOFFICE_COOKIE_PATH = '/backoffice-api';

export interface GuardContext {
  db: Kysely<Database>;
  clock: Clock;
  /** Cookies carry Secure everywhere but in development (plain http on a developer's machine). */
  secureCookies: boolean;
}

export function tokenOf(request: FastifyRequest): string | null {
  return request.cookies?.[BACKOFFICE_COOKIE] ?? null;
}

export function setSessionCookie(ctx: GuardContext, reply: FastifyReply, token: string): void {
  reply.setCookie(BACKOFFICE_COOKIE, token, {
    path: BACKOFFICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.secureCookies,
  });
}

export function clearSessionCookie(ctx: GuardContext, reply: FastifyReply): void {
  reply.clearCookie(BACKOFFICE_COOKIE, {
    path: BACKOFFICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.secureCookies,
  });
}

export function originOf(request: FastifyRequest) {
  return { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') };
}

export function actorOf(operator: SignedInOperator, request: FastifyRequest): Actor {
  return { operatorId: operator.operatorId, login: operator.login, ip: request.ip };
}

/** Refuses addresses outside the allow-list (sign-in included). */
export async function assertAddressAllowed(ctx: GuardContext, request: FastifyRequest) {
  const settings = await readSettings(ctx.db);
  if (!ipAllowed(request.ip, settings.ipAllowList)) throw new AppError('BACKOFFICE_IP_NOT_ALLOWED');
  return settings;
}

/** The signed-in operator allowed to do `action`; 401, 403 (audited) or the allow-list's 403 otherwise. */
export async function requireOperator(
  ctx: GuardContext,
  request: FastifyRequest,
  action: BackofficeAction,
): Promise<SignedInOperator> {
  const settings = await assertAddressAllowed(ctx, request);
  const operator = await resolveSession(ctx.db, ctx.clock, tokenOf(request), settings);
  if (!operator) throw new AppError('BACKOFFICE_NOT_SIGNED_IN');
  if (!mayDo(operator.role, action)) {
    await appendAuditNow(ctx.db, ctx.clock.now(), {
      operatorId: operator.operatorId,
      operatorLogin: operator.login,
      action,
      target: `${request.method} ${request.routeOptions.url ?? request.url}`.slice(0, 200),
      outcome: 'forbidden',
      details: { role: operator.role },
      ip: request.ip,
    });
    throw new AppError('BACKOFFICE_FORBIDDEN', undefined, { action });
  }
  return operator;
}
