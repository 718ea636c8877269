/**
 * Schedule campaigns (trigger `schedule`, definition.schedule: domain/bonus/schedule.ts): at each
 * occurrence the workers grant the reward to every eligible player.
 *
 * - An occurrence becomes due when the clock passes it (occurrences from the campaign's creation or
 *   start, before its end). Occurrences a stopped worker missed collapse into the latest one.
 * - A due occurrence gets a row in bonus_schedule_runs (migration 0210). Players are walked in pages
 *   of user id (set-based pre-filter: the campaign's countries and currencies, players not yet granted
 *   this occurrence); each player is granted in their own transaction through grantBonus, which
 *   checks eligibility (self-exclusion, marketing, per-player limit, budget) under the campaign's
 *   row lock. After a page the run's cursor moves on (only from where it was); the run finishes when
 *   no player is left or the budget is exhausted.
 * - Exactly once per player per occurrence: the grant key
 *   bonus:schedule:<campaignId>:<occurrence ISO>:<userId>. A crash mid-page, a replayed pass or a
 *   second worker on the same page only finds the grants already made.
 * - Scheduled grants are unsolicited marketing: players who may not receive marketing
 *   (checks.marketingAllowed) or are self-excluded are never granted, whatever the jurisdiction's
 *   switches say.
 */
import { latestDue } from '@parlay/domain/bonus/schedule.ts';
import { sql } from 'kysely';
import { AppError } from '../../platform/errors.ts';
import { type Campaign, campaignsOf } from './campaigns.ts';
import type { BonusContext } from './context.ts';
import { grantBonus } from './player-bonuses.ts';

export const SCHEDULE_PAGE_SIZE = 500;

export const scheduleGrantKey = (campaignId: bigint, occurrence: Date, userId: bigint) =>
  `bonus:schedule:${campaignId}:${occurrence.toISOString()}:${userId}`;

export interface ScheduleOptions {
  pageSize?: number;
  /** Pages per campaign in one pass (the next pass goes on from the cursor). */
  pages?: number;
}

/** One pass over the active schedule campaigns; answers how many players were looked at. */
export async function processSchedules(
  ctx: BonusContext,
  log: (message: string, error: unknown) => void,
  options: ScheduleOptions = {},
): Promise<number> {
  let seen = 0;
  for (const campaign of await campaignsOf(ctx.db, 'schedule')) {
    try {
      seen += await processCampaign(ctx, log, campaign, options);
    } catch (error) {
      log(`schedule campaign ${campaign.definition.code} failed`, error);
    }
  }
  return seen;
}

/** The open run of a campaign, opening the latest due occurrence when none is open. */
async function openRun(ctx: BonusContext, campaign: Campaign) {
  const open = await ctx.db
    .selectFrom('bonus_schedule_runs')
    .selectAll()
    .where('campaign_id', '=', campaign.id)
    .where('finished_at', 'is', null)
    .orderBy('occurrence_at')
    .executeTakeFirst();
  if (open) return open;
  const d = campaign.definition;
  if (!d.schedule) return null;
  const [last, created] = await Promise.all([
    ctx.db
      .selectFrom('bonus_schedule_runs')
      .select(sql<Date | null>`max(occurrence_at)`.as('at'))
      .where('campaign_id', '=', campaign.id)
      .executeTakeFirst(),
    ctx.db
      .selectFrom('bonus_campaigns')
      .select('created_at')
      .where('id', '=', campaign.id)
      .executeTakeFirstOrThrow(),
  ]);
  // Occurrences from the campaign's creation (and start) on; the last one opened is done.
  const lastMs = last?.at ? new Date(last.at).getTime() : null;
  const fromMs = Math.max(
    new Date(created.created_at).getTime() - 1,
    (d.limits.startsAt?.getTime() ?? 0) - 1,
    lastMs ?? Number.NEGATIVE_INFINITY,
  );
  const nowMs = ctx.clock.nowMs();
  const due = latestDue(d.schedule, fromMs, nowMs);
  if (due === null || (d.limits.endsAt && due >= d.limits.endsAt.getTime())) return null;
  await ctx.db
    .insertInto('bonus_schedule_runs')
    .values({ campaign_id: campaign.id, occurrence_at: new Date(due), started_at: ctx.clock.now() })
    .onConflict((oc) => oc.columns(['campaign_id', 'occurrence_at']).doNothing())
    .execute();
  return ctx.db
    .selectFrom('bonus_schedule_runs')
    .selectAll()
    .where('campaign_id', '=', campaign.id)
    .where('finished_at', 'is', null)
    .orderBy('occurrence_at')
    .executeTakeFirst();
}

