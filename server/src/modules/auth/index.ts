/**
 * Auth module: who the visitor is. Registration (fast, phone, full, social), every sign-in method
 * (login or phone with password, SMS code, two-step TOTP, token link, OpenID Connect social sign-in),
 * sessions in the user_token cookie, terms re-confirmation, password recovery, the user config and
 * global settings of signed-in users, and the development identity provider.
 *
 * For other modules (front door):
 *   - getSessionUser(request): Promise<SessionUser | null>, the signed-in user or null;
 *   - requireUser(request, options?): Promise<SessionUser>, throws 401 NOT_AUTHENTICATED, and 451
 *     TERMS_NOT_CONFIRMED (details.exception_code 1) for POST/PUT/PATCH/DELETE while changed terms
 *     await confirmation;
 *   - requireUserHook: the same as a Fastify preHandler; calling requireUser(request) again in the
 *     handler costs nothing, the answer is kept per request;
 *   - deferSession(request): Promise<DeferredSession>, the session checked later inside the statement
 *     that uses it (deferred-session.ts, SQL auth_session_check of migration 0355): the token's
 *     signature and expiry now (401 otherwise), the user only from the statement's verdict;
 *   - signOut(request, reply): ends the request's session and clears its cookie;
 *   - forgetSessionUser(request): forget the user resolved for the request, after its session changed.
 *
 * Errors: NOT_AUTHENTICATED, TERMS_NOT_CONFIRMED, INVALID_CREDENTIALS, TWO_STEP_*, REAUTH_REQUIRED,
 * REGISTRATION_DISABLED, REGISTRATION_TYPE_DISABLED, EMAIL_TAKEN, PHONE_TAKEN, PASSWORD_TOO_SHORT,
 * PASSWORD_TOO_LONG, UNDERAGE, WRONG_CODE, CODE_TIME_UP, CODE_ATTEMPTS_EXCEEDED, CAPTCHA_REQUIRED,
 * TOKEN_LOGIN_INVALID, SOCIAL_PROVIDER_UNKNOWN, SOCIAL_TOKEN_INVALID, SESSION_NOT_FOUND,
 * SIGN_IN_INTERRUPTED (the user's sessions were ended while signing in), FINGERPRINT_INVALID,
 * RATE_LIMITED, VALIDATION_FAILED; QR login (qr-login.ts): QR_LOGIN_NOT_FOUND, QR_LOGIN_EXPIRED, QR_LOGIN_USED.
 */

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasRole } from '../../platform/config.ts';
import type { ModuleDeps } from '../../platform/module.ts';
import type { SiteConfigService } from '../config/index.ts';
import { createAuthContext } from './auth-context.ts';
import { AuthService, type RequireUserOptions, type SessionUser } from './auth-service.ts';
import type { DeferredSession } from './deferred-session.ts';
import { DevIdp, devIssuer, isDevIdpEnabled } from './dev-idp.ts';
import * as httpSession from './http-session.ts';
import { qrLoginRoutes } from './qr-login-routes.ts';
import { activationRoutes } from './routes-activation.ts';
import { devIdpRoutes } from './routes-dev-idp.ts';
import { fingerprintRoutes } from './routes-fingerprint.ts';
import { loginRoutes } from './routes-login.ts';
import { phoneRoutes } from './routes-phone.ts';
import { registrationRoutes } from './routes-registration.ts';
import { securityRoutes } from './routes-security.ts';
import { SessionStatusSchema, sessionRoutes } from './routes-session.ts';
import { socialRoutes } from './routes-social.ts';
import { userRoutes } from './routes-user.ts';
import { ServerKeys } from './server-keys.ts';
import { SessionStore } from './session-store.ts';
import { TermsService } from './terms.ts';

export type { RequireUserOptions, SessionUser } from './auth-service.ts';
export { AuthService } from './auth-service.ts';
export type { CheckedUser, DeferredSession, SessionCheckArgs, SessionVerdict } from './deferred-session.ts';
export { DEV_CLIENT_ID, DEV_IDENTITIES, DEV_PROVIDER } from './dev-idp.ts';
export { SESSION_COOKIE } from './http-session.ts';
export { ServerKeys } from './server-keys.ts';
export { TermsService } from './terms.ts';
/** TOTP for other two-step sign-ins (the back office's operators). */
export { hotp, newTotpSecret, otpauthUri, totp, totpStep } from './totp.ts';
export { SessionStatusSchema };

const AUTH_SERVICE = Symbol.for('parlay.auth');

