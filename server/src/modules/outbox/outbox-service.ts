/**
 * The outbox: every SMS and e-mail is a row written with the change that caused it (same
 * transaction when the caller passes one), so a message is never sent for a change that rolled back
 * nor lost for one that committed. The message is rendered here, when it is written, from its
 * template in the recipient's language (templates.ts); the delivery worker (delivery.ts, workers
 * role) hands due rows to the configured provider. Without a provider they stay pending and the
 * development inbox shows them.
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/schema.ts';
import {
  htmlOfText,
  isTemplateName,
  type OutboxChannel,
  renderTemplate,
  TemplateError,
  type TemplateParams,
} from './templates.ts';

export type { OutboxChannel } from './templates.ts';

/**
 * A message: a template of templates.ts with its parameters (the outbox writes subject, text and
 * HTML in `lang`), or, for a message without a template, a ready subject and body.
 */
export interface OutboxMessage {
  channel: OutboxChannel;
  recipient: string;
  /** What kind of message this is: login_code, recovery_code, confirm_email, credentials, … */
  template: string;
  /** The recipient's language (ru, en); the default language when unknown. */
  lang?: string;
  /** Template parameters: code, link, accountNumber, … Given = rendered from the template. */
  params?: TemplateParams;
  subject?: string;
  body?: string;
}

export interface StoredMessage {
  id: string;
  channel: OutboxChannel;
  recipient: string;
  subject: string;
  body: string;
  html: string | null;
  lang: string;
  template: string;
  status: string;
  attempts: number;
  createdAt: string;
}

/** Subject, text and HTML of a message as stored; throws TemplateError for a broken message. */
export function renderMessage(message: OutboxMessage): {
  channel: OutboxChannel;
  template: string;
  subject: string;
  body: string;
  html: string | null;
  lang: string;
} {
  const { channel, template } = message;
  if (message.params !== undefined) {
    if (!isTemplateName(template)) throw new TemplateError(`unknown template ${template}`);
    const rendered = renderTemplate(template, channel, message.lang, message.params);
    return {
      channel,
      template,
      subject: rendered.subject,
      body: rendered.text,
      html: rendered.html,
      lang: rendered.lang,
    };
  }
  if (message.body === undefined) throw new TemplateError(`${template}: neither parameters nor a body`);
  const lang = message.lang && /^[a-z]{2}$/.test(message.lang) ? message.lang : 'ru';
  const subject = message.subject ?? '';
  const html = channel === 'email' ? htmlOfText(subject, message.body, lang) : null;
  return { channel, template, subject, body: message.body, html, lang };
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
    const now = this.#clock.now();
    await trx
      .insertInto('outbox_messages')
      .values({
        ...renderMessage(message),
        recipient: message.recipient,
        created_at: now,
        next_attempt_at: now,
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
      html: r.html,
      lang: r.lang,
      template: r.template,
      status: r.status,
      attempts: r.attempts,
      createdAt: r.created_at.toISOString(),
    }));
  }
}
