/**
 * Verification (KYC): the player uploads documents (a type and up to MAX_FILES images or PDFs), which
 * puts them in "pending verification" (user_status_id 1); an operator accepts (verification_status 2)
 * or rejects, or asks for an additional document. Payments ask isVerified() before a withdrawal when
 * WITHDRAWAL_REQUIRES_VERIFICATION is on.
 *
 * Errors: VALIDATION_FAILED, DOCUMENT_TYPE_UNSUPPORTED (400); DOCUMENT_NOT_FOUND (404);
 * DOCUMENT_TOO_LARGE (413).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import type { DocumentStorage } from './document-storage.ts';

export const DOCUMENT_TYPES = [
  'passport',
  'id_card',
  'driver_license',
  'selfie',
  'proof_of_address',
  'payment_card',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const MAX_FILES = 3;
export const MAX_FILE_BYTES = 3 * 1024 * 1024;
/** Documents a player may have waiting for review at once. */
const MAX_PENDING_DOCUMENTS = 10;
export const VERIFIED = 2;
export const NOT_VERIFIED = 1;

export interface VerificationStatus {
  verification_status: number;
  user_status_id: number;
  verification_status_group_code: string;
  requested_additional_document: boolean;
}

export interface StoredFile {
  key: string;
  mime: string;
  size: number;
}

export interface VerificationDocument {
  id: bigint;
  type: string;
  state: 'pending' | 'accepted' | 'rejected';
  files: StoredFile[];
  comment: string | null;
  createdAt: Date;
  reviewedAt: Date | null;
}

/** The file kind from its first bytes; the client's declared type is not trusted. */
export function sniffFile(bytes: Buffer): { mime: string; ext: 'jpg' | 'png' | 'webp' | 'pdf' } | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return { mime: 'image/jpeg', ext: 'jpg' };
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { mime: 'image/png', ext: 'png' };
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return { mime: 'image/webp', ext: 'webp' };
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return { mime: 'application/pdf', ext: 'pdf' };
  return null;
}

const DEFAULT_STATUS: VerificationStatus = {
  verification_status: NOT_VERIFIED,
  user_status_id: 0,
  verification_status_group_code: 'not_verified',
  requested_additional_document: false,
};

export class VerificationService {
  readonly #db: Kysely<Database>;
  readonly #clock: Clock;
  readonly #storage: DocumentStorage;

  constructor(db: Kysely<Database>, clock: Clock, storage: DocumentStorage) {
    this.#db = db;
    this.#clock = clock;
    this.#storage = storage;
  }

  async status(userId: bigint): Promise<VerificationStatus> {
    const row = await this.#db
      .selectFrom('verification_profiles')
      .select([
        'verification_status',
        'user_status_id',
        'verification_status_group_code',
        'requested_additional_document',
      ])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ?? DEFAULT_STATUS;
  }

  async isVerified(userId: bigint): Promise<boolean> {
    return (await this.status(userId)).verification_status === VERIFIED;
  }

