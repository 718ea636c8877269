/**
 * Delivery of the outbox (workers role). One pass: claim due messages of the channels that have a
 * provider (FOR UPDATE SKIP LOCKED, so processes never claim the same row; the claim sets status
 * sending, counts the attempt and holds a lease), send each outside any transaction, then mark it
 * sent, or schedule the next attempt with exponential backoff, or give up (dead) after the last
 * attempt or a permanent refusal. Every attempt writes one row of the delivery log.
 *
 * A message is sent at most once per claim: the mark only lands while the row is still this claim's
 * (status sending, same attempt number). If the process dies between the provider accepting the
 * message and the mark, the lease runs out and another pass claims the row again: the recipient
 * then gets the message twice (at-least-once on that edge; the log shows the lost attempt as
 * abandoned). Nothing logged here carries a message's text, so codes never reach the logs.
 */
import { type Kysely, sql } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/schema.ts';
import { DeliveryError, type DeliveryProvider, type Providers } from './providers.ts';
import type { OutboxChannel } from './templates.ts';

export interface DeliveryOptions {
  /** Messages claimed per pass. */
  batchSize: number;
  /** Attempts before a message is dead. */
  maxAttempts: number;
  /** Wait after the first failed attempt; doubled after each further one. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** How long a claim holds a row; longer than any provider call (PROVIDER_TIMEOUT_MS). */
  leaseMs: number;
}

export const DEFAULT_DELIVERY_OPTIONS: DeliveryOptions = {
  batchSize: 20,
  maxAttempts: 6,
  retryBaseMs: 30_000,
  retryMaxMs: 3_600_000,
  leaseMs: 300_000,
};

/** The wait before attempt `attempt + 1` after attempt `attempt` failed. */
export function retryDelayMs(attempt: number, options: Pick<DeliveryOptions, 'retryBaseMs' | 'retryMaxMs'>) {
  return Math.min(options.retryMaxMs, options.retryBaseMs * 2 ** Math.max(0, attempt - 1));
}

export interface DeliveryLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

interface Claimed {
  id: bigint;
  channel: OutboxChannel;
  recipient: string;
  subject: string;
  body: string;
  html: string | null;
  template: string;
  attempt: number;
}

const MAX_LOGGED = 1000;

/**
 * Provider answers and errors go to the delivery log without the message's secrets: the text itself
 * and any run of 4-10 digits (codes, account numbers) are masked; a gateway may echo the SMS back.
 */
export function redact(value: string, message: { body: string }): string {
  let out = value;
  if (message.body.length >= 4) out = out.split(message.body).join('[message]');
  return out.replace(/\b\d{4,10}\b/g, '***').slice(0, MAX_LOGGED);
}

export class OutboxDelivery {
  readonly #db: Kysely<Database>;
  readonly #clock: Clock;
  readonly #providers: Providers;
  readonly #options: DeliveryOptions;
  readonly #log: DeliveryLog | null;

  constructor(
    db: Kysely<Database>,
    clock: Clock,
    providers: Providers,
    options: Partial<DeliveryOptions> = {},
    log: DeliveryLog | null = null,
  ) {
    this.#db = db;
    this.#clock = clock;
    this.#providers = providers;
    this.#options = { ...DEFAULT_DELIVERY_OPTIONS, ...options };
    this.#log = log;
  }

  get batchSize(): number {
    return this.#options.batchSize;
  }

