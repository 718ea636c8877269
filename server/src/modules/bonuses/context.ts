/** What the bonuses use cases share, built once by createBonusService (or a test). */
import { DEFAULT_JURISDICTION, type Jurisdiction } from '@parlay/domain/bonus/eligibility.ts';
import type { Kysely } from 'kysely';
import type { EventBus } from '../../platform/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/schema.ts';
import type { Ledger } from '../accounts/index.ts';
import type { SiteConfigService } from '../config/index.ts';

/** What the bonus engine asks of responsible gaming (the limits service fits). */
export interface BonusPlayerChecks {
  isSelfExcluded(userId: bigint): Promise<boolean>;
  marketingAllowed(userId: bigint): Promise<boolean>;
}

export interface BonusContext {
  db: Kysely<Database>;
  clock: Clock;
  ledger: Ledger;
  bus: EventBus;
  siteConfig: SiteConfigService;
  checks: BonusPlayerChecks;
  /** A test seam of the crash tests: runs inside a new grant's transaction, right before its commit. */
  beforeGrantCommit?: (grantKey: string) => Promise<void>;
}

export interface BonusSettings extends Jurisdiction {
  pointsPerUnitCenti: number;
}

/** The settings last read by settingsOf in this process (per config service), for use inside transactions. */
const lastRead = new WeakMap<SiteConfigService, BonusSettings>();

/**
 * The settings as last read, without a database call (inside another module's transaction a read
 * on the shared pool could wait for that very transaction); a refresh is started for next time.
 */
export function settingsNow(ctx: BonusContext): BonusSettings {
  void settingsOf(ctx).catch(() => undefined);
  return (
    lastRead.get(ctx.siteConfig) ?? {
      ...DEFAULT_JURISDICTION,
      maxWageringMultiple: 10,
      pointsPerUnitCenti: 100,
    }
  );
}

export async function settingsOf(ctx: BonusContext): Promise<BonusSettings> {
  const settings = await readSettings(ctx);
  lastRead.set(ctx.siteConfig, settings);
  return settings;
}

async function readSettings(ctx: BonusContext): Promise<BonusSettings> {
  const { bonuses } = await ctx.siteConfig.groups(['bonuses'], 'en');
  const g = (bonuses ?? {}) as Partial<BonusSettings>;
  return {
    maxWageringMultiple: g.maxWageringMultiple ?? DEFAULT_JURISDICTION.maxWageringMultiple,
    noMixedProducts: g.noMixedProducts ?? DEFAULT_JURISDICTION.noMixedProducts,
    optInRequired: g.optInRequired ?? DEFAULT_JURISDICTION.optInRequired,
    noBonusesWhenSelfExcluded: g.noBonusesWhenSelfExcluded ?? DEFAULT_JURISDICTION.noBonusesWhenSelfExcluded,
    noBonusesWithoutMarketing: g.noBonusesWithoutMarketing ?? DEFAULT_JURISDICTION.noBonusesWithoutMarketing,
    pointsPerUnitCenti: g.pointsPerUnitCenti ?? 100,
  };
}

/** The message on the player's private topic when one of their bonuses changes. */
export interface BonusMessage {
  type: 'bonus';
  bonusId: string;
  status: string;
  progressMinor: string;
  requirementMinor: string;
}

export const userTopic = (userId: bigint) => `user:${userId}`;

/** Published (with the user id as text) when a player gets an active money bonus, to every process. */
export const BONUS_ENGAGED_TOPIC = 'bonuses:engaged';
