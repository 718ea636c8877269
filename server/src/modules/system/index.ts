/** Liveness, readiness and metrics for operators and orchestrators. */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { AppError } from '../../platform/errors.ts';
import type { ModuleDeps } from '../../platform/module.ts';

const READY_TIMEOUT_MS = 2000;

export async function systemModule(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness',
        description: 'Answers 200 while the process serves requests.',
        response: { 200: Type.Object({ status: Type.Literal('ok'), roles: Type.Array(Type.String()) }) },
      },
    },
    async () => ({ status: 'ok' as const, roles: deps.config.roles }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness',
        description: 'Answers 200 when the database answers; 503 NOT_READY otherwise.',
        response: { 200: Type.Object({ status: Type.Literal('ready'), database: Type.String() }) },
      },
    },
    async () => {
      try {
        await withTimeout(sql`select 1`.execute(deps.db.db), READY_TIMEOUT_MS);
      } catch (err) {
        throw new AppError('NOT_READY', `database not ready: ${(err as Error).message}`);
      }
      return { status: 'ready' as const, database: deps.db.kind };
    },
  );

  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    const body = await deps.metrics.registry.metrics();
    return reply.type(deps.metrics.registry.contentType).send(body);
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
