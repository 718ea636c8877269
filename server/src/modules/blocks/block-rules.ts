/**
 * The operator's block rules (the back office's blocks section): listed, added, changed and
 * removed, each checked before it is stored, and every process told at once (BLOCK_RULES_CHANGED_TOPIC
 * drops the cached rules the block answer reads). A pattern must fit its kind: a two-letter country
 * code, a site path, a user-agent fragment, or "*" for the whole site; the reason must be one the
 * site has a block page for.
 */
import type { Kysely } from 'kysely';
import type { EventBus } from '../../platform/bus.ts';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import type { BlockRule } from './decide-block.ts';

export const BLOCK_RULE_KINDS = ['all', 'path', 'country', 'user_agent'] as const;
/** Reason codes with a block page (domain/routing/block-reason.ts). */
export const BLOCK_TEMPLATE_TYPES = [1, 2, 3, 4, 5, 8, 13, 14, 16, 17] as const;
const RULES_MAX = 1_000;

export interface BlockRuleInput {
  kind: BlockRule['kind'];
  pattern: string;
  templateTypeId: number;
  isActive: boolean;
  note: string;
}

export interface StoredBlockRule extends BlockRuleInput {
  id: number;
  createdAt: Date;
}

/** Why a rule cannot be stored, or null. Pure. */
export function blockRuleProblem(input: BlockRuleInput): string | null {
  if (!(BLOCK_TEMPLATE_TYPES as readonly number[]).includes(input.templateTypeId))
    return 'templateTypeId: no block page for this reason';
  const pattern = input.pattern;
  switch (input.kind) {
    case 'all':
      return pattern === '*' ? null : 'pattern: "*" for the whole site';
    case 'country':
      return /^[A-Z]{2}$/.test(pattern) ? null : 'pattern: a two-letter country code';
    case 'path':
      return /^\/[A-Za-z0-9\-._~/%]*$/.test(pattern) && !pattern.startsWith('//')
        ? null
        : 'pattern: a site path starting with /';
    case 'user_agent':
      return pattern.trim().length >= 2 ? null : 'pattern: at least two characters';
  }
}

export class BlockRules {
  readonly #db: Kysely<Database>;
  readonly #bus: EventBus;

  constructor(deps: { db: Kysely<Database>; bus: EventBus }) {
    this.#db = deps.db;
    this.#bus = deps.bus;
  }

  async list(): Promise<StoredBlockRule[]> {
    const rows = await this.#db
      .selectFrom('block_rules')
      .selectAll()
      .orderBy('id')
      .limit(RULES_MAX)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      pattern: r.pattern,
      templateTypeId: r.template_type_id,
      isActive: r.is_active,
      note: r.note,
      createdAt: r.created_at,
    }));
  }

  /** Adds a rule; BLOCK_RULE_INVALID (400) when its pattern or reason does not fit. */
  async add(input: BlockRuleInput): Promise<number> {
    assertValid(input);
    const row = await this.#db
      .insertInto('block_rules')
      .values({
        kind: input.kind,
        pattern: input.pattern,
        template_type_id: input.templateTypeId,
        is_active: input.isActive,
        note: input.note,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.#bus.publish(BLOCK_RULES_CHANGED_TOPIC_NAME, { id: row.id });
    return row.id;
  }

  /** Changes a rule; BLOCK_RULE_NOT_FOUND (404), BLOCK_RULE_INVALID (400). Returns the rule before. */
  async update(id: number, input: BlockRuleInput): Promise<StoredBlockRule> {
    assertValid(input);
    const before = (await this.list()).find((r) => r.id === id);
    if (!before) throw new AppError('BLOCK_RULE_NOT_FOUND');
    await this.#db
      .updateTable('block_rules')
      .set({
        kind: input.kind,
        pattern: input.pattern,
        template_type_id: input.templateTypeId,
        is_active: input.isActive,
        note: input.note,
      })
      .where('id', '=', id)
      .execute();
    await this.#bus.publish(BLOCK_RULES_CHANGED_TOPIC_NAME, { id });
    return before;
  }

  /** Removes a rule; BLOCK_RULE_NOT_FOUND (404). Returns the rule removed. */
  async remove(id: number): Promise<StoredBlockRule> {
    const before = (await this.list()).find((r) => r.id === id);
    if (!before) throw new AppError('BLOCK_RULE_NOT_FOUND');
    await this.#db.deleteFrom('block_rules').where('id', '=', id).execute();
    await this.#bus.publish(BLOCK_RULES_CHANGED_TOPIC_NAME, { id });
    return before;
  }
}

/** The topic index.ts subscribes to (BLOCK_RULES_CHANGED_TOPIC there). */
const BLOCK_RULES_CHANGED_TOPIC_NAME = 'blocks:changed';

function assertValid(input: BlockRuleInput): void {
  const problem = blockRuleProblem(input);
  if (problem) throw new AppError('BLOCK_RULE_INVALID', problem, { field: problem.split(':')[0] });
}
