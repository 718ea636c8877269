/**
 * QR login routes (qr-login.ts): POST /web-api/auth/v1/qr-login (guest desktop: a code and its poll
 * token), POST …/qr-login/approve (signed-in phone), POST …/qr-login/poll (desktop: waiting, or the
 * session cookie once approved). Errors QR_LOGIN_NOT_FOUND, QR_LOGIN_EXPIRED, QR_LOGIN_USED, RATE_LIMITED.
 */
import { Type } from '@sinclair/typebox';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import type { AuthContext } from './auth-context.ts';
import { callerOf } from './http-request.ts';
import { answerSettingCookie, requireUser } from './http-session.ts';
import { approveQrLogin, pollQrLogin, QR_LOGIN_TTL_SECONDS, startQrLogin } from './qr-login.ts';

const PREFIX = '/web-api/auth/v1/qr-login';
const tags = ['auth'];
const Code = Type.String({ minLength: 16, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

export async function qrLoginRoutes(app: RoutesApp, ctx: AuthContext): Promise<void> {
  app.post(
    PREFIX,
    {
      schema: {
        tags,
        summary: 'Start a QR login (desktop)',
        description: `A one-time code for the QR code (approval address /<lng>/office/qrlogin?code=…) and the poll token only this desktop knows. Valid ${QR_LOGIN_TTL_SECONDS} s.`,
        response: {
          200: Type.Object({
            code: Type.String(),
            pollToken: Type.String(),
            expiresAt: Type.String(),
            ttlSeconds: Type.Integer(),
          }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return startQrLogin(ctx, callerOf(request));
    },
  );

  app.post(
    `${PREFIX}/approve`,
    {
      schema: {
        tags,
        summary: 'Approve a QR login (signed-in phone)',
        description: 'Once per code: 409 QR_LOGIN_USED the second time, 410 QR_LOGIN_EXPIRED when late.',
        body: Type.Object({ code: Code }),
        response: { 200: Type.Object({ ok: Type.Boolean() }) },
      },
    },
    async (request) => {
      const user = await requireUser(ctx.auth, request);
      await approveQrLogin(ctx, callerOf(request), user.userId, request.body.code);
      return { ok: true };
    },
  );

  app.post(
    `${PREFIX}/poll`,
    {
      schema: {
        tags,
        summary: 'Is the QR login approved? (desktop)',
        description: 'state waiting, or signed_in with the session cookie set (once).',
        body: Type.Object({ code: Code, pollToken: Type.String({ minLength: 16, maxLength: 128 }) }),
        response: {
          200: Type.Object({
            state: Type.Union([Type.Literal('waiting'), Type.Literal('signed_in')]),
            expiresAt: Type.Optional(Type.String()),
            userId: Type.Optional(Type.Integer()),
          }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return answerSettingCookie(request, reply, await pollQrLogin(ctx, callerOf(request), request.body));
    },
  );
}
