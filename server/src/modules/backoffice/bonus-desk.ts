/**
 * The bonus campaigns section of the back office: campaigns with their state and figures, created
 * and changed with the engine's own definition (checked by the domain's parseCampaign, refused with
 * BONUS_CAMPAIGN_INVALID and every problem's path), paused, resumed and ended. Creating, pausing and
 * resuming call the bonus service that `parlay bonuses` calls, so the engine grants a campaign made
 * here exactly as one made on the command line. Every change is audited; a refused one as refused
 * with its code.
 */
import type { CampaignDefinition } from '@parlay/domain/bonus/campaign.ts';
import { campaignJson } from '@parlay/domain/bonus/campaign.ts';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import type {
  BonusService,
  Campaign,
  CampaignDesk,
  CampaignFigures,
  PromoCodeInput,
} from '../bonuses/index.ts';
import { appendAuditNow } from './audit-log.ts';
import type { Actor } from './operators.ts';

export interface BonusDeskContext {
  db: Kysely<Database>;
  clock: Clock;
  bonuses: Pick<BonusService, 'createCampaign' | 'listCampaigns' | 'setStatus' | 'campaign'>;
  desk: CampaignDesk;
}

export type CampaignState = 'active' | 'paused' | 'scheduled' | 'ended';

/** What the page shows of a campaign: its state now, its definition as JSON and what it did. */
export interface CampaignView {
  id: string;
  code: string;
  state: CampaignState;
  status: 'active' | 'paused';
  trigger: string;
  category: string;
  title: Record<string, string>;
  rewardKind: string;
  spentMinor: string;
  budgetMinor: string | null;
  definition: Record<string, unknown>;
  figures: {
    granted: number;
    active: number;
    converted: number;
    forfeited: number;
    used: number;
    money: { currency: string; grantedMinor: string; convertedMinor: string; forfeitedMinor: string }[];
  };
}

export function stateOf(
  c: { status: 'active' | 'paused'; definition: CampaignDefinition },
  now: Date,
): CampaignState {
  const { startsAt, endsAt } = c.definition.limits;
  if (endsAt && endsAt <= now) return 'ended';
  if (c.status === 'paused') return 'paused';
  if (startsAt && startsAt > now) return 'scheduled';
  return 'active';
}

function viewOf(c: Campaign, figures: CampaignFigures | undefined, now: Date): CampaignView {
  const d = c.definition;
  return {
    id: c.id.toString(),
    code: d.code,
    state: stateOf(c, now),
    status: c.status,
    trigger: d.trigger,
    category: d.category,
    title: d.title,
    rewardKind: d.reward.kind,
    spentMinor: c.spentMinor.toString(),
    budgetMinor: d.limits.budgetMinor === null ? null : d.limits.budgetMinor.toString(),
    definition: campaignJson(d),
    figures: {
      granted: figures?.granted ?? 0,
      active: figures?.active ?? 0,
      converted: figures?.converted ?? 0,
      forfeited: figures?.forfeited ?? 0,
      used: figures?.used ?? 0,
      money: (figures?.money ?? []).map((m) => ({
        currency: m.currency,
        grantedMinor: m.grantedMinor.toString(),
        convertedMinor: m.convertedMinor.toString(),
        forfeitedMinor: m.forfeitedMinor.toString(),
      })),
    },
  };
}

export async function listCampaignViews(ctx: BonusDeskContext): Promise<CampaignView[]> {
  const [campaigns, figures] = await Promise.all([ctx.bonuses.listCampaigns(), ctx.desk.figures()]);
  const now = ctx.clock.now();
  return campaigns.map((c) => viewOf(c, figures.get(c.id), now)).reverse();
}

export type CampaignAction = 'create' | 'update' | 'pause' | 'resume' | 'end';

/** One change of a campaign, audited as ok or refused (with the engine's code). */
export async function changeCampaign(
  ctx: BonusDeskContext,
  actor: Actor,
  action: CampaignAction,
  input: { code: string; campaign?: unknown; promoCodes?: readonly PromoCodeInput[] },
): Promise<CampaignView> {
  const target = `bonus-campaign:${input.code}`.slice(0, 200);
  try {
    const campaign = await run(ctx, action, input);
    await appendAuditNow(ctx.db, ctx.clock.now(), {
      operatorId: actor.operatorId,
      operatorLogin: actor.login,
      action: `bonus.${action}`,
      target,
      outcome: 'ok',
      details: {
        id: campaign.id.toString(),
        trigger: campaign.definition.trigger,
        reward: campaign.definition.reward.kind,
        status: campaign.status,
        ...(input.promoCodes?.length ? { promoCodes: input.promoCodes.map((p) => p.code).join(',') } : {}),
      },
      ip: actor.ip,
    });
    const figures = await ctx.desk.figures();
    return viewOf(campaign, figures.get(campaign.id), ctx.clock.now());
  } catch (error) {
    if (error instanceof AppError)
      await appendAuditNow(ctx.db, ctx.clock.now(), {
        operatorId: actor.operatorId,
        operatorLogin: actor.login,
        action: `bonus.${action}`,
        target,
        outcome: 'refused',
        details: {
          code: error.code,
          ...problemCount(error.details),
        },
        ip: actor.ip,
      });
    throw error;
  }
}

function problemCount(details: unknown): { problems?: number } {
  const problems = (details as { problems?: unknown } | undefined)?.problems;
  return Array.isArray(problems) ? { problems: problems.length } : {};
}

async function run(
  ctx: BonusDeskContext,
  action: CampaignAction,
  input: { code: string; campaign?: unknown; promoCodes?: readonly PromoCodeInput[] },
): Promise<Campaign> {
  switch (action) {
    case 'create':
      return ctx.bonuses.createCampaign(input.campaign, input.promoCodes ?? []);
    case 'update':
      return (await ctx.desk.update(input.code, input.campaign)).after;
    case 'end':
      return (await ctx.desk.end(input.code)).after;
    case 'pause':
    case 'resume':
      return ctx.bonuses.setStatus(input.code, action === 'pause' ? 'paused' : 'active');
  }
}
