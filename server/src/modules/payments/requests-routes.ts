/**
 * Routes of payment requests and of the mobile-cash list, for the signed-in player:
 * GET /web-api/payments/v1/request-topics, GET|POST /web-api/payments/v1/requests (Idempotency-Key),
 * GET /web-api/payments/v1/mobile-cash (mobile-cash payment entries of site-shell §3, newest first,
 * archive excluded unless asked).
 */
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { IdString } from '../../platform/request-schemas.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import { requireUser } from '../auth/index.ts';
import { MAX_MESSAGE_LENGTH, type PaymentRequest, type PaymentRequests } from './payment-requests.ts';
import type { PaymentsService } from './payments-service.ts';
import { MobileCashEntrySchema, mobileCashEntry } from './views.ts';

/** Mobile-cash entries older than this are the archive (left out unless archive=1). */
export const MOBILE_CASH_ARCHIVE_MS = 90 * 24 * 3_600_000;

const TopicSchema = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  direction: Type.Union([Type.String(), Type.Null()]),
  subtopics: Type.Array(Type.Object({ id: Type.Integer(), code: Type.String() })),
});
const RequestSchema = Type.Object({
  id: Type.String(),
  topicId: Type.Integer(),
  topicCode: Type.String(),
  subtopicId: Type.Union([Type.Integer(), Type.Null()]),
  subtopicCode: Type.Union([Type.String(), Type.Null()]),
  paymentId: Type.Union([Type.String(), Type.Null()]),
  message: Type.String(),
  state: Type.String(),
  createdAt: Type.String(),
});
const NewRequestBody = Type.Object({
  topicId: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
  subtopicId: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 1_000_000 }), Type.Null()])),
  paymentId: Type.Optional(Type.Union([IdString(), Type.Null()])),
  message: Type.String({ minLength: 1, maxLength: MAX_MESSAGE_LENGTH }),
});
const PageQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
});

function requestView(r: PaymentRequest) {
  return {
    id: r.id.toString(),
    topicId: r.topicId,
    topicCode: r.topicCode,
    subtopicId: r.subtopicId,
    subtopicCode: r.subtopicCode,
    paymentId: r.paymentId === null ? null : r.paymentId.toString(),
    message: r.message,
    state: r.state,
    createdAt: r.createdAt.toISOString(),
  };
}

function idempotencyKey(request: FastifyRequest): string {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || !/^[\x21-\x7e]{8,100}$/.test(key))
    throw new AppError('VALIDATION_FAILED', 'Idempotency-Key header: 8 to 100 printable characters');
  return key;
}

export async function requestsRoutes(
  app: RoutesApp,
  options: { payments: PaymentsService; requests: PaymentRequests; clock: Clock },
): Promise<void> {
  const { payments, requests, clock } = options;
  const tags = ['payments'];

  app.get(
    '/web-api/payments/v1/request-topics',
    {
      schema: {
        tags,
        summary: 'Payment request topics',
        description: 'Topics and sub-topics of payment requests; labels come from the dictionaries by code.',
        response: { 200: Type.Object({ topics: Type.Array(TopicSchema) }) },
      },
    },
    async (request) => {
      await requireUser(request);
      return { topics: await requests.topics() };
    },
  );

  app.get(
    '/web-api/payments/v1/requests',
    {
      schema: {
        tags,
        summary: "The player's payment requests",
        querystring: PageQuery,
        response: { 200: Type.Object({ entities: Type.Array(RequestSchema), total_count: Type.Integer() }) },
      },
    },
    async (request, reply) => {
      const userId = BigInt((await requireUser(request)).userId);
      const q = request.query;
      const page = await requests.list(userId, q);
      reply.header('cache-control', 'no-store');
      return { entities: page.entities.map(requestView), total_count: page.totalCount };
    },
  );

  app.post(
    '/web-api/payments/v1/requests',
    {
      schema: {
        tags,
        summary: 'Create a payment request',
        description:
          "A topic, optionally one of its sub-topics and one of the player's payments of the topic's direction, and a message. Needs an Idempotency-Key header. 400 VALIDATION_FAILED; 404 PAYMENT_NOT_FOUND; 422 IDEMPOTENCY_KEY_REUSED.",
        body: NewRequestBody,
        response: { 200: Type.Object({ request: RequestSchema }) },
      },
    },
    async (request) => {
      const userId = BigInt((await requireUser(request)).userId);
      const body = request.body;
      const created = await requests.create({
        userId,
        topicId: body.topicId,
        subtopicId: body.subtopicId ?? null,
        paymentId: body.paymentId ? BigInt(body.paymentId) : null,
        message: body.message,
        idempotencyKey: idempotencyKey(request),
      });
      return { request: requestView(created) };
    },
  );

  const MobileQuery = Type.Object({
    page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
    archive: Type.Integer({ minimum: 0, maximum: 1, default: 0 }),
  });
  app.get(
    '/web-api/payments/v1/mobile-cash',
    {
      schema: {
        tags,
        summary: 'Mobile-cash payments',
        description:
          "The player's deposits from a mobile operator balance (status_id 1 in progress, 2 paid, 3 failed or cancelled), 20 a page, newest first; archive=1 adds those older than 90 days.",
        querystring: MobileQuery,
        response: {
          200: Type.Object({ entities: Type.Array(MobileCashEntrySchema), total_count: Type.Integer() }),
        },
      },
    },
    async (request, reply) => {
      const userId = BigInt((await requireUser(request)).userId);
      const q = request.query;
      const page = await payments.payments(userId, {
        direction: 'deposit',
        methodCode: 'mobile_cash',
        ...(q.archive === 1 ? {} : { from: new Date(clock.nowMs() - MOBILE_CASH_ARCHIVE_MS) }),
        page: q.page,
        pageSize: 20,
      });
      reply.header('cache-control', 'no-store');
      return { entities: page.entities.map(mobileCashEntry), total_count: page.totalCount };
    },
  );
}