  /** The channels this process delivers: those with a provider. */
  get channels(): OutboxChannel[] {
    return (['email', 'sms'] as const).filter((c) => this.#providers[c] !== null);
  }

  /** One pass; answers how many messages it handed to a provider. */
  async runOnce(): Promise<number> {
    const claimed = await this.#claim();
    for (const message of claimed) await this.#deliver(message);
    return claimed.length;
  }

  async #claim(): Promise<Claimed[]> {
    const channels = this.channels;
    if (channels.length === 0) return [];
    const now = this.#clock.now();
    return this.#db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('outbox_messages')
        .select([
          'id',
          'channel',
          'recipient',
          'subject',
          'body',
          'html',
          'template',
          'attempts',
          'status',
          'claimed_until',
        ])
        .where('channel', 'in', channels)
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
            eb.and([eb('status', '=', 'sending'), eb('claimed_until', '<=', now)]),
          ]),
        )
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(this.#options.batchSize)
        .forUpdate()
        .skipLocked()
        .execute();
      if (rows.length === 0) return [];
      // A claim whose lease ran out: its process died mid-attempt; the provider may have the message.
      const lost = rows.filter((r) => r.status === 'sending');
      if (lost.length > 0) {
        await trx
          .insertInto('outbox_deliveries')
          .values(
            lost.map((r) => ({
              message_id: r.id,
              attempt: r.attempts,
              provider: this.#providers[r.channel]!.name,
              started_at: r.claimed_until ?? now,
              finished_at: now,
              outcome: 'abandoned' as const,
              error: 'the claim ran out before the attempt was recorded (process stopped?)',
            })),
          )
          .execute();
      }
      await trx
        .updateTable('outbox_messages')
        .set({
          status: 'sending',
          attempts: sql`attempts + 1`,
          claimed_until: new Date(now.getTime() + this.#options.leaseMs),
        })
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .execute();
      return rows.map((r) => ({
        id: r.id,
        channel: r.channel,
        recipient: r.recipient,
        subject: r.subject,
        body: r.body,
        html: r.html,
        template: r.template,
        attempt: r.attempts + 1,
      }));
    });
  }

  async #deliver(message: Claimed): Promise<void> {
    const provider = this.#providers[message.channel] as DeliveryProvider;
    const startedAt = this.#clock.now();
    let answer = '';
    let failure: { error: string; permanent: boolean } | null = null;
    try {
      answer = (
        await provider.send({
          id: String(message.id),
          recipient: message.recipient,
          subject: message.subject,
          text: message.body,
          html: message.html,
        })
      ).answer;
    } catch (error) {
      const permanent = error instanceof DeliveryError && error.permanent;
      if (error instanceof DeliveryError) answer = error.answer;
      failure = { error: (error as Error)?.message ?? String(error), permanent };
    }
    const finishedAt = this.#clock.now();
    const outcome = !failure
      ? 'sent'
      : failure.permanent || message.attempt >= this.#options.maxAttempts
        ? 'dead'
        : 'retry';
    const error = failure ? redact(failure.error, message) : '';
    const marked = await this.#db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('outbox_messages')
        .set(
          outcome === 'sent'
            ? { status: 'sent', sent_at: finishedAt, claimed_until: null, last_error: '' }
            : outcome === 'dead'
              ? { status: 'dead', claimed_until: null, last_error: error }
              : {
                  status: 'pending',
                  claimed_until: null,
                  last_error: error,
                  next_attempt_at: new Date(
                    finishedAt.getTime() + retryDelayMs(message.attempt, this.#options),
                  ),
                },
        )
        .where('id', '=', message.id)
        .where('status', '=', 'sending')
        .where('attempts', '=', message.attempt)
        .executeTakeFirst();
      if (updated.numUpdatedRows === 0n) return false;
      await trx
        .insertInto('outbox_deliveries')
        .values({
          message_id: message.id,
          attempt: message.attempt,
          provider: provider.name,
          started_at: startedAt,
          finished_at: finishedAt,
          outcome,
          provider_answer: redact(answer, message),
          error,
        })
        .execute();
      return true;
    });
    const fields = {
      messageId: String(message.id),
      channel: message.channel,
      template: message.template,
      attempt: message.attempt,
      outcome,
    };
    if (!marked) this.#log?.warn(fields, 'outbox: the claim was lost before the attempt was recorded');
    else if (outcome === 'dead') this.#log?.error({ ...fields, error }, 'outbox: message given up');
    else if (outcome === 'retry')
      this.#log?.warn({ ...fields, error }, 'outbox: delivery failed, will retry');
    else this.#log?.info(fields, 'outbox: message delivered');
  }
}

/**
 * Runs passes every `intervalMs` (at once again while a pass fills its batch), never two at a time
 * in this process; the returned function stops it after the running pass.
 */
export function startOutboxDelivery(
  delivery: OutboxDelivery,
  log: DeliveryLog,
  intervalMs = 1000,
  onStop: () => void = () => {},
): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  const pass = async () => {
    let count = 0;
    try {
      count = await delivery.runOnce();
    } catch (error) {
      log.error({ error: (error as Error).message }, 'outbox: delivery pass failed');
    }
    if (!stopped) timer = setTimeout(tick, count >= delivery.batchSize ? 0 : intervalMs);
  };
  const tick = () => {
    running = pass();
  };
  if (delivery.channels.length > 0) tick();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
    onStop();
  };
}