  async documents(userId: bigint, limit = 50): Promise<VerificationDocument[]> {
    const rows = await this.#db
      .selectFrom('verification_documents')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      type: r.document_type,
      state: r.state,
      files: (Array.isArray(r.files) ? r.files : []) as StoredFile[],
      comment: r.comment,
      createdAt: r.created_at,
      reviewedAt: r.reviewed_at,
    }));
  }

  /** Stores the files and records the document; the player becomes "pending verification". */
  async upload(userId: bigint, type: string, files: Buffer[]): Promise<VerificationDocument> {
    if (!(DOCUMENT_TYPES as readonly string[]).includes(type))
      throw new AppError('VALIDATION_FAILED', `document type: one of ${DOCUMENT_TYPES.join(', ')}`);
    if (files.length < 1 || files.length > MAX_FILES)
      throw new AppError('VALIDATION_FAILED', `1 to ${MAX_FILES} files`);
    const kinds = files.map((bytes) => {
      if (bytes.length > MAX_FILE_BYTES) throw new AppError('DOCUMENT_TOO_LARGE');
      const kind = sniffFile(bytes);
      if (!kind) throw new AppError('DOCUMENT_TYPE_UNSUPPORTED');
      return kind;
    });
    const pending = await this.#db
      .selectFrom('verification_documents')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .where('state', '=', 'pending')
      .executeTakeFirstOrThrow();
    if (Number(pending.n) >= MAX_PENDING_DOCUMENTS)
      throw new AppError('VALIDATION_FAILED', 'too many documents wait for review');
    const stored: StoredFile[] = [];
    for (const [i, bytes] of files.entries()) {
      const kind = kinds[i]!;
      const key = `${userId}/${randomUUID()}.${kind.ext}`;
      await this.#storage.put(key, bytes);
      stored.push({ key, mime: kind.mime, size: bytes.length });
    }
    const now = this.#clock.now();
    const row = await this.#db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('verification_documents')
        .values({
          user_id: userId,
          document_type: type,
          files: JSON.stringify(stored) as never,
          created_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.#setProfile(trx, userId, { user_status_id: 1, group: 'pending', additional: false });
      return inserted;
    });
    return {
      id: row.id,
      type: row.document_type,
      state: row.state,
      files: stored,
      comment: null,
      createdAt: row.created_at,
      reviewedAt: null,
    };
  }

  /** One file of one of the player's own documents; another player's gives DOCUMENT_NOT_FOUND. */
  async file(userId: bigint, documentId: bigint, index: number): Promise<{ bytes: Buffer; mime: string }> {
    const doc = (await this.#db
      .selectFrom('verification_documents')
      .select('files')
      .where('id', '=', documentId)
      .where('user_id', '=', userId)
      .executeTakeFirst()) as { files: unknown } | undefined;
    const files = (Array.isArray(doc?.files) ? doc.files : []) as StoredFile[];
    const file = files[index];
    if (!file) throw new AppError('DOCUMENT_NOT_FOUND');
    const bytes = await this.#storage.get(file.key);
    if (!bytes) throw new AppError('DOCUMENT_NOT_FOUND');
    return { bytes, mime: file.mime };
  }

  /** Operator decision on a player: approve, reject, or ask for an additional document. */
  async review(
    userId: bigint,
    decision: 'approve' | 'reject' | 'request',
    reason: string | null = null,
  ): Promise<VerificationStatus> {
    await this.#db.transaction().execute(async (trx) => {
      const state = decision === 'approve' ? 'accepted' : decision === 'reject' ? 'rejected' : null;
      if (state)
        await trx
          .updateTable('verification_documents')
          .set({ state, reviewed_at: this.#clock.now(), ...(reason ? { comment: reason } : {}) })
          .where('user_id', '=', userId)
          .where('state', '=', 'pending')
          .execute();
      await this.#setProfile(trx, userId, {
        user_status_id: 0,
        group:
          decision === 'approve' ? 'verified' : decision === 'reject' ? 'rejected' : 'additional_document',
        additional: decision === 'request',
        reason: decision === 'approve' ? null : reason,
        ...(decision === 'approve' ? { verified: true } : decision === 'reject' ? { verified: false } : {}),
      });
    });
    return this.status(userId);
  }

  /**
   * Operator decision on one verification request (an uploaded document): approving it verifies the
   * player; refusing it refuses that document, and the player stays pending while others wait.
   * Errors: DOCUMENT_NOT_FOUND, VALIDATION_FAILED (already decided).
   */
  async decideRequest(
    documentId: bigint,
    decision: 'approve' | 'reject',
    reason: string | null = null,
  ): Promise<{ userId: bigint; status: VerificationStatus }> {
    const userId = await this.#db.transaction().execute(async (trx) => {
      const doc = await trx
        .selectFrom('verification_documents')
        .select(['user_id', 'state'])
        .where('id', '=', documentId)
        .forUpdate()
        .executeTakeFirst();
      if (!doc) throw new AppError('DOCUMENT_NOT_FOUND');
      if (doc.state !== 'pending')
        throw new AppError('VALIDATION_FAILED', `request ${documentId} was already ${doc.state}`);
      await trx
        .updateTable('verification_documents')
        .set({
          state: decision === 'approve' ? 'accepted' : 'rejected',
          reviewed_at: this.#clock.now(),
          ...(reason ? { comment: reason } : {}),
        })
        .where('id', '=', documentId)
        .execute();
      const others = await trx
        .selectFrom('verification_documents')
        .select('id')
        .where('user_id', '=', doc.user_id)
        .where('state', '=', 'pending')
        .executeTakeFirst();
      if (decision === 'approve')
        await this.#setProfile(trx, doc.user_id, {
          user_status_id: 0,
          group: 'verified',
          additional: false,
          reason: null,
          verified: true,
        });
      else
        await this.#setProfile(trx, doc.user_id, {
          user_status_id: others ? 1 : 0,
          group: others ? 'pending' : 'rejected',
          additional: false,
          reason,
          ...(others ? {} : { verified: false }),
        });
      return doc.user_id;
    });
    return { userId, status: await this.status(userId) };
  }

  /** Requests waiting for a decision, oldest first (`parlay verification list`). */
  async pendingRequests(
    limit = 100,
  ): Promise<{ id: bigint; userId: bigint; type: string; createdAt: Date }[]> {
    const rows = await this.#db
      .selectFrom('verification_documents')
      .select(['id', 'user_id', 'document_type', 'created_at'])
      .where('state', '=', 'pending')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ id: r.id, userId: r.user_id, type: r.document_type, createdAt: r.created_at }));
  }

  /** The reason given with the last refusal or request for another document, if any. */
  async decisionReason(userId: bigint): Promise<string | null> {
    const row = await this.#db
      .selectFrom('verification_profiles')
      .select('decision_reason')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.decision_reason ?? null;
  }

  async #setProfile(
    trx: Kysely<Database>,
    userId: bigint,
    p: {
      user_status_id: number;
      group: string;
      additional: boolean;
      reason?: string | null;
      /** true verifies, false takes a verification back, undefined leaves it. */
      verified?: boolean;
    },
  ): Promise<void> {
    const now = this.#clock.now();
    const values = {
      user_status_id: p.user_status_id,
      verification_status_group_code: p.group,
      requested_additional_document: p.additional,
      updated_at: now,
      ...(p.reason !== undefined ? { decision_reason: p.reason } : {}),
      ...(p.verified === undefined ? {} : { verification_status: p.verified ? VERIFIED : NOT_VERIFIED }),
    };
    await trx
      .insertInto('verification_profiles')
      .values({ user_id: userId, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
    // Announced to the player's open pages by the workers role (verification-announcer.ts).
    await trx.insertInto('verification_events').values({ user_id: userId, created_at: now }).execute();
  }
}
