/**
 * Liveness, readiness and metrics for operators and orchestrators. /metrics is not public (it names
 * every route and its traffic): clients on this machine read it, a scraper elsewhere shows
 * METRICS_TOKEN as a bearer token, anyone else gets the ordinary 404.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { AppError } from '../../platform/errors.ts';
import { isLocalClient } from '../../platform/local-client.ts';
import type { ModuleDeps } from '../../platform/module.ts';

const READY_TIMEOUT_MS = 2000;

export async function systemModule(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness',
        description:
          'Answers 200 while the process serves requests. A workers process also names the singleton job groups it leads (true) or follows (false).',
        response: {
          200: Type.Object({
            status: Type.Literal('ok'),
            roles: Type.Array(Type.String()),
            leadership: Type.Optional(Type.Record(Type.String(), Type.Boolean())),
          }),
        },
      },
    },
    async () => ({
      status: 'ok' as const,
      roles: deps.config.roles,
      ...(deps.leadership ? { leadership: deps.leadership.held() } : {}),
    }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness',
        description: 'Answers 200 when the database answers; 503 NOT_READY otherwise.',
        response: {
          200: Type.Object({
            status: Type.Literal('ready'),
            database: Type.String(),
            leadership: Type.Optional(Type.Record(Type.String(), Type.Boolean())),
          }),
        },
      },
    },
    async () => {
      try {
        await withTimeout(sql`select 1`.execute(deps.db.db), READY_TIMEOUT_MS);
      } catch (err) {
        throw new AppError('NOT_READY', `database not ready: ${(err as Error).message}`);
      }
      return {
        status: 'ready' as const,
        database: deps.db.kind,
        ...(deps.leadership ? { leadership: deps.leadership.held() } : {}),
      };
    },
  );

  const mayScrape = metricsReaders(deps.config.metricsToken);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!mayScrape(request)) return reply.callNotFound();
    const body = await deps.metrics.registry.metrics();
    return reply.type(deps.metrics.registry.contentType).send(body);
  });
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Who may read /metrics: local clients, and whoever sends `Authorization: Bearer <token>`. */
function metricsReaders(token: string | null): (request: FastifyRequest) => boolean {
  const expected = token === null ? null : digest(token);
  return (request) => {
    if (isLocalClient(request)) return true;
    const given = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    // Digests have one length, so the comparison takes the same time whatever was sent.
    return expected !== null && given !== undefined && timingSafeEqual(digest(given), expected);
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
