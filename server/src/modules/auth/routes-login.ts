/** Sign-in routes: every login method of site-shell §3 and the SMS code sender. */
import { Type } from '@sinclair/typebox';
import { Int32Id } from '../../platform/request-schemas.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import type { AuthContext } from './auth-context.ts';
import { callerOf, rejectUnknownFields } from './http-request.ts';
import { answerSettingCookie, requireUser } from './http-session.ts';
import { requireFingerprintCheck } from './routes-fingerprint.ts';
import {
  CAPTCHA_NOTE,
  Lang,
  OneTimeCode,
  Password,
  PhoneCode,
  PhoneNumber,
  Remember,
  SignInAnswerSchema,
  strict,
} from './schemas.ts';
import { sendSmsCode } from './send-sms-code.ts';
import { signInSecondStep } from './sign-in-second-step.ts';
import { signInWithLogin } from './sign-in-with-login.ts';
import { signInWithPhone } from './sign-in-with-phone.ts';
import { signInWithSmsCode } from './sign-in-with-sms-code.ts';
import { signInWithToken } from './sign-in-with-token.ts';
import { issueTokenLink, TOKEN_LOGIN_METHODS, TOKEN_LOGIN_TTL_SECONDS } from './token-login.ts';

const PREFIX = '/web-api/auth/v1';
const tags = ['auth'];
const MethodId = Type.Union(
  TOKEN_LOGIN_METHODS.map((m) => Type.Literal(m)),
  {
    description: '1: QR code from the office; 2: link from the mobile app',
  },
);

export async function loginRoutes(app: RoutesApp, ctx: AuthContext): Promise<void> {
  app.addHook('preValidation', rejectUnknownFields);
  requireFingerprintCheck(app, ctx);
  app.post(
    `${PREFIX}/login`,
    {
      schema: {
        tags,
        summary: 'Sign in with login and password',
        description: `login is an e-mail or a ten-digit account number. Unknown account and wrong password answer the same 400 INVALID_CREDENTIALS. With two-step on, answers result two_step_required and a twoStepToken for /login/two-step.${CAPTCHA_NOTE}`,
        body: Type.Object(
          { login: Type.String({ minLength: 1, maxLength: 254 }), password: Password, remember: Remember },
          strict,
        ),
        response: { 200: SignInAnswerSchema },
      },
    },
    async (request, reply) =>
      answerSettingCookie(request, reply, await signInWithLogin(ctx, callerOf(request), request.body)),
  );

  app.post(
    `${PREFIX}/login/phone`,
    {
      schema: {
        tags,
        summary: 'Sign in with phone and password',
        description: `Like /login, with the phone (country calling code and national number) as the login.${CAPTCHA_NOTE}`,
        body: Type.Object(
          { phoneCode: PhoneCode, phoneNumber: PhoneNumber, password: Password, remember: Remember },
          strict,
        ),
        response: { 200: SignInAnswerSchema },
      },
    },
    async (request, reply) =>
      answerSettingCookie(request, reply, await signInWithPhone(ctx, callerOf(request), request.body)),
  );

  app.post(
    `${PREFIX}/sms/send`,
    {
      schema: {
        tags,
        summary: 'Send an SMS code',
        description:
          'Sends a six-digit code for SMS sign-in (purpose login; only phones with an account get one, the answer is the same) or phone registration. One SMS a minute and five an hour per phone: 429 RATE_LIMITED beyond.',
        body: Type.Object(
          {
            phoneCode: PhoneCode,
            phoneNumber: PhoneNumber,
            purpose: Type.Union([Type.Literal('login'), Type.Literal('registration')]),
          },
          strict,
        ),
        response: { 200: Type.Object({ result: Type.Boolean(), resendAfterSeconds: Type.Integer() }) },
      },
    },
    async (request) => sendSmsCode(ctx, callerOf(request), request.body),
  );

  app.post(
    `${PREFIX}/login/sms`,
    {
      schema: {
        tags,
        summary: 'Sign in with an SMS code',
        description: `The code sent by /sms/send (purpose login). 400 WRONG_CODE, CODE_TIME_UP or CODE_ATTEMPTS_EXCEEDED.${CAPTCHA_NOTE}`,
        body: Type.Object(
          { phoneCode: PhoneCode, phoneNumber: PhoneNumber, code: OneTimeCode, remember: Remember },
          strict,
        ),
        response: { 200: SignInAnswerSchema },
      },
    },
    async (request, reply) =>
      answerSettingCookie(request, reply, await signInWithSmsCode(ctx, callerOf(request), request.body)),
  );

  app.post(
    `${PREFIX}/login/two-step`,
    {
      schema: {
        tags,
        summary: 'Second sign-in step',
        description: `Answers the twoStepToken of a first step with the authenticator's six-digit code or a backup code (each works once). 400 TWO_STEP_INVALID.${CAPTCHA_NOTE}`,
        body: Type.Object(
          {
            twoStepToken: Type.String({ minLength: 10, maxLength: 2000 }),
            code: Type.String({ minLength: 6, maxLength: 12 }),
          },
          strict,
        ),
        response: { 200: SignInAnswerSchema },
      },
    },
    async (request, reply) =>
      answerSettingCookie(request, reply, await signInSecondStep(ctx, callerOf(request), request.body)),
  );

  app.get(
    `${PREFIX}/login-token`,
    {
      schema: {
        tags,
        summary: 'Make a sign-in link',
        description: `For the signed-in user: methodId, userId, time and sign for /login/token on another device (QR login). Valid ${TOKEN_LOGIN_TTL_SECONDS} s, once. sign = base64url(HMAC-SHA256(server key, "methodId.userId.time")).`,
        querystring: Type.Object({ methodId: Type.Optional(MethodId) }),
        response: {
          200: Type.Object({
            methodId: Type.Integer(),
            userId: Type.Integer(),
            time: Type.Integer(),
            sign: Type.String(),
            expiresAt: Type.String(),
          }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = await requireUser(ctx.auth, request);
      const { methodId } = request.query;
      const link = await issueTokenLink(ctx.auth.keys, ctx.clock, methodId ?? 1, user.userId);
      return { ...link, expiresAt: new Date((link.time + TOKEN_LOGIN_TTL_SECONDS) * 1000).toISOString() };
    },
  );

  app.post(
    `${PREFIX}/login/token`,
    {
      schema: {
        tags,
        summary: 'Sign in with a link',
        description:
          'Signs in with a link made by /login-token (method id, user id, time, sign) and answers where to go in the chosen language. 400 TOKEN_LOGIN_INVALID when forged, expired or already used.',
        body: Type.Object(
          {
            methodId: MethodId,
            userId: Int32Id(),
            time: Type.Integer({ minimum: 0 }),
            sign: Type.String({ minLength: 10, maxLength: 200 }),
            lang: Lang,
          },
          strict,
        ),
        response: {
          200: Type.Object({
            result: Type.Literal('ok'),
            userId: Type.Integer(),
            redirectUrl: Type.String(),
          }),
        },
      },
    },
    async (request, reply) =>
      answerSettingCookie(request, reply, await signInWithToken(ctx, callerOf(request), request.body)),
  );
}
