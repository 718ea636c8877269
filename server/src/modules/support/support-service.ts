/**
 * Support requests: the player opens a request with a topic, both sides write messages, the operator
 * (CLI now, back office later) answers and closes, the player rates a closed request once.
 *
 * Status: open (waiting for the operator) → answered (the operator wrote last) → open again when the
 * player writes; closed by either side, after which nothing is written and the player may rate it.
 * Player messages are rate limited per player (SUPPORT_RATE_WINDOW_MS / SUPPORT_RATE_MAX, 429 with
 * Retry-After) under a per-player advisory lock, so parallel sends cannot slip through together.
 * Every change is published on the player's private topic user:<id> ({type:'support', requestId})
 * after its transaction commits: directly for the player's own actions, and through the workers
 * role's announcer for operator actions (they may come from another process, the CLI).
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { EventBus } from '../../platform/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import type { DocumentStorage } from '../accounts/index.ts';
import {
  type AttachmentInput,
  attachmentKey,
  type CheckedAttachment,
  checkAttachment,
} from './attachments.ts';
import { IdeasService } from './ideas.ts';
import type { SupportAuthor, SupportStatus } from './tables.ts';

export const SUPPORT_TOPICS = [
  'account',
  'deposit',
  'withdrawal',
  'bets',
  'casino',
  'bonuses',
  'verification',
  'technical',
  'other',
] as const;
export type SupportTopic = (typeof SUPPORT_TOPICS)[number];
/**
 * A banned player's appeal against the ban (the block-appeal-history page): a support request like
 * any other, kept apart from the topics the office's form offers (GET /topics does not list it).
 */
export const SUPPORT_APPEAL_TOPIC = 'ban_appeal';
const ACCEPTED_TOPICS: readonly string[] = [...SUPPORT_TOPICS, SUPPORT_APPEAL_TOPIC];

export const SUPPORT_MAX_TEXT = 4000;
export const SUPPORT_RATE_WINDOW_MS = 60_000;
export const SUPPORT_RATE_MAX = 5;
/** A player may keep at most this many requests open (not closed) at once. */
export const SUPPORT_MAX_OPEN = 10;

export interface SupportMessageMessage {
  type: 'support';
  requestId: string;
  status: SupportStatus;
}

export interface SupportMessageView {
  id: string;
  author: SupportAuthor;
  text: string;
  createdAt: string;
  attachment: { name: string; type: string; size: number; url: string } | null;
}

export interface SupportRequestView {
  id: string;
  topic: string;
  subject: string;
  status: SupportStatus;
  rating: number | null;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
}

export interface SupportThreadView extends SupportRequestView {
  messages: SupportMessageView[];
}

type StoredAttachment = { file: CheckedAttachment; key: string };

function requestView(r: {
  id: bigint;
  topic: string;
  subject: string;
  status: SupportStatus;
  rating: number | null;
  created_at: Date;
  updated_at: Date;
  closed_at: Date | null;
}): SupportRequestView {
  return {
    id: String(r.id),
    topic: r.topic,
    subject: r.subject,
    status: r.status,
    rating: r.rating,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    closedAt: r.closed_at?.toISOString() ?? null,
  };
}

function checkText(text: string, allowEmpty: boolean): string {
  const trimmed = text.trim();
  if (trimmed.length > SUPPORT_MAX_TEXT)
    throw new AppError('SUPPORT_MESSAGE_TOO_LONG', undefined, { maxLength: SUPPORT_MAX_TEXT });
  if (!allowEmpty && trimmed.length === 0) throw new AppError('VALIDATION_FAILED', 'The message is empty');
  return trimmed;
}

export class SupportService {
  readonly #db: Kysely<Database>;
  readonly #clock: Clock;
  readonly #bus: EventBus;
  readonly #storage: DocumentStorage;
  /** Share-an-idea: the office's ideas, votes and the operator's answers. */
  readonly ideas: IdeasService;

  constructor(db: Kysely<Database>, clock: Clock, bus: EventBus, storage: DocumentStorage) {
    this.ideas = new IdeasService(db, clock);
    this.#db = db;
    this.#clock = clock;
    this.#bus = bus;
    this.#storage = storage;
  }

  /** The player's requests, newest activity first; only those of `topic` when given (the appeals). */
  async list(userId: bigint, topic: string | null = null): Promise<SupportRequestView[]> {
    let query = this.#db
      .selectFrom('support_requests')
      .select(['id', 'topic', 'subject', 'status', 'rating', 'created_at', 'updated_at', 'closed_at'])
      .where('user_id', '=', userId);
    if (topic !== null) query = query.where('topic', '=', topic);
    const rows = await query.orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(200).execute();
    return rows.map(requestView);
  }