/** Builds the auth service the app shares between modules. */
export function createAuthService(deps: ModuleDeps, siteConfig: SiteConfigService): AuthService {
  const db = deps.db.db;
  const keys = new ServerKeys(db, deps.config.authSecret);
  const sessions = new SessionStore(db, deps.clock, keys, {
    tokenTtlSeconds: deps.config.authTokenTtlSeconds,
    rememberDays: deps.config.authRememberDays,
  });
  return new AuthService(db, deps.clock, sessions, new TermsService(db, deps.clock), siteConfig, keys);
}

/** Makes the service reachable from every module's requests; call on the root app before modules. */
export function provideAuth(app: FastifyInstance, auth: AuthService): void {
  app.decorate(AUTH_SERVICE, auth);
}

function authOf(request: FastifyRequest): AuthService {
  const auth = (request.server as unknown as Record<symbol, AuthService | undefined>)[AUTH_SERVICE];
  if (!auth) throw new Error('the auth service is not provided (provideAuth in app.ts, api role)');
  return auth;
}

/** The signed-in user of the request, or null for a guest (or an expired or revoked session). */
export function getSessionUser(request: FastifyRequest): Promise<SessionUser | null> {
  return httpSession.getSessionUser(authOf(request), request);
}

/**
 * The signed-in user of the request. Throws 401 NOT_AUTHENTICATED for guests, and 451
 * TERMS_NOT_CONFIRMED for state-changing methods while changed terms await confirmation.
 * @example const { userId } = await requireUser(request);
 */
export function requireUser(request: FastifyRequest, options?: RequireUserOptions): Promise<SessionUser> {
  return httpSession.requireUser(authOf(request), request, options);
}

/** requireUser as a Fastify preHandler: `app.post(path, { preHandler: requireUserHook }, handler)`. */
export async function requireUserHook(request: FastifyRequest): Promise<void> {
  await requireUser(request);
}

/**
 * The request's session, to be checked by the statement that uses it (auth_session_check, migration
 * 0355): 401 NOT_AUTHENTICATED at once for no token, a forged or an expired one. The user comes
 * from `admit(verdict)` or `require()` only (deferred-session.ts).
 */
export function deferSession(request: FastifyRequest): Promise<DeferredSession> {
  return httpSession.deferSession(authOf(request), request);
}

/** Ends the request's session (if any) and clears its cookie, e.g. when a player asks to log out. */
export function signOut(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  return httpSession.signOut(authOf(request), request, reply);
}

/** Forgets the user resolved for the request, after its session changed (e.g. a self-exclusion ended it). */
export function forgetSessionUser(request: FastifyRequest): void {
  httpSession.forgetSessionUser(request);
}

/** Expired counters, captcha challenges and single-use values are swept this often. */
const SWEEP_INTERVAL_MS = 10 * 60_000;

export async function authModule(
  app: FastifyInstance,
  options: { deps: ModuleDeps; siteConfig: SiteConfigService; auth: AuthService },
): Promise<void> {
  const { deps, siteConfig, auth } = options;
  const ctx = createAuthContext(deps, auth, siteConfig);
  // Load the shared secret now: later it is needed inside transactions, and PGlite has one connection.
  await auth.keys.key('session-token');
  await auth.keys.key('device-fingerprint');
  const devIdp = isDevIdpEnabled(deps.config)
    ? new DevIdp(auth.keys, deps.clock, devIssuer(deps.config))
    : null;
  await app.register(sessionRoutes, { deps, auth });
  await app.register(loginRoutes, ctx);
  await app.register(registrationRoutes, ctx);
  await app.register(securityRoutes, ctx);
  await app.register(userRoutes, ctx);
  await app.register(activationRoutes, ctx);
  await app.register(fingerprintRoutes, ctx);
  await app.register(phoneRoutes);
  await app.register(qrLoginRoutes, ctx);
  await app.register(socialRoutes, { ctx, devIdp });
  if (devIdp)
    await app.register(devIdpRoutes, { db: ctx.db, clock: deps.clock, config: deps.config, idp: devIdp });

  if (hasRole(deps.config, 'workers')) {
    const sweep = async () => {
      try {
        await ctx.guard.sweep();
        await ctx.captcha.sweep();
        await ctx.db.deleteFrom('auth_nonces').where('expires_at', '<', deps.clock.now()).execute();
      } catch (err) {
        app.log.warn({ err }, 'auth sweep failed');
      }
    };
    const timer = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
}
