/**
 * Auth module. For now only the session status the shell's guards read on every navigation; there
 * are no accounts yet, so every visitor is a guest. The accounts issue adds registration, login and
 * tokens behind this same answer.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../platform/module.ts';

export const SessionStatusSchema = Type.Object({
  userId: Type.Union([Type.Integer(), Type.Null()]),
  banLevel: Type.Integer({ minimum: 0 }),
  banVersion: Type.Integer({ minimum: 0 }),
  isTermsChanged: Type.Boolean(),
  termsUpdatedAt: Type.Union([Type.String(), Type.Null()]),
});

export async function authModule(app: FastifyInstance, _deps: ModuleDeps): Promise<void> {
  app.get(
    '/web-api/auth/v1/session',
    {
      schema: {
        tags: ['auth'],
        summary: 'Session status',
        description:
          'Who the visitor is, for route guards: userId (null for guests), ban level and version, and whether changed terms await confirmation.',
        response: { 200: SessionStatusSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { userId: null, banLevel: 0, banVersion: 1, isTermsChanged: false, termsUpdatedAt: null };
    },
  );
}