  /** The request with its messages; SUPPORT_REQUEST_NOT_FOUND for another player's request (or any, when userId is null: operator). */
  async thread(requestId: bigint, userId: bigint | null): Promise<SupportThreadView & { userId: string }> {
    const row = await this.#db
      .selectFrom('support_requests')
      .selectAll()
      .where('id', '=', requestId)
      .executeTakeFirst();
    if (!row || (userId !== null && row.user_id !== userId)) throw new AppError('SUPPORT_REQUEST_NOT_FOUND');
    const messages = await this.#db
      .selectFrom('support_messages')
      .selectAll()
      .where('request_id', '=', requestId)
      .orderBy('id')
      .execute();
    return {
      ...requestView(row),
      userId: String(row.user_id),
      messages: messages.map((m) => ({
        id: String(m.id),
        author: m.author,
        text: m.body,
        createdAt: m.created_at.toISOString(),
        attachment:
          m.attachment_key && m.attachment_type && m.attachment_size !== null
            ? {
                name: m.attachment_name ?? 'file',
                type: m.attachment_type,
                size: m.attachment_size,
                url: `/web-api/support/v1/attachments/${m.id}`,
              }
            : null,
      })),
    };
  }

  /** Rate limit: at most SUPPORT_RATE_MAX player messages per SUPPORT_RATE_WINDOW_MS, counted under the player's lock. */
  async #guardRate(trx: Transaction<Database>, userId: bigint): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtext(${`support:${userId}`}))`.execute(trx);
    const since = new Date(this.#clock.nowMs() - SUPPORT_RATE_WINDOW_MS);
    const recent = await trx
      .selectFrom('support_messages as m')
      .innerJoin('support_requests as r', 'r.id', 'm.request_id')
      .select('m.created_at')
      .where('r.user_id', '=', userId)
      .where('m.author', '=', 'player')
      .where('m.created_at', '>', since)
      .orderBy('m.created_at')
      .execute();
    if (recent.length >= SUPPORT_RATE_MAX) {
      const oldest = recent[recent.length - SUPPORT_RATE_MAX]!.created_at.getTime();
      const waitMs = oldest + SUPPORT_RATE_WINDOW_MS - this.#clock.nowMs();
      throw new AppError('RATE_LIMITED', 'You are writing too fast; wait a moment', {
        retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
      });
    }
  }

