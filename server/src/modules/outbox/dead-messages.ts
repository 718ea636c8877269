/**
 * Dead messages: those the delivery worker gave up on (every attempt failed, or the provider refused
 * them for good). The operator lists them and sends them again once the cause is fixed
 * (`parlay outbox list-dead`, `parlay outbox resend <id|--all>`). A resend returns the message to
 * pending with a fresh round of attempts, due at once; the delivery log keeps the earlier attempts
 * (a resent message's log shows attempt numbers starting again at 1, after the dead one).
 *
 * A resend is a conditional update (status still dead), so resending the same message twice, or from
 * two terminals at once, queues it once; the second answers OUTBOX_NOT_DEAD.
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import type { OutboxChannel } from './templates.ts';

/** What the operator sees of a dead message: never its text (it may carry a code). */
export interface DeadMessage {
  id: string;
  channel: OutboxChannel;
  recipient: string;
  template: string;
  attempts: number;
  lastError: string;
  createdAt: string;
}

/** The most listed, and the most one `resend --all` queues (run it again for the rest). */
export const DEAD_PAGE_MAX = 500;

export class DeadMessages {
  readonly #db: Kysely<Database>;
  readonly #clock: Clock;

  constructor(db: Kysely<Database>, clock: Clock) {
    this.#db = db;
    this.#clock = clock;
  }

  /** Oldest first (the order they would be resent in), at most `limit`. */
  async list(limit = DEAD_PAGE_MAX): Promise<{ messages: DeadMessage[]; total: number }> {
    const rows = await this.#db
      .selectFrom('outbox_messages')
      .select(['id', 'channel', 'recipient', 'template', 'attempts', 'last_error', 'created_at'])
      .where('status', '=', 'dead')
      .orderBy('id')
      .limit(Math.max(1, Math.min(limit, DEAD_PAGE_MAX)))
      .execute();
    const { count } = await this.#db
      .selectFrom('outbox_messages')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('status', '=', 'dead')
      .executeTakeFirstOrThrow();
    return {
      total: Number(count),
      messages: rows.map((r) => ({
        id: String(r.id),
        channel: r.channel,
        recipient: r.recipient,
        template: r.template,
        attempts: r.attempts,
        lastError: r.last_error,
        createdAt: r.created_at.toISOString(),
      })),
    };
  }

  /** Sends one dead message again. OUTBOX_MESSAGE_NOT_FOUND; OUTBOX_NOT_DEAD (pending, sent, …). */
  async resend(id: bigint): Promise<void> {
    const updated = await this.#db
      .updateTable('outbox_messages')
      .set(this.#fresh())
      .where('id', '=', id)
      .where('status', '=', 'dead')
      .executeTakeFirst();
    if (updated.numUpdatedRows > 0n) return;
    const row = await this.#db
      .selectFrom('outbox_messages')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new AppError('OUTBOX_MESSAGE_NOT_FOUND', `no outbox message #${id}`);
    throw new AppError('OUTBOX_NOT_DEAD', `message #${id} is ${row.status}, not dead`);
  }

  /** Sends up to DEAD_PAGE_MAX dead messages again, oldest first; answers how many. */
  async resendAll(): Promise<number> {
    const ids = await this.#db
      .selectFrom('outbox_messages')
      .select('id')
      .where('status', '=', 'dead')
      .orderBy('id')
      .limit(DEAD_PAGE_MAX)
      .execute();
    if (ids.length === 0) return 0;
    const updated = await this.#db
      .updateTable('outbox_messages')
      .set(this.#fresh())
      .where(
        'id',
        'in',
        ids.map((r) => r.id),
      )
      .where('status', '=', 'dead')
      .executeTakeFirst();
    return Number(updated.numUpdatedRows);
  }

  #fresh() {
    return {
      status: 'pending' as const,
      attempts: 0,
      next_attempt_at: this.#clock.now(),
      claimed_until: null,
      last_error: '',
    };
  }
}
