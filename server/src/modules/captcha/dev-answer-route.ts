/**
 * Development tool (DEV_TOOLS=on, clients on this machine only): GET /dev/captcha?id=… answers the
 * sum an image challenge shows, so the end-to-end journeys and tests pass the image captcha without
 * reading pictures. It shows nothing a person at that machine could not read off the image.
 */
import { Type } from '@sinclair/typebox';
import { serveToLocalClientsOnly } from '../../platform/dev-tools.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import type { CaptchaService } from './captcha-service.ts';

export async function devCaptchaRoutes(
  app: RoutesApp,
  { captcha }: { captcha: CaptchaService },
): Promise<void> {
  serveToLocalClientsOnly(app);
  app.get(
    '/dev/captcha',
    {
      schema: {
        tags: ['development'],
        summary: 'Development: the answer of an image captcha',
        description:
          'The sum an open image challenge shows, or null for an unknown, used or expired one. Only with DEV_TOOLS=on, only to clients on this machine.',
        querystring: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: { 200: Type.Object({ answer: Type.Union([Type.Integer(), Type.Null()]) }) },
      },
    },
    async (request, reply) => {
      const { id } = request.query;
      reply.header('cache-control', 'no-store');
      return { answer: await captcha.imageAnswer(id) };
    },
  );
}
