/**
 * Share an idea (office): players post ideas and vote for others' (one vote per player and idea,
 * kept by the vote table's primary key; the count on the idea moves in the same transaction, so
 * parallel votes neither double-count nor get lost); the operator answers an idea from the CLI.
 * A player may post IDEAS_PER_DAY ideas a day (RATE_LIMITED with Retry-After).
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';

export const IDEAS_PER_DAY = 5;
const DAY_MS = 86_400_000;

export interface IdeaView {
  id: string;
  title: string;
  text: string;
  votes: number;
  votedByMe: boolean;
  mine: boolean;
  answer: string | null;
  answeredAt: string | null;
  createdAt: string;
}

export class IdeasService {
  readonly #db: Kysely<Database>;
  readonly #clock: Clock;

  constructor(db: Kysely<Database>, clock: Clock) {
    this.#db = db;
    this.#clock = clock;
  }

  async list(userId: bigint | null, limit = 100): Promise<IdeaView[]> {
    const rows = await this.#db
      .selectFrom('support_ideas as i')
      .leftJoin('support_idea_votes as v', (join) =>
        join.onRef('v.idea_id', '=', 'i.id').on('v.user_id', '=', userId ?? -1n),
      )
      .select([
        'i.id',
        'i.user_id',
        'i.title',
        'i.body',
        'i.votes',
        'i.answer',
        'i.answered_at',
        'i.created_at',
      ])
      .select('v.user_id as voter')
      .orderBy('i.votes', 'desc')
      .orderBy('i.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      id: String(r.id),
      title: r.title,
      text: r.body,
      votes: r.votes,
      votedByMe: r.voter !== null,
      mine: userId !== null && r.user_id === userId,
      answer: r.answer,
      answeredAt: r.answered_at?.toISOString() ?? null,
      createdAt: r.created_at.toISOString(),
    }));
  }

  async post(userId: bigint, title: string, text: string): Promise<string> {
    const cleanTitle = title.trim();
    const body = text.trim();
    if (cleanTitle.length === 0 || cleanTitle.length > 120 || body.length > 2000)
      throw new AppError('VALIDATION_FAILED', 'A title of 1 to 120 characters and a text of at most 2000');
    const now = this.#clock.now();
    return this.#db.transaction().execute(async (trx) => {
      const recent = await trx
        .selectFrom('support_ideas')
        .select('created_at')
        .where('user_id', '=', userId)
        .where('created_at', '>', new Date(now.getTime() - DAY_MS))
        .orderBy('created_at')
        .forUpdate()
        .execute();
      if (recent.length >= IDEAS_PER_DAY) {
        const waitMs = recent[recent.length - IDEAS_PER_DAY]!.created_at.getTime() + DAY_MS - now.getTime();
        throw new AppError('RATE_LIMITED', 'Enough ideas for today', {
          retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
        });
      }
      const row = await trx
        .insertInto('support_ideas')
        .values({ user_id: userId, title: cleanTitle, body, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return String(row.id);
    });
  }

  /** One vote per player and idea; voting again changes nothing (answers the same count). */
  async vote(userId: bigint, ideaId: bigint): Promise<number> {
    return this.#db.transaction().execute(async (trx) => {
      const idea = await trx
        .selectFrom('support_ideas')
        .select(['id', 'user_id'])
        .where('id', '=', ideaId)
        .executeTakeFirst();
      if (!idea) throw new AppError('IDEA_NOT_FOUND');
      if (idea.user_id === userId) throw new AppError('IDEA_OWN_VOTE');
      const inserted = await trx
        .insertInto('support_idea_votes')
        .values({ idea_id: ideaId, user_id: userId, created_at: this.#clock.now() })
        .onConflict((oc) => oc.columns(['idea_id', 'user_id']).doNothing())
        .executeTakeFirst();
      const added = Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1;
      const row = await trx
        .updateTable('support_ideas')
        .set((eb) => ({ votes: eb('votes', '+', added ? 1 : 0) }))
        .where('id', '=', ideaId)
        .returning('votes')
        .executeTakeFirstOrThrow();
      return row.votes;
    });
  }

  /** The operator's answer (replaces an earlier one). */
  async answer(ideaId: bigint, text: string): Promise<void> {
    const body = text.trim();
    if (body.length === 0 || body.length > 2000) throw new AppError('VALIDATION_FAILED');
    const updated = await this.#db
      .updateTable('support_ideas')
      .set({ answer: body, answered_at: this.#clock.now() })
      .where('id', '=', ideaId)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new AppError('IDEA_NOT_FOUND');
  }
}
