/**
 * HTTP plumbing of sessions: the token a request carries (the user_token cookie, or an
 * Authorization: Bearer header), the user it names resolved once per request, and the cookie
 * written back or cleared. Routes and the module's front door (index.ts) use these; the use cases
 * answer a SessionCookie instead of writing to a reply.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  type AuthService,
  admitUser,
  type RequireUserOptions,
  type ResolvedSession,
  type SessionUser,
} from './auth-service.ts';
import type { DeferredSession } from './deferred-session.ts';
import type { AnswerWithCookie, SessionCookie } from './session-store.ts';

export const SESSION_COOKIE = 'user_token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * What each request's token names, asked at most once per request (a preHandler and its handler
 * both asking costs one lookup). A request belongs to one app, so to one AuthService.
 */
const resolved = new WeakMap<FastifyRequest, Promise<ResolvedSession | null>>();

/** The token a request carries: the user_token cookie, or an Authorization: Bearer header. */
export function tokenOf(request: FastifyRequest): string | null {
  const cookie = request.cookies?.[SESSION_COOKIE];
  if (cookie) return cookie;
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  return null;
}

function resolve(auth: AuthService, request: FastifyRequest): Promise<ResolvedSession | null> {
  let pending = resolved.get(request);
  if (!pending) {
    pending = auth.resolve(tokenOf(request));
    resolved.set(request, pending);
  }
  return pending;
}

/** The signed-in user, or null for a guest, an expired token or an ended session. */
export async function getSessionUser(
  auth: AuthService,
  request: FastifyRequest,
): Promise<SessionUser | null> {
  const session = await resolve(auth, request);
  return session?.isTokenValid ? session.user : null;
}

/** Like getSessionUser, but also accepts an expired token whose session is alive (for refresh). */
export async function getRefreshableUser(
  auth: AuthService,
  request: FastifyRequest,
): Promise<SessionUser | null> {
  return (await resolve(auth, request))?.user ?? null;
}

/**
 * The signed-in user; 401 NOT_AUTHENTICATED otherwise, and 451 TERMS_NOT_CONFIRMED
 * (details.exception_code 1) for a state-changing call while changed terms await confirmation.
 */
export async function requireUser(
  auth: AuthService,
  request: FastifyRequest,
  options: RequireUserOptions = {},
): Promise<SessionUser> {
  return admitUser(await getSessionUser(auth, request), !SAFE_METHODS.has(request.method), options);
}

/**
 * The request's session left for the statement that uses it to check (deferred-session.ts): 401
 * NOT_AUTHENTICATED now for no token, a forged or an expired one; `require()` is requireUser.
 */
export function deferSession(auth: AuthService, request: FastifyRequest): Promise<DeferredSession> {
  return auth.defer(tokenOf(request), () => requireUser(auth, request));
}

/** Forgets what was resolved for a request (after its session changed). */
export function forgetSessionUser(request: FastifyRequest): void {
  resolved.delete(request);
}

/** Ends the request's session (if any) and clears the cookie. */
export async function signOut(
  auth: AuthService,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  await auth.endSession(tokenOf(request));
  clearSessionCookie(request, reply);
  forgetSessionUser(request);
}

/** A token for the request's live session (null when it has none); sets the cookie when it is new. */
export async function refreshSessionToken(
  auth: AuthService,
  request: FastifyRequest,
  reply: FastifyReply,
  force: boolean,
): Promise<{ token: string; expiresAtMs: number } | null> {
  const session = await resolve(auth, request);
  if (!session) return null;
  const { token, expiresAtMs, cookie } = await auth.renewToken(session, tokenOf(request), force);
  if (cookie) setSessionCookie(request, reply, cookie);
  return { token, expiresAtMs };
}

/**
 * Sets the cookie: httpOnly, SameSite=Lax, Secure behind TLS; kept until the session ends when the
 * user asked to be remembered (maxAgeSeconds), otherwise until the browser closes.
 */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, cookie: SessionCookie): void {
  reply.setCookie(SESSION_COOKIE, cookie.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    ...(cookie.maxAgeSeconds === null ? {} : { maxAge: cookie.maxAgeSeconds }),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}

/** Sets the session cookie a use case opened (if it did) and answers its body. */
export function answerSettingCookie<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  outcome: AnswerWithCookie<T>,
): T {
  if (outcome.cookie) setSessionCookie(request, reply, outcome.cookie);
  return outcome.answer;
}
