/**
 * What the toto use cases share: the database, the ledger and limits services built once by the
 * composition root, the clock, the bus, and the draw settings (rules, currency, timing). Messages
 * go to the public topic `toto` only after the transaction that caused them committed.
 */
import { DEFAULT_TOTO_RULES, rulesProblem, type TotoRules } from '@parlay/domain/toto/index.ts';
import type { Kysely } from 'kysely';
import type { EventBus } from '../../platform/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/schema.ts';
import type { Ledger } from '../accounts/index.ts';
import type { LimitsService } from '../limits/index.ts';
import type { TotoDrawStatus } from './tables.ts';

export const TOTO_TOPIC = 'toto';

/** On `toto` when a draw is created or changes state (the pages refetch it). */
export interface TotoDrawMessage {
  type: 'draw';
  drawId: string;
  number: number;
  status: TotoDrawStatus;
}

/** On the player's private topic `user:<id>` when winning coupons of theirs are paid. */
export interface TotoPaidMessage {
  type: 'toto.paid';
  drawId: string;
  couponIds: string[];
  payoutMinor: string;
  currency: string;
}

export interface TotoSettings {
  rules: TotoRules;
  /** Every draw is sold and paid in this currency (coupons from accounts in others are refused). */
  currency: string;
  /** Sales close this long before the first match starts. */
  closeBeforeStartMs: number;
  /** Draws take games starting from closeBeforeStart + this margin … */
  minLeadMs: number;
  /** … up to this far ahead. */
  horizonMs: number;
  /** A match still undecided this long after the draw closed is void. */
  voidAfterMs: number;
  /** Coupons paid per ledger transaction. */
  payBatch: number;
  /** Coupons whose categories are counted per read. */
  countBatch: number;
  /** For the crash tests: awaited inside a step's transaction, right before it commits. */
  hooks?: { beforeCommit?(step: 'distribute' | 'pay'): Promise<void> };
}

export const DEFAULT_TOTO_SETTINGS: TotoSettings = {
  rules: DEFAULT_TOTO_RULES,
  currency: 'RUB',
  closeBeforeStartMs: 0,
  minLeadMs: 10 * 60_000,
  horizonMs: 7 * 86_400_000,
  voidAfterMs: 72 * 3_600_000,
  payBatch: 500,
  countBatch: 5_000,
};

export interface TotoContext {
  db: Kysely<Database>;
  ledger: Ledger;
  limits: LimitsService;
  clock: Clock;
  bus: EventBus;
  settings: TotoSettings;
}

export function createTotoContext(
  deps: { db: Kysely<Database>; clock: Clock; bus: EventBus },
  services: { ledger: Ledger; limits: LimitsService },
  settings: Partial<TotoSettings> = {},
): TotoContext {
  const merged = { ...DEFAULT_TOTO_SETTINGS, ...settings };
  const problem = rulesProblem(merged.rules);
  if (problem) throw new Error(`toto rules: ${problem}`);
  return { db: deps.db, clock: deps.clock, bus: deps.bus, ...services, settings: merged };
}

/** The settings of the configuration (TOTO_* variables); the rest keep their defaults. */
export function totoSettingsOf(
  config: Pick<
    Config,
    | 'totoCurrency'
    | 'totoMinStakeMinor'
    | 'totoPoolPercent'
    | 'totoCategoryShares'
    | 'totoCloseBeforeStartSeconds'
  >,
): Partial<TotoSettings> {
  const shares = config.totoCategoryShares.map((p) => p * 100);
  return {
    currency: config.totoCurrency,
    closeBeforeStartMs: config.totoCloseBeforeStartSeconds * 1000,
    rules: {
      minStakeMinor: BigInt(config.totoMinStakeMinor),
      poolBasisPoints: config.totoPoolPercent * 100,
      categoryShares: {
        15: shares[0] ?? 0,
        14: shares[1] ?? 0,
        13: shares[2] ?? 0,
        12: shares[3] ?? 0,
        11: shares[4] ?? 0,
        10: shares[5] ?? 0,
        9: shares[6] ?? 0,
      },
    },
  };
}

/** Publishes after commit; a bus failure never undoes what was committed. */
export function publishDraw(ctx: Pick<TotoContext, 'bus'>, message: Omit<TotoDrawMessage, 'type'>): void {
  void ctx.bus.publish(TOTO_TOPIC, { type: 'draw', ...message } satisfies TotoDrawMessage).catch(() => {});
}

/** Whether a database error is the unique violation of `constraint` (PostgreSQL and PGlite). */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  const e = err as { code?: string; constraint?: string; message?: string } | null;
  return e?.code === '23505' && `${e.constraint ?? ''} ${e.message ?? ''}`.includes(constraint);
}
