/**
 * Payment requests (office payment/requests, payment/create-request/{topicId}/…): the player asks
 * about a payment under a topic (deposits, withdrawals, payment details) and one of its sub-topics,
 * optionally naming one of their own payments of the topic's direction. Creating one is idempotent
 * per player and key. Labels of topics come from the dictionaries by code.
 *
 * Errors: VALIDATION_FAILED (400: unknown or disabled topic, a sub-topic of another topic, a
 * payment of another direction, too many open requests); PAYMENT_NOT_FOUND (404);
 * IDEMPOTENCY_KEY_REUSED (422).
 */

import type { PaymentDirection } from '@parlay/domain/money/index.ts';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import { type Page, pageOf } from '../accounts/index.ts';

export const MAX_OPEN_REQUESTS = 20;
export const MAX_MESSAGE_LENGTH = 2000;

export interface RequestTopic {
  id: number;
  code: string;
  direction: PaymentDirection | null;
  subtopics: { id: number; code: string }[];
}

export interface PaymentRequest {
  id: bigint;
  topicId: number;
  topicCode: string;
  subtopicId: number | null;
  subtopicCode: string | null;
  paymentId: bigint | null;
  message: string;
  state: 'open' | 'answered' | 'closed';
  createdAt: Date;
}

export interface NewPaymentRequest {
  userId: bigint;
  topicId: number;
  subtopicId?: number | null;
  paymentId?: bigint | null;
  message: string;
  idempotencyKey: string;
}

export class PaymentRequests {
  readonly #db: Kysely<Database>;
  readonly #clock: Clock;

  constructor(db: Kysely<Database>, clock: Clock) {
    this.#db = db;
    this.#clock = clock;
  }

  /** Enabled topics in order, each with its enabled sub-topics. */
  async topics(): Promise<RequestTopic[]> {
    const rows = await this.#db
      .selectFrom('payment_request_topics')
      .select(['id', 'parent_id', 'code', 'direction'])
      .where('is_enabled', '=', true)
      .orderBy('position')
      .orderBy('id')
      .execute();
    return rows
      .filter((r) => r.parent_id === null)
      .map((r) => ({
        id: r.id,
        code: r.code,
        direction: r.direction,
        subtopics: rows.filter((s) => s.parent_id === r.id).map((s) => ({ id: s.id, code: s.code })),
      }));
  }

  async topic(id: number): Promise<RequestTopic> {
    const found = (await this.topics()).find((t) => t.id === id);
    if (!found) throw new AppError('VALIDATION_FAILED', `no payment request topic ${id}`);
    return found;
  }

  async create(input: NewPaymentRequest): Promise<PaymentRequest> {
    const message = input.message.trim();
    if (message.length < 1 || message.length > MAX_MESSAGE_LENGTH)
      throw new AppError('VALIDATION_FAILED', `message: 1 to ${MAX_MESSAGE_LENGTH} characters`);
    const topic = await this.topic(input.topicId);
    const subtopicId = input.subtopicId ?? null;
    if (subtopicId !== null && !topic.subtopics.some((s) => s.id === subtopicId))
      throw new AppError('VALIDATION_FAILED', `sub-topic ${subtopicId} is not under topic ${topic.id}`);
    const paymentId = input.paymentId ?? null;
    if (paymentId !== null) {
      const payment = await this.#db
        .selectFrom('payments')
        .select('direction')
        .where('id', '=', paymentId)
        .where('user_id', '=', input.userId)
        .executeTakeFirst();
      if (!payment) throw new AppError('PAYMENT_NOT_FOUND');
      if (topic.direction !== null && payment.direction !== topic.direction)
        throw new AppError('VALIDATION_FAILED', `the payment is not a ${topic.direction}`);
    }
    const values = {
      user_id: input.userId,
      topic_id: topic.id,
      subtopic_id: subtopicId,
      payment_id: paymentId,
      message,
      idempotency_key: input.idempotencyKey,
    };
    const id = await this.#db.transaction().execute(async (trx) => {
      // The request an earlier call with this key made: the same one answers again, another is refused.
      const replay = async () => {
        const earlier = await trx
          .selectFrom('payment_requests')
          .selectAll()
          .where('user_id', '=', input.userId)
          .where('idempotency_key', '=', input.idempotencyKey)
          .executeTakeFirst();
        if (!earlier) return null;
        const same =
          earlier.topic_id === values.topic_id &&
          earlier.subtopic_id === values.subtopic_id &&
          earlier.payment_id === values.payment_id &&
          earlier.message === values.message;
        if (!same) throw new AppError('IDEMPOTENCY_KEY_REUSED');
        return earlier.id;
      };
      const earlier = await replay();
      if (earlier !== null) return earlier;
      const open = await trx
        .selectFrom('payment_requests')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', input.userId)
        .where('state', '=', 'open')
        .executeTakeFirstOrThrow();
      if (Number(open.n) >= MAX_OPEN_REQUESTS)
        throw new AppError('VALIDATION_FAILED', `at most ${MAX_OPEN_REQUESTS} open requests`);
      const now = this.#clock.now();
      const inserted = await trx
        .insertInto('payment_requests')
        .values({ ...values, created_at: now, updated_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) return inserted.id;
      // A parallel call with the same key committed first (the insert waited for it): answer as a replay.
      const concurrent = await replay();
      if (concurrent === null) throw new AppError('IDEMPOTENCY_KEY_REUSED');
      return concurrent;
    });
    const page = await this.list(input.userId, { page: 1, pageSize: 1, id });
    return page.entities[0]!;
  }

  /** The player's requests, newest first. */
  async list(
    userId: bigint,
    filter: { page?: number; pageSize?: number; id?: bigint } = {},
  ): Promise<Page<PaymentRequest>> {
    const { page, pageSize } = pageOf(filter);
    const base = this.#db
      .selectFrom('payment_requests as r')
      .innerJoin('payment_request_topics as t', 't.id', 'r.topic_id')
      .leftJoin('payment_request_topics as s', 's.id', 'r.subtopic_id')
      .where('r.user_id', '=', userId)
      .$if(filter.id !== undefined, (q) => q.where('r.id', '=', filter.id as bigint));
    const [rows, count] = await Promise.all([
      base
        .select([
          'r.id',
          'r.topic_id',
          't.code as topic_code',
          'r.subtopic_id',
          's.code as subtopic_code',
          'r.payment_id',
          'r.message',
          'r.state',
          'r.created_at',
        ])
        .orderBy('r.id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      entities: rows.map((r) => ({
        id: r.id,
        topicId: r.topic_id,
        topicCode: r.topic_code,
        subtopicId: r.subtopic_id,
        subtopicCode: r.subtopic_code ?? null,
        paymentId: r.payment_id,
        message: r.message,
        state: r.state,
        createdAt: r.created_at,
      })),
      totalCount: Number(count.n),
      page,
      pageSize,
    };
  }
}
