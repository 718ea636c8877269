/**
 * Captcha module: the self-hosted captcha service under /captcha-api/v1 — GET update (a new image
 * challenge), GET gettime (a new proof-of-work challenge with the server time), POST validate
 * (check an answer: success, type, time, error_message). Protected calls (login, registration,
 * recovery) that answer 400 CAPTCHA_REQUIRED with details.errorCode 100, 111, 112 or 113 are retried
 * with the header `x-captcha: <id>:<answer>` (domain/auth/attempt-policy.ts defines the codes).
 */
import { Type } from '@sinclair/typebox';
import type { ModuleDeps } from '../../platform/module.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import { CaptchaService } from './captcha-service.ts';
import { devCaptchaRoutes } from './dev-answer-route.ts';

export {
  CAPTCHA_HEADER,
  CaptchaService,
  captchaError,
  type ImageChallenge,
  type PowChallenge,
  solvePow,
} from './captcha-service.ts';

const PREFIX = '/captcha-api/v1';
const tags = ['captcha'];

export async function captchaModule(app: RoutesApp, deps: ModuleDeps): Promise<void> {
  const captcha = new CaptchaService(deps.db.db, deps.clock, deps.config.captchaPowBits);
  if (deps.config.devTools) await app.register(devCaptchaRoutes, { captcha });

  app.get(
    `${PREFIX}/update`,
    {
      schema: {
        tags,
        summary: 'New image captcha',
        description:
          'A new image challenge: an SVG showing a small sum; answer with the number. Valid 5 minutes, 3 tries.',
        response: {
          200: Type.Object({
            id: Type.String(),
            type: Type.Literal('image'),
            image: Type.String({ description: 'SVG document' }),
            expiresAt: Type.String(),
          }),
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return captcha.createImage();
    },
  );

  app.get(
    `${PREFIX}/gettime`,
    {
      schema: {
        tags,
        summary: 'New proof-of-work (time) captcha',
        description:
          'A new proof-of-work challenge and the server time: find a nonce (digits or letters) such that SHA-256 of "challenge:nonce" starts with `bits` zero bits; answer with the nonce.',
        response: {
          200: Type.Object({
            id: Type.String(),
            type: Type.Literal('pow'),
            challenge: Type.String(),
            bits: Type.Integer(),
            time: Type.Integer({ description: 'Server time, ms since the epoch' }),
            expiresAt: Type.String(),
          }),
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return captcha.createPow();
    },
  );

  app.post(
    `${PREFIX}/validate`,
    {
      schema: {
        tags,
        summary: 'Check a captcha answer',
        description:
          'Checks an answer without using the challenge up: on success retry the protected call with `x-captcha: <id>:<answer>`. A wrong answer counts as one of 3 tries.',
        body: Type.Object(
          {
            id: Type.String({ minLength: 1, maxLength: 64 }),
            answer: Type.String({ minLength: 1, maxLength: 64 }),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            success: Type.Boolean(),
            type: Type.Union([Type.Literal('image'), Type.Literal('pow'), Type.Null()]),
            time: Type.Integer(),
            error_message: Type.Union([Type.String(), Type.Null()]),
          }),
        },
      },
    },
    async (request) => {
      const { id, answer } = request.body;
      return captcha.validate(id, answer);
    },
  );
}
