/**
 * Campaigns and promo codes in the database: create (from a checked definition), list, pause and
 * resume, and the reads the triggers need. The definition is stored as JSON (campaignJson) and
 * parsed back with the domain's parseCampaign, so what is stored was checked by the same rules.
 *
 * Errors: BONUS_CAMPAIGN_INVALID (400, details: problems), BONUS_CAMPAIGN_EXISTS (409),
 * BONUS_CAMPAIGN_NOT_FOUND (404).
 */
import {
  type CampaignDefinition,
  campaignJson,
  parseCampaign,
  type Trigger,
} from '@parlay/domain/bonus/campaign.ts';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';

export interface Campaign {
  id: bigint;
  status: 'active' | 'paused';
  spentMinor: bigint;
  grantedCount: number;
  definition: CampaignDefinition;
}

export interface PromoCodeInput {
  code: string;
  maxUses?: number | null;
  endsAt?: string | null;
}

const PROMO = /^[A-Z0-9_-]{3,50}$/;

export function toCampaign(row: {
  id: bigint;
  status: 'active' | 'paused';
  spent_minor: bigint;
  granted_count: number;
  definition: unknown;
}): Campaign {
  const parsed = parseCampaign(row.definition);
  if (!parsed.ok) throw new AppError('BONUS_CAMPAIGN_INVALID', 'a stored campaign no longer parses');
  return {
    id: BigInt(row.id),
    status: row.status,
    spentMinor: BigInt(row.spent_minor),
    grantedCount: row.granted_count,
    definition: parsed.value,
  };
}

export const CAMPAIGN_COLUMNS = ['id', 'status', 'spent_minor', 'granted_count', 'definition'] as const;

/** Creates a campaign (and its promo codes) from JSON; answers it. */
export async function createCampaign(
  db: Kysely<Database>,
  clock: Clock,
  input: unknown,
  promoCodes: readonly PromoCodeInput[] = [],
): Promise<Campaign> {
  const parsed = parseCampaign(input);
  if (!parsed.ok) throw new AppError('BONUS_CAMPAIGN_INVALID', undefined, { problems: parsed.problems });
  for (const p of promoCodes) {
    if (!PROMO.test(p.code))
      throw new AppError('BONUS_CAMPAIGN_INVALID', undefined, {
        problems: [{ path: `promoCodes.${p.code}`, problem: 'must be 3-50 of A-Z 0-9 _ -' }],
      });
  }
  const d = parsed.value;
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('bonus_campaigns')
      .values({
        code: d.code,
        category: d.category,
        trigger: d.trigger,
        definition: campaignJson(d),
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('code').doNothing())
      .returning(CAMPAIGN_COLUMNS)
      .executeTakeFirst();
    if (!row) throw new AppError('BONUS_CAMPAIGN_EXISTS');
    for (const p of promoCodes) {
      const inserted = await trx
        .insertInto('bonus_promo_codes')
        .values({
          code: p.code,
          campaign_id: row.id,
          max_uses: p.maxUses ?? null,
          ends_at: p.endsAt ? new Date(p.endsAt) : null,
          created_at: now,
        })
        .onConflict((oc) => oc.column('code').doNothing())
        .returning('code')
        .executeTakeFirst();
      if (!inserted) throw new AppError('BONUS_CAMPAIGN_EXISTS', `promo code ${p.code} exists`);
    }
    return toCampaign(row);
  });
}

export async function listCampaigns(db: Kysely<Database>): Promise<Campaign[]> {
  const rows = await db.selectFrom('bonus_campaigns').select(CAMPAIGN_COLUMNS).orderBy('id').execute();
  return rows.map(toCampaign);
}

export async function campaignByCode(db: Kysely<Database>, code: string): Promise<Campaign> {
  const row = await db
    .selectFrom('bonus_campaigns')
    .select(CAMPAIGN_COLUMNS)
    .where('code', '=', code)
    .executeTakeFirst();
  if (!row) throw new AppError('BONUS_CAMPAIGN_NOT_FOUND');
  return toCampaign(row);
}

export async function setCampaignStatus(
  db: Kysely<Database>,
  clock: Clock,
  code: string,
  status: 'active' | 'paused',
): Promise<Campaign> {
  const row = await db
    .updateTable('bonus_campaigns')
    .set({ status, updated_at: clock.now() })
    .where('code', '=', code)
    .returning(CAMPAIGN_COLUMNS)
    .executeTakeFirst();
  if (!row) throw new AppError('BONUS_CAMPAIGN_NOT_FOUND');
  return toCampaign(row);
}

/** Active campaigns of a trigger (a handful: read whole). */
export async function campaignsOf(db: Kysely<Database>, trigger: Trigger): Promise<Campaign[]> {
  const rows = await db
    .selectFrom('bonus_campaigns')
    .select(CAMPAIGN_COLUMNS)
    .where('trigger', '=', trigger)
    .where('status', '=', 'active')
    .orderBy('id')
    .execute();
  return rows.map(toCampaign);
}

export interface PromoCode {
  code: string;
  campaignId: bigint;
  maxUses: number | null;
  uses: number;
  endsAt: Date | null;
}

export async function promoCode(db: Kysely<Database>, code: string): Promise<PromoCode | null> {
  const row = await db
    .selectFrom('bonus_promo_codes')
    .selectAll()
    .where('code', '=', code.trim().toUpperCase())
    .executeTakeFirst();
  return row
    ? {
        code: row.code,
        campaignId: BigInt(row.campaign_id),
        maxUses: row.max_uses,
        uses: row.uses,
        endsAt: row.ends_at,
      }
    : null;
}

/** A promo code of the campaign that can still be used (the promotion page's registration link). */
export async function livePromoCode(
  db: Kysely<Database>,
  campaignId: bigint,
  now: Date,
): Promise<string | null> {
  const row = await db
    .selectFrom('bonus_promo_codes')
    .select('code')
    .where('campaign_id', '=', campaignId)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .orderBy('code')
    .limit(1)
    .executeTakeFirst();
  return row?.code ?? null;
}