async function finishRun(ctx: BonusContext, campaignId: bigint, occurrence: Date, outcome: string) {
  await ctx.db
    .updateTable('bonus_schedule_runs')
    .set({ finished_at: ctx.clock.now(), outcome })
    .where('campaign_id', '=', campaignId)
    .where('occurrence_at', '=', occurrence)
    .where('finished_at', 'is', null)
    .execute();
}

async function processCampaign(
  ctx: BonusContext,
  log: (message: string, error: unknown) => void,
  campaign: Campaign,
  options: ScheduleOptions,
): Promise<number> {
  const pageSize = options.pageSize ?? SCHEDULE_PAGE_SIZE;
  const pages = options.pages ?? 10;
  const d = campaign.definition;
  let seen = 0;
  for (let page = 0; page < pages; page++) {
    const run = await openRun(ctx, campaign);
    if (!run) return seen;
    const occurrence = new Date(run.occurrence_at);
    const cursor = BigInt(run.cursor_user_id);
    const keyPrefix = `bonus:schedule:${campaign.id}:${occurrence.toISOString()}:`;
    let q = ctx.db
      .selectFrom('users')
      .select(['users.id', 'users.currency', 'users.country_code'])
      .where('users.id', '>', Number(cursor))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('bonus_player_bonuses')
              .select('bonus_player_bonuses.id')
              .where('bonus_player_bonuses.grant_key', '=', sql<string>`${keyPrefix} || users.id::text`),
          ),
        ),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('bonus_points_entries')
              .select('bonus_points_entries.id')
              .where('bonus_points_entries.ref', '=', sql<string>`${keyPrefix} || users.id::text`),
          ),
        ),
      )
      .orderBy('users.id')
      .limit(pageSize);
    if (d.conditions.countries.length > 0) q = q.where('users.country_code', 'in', d.conditions.countries);
    if (d.conditions.currencies.length > 0) q = q.where('users.currency', 'in', d.conditions.currencies);
    // The last user id of the page, whether or not its players were granted (filtered ones too).
    const upper = await ctx.db
      .selectFrom('users')
      .select(sql<number | null>`max(id)`.as('id'))
      .where(
        'id',
        'in',
        ctx.db
          .selectFrom('users')
          .select('id')
          .where('id', '>', Number(cursor))
          .orderBy('id')
          .limit(pageSize),
      )
      .executeTakeFirst();
    const players = await q.execute();
    if (upper?.id === null || upper?.id === undefined) {
      await finishRun(ctx, campaign.id, occurrence, 'done');
      return seen;
    }
    let budgetOut = false;
    for (const p of players) {
      const userId = BigInt(p.id);
      seen++;
      try {
        if ((await ctx.checks.isSelfExcluded(userId)) || !(await ctx.checks.marketingAllowed(userId)))
          continue;
        await grantBonus(ctx, {
          campaign,
          userId,
          currency: p.currency,
          country: p.country_code,
          source: 'schedule',
          grantKey: scheduleGrantKey(campaign.id, occurrence, userId),
          depositMinor: null,
          explicit: false,
        });
      } catch (error) {
        if (error instanceof AppError) {
          if (error.code === 'BONUS_BUDGET_EXHAUSTED') {
            budgetOut = true;
            break;
          }
          if (error.code === 'BONUS_CAMPAIGN_CLOSED') {
            // Ended (its end date passed mid-run): this occurrence is over; paused: wait for resume.
            if ((error.details as { reason?: string } | undefined)?.reason === 'ended')
              await finishRun(ctx, campaign.id, occurrence, 'ended');
            return seen;
          }
          continue; // not eligible, already claimed, an active bonus: this player is skipped
        }
        // A parallel worker granted the same key first (unique grant key): nothing to do.
        if (/grant_key|duplicate key|unique/i.test(String((error as Error)?.message))) continue;
        log(`schedule grant ${d.code} to ${userId} failed`, error);
        return seen; // the cursor stays: the next pass retries this page
      }
    }
    if (budgetOut) {
      await finishRun(ctx, campaign.id, occurrence, 'budget');
      return seen;
    }
    await ctx.db
      .updateTable('bonus_schedule_runs')
      .set({ cursor_user_id: BigInt(upper.id) })
      .where('campaign_id', '=', campaign.id)
      .where('occurrence_at', '=', occurrence)
      .where('cursor_user_id', '=', cursor)
      .execute();
  }
  return seen;
}
