/**
 * The operator's side of campaigns beyond `parlay bonuses` (the back office's bonus section): what
 * each campaign did (bonuses granted, active, converted, forfeited, and their money per currency),
 * a change of a campaign's definition and its end. Creating, pausing and resuming stay the
 * service's own (createCampaign, setStatus), so a campaign made in the back office is the same row
 * the command makes and the engine grants it the same way.
 *
 * A change is checked by the domain's parseCampaign like a new campaign (BONUS_CAMPAIGN_INVALID with
 * every problem and its path); the code cannot change (it names the campaign in promo links and
 * shop items). Granted bonuses keep the terms they were granted with (their rows carry them).
 * Ending sets limits.endsAt to now: every trigger already refuses a campaign past its end.
 *
 * Errors: BONUS_CAMPAIGN_INVALID (400), BONUS_CAMPAIGN_NOT_FOUND (404).
 */
import { campaignJson, parseCampaign } from '@parlay/domain/bonus/campaign.ts';
import { sql } from 'kysely';
import { AppError } from '../../platform/errors.ts';
import { forgetBetCampaigns } from './bet-settled-bonuses.ts';
import type { BonusService } from './bonus-service.ts';
import { CAMPAIGN_COLUMNS, type Campaign, toCampaign } from './campaigns.ts';

export interface CampaignMoney {
  currency: string;
  grantedMinor: bigint;
  convertedMinor: bigint;
  forfeitedMinor: bigint;
}

export interface CampaignFigures {
  campaignId: bigint;
  granted: number;
  active: number;
  converted: number;
  forfeited: number;
  used: number;
  money: CampaignMoney[];
}

export interface CampaignDesk {
  figures(): Promise<Map<bigint, CampaignFigures>>;
  update(code: string, input: unknown): Promise<{ before: Campaign; after: Campaign }>;
  end(code: string): Promise<{ before: Campaign; after: Campaign }>;
}

export function createCampaignDesk(bonuses: BonusService): CampaignDesk {
  const { ctx } = bonuses;
  const db = ctx.db;

  const write = async (code: string, next: (before: Campaign) => Record<string, unknown>) => {
    const result = await db.transaction().execute(async (trx) => {
      const locked = await trx
        .selectFrom('bonus_campaigns')
        .select(CAMPAIGN_COLUMNS)
        .where('code', '=', code)
        .forUpdate()
        .executeTakeFirst();
      if (!locked) throw new AppError('BONUS_CAMPAIGN_NOT_FOUND');
      const before = toCampaign(locked);
      const parsed = parseCampaign(next(before));
      if (!parsed.ok) throw new AppError('BONUS_CAMPAIGN_INVALID', undefined, { problems: parsed.problems });
      if (parsed.value.code !== code)
        throw new AppError('BONUS_CAMPAIGN_INVALID', undefined, {
          problems: [{ path: 'code', problem: 'cannot change' }],
        });
      const d = parsed.value;
      const row = await trx
        .updateTable('bonus_campaigns')
        .set({
          category: d.category,
          trigger: d.trigger,
          definition: campaignJson(d),
          updated_at: ctx.clock.now(),
        })
        .where('id', '=', before.id)
        .returning(CAMPAIGN_COLUMNS)
        .executeTakeFirstOrThrow();
      return { before, after: toCampaign(row) };
    });
    // The settlement hook asks again whether a bet_settled campaign runs (as after create or pause).
    forgetBetCampaigns(ctx);
    return result;
  };

  return {
    figures: () => campaignFigures(bonuses),
    update: (code, input) =>
      write(code, () => (typeof input === 'object' && input !== null ? { ...input } : {})),
    end: (code) =>
      write(code, (before) => {
        const now = ctx.clock.now();
        const json = campaignJson(before.definition);
        const limits = json.limits as Record<string, unknown>;
        const ends = before.definition.limits.endsAt;
        const starts = before.definition.limits.startsAt;
        // A campaign that has not started yet ends when it would have started (nothing granted).
        const endAt = starts && starts > now ? new Date(starts.getTime() + 1) : now;
        if (!ends || ends > endAt) limits.endsAt = endAt.toISOString();
        return json;
      }),
  };
}

async function campaignFigures(bonuses: BonusService): Promise<Map<bigint, CampaignFigures>> {
  const db = bonuses.ctx.db;
  const rows = await db
    .selectFrom('bonus_player_bonuses')
    .select([
      'campaign_id',
      'currency',
      sql<string>`count(*)`.as('granted'),
      sql<string>`count(*) filter (where status = 'active')`.as('active'),
      sql<string>`count(*) filter (where status = 'completed')`.as('converted'),
      sql<string>`count(*) filter (where status in ('forfeited', 'expired'))`.as('forfeited'),
      sql<string>`count(*) filter (where status = 'used')`.as('used'),
      sql<string>`coalesce(sum(amount_minor), 0)`.as('granted_minor'),
      sql<string>`coalesce(sum(converted_minor), 0)`.as('converted_minor'),
      sql<string>`coalesce(sum(forfeited_minor), 0)`.as('forfeited_minor'),
    ])
    .groupBy(['campaign_id', 'currency'])
    .orderBy('campaign_id')
    .orderBy('currency')
    .execute();
  const figures = new Map<bigint, CampaignFigures>();
  for (const r of rows) {
    const id = BigInt(r.campaign_id);
    const f = figures.get(id) ?? {
      campaignId: id,
      granted: 0,
      active: 0,
      converted: 0,
      forfeited: 0,
      used: 0,
      money: [],
    };
    f.granted += Number(r.granted);
    f.active += Number(r.active);
    f.converted += Number(r.converted);
    f.forfeited += Number(r.forfeited);
    f.used += Number(r.used);
    f.money.push({
      currency: r.currency,
      grantedMinor: BigInt(r.granted_minor),
      convertedMinor: BigInt(r.converted_minor),
      forfeitedMinor: BigInt(r.forfeited_minor),
    });
    figures.set(id, f);
  }
  return figures;
}
