/**
 * HTTP behaviour shared by every module: one error renderer over the error catalogue, the JSON 404,
 * request metrics and Retry-After on 429 (security headers: security-headers.ts).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorCode } from './errors.ts';
import { installInputGuard } from './input-guard.ts';
import type { Metrics } from './metrics.ts';

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'BODY_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION_FAILED',
  FST_ERR_VALIDATION: 'VALIDATION_FAILED',
  FST_ERR_ROUTE_MISSING_CONTENT_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_ROUTE_MISSING_CONTENT: 'MALFORMED_BODY',
  FST_ERR_BAD_URL: 'MALFORMED_URL',
  FST_ERR_INVALID_URL: 'MALFORMED_URL',
  FST_ERR_MAX_PARAM_LENGTH: 'URL_TOO_LONG',
  FST_ERR_NOT_FOUND: 'ROUTE_NOT_FOUND',
  // @fastify/compress reading a compressed request body.
  FST_CP_ERR_INVALID_CONTENT: 'MALFORMED_BODY',
  FST_CP_ERR_INVALID_CONTENT_ENCODING: 'UNSUPPORTED_MEDIA_TYPE',
};

/** A client error some library raised without a code of ours: its status picks one. */
const CLIENT_ERRORS_BY_STATUS: Record<number, ErrorCode> = {
  404: 'ROUTE_NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'BODY_TOO_LARGE',
  414: 'URL_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

/** Maps anything thrown in a handler to an AppError from the catalogue. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const fastifyError = error as Partial<FastifyError> & { validation?: unknown[] };
  if (fastifyError.validation) {
    const details = fastifyError.validation.map((v) => {
      const item = v as { instancePath?: string; message?: string; params?: Record<string, unknown> };
      const missing = item.params?.missingProperty;
      const where = `${fastifyError.validationContext ?? 'body'}${item.instancePath ?? ''}${missing ? `/${String(missing)}` : ''}`;
      return { field: where, message: item.message ?? 'invalid' };
    });
    return new AppError(
      'VALIDATION_FAILED',
      details.map((d) => `${d.field}: ${d.message}`).join('; '),
      details,
    );
  }
  const mapped = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (mapped) return new AppError(mapped);
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) return new AppError('MALFORMED_JSON');
  const status = fastifyError.statusCode ?? 500;
  // Whatever a library says is the client's fault is a 4xx with a code of ours, never a 500.
  if (status >= 400 && status < 500)
    return new AppError(CLIENT_ERRORS_BY_STATUS[status] ?? 'VALIDATION_FAILED');
  return new AppError('INTERNAL');
}

/** Fastify's router errors (a bad percent-escape, a parameter past its length) in the one error shape. */
export function renderFrameworkError(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  const appError = toAppError(error);
  request.log.info({ code: appError.code }, appError.message);
  reply.status(appError.status).type('application/json; charset=utf-8').send(appError.toBody());
}

/** The wait a 429 names when its limit does not know its own. */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** details.retryAfterSeconds of a RATE_LIMITED error (whole seconds, at least 1), else the default. */
function retryAfterSeconds(details: unknown): number {
  const given = (details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  return typeof given === 'number' && Number.isFinite(given) && given > 0
    ? Math.ceil(given)
    : DEFAULT_RETRY_AFTER_SECONDS;
}

export function installHttpBehaviour(app: FastifyInstance, metrics: Metrics): void {
  installInputGuard(app);
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: appError.code }, appError.message);
    if (appError.status === 429) reply.header('retry-after', String(retryAfterSeconds(appError.details)));
    return reply.status(appError.status).type('application/json; charset=utf-8').send(appError.toBody());
  });

  app.setNotFoundHandler((request, reply) => {
    const body = new AppError(
      'ROUTE_NOT_FOUND',
      `No route ${request.method} ${request.url.split('?')[0]}`,
    ).toBody();
    return reply.status(404).send(body);
  });

  app.addHook('onSend', async (_request, reply, payload) => {
    // Every 429 says when to come back, also one a route sent itself.
    if (reply.statusCode === 429 && !reply.hasHeader('retry-after')) {
      reply.header('retry-after', String(DEFAULT_RETRY_AFTER_SECONDS));
    }
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpRequests.inc({ method: request.method, route, status: String(reply.statusCode) });
    metrics.httpDuration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });
}
