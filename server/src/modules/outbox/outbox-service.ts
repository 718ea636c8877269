/**
 * The outbox: every SMS and e-mail is a row written with the change that caused it (same
 * transaction when the caller passes one), so a message is never sent for a change that rolled back
 * nor lost for one that committed. A delivery worker hands pending rows to a provider; until one is
 * configured they stay pending and the development inbox shows them.
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/schema.ts';

export type OutboxChannel = 'email' | 'sms';

export interface OutboxMessage {
  channel: OutboxChannel;
  recipient: string;
  subject?: string;
  body: string;
  /** What kind of message this is: login_code, recovery_code, confirm_email, credentials, … */
  template: string;
}

export interface StoredMessage {
  id: string;
  channel: OutboxChannel;
  recipient: string;
  subject: string;
  body: string;
  template: string;
  status: string;
  createdAt: string;
}

const MAX_LISTED = 200;

export class OutboxService {
  readonly #db: Kysely<Database>;
  readonly #clock: Clock;

  constructor(db: Kysely<Database>, clock: Clock) {
    this.#db = db;
    this.#clock = clock;
  }

  async enqueue(message: OutboxMessage, trx: Kysely<Database> = this.#db): Promise<void> {
    await trx
      .insertInto('outbox_messages')
      .values({
        channel: message.channel,
        recipient: message.recipient,
        subject: message.subject ?? '',
        body: message.body,
        template: message.template,
        created_at: this.#clock.now(),
      })
      .execute();
  }

  /** Newest first; optionally only one recipient's. */
  async list(recipient: string | null, limit: number): Promise<StoredMessage[]> {
    let query = this.#db
      .selectFrom('outbox_messages')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(Math.min(limit, MAX_LISTED));
    if (recipient) query = query.where('recipient', '=', recipient);
    const rows = await query.execute();
    return rows.map((r) => ({
      id: String(r.id),
      channel: r.channel,
      recipient: r.recipient,
      subject: r.subject,
      body: r.body,
      template: r.template,
      status: r.status,
      createdAt: r.created_at.toISOString(),
    }));
  }
}