  #checked(userId: bigint, input: AttachmentInput | undefined): StoredAttachment | null {
    if (!input) return null;
    const file = checkAttachment(input);
    return { file, key: attachmentKey(userId, file.ext) };
  }

  async open(
    userId: bigint,
    input: { topic: string; subject: string; text: string; attachment?: AttachmentInput },
  ): Promise<SupportThreadView> {
    if (!ACCEPTED_TOPICS.includes(input.topic)) throw new AppError('SUPPORT_TOPIC_UNKNOWN');
    const subject = input.subject.trim().slice(0, 200);
    if (subject.length === 0) throw new AppError('VALIDATION_FAILED', 'The subject is empty');
    const text = checkText(input.text, false);
    const attachment = this.#checked(userId, input.attachment);
    const now = this.#clock.now();
    const id = await this.#db.transaction().execute(async (trx) => {
      await this.#guardRate(trx, userId);
      const open = await trx
        .selectFrom('support_requests')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .where('status', '!=', 'closed')
        .executeTakeFirstOrThrow();
      if (Number(open.n) >= SUPPORT_MAX_OPEN) throw new AppError('SUPPORT_TOO_MANY_OPEN');
      const row = await trx
        .insertInto('support_requests')
        .values({ user_id: userId, topic: input.topic, subject, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.#insertMessage(trx, row.id, 'player', text, attachment, now);
      return row.id;
    });
    await this.#publish(userId, id, 'open');
    return this.thread(id, userId);
  }

  async #insertMessage(
    trx: Transaction<Database>,
    requestId: bigint,
    author: SupportAuthor,
    text: string,
    attachment: StoredAttachment | null,
    now: Date,
  ): Promise<bigint> {
    const row = await trx
      .insertInto('support_messages')
      .values({
        request_id: requestId,
        author,
        body: text,
        attachment_key: attachment?.key ?? null,
        attachment_type: attachment?.file.type ?? null,
        attachment_size: attachment?.file.bytes.length ?? null,
        attachment_name: attachment?.file.name ?? null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Stored inside the transaction: a failed write rolls the message back (a failed commit leaves an unreferenced file).
    if (attachment) await this.#storage.put(attachment.key, attachment.file.bytes);
    return row.id;
  }

  async #lockRequest(trx: Transaction<Database>, requestId: bigint, userId: bigint | null) {
    const row = await trx
      .selectFrom('support_requests')
      .select(['id', 'user_id', 'status', 'rating'])
      .where('id', '=', requestId)
      .forUpdate()
      .executeTakeFirst();
    if (!row || (userId !== null && row.user_id !== userId)) throw new AppError('SUPPORT_REQUEST_NOT_FOUND');
    return row;
  }

  /** A player's message; reopens an answered request. */
  async write(
    userId: bigint,
    requestId: bigint,
    input: { text: string; attachment?: AttachmentInput },
  ): Promise<SupportMessageView> {
    const text = checkText(input.text, input.attachment !== undefined);
    const attachment = this.#checked(userId, input.attachment);
    const now = this.#clock.now();
    const messageId = await this.#db.transaction().execute(async (trx) => {
      await this.#guardRate(trx, userId);
      const row = await this.#lockRequest(trx, requestId, userId);
      if (row.status === 'closed') throw new AppError('SUPPORT_REQUEST_CLOSED');
      const id = await this.#insertMessage(trx, requestId, 'player', text, attachment, now);
      await trx
        .updateTable('support_requests')
        .set({ status: 'open', updated_at: now })
        .where('id', '=', requestId)
        .execute();
      return id;
    });
    await this.#publish(userId, requestId, 'open');
    const thread = await this.thread(requestId, userId);
    return thread.messages.find((m) => m.id === String(messageId))!;
  }

  /** The operator's answer (CLI): status answered; the player hears of it through the announcer. */
  async answer(requestId: bigint, text: string): Promise<void> {
    const body = checkText(text, false);
    const now = this.#clock.now();
    await this.#db.transaction().execute(async (trx) => {
      const row = await this.#lockRequest(trx, requestId, null);
      if (row.status === 'closed') throw new AppError('SUPPORT_REQUEST_CLOSED');
      await this.#insertMessage(trx, requestId, 'operator', body, null, now);
      await trx
        .updateTable('support_requests')
        .set((eb) => ({ status: 'answered', updated_at: now, announce_seq: eb('announce_seq', '+', 1) }))
        .where('id', '=', requestId)
        .execute();
    });
  }

  /** Closes a request (player: own requests only; operator: userId null). Closing twice changes nothing. */
  async close(requestId: bigint, userId: bigint | null): Promise<void> {
    const now = this.#clock.now();
    const owner = await this.#db.transaction().execute(async (trx) => {
      const row = await this.#lockRequest(trx, requestId, userId);
      if (row.status === 'closed') return row.user_id;
      await trx
        .updateTable('support_requests')
        .set((eb) => ({
          status: 'closed',
          updated_at: now,
          closed_at: now,
          announce_seq: userId === null ? eb('announce_seq', '+', 1) : eb.ref('announce_seq'),
        }))
        .where('id', '=', requestId)
        .execute();
      return row.user_id;
    });
    if (userId !== null) await this.#publish(owner, requestId, 'closed');
  }

  /** The player's rating of a closed request, once: SUPPORT_RATING_NOT_ALLOWED otherwise. */
  async rate(userId: bigint, requestId: bigint, rating: number): Promise<void> {
    if (!Number.isInteger(rating) || rating < 1 || rating > 5) throw new AppError('VALIDATION_FAILED');
    await this.#db.transaction().execute(async (trx) => {
      const row = await this.#lockRequest(trx, requestId, userId);
      if (row.status !== 'closed' || row.rating !== null) throw new AppError('SUPPORT_RATING_NOT_ALLOWED');
      await trx.updateTable('support_requests').set({ rating }).where('id', '=', requestId).execute();
    });
  }

  async attachment(
    messageId: bigint,
    userId: bigint,
  ): Promise<{ bytes: Buffer; type: string; name: string }> {
    const row = await this.#db
      .selectFrom('support_messages as m')
      .innerJoin('support_requests as r', 'r.id', 'm.request_id')
      .select(['m.attachment_key', 'm.attachment_type', 'm.attachment_name', 'r.user_id'])
      .where('m.id', '=', messageId)
      .executeTakeFirst();
    if (!row || row.user_id !== userId || !row.attachment_key || !row.attachment_type)
      throw new AppError('SUPPORT_REQUEST_NOT_FOUND');
    const bytes = await this.#storage.get(row.attachment_key);
    if (!bytes) throw new AppError('SUPPORT_REQUEST_NOT_FOUND');
    return { bytes, type: row.attachment_type, name: row.attachment_name ?? 'file' };
  }

  /** Operator's list: requests waiting for an answer first (status open), then the rest. */
  async operatorList(filter: 'waiting' | 'all'): Promise<(SupportRequestView & { userId: string })[]> {
    let query = this.#db
      .selectFrom('support_requests')
      .selectAll()
      .orderBy('updated_at')
      .orderBy('id')
      .limit(500);
    if (filter === 'waiting') query = query.where('status', '=', 'open');
    const rows = await query.execute();
    return rows.map((r) => ({ ...requestView(r), userId: String(r.user_id) }));
  }

  /** Publishes what operator actions changed (workers role); returns how many requests were announced. */
  async announce(limit = 100): Promise<number> {
    const rows = await this.#db
      .selectFrom('support_requests')
      .select(['id', 'user_id', 'status', 'announce_seq'])
      .whereRef('announce_seq', '>', 'announced_seq')
      .orderBy('id')
      .limit(limit)
      .execute();
    for (const r of rows) {
      await this.#publish(r.user_id, r.id, r.status);
      await this.#db
        .updateTable('support_requests')
        .set({ announced_seq: r.announce_seq })
        .where('id', '=', r.id)
        .where('announced_seq', '<', r.announce_seq)
        .execute();
    }
    return rows.length;
  }

  async #publish(userId: bigint, requestId: bigint, status: SupportStatus): Promise<void> {
    const message: SupportMessageMessage = { type: 'support', requestId: String(requestId), status };
    await this.#bus.publish(`user:${userId}`, message);
  }
}
