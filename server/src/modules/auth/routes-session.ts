/**
 * Session routes: status for the shell's guards, the token the browser renews, logout, the list of
 * sessions and revoking them, and terms re-confirmation.
 */
import { Type } from '@sinclair/typebox';
import { AppError } from '../../platform/errors.ts';
import type { ModuleDeps } from '../../platform/module.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import type { AuthService } from './auth-service.ts';
import {
  forgetSessionUser,
  getRefreshableUser,
  getSessionUser,
  refreshSessionToken,
  requireUser,
  signOut,
} from './http-session.ts';

export const SessionStatusSchema = Type.Object({
  userId: Type.Union([Type.Integer(), Type.Null()]),
  banLevel: Type.Integer({ minimum: 0 }),
  banVersion: Type.Integer({ minimum: 0 }),
  isTermsChanged: Type.Boolean(),
  termsUpdatedAt: Type.Union([Type.String(), Type.Null()]),
});

const SessionSchema = Type.Object({
  id: Type.String(),
  method: Type.String({
    description: 'How the session was opened: password, phone, sms, two_step, token, social, registration',
  }),
  userAgent: Type.String(),
  ip: Type.String(),
  createdAt: Type.String(),
  lastSeenAt: Type.String(),
  expiresAt: Type.String(),
  isCurrent: Type.Boolean(),
});

const Ok = Type.Object({ result: Type.Boolean() });
const tags = ['auth'];

export async function sessionRoutes(
  app: RoutesApp,
  options: { deps: ModuleDeps; auth: AuthService },
): Promise<void> {
  const { auth } = options;

  app.get(
    '/web-api/auth/v1/session',
    {
      schema: {
        tags,
        summary: 'Session status',
        description:
          'Who the visitor is, for route guards: userId (null for guests), ban level and version, and whether changed terms await confirmation. An expired token of a live session still counts (the browser renews it).',
        response: { 200: SessionStatusSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = await getRefreshableUser(auth, request);
      if (!user) {
        return { userId: null, banLevel: 0, banVersion: 1, isTermsChanged: false, termsUpdatedAt: null };
      }
      return {
        userId: user.userId,
        banLevel: user.banLevel,
        banVersion: user.banVersion,
        isTermsChanged: user.isTermsChanged,
        termsUpdatedAt: user.termsUpdatedAt,
      };
    },
  );

  app.get(
    '/web-api/session',
    {
      schema: {
        tags,
        summary: 'Session check',
        description:
          'The user session (coupon-accounts §7): user_id of the signed-in user, or null; never cached.',
        response: {
          200: Type.Object({
            user_id: Type.Union([Type.Integer(), Type.Null()]),
            expiresAt: Type.Union([Type.String(), Type.Null()]),
          }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = await getSessionUser(auth, request);
      return { user_id: user?.userId ?? null, expiresAt: user?.sessionExpiresAt.toISOString() ?? null };
    },
  );

  app.get(
    '/web-api/user/gettoken',
    {
      schema: {
        tags,
        summary: 'Session token',
        description:
          'The token of the current session (data.token) and when it expires. force_refresh=true issues a new one; an expired token of a live session is renewed. Also sets the user_token cookie. 401 NOT_AUTHENTICATED when the session ended.',
        querystring: Type.Object({ force_refresh: Type.Optional(Type.Boolean()) }),
        response: {
          200: Type.Object({ data: Type.Object({ token: Type.String(), expiresAt: Type.String() }) }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { force_refresh: force } = request.query;
      const issued = await refreshSessionToken(auth, request, reply, force === true);
      if (!issued) throw new AppError('NOT_AUTHENTICATED');
      return { data: { token: issued.token, expiresAt: new Date(issued.expiresAtMs).toISOString() } };
    },
  );

  app.post(
    '/web-api/auth/v1/disconnect',
    {
      schema: {
        tags,
        summary: 'Log out',
        description:
          'Ends the current session and clears the user_token cookie. Answers the same for guests.',
        response: { 200: Ok },
      },
    },
    async (request, reply) => {
      await signOut(auth, request, reply);
      return { result: true };
    },
  );

  app.get(
    '/web-api/auth/v1/sessions',
    {
      schema: {
        tags,
        summary: 'Open sessions',
        description: 'Every live session of the signed-in user, most recently used first (at most 100).',
        response: { 200: Type.Object({ data: Type.Array(SessionSchema) }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = await requireUser(auth, request);
      return { data: await auth.sessions.list(user.userId, user.sessionId) };
    },
  );

  app.delete(
    '/web-api/auth/v1/sessions/:sessionId',
    {
      schema: {
        tags,
        summary: 'End a session',
        description:
          'Ends one session of the signed-in user (ending the current one logs out). 404 SESSION_NOT_FOUND for a session that is not theirs or already ended.',
        params: Type.Object({ sessionId: Type.String({ minLength: 16, maxLength: 64 }) }),
        response: { 200: Ok },
      },
    },
    async (request, reply) => {
      const user = await requireUser(auth, request, { allowUnconfirmedTerms: true });
      const { sessionId } = request.params;
      const open = await auth.sessions.list(user.userId, user.sessionId);
      if (!open.some((s) => s.id === sessionId)) throw new AppError('SESSION_NOT_FOUND');
      if (sessionId === user.sessionId) await signOut(auth, request, reply);
      else await auth.sessions.revoke(sessionId, 'revoked_by_user');
      return { result: true };
    },
  );

  app.post(
    '/web-api/auth/v1/sessions/end-others',
    {
      schema: {
        tags,
        summary: 'End every other session',
        description:
          'Ends all sessions of the signed-in user except the current one; answers how many ended.',
        response: { 200: Type.Object({ result: Type.Boolean(), ended: Type.Integer() }) },
      },
    },
    async (request) => {
      const user = await requireUser(auth, request, { allowUnconfirmedTerms: true });
      const ended = await auth.sessions.revokeAllExcept(user.userId, user.sessionId, 'revoked_by_user');
      return { result: true, ended };
    },
  );

  app.get(
    '/web-api/api-v3/v2/user/agreement-rules/status',
    {
      schema: {
        tags,
        summary: 'Terms status',
        description:
          'result: whether the terms changed since the signed-in user accepted them (false for guests or when confirmation is off); updatedAt: when the current terms were published.',
        response: {
          200: Type.Object({ result: Type.Boolean(), updatedAt: Type.Union([Type.String(), Type.Null()]) }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = await getSessionUser(auth, request);
      const latest = await auth.terms.latest();
      return { result: user?.isTermsChanged ?? false, updatedAt: latest?.toISOString() ?? null };
    },
  );

  app.post(
    '/web-api/api-v3/v2/user/agreement-rules/confirm',
    {
      schema: {
        tags,
        summary: 'Confirm the terms',
        description: 'The signed-in user accepts the current terms; state-changing calls work again.',
        response: { 200: Ok },
      },
    },
    async (request) => {
      const user = await requireUser(auth, request, { allowUnconfirmedTerms: true });
      await auth.terms.accept(user.userId);
      forgetSessionUser(request);
      return { result: true };
    },
  );
}
