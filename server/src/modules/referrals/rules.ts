/** The operator's reward rules, one per currency (`parlay referrals rules`). */
import { type Static, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import type { ReferralRule } from './referral-rules.ts';

const Minor = Type.String({ pattern: '^\\d{1,15}$' });
export const RuleInputSchema = Type.Object(
  {
    currency: Type.String({ pattern: '^[A-Z]{3}$' }),
    depositMinMinor: Minor,
    wagerMinMinor: Minor,
    rewardMinor: Minor,
    capMinor: Minor,
    isEnabled: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type RuleInput = Static<typeof RuleInputSchema>;

type RuleRow = Database['referral_rules'];
function toRule(row: Pick<RuleRow, keyof RuleRow>): ReferralRule {
  return {
    currency: row.currency,
    depositMinMinor: BigInt(row.deposit_min_minor),
    wagerMinMinor: BigInt(row.wager_min_minor),
    rewardMinor: BigInt(row.reward_minor),
    capMinor: BigInt(row.cap_minor),
    isEnabled: row.is_enabled,
  };
}

export async function ruleOf(db: Kysely<Database>, currency: string): Promise<ReferralRule | null> {
  const row = await db
    .selectFrom('referral_rules')
    .selectAll()
    .where('currency', '=', currency)
    .executeTakeFirst();
  return row ? toRule(row) : null;
}

export async function listRules(db: Kysely<Database>): Promise<ReferralRule[]> {
  const rows = await db.selectFrom('referral_rules').selectAll().orderBy('currency').execute();
  return rows.map(toRule);
}

/** Creates or replaces a currency's rule. VALIDATION_FAILED for a bad field (named). */
export async function setRule(db: Kysely<Database>, clock: Clock, input: unknown): Promise<ReferralRule> {
  if (!Value.Check(RuleInputSchema, input)) {
    const first = Value.Errors(RuleInputSchema, input).First();
    throw new AppError('VALIDATION_FAILED', `${first?.path || 'rule'}: ${first?.message ?? 'invalid'}`);
  }
  const rule = input as RuleInput;
  const values = {
    currency: rule.currency,
    deposit_min_minor: BigInt(rule.depositMinMinor),
    wager_min_minor: BigInt(rule.wagerMinMinor),
    reward_minor: BigInt(rule.rewardMinor),
    cap_minor: BigInt(rule.capMinor),
    is_enabled: rule.isEnabled,
    updated_at: clock.now(),
  };
  if (values.deposit_min_minor <= 0n || values.reward_minor <= 0n)
    throw new AppError('VALIDATION_FAILED', 'depositMinMinor and rewardMinor must be above zero');
  await db
    .insertInto('referral_rules')
    .values(values)
    .onConflict((oc) => oc.column('currency').doUpdateSet(values))
    .execute();
  return toRule(values);
}
