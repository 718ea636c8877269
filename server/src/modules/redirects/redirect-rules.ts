/**
 * The operator's redirect rules (the back office's redirects section): listed, added, changed and
 * removed, each checked before it is stored, and every process told at once
 * (REDIRECT_RULES_CHANGED_TOPIC drops the cached rules redirect-light reads). A source is a site
 * path without the language prefix; a target is a site path (may use {lng}) or an http(s) URL. A
 * rule that would send a visitor round in a circle, alone or through other rules, is refused.
 */
import type { Kysely } from 'kysely';
import type { EventBus } from '../../platform/bus.ts';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';

export const REDIRECT_CODES = [301, 302, 307, 308] as const;
const RULES_MAX = 5_000;
const CHAIN_MAX = 100;
const LANGUAGE_PREFIX = /^\/(?:[a-z]{2}|\{lng\})(?=\/|$)/;
const SITE_PATH = /^\/(?!\/)[A-Za-z0-9\-._~/%{}]*(\?[^\s#]*)?$/;

export interface RedirectRuleInput {
  sourcePath: string;
  targetUrl: string;
  code: number;
  isActive: boolean;
}

export interface StoredRedirectRule extends RedirectRuleInput {
  id: number;
  reason: string;
  createdAt: Date;
}

/** The rule key of a path as resolveRedirect looks it up: no language prefix, query or trailing "/". */
export function ruleKeyOf(path: string): string {
  const bare = path.split(/[?#]/)[0]!.replace(LANGUAGE_PREFIX, '') || '/';
  return bare.length > 1 ? bare.replace(/\/$/, '') : bare;
}

/** Why a source or target cannot be stored (REDIRECT_SOURCE_INVALID, REDIRECT_TARGET_INVALID), or null. Pure. */
export function redirectRuleProblem(input: RedirectRuleInput): 'source' | 'target' | null {
  if (!/^\/(?!\/)[A-Za-z0-9\-._~/%]*$/.test(input.sourcePath) || input.sourcePath.length > 500)
    return 'source';
  const target = input.targetUrl;
  if (target.length > 2000) return 'target';
  if (/^https?:\/\//.test(target)) {
    try {
      const url = new URL(target);
      return url.hostname && !/\s/.test(target) ? null : 'target';
    } catch {
      return 'target';
    }
  }
  return SITE_PATH.test(target) ? null : 'target';
}

/**
 * Does adding `rule` (replacing the one with the same source) make a circle? Follows site-path
 * targets through the active rules; an http(s) target ends the chain. Pure.
 */
export function makesLoop(rule: RedirectRuleInput, others: readonly RedirectRuleInput[]): boolean {
  if (!rule.isActive) return false;
  const byKey = new Map<string, string>();
  for (const other of others) if (other.isActive) byKey.set(ruleKeyOf(other.sourcePath), other.targetUrl);
  const start = ruleKeyOf(rule.sourcePath);
  byKey.set(start, rule.targetUrl);
  let target = rule.targetUrl;
  for (let step = 0; step < CHAIN_MAX; step += 1) {
    if (/^https?:\/\//.test(target)) return false;
    const key = ruleKeyOf(target);
    if (key === start) return true;
    const next = byKey.get(key);
    if (next === undefined) return false;
    target = next;
  }
  return true;
}

export class RedirectRules {
  readonly #db: Kysely<Database>;
  readonly #bus: EventBus;

  constructor(deps: { db: Kysely<Database>; bus: EventBus }) {
    this.#db = deps.db;
    this.#bus = deps.bus;
  }

  async list(): Promise<StoredRedirectRule[]> {
    const rows = await this.#db
      .selectFrom('redirect_rules')
      .selectAll()
      .orderBy('source_path')
      .limit(RULES_MAX)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      sourcePath: r.source_path,
      targetUrl: r.target_url,
      code: r.code,
      reason: r.reason,
      isActive: r.is_active,
      createdAt: r.created_at,
    }));
  }

  /**
   * Adds (id null) or changes a rule. Refusals: REDIRECT_SOURCE_INVALID, REDIRECT_TARGET_INVALID,
   * REDIRECT_LOOP (400), REDIRECT_SOURCE_TAKEN (409), REDIRECT_RULE_NOT_FOUND (404). Returns the
   * rule's id and what it was before (null for a new one).
   */
  async save(
    id: number | null,
    input: RedirectRuleInput,
  ): Promise<{ id: number; before: StoredRedirectRule | null }> {
    const problem = redirectRuleProblem(input);
    if (problem === 'source') throw new AppError('REDIRECT_SOURCE_INVALID');
    if (problem === 'target') throw new AppError('REDIRECT_TARGET_INVALID');
    const sourcePath = ruleKeyOf(input.sourcePath);
    const rules = await this.list();
    const before = id === null ? null : (rules.find((r) => r.id === id) ?? null);
    if (id !== null && !before) throw new AppError('REDIRECT_RULE_NOT_FOUND');
    if (rules.some((r) => r.id !== id && r.sourcePath === sourcePath))
      throw new AppError('REDIRECT_SOURCE_TAKEN');
    const others = rules.filter((r) => r.id !== id);
    if (makesLoop({ ...input, sourcePath }, others)) throw new AppError('REDIRECT_LOOP');
    const values = {
      source_path: sourcePath,
      target_url: input.targetUrl,
      code: input.code,
      is_active: input.isActive,
    };
    let savedId = id;
    if (id === null) {
      const row = await this.#db
        .insertInto('redirect_rules')
        .values({ ...values, reason: 'rule' })
        .onConflict((oc) => oc.column('source_path').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) throw new AppError('REDIRECT_SOURCE_TAKEN');
      savedId = row.id;
    } else {
      await this.#db.updateTable('redirect_rules').set(values).where('id', '=', id).execute();
    }
    await this.#bus.publish(REDIRECT_RULES_CHANGED, { id: savedId });
    return { id: savedId!, before };
  }

  /** Removes a rule; REDIRECT_RULE_NOT_FOUND (404). Returns the rule removed. */
  async remove(id: number): Promise<StoredRedirectRule> {
    const before = (await this.list()).find((r) => r.id === id);
    if (!before) throw new AppError('REDIRECT_RULE_NOT_FOUND');
    await this.#db.deleteFrom('redirect_rules').where('id', '=', id).execute();
    await this.#bus.publish(REDIRECT_RULES_CHANGED, { id });
    return before;
  }
}

/** REDIRECT_RULES_CHANGED_TOPIC of index.ts (kept here too so index.ts need not be imported). */
const REDIRECT_RULES_CHANGED = 'redirects:changed';
