/**
 * Wagering progress from the products, inside their own transactions:
 *
 * - the casino's BonusWallet port (casino/rounds/bonus-wallet.ts): coverStake refuses a stake above
 *   the active bonus's maximum bet (BONUS_MAX_BET) and pays the stake from bonus money first (bonus
 *   account → house, key bonus:stake:<roundId>:<step>); roundFinished moves the bonus-paid share of
 *   the payout back into bonus money (real → bonus account, key bonus:win:<roundId>), adds the
 *   round's contribution (stake × the product's share) and converts when complete. `engaged` tells
 *   the casino's instant path whether the player has an active bonus (otherwise the round takes the
 *   two-call path and the bonus engine is not asked);
 * - betting's settlement hook: a settled bet counts once (bonus_wagers primary key ('bet', betId);
 *   a resettlement does not count again) at its coefficient, sports only at odds ≥ the minimum;
 * - points per wager on both (bonus_points_entries, one per bet or round).
 *
 * Errors: BONUS_MAX_BET (409, details.maxBetMinor).
 */
import type { CampaignDefinition, Product } from '@parlay/domain/bonus/campaign.ts';
import {
  addProgress,
  bonusShareMinor,
  contributionMinor,
  isAboveMaxBet,
  productOfEngine,
} from '@parlay/domain/bonus/wagering.ts';
import { type Kysely, sql } from 'kysely';
import { type Batcher, createBatcher } from '../../platform/batcher.ts';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import { CAMPAIGN_COLUMNS, toCampaign } from './campaigns.ts';
import { type BonusContext, settingsNow } from './context.ts';
import { completeIfDone, creditPoints, endBonus, type PlayerBonusRow } from './player-bonuses.ts';
import { announceProgress } from './progress-messages.ts';

/** Campaign definitions never change once written (only their status): kept per process. */
const definitions = new Map<bigint, CampaignDefinition>();

export async function definitionOf(trx: Kysely<Database>, campaignId: bigint): Promise<CampaignDefinition> {
  const known = definitions.get(campaignId);
  if (known) return known;
  const row = await trx
    .selectFrom('bonus_campaigns')
    .select(CAMPAIGN_COLUMNS)
    .where('id', '=', campaignId)
    .executeTakeFirstOrThrow();
  const d = toCampaign(row).definition;
  definitions.set(campaignId, d);
  return d;
}

function activeMoney(trx: Kysely<Database>, userId: bigint, currency: string | null) {
  return trx
    .selectFrom('bonus_player_bonuses')
    .selectAll()
    .where('user_id', '=', userId)
    .$if(currency !== null, (q) => q.where('currency', '=', currency!))
    .where('kind', '=', 'money')
    .where('status', '=', 'active')
    .forUpdate()
    .executeTakeFirst() as Promise<PlayerBonusRow | undefined>;
}

/** Adds a contribution (and a balance change) and converts when complete; answers the row after it. */
async function progress(
  trx: Kysely<Database>,
  ctx: BonusContext,
  row: PlayerBonusRow,
  addMinor: bigint,
  balanceDelta: bigint,
): Promise<PlayerBonusRow> {
  const next = addProgress(row.progress_minor, addMinor, row.requirement_minor);
  const updated = (await trx
    .updateTable('bonus_player_bonuses')
    .set({ progress_minor: next, balance_minor: row.balance_minor + balanceDelta })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow()) as PlayerBonusRow;
  return (await completeIfDone(trx, ctx, updated)) ?? updated;
}

/** Bonuses changed in a transaction, announced after it commits (bonus:<userId> on user:<id>). */
const pending = new WeakMap<Kysely<Database>, PlayerBonusRow[]>();

function announceLater(ctx: BonusContext, trx: Kysely<Database>, row: PlayerBonusRow): void {
  // The casino's and betting's transactions commit through ledger.transaction after the hook
  // returns: the message goes out then, so a client that reads on it sees the new progress, and a
  // rolled-back round announces nothing.
  const list = pending.get(trx) ?? [];
  if (list.length === 0) {
    pending.set(trx, list);
    ctx.ledger.afterCommit(trx, () => {
      pending.delete(trx);
      for (const r of list) announceProgress(ctx, r);
    });
  }
  list.push(row);
}

async function earnPoints(
  ctx: BonusContext,
  trx: Kysely<Database>,
  userId: bigint,
  stakeMinor: bigint,
  ref: string,
): Promise<void> {
  const { pointsPerUnitCenti } = settingsNow(ctx);
  const points = (stakeMinor * BigInt(pointsPerUnitCenti)) / 10_000n;
  if (points > 0n) await creditPoints(trx, userId, points, 'wager', ref, ctx.clock.now());
}

export interface CasinoStake {
  userId: bigint;
  currency: string;
  roundId: bigint;
  step: string;
  amountMinor: bigint;
  engineId?: string;
}

/** Players known to have no active money bonus, until when (ms); dropped on BONUS_ENGAGED_TOPIC. */
const notEngaged = new WeakMap<BonusContext, Map<bigint, number>>();
const NOT_ENGAGED_TTL_MS = 5_000;
const NOT_ENGAGED_MAX = 200_000;

/**
 * The maximum bets of players known to hold an active money bonus, as last read, until when (ms):
 * the batched sports check's cache. Dropped, like a "no", when any process grants or ends one of the
 * player's money bonuses (BONUS_ENGAGED_TOPIC); a copy that outlived an end only refuses a stake the
 * ended bonus would have refused, for at most MAX_BETS_TTL_MS (30 s: the message of an end is the
 * usual way it is forgotten; the time only bounds a message the bus lost).
 */
const maxBetsKnown = new WeakMap<
  BonusContext,
  Map<bigint, { until: number; limits: { currency: string; maxBetMinor: bigint }[] }>
>();
const MAX_BETS_TTL_MS = 30_000;

export function forgetNotEngaged(ctx: BonusContext, userId: bigint): void {
  notEngaged.get(ctx)?.delete(userId);
  maxBetsKnown.get(ctx)?.delete(userId);
}

export function knownNotEngaged(ctx: BonusContext, userId: bigint): boolean {
  const until = notEngaged.get(ctx)?.get(userId);
  return until !== undefined && until > ctx.clock.nowMs();
}

export function rememberEngagement(ctx: BonusContext, userId: bigint, isEngaged: boolean): void {
  let known = notEngaged.get(ctx);
  if (!known) {
    known = new Map();
    notEngaged.set(ctx, known);
  }
  if (isEngaged) known.delete(userId);
  else {
    if (known.size >= NOT_ENGAGED_MAX) known.clear();
    known.set(userId, ctx.clock.nowMs() + NOT_ENGAGED_TTL_MS);
  }
}

/**
 * The active money bonuses of the players asked (whole rows: the placement checks use their
 * currency and maximum bet, the casino's instant path plans a round on them, instant-wagering.ts),
 * read for many concurrent callers in one call (platform/batcher.ts): a busy process sends one
 * query for the callers arriving meanwhile. Read without a lock: a caller that writes checks the
 * row again under its lock.
 */
const activeReaders = new WeakMap<BonusContext, Batcher<bigint, PlayerBonusRow[]>>();

export function activeReader(ctx: BonusContext): Batcher<bigint, PlayerBonusRow[]> {
  let reader = activeReaders.get(ctx);
  if (!reader) {
    reader = createBatcher({
      maxInFlight: 2,
      maxBatch: 256,
      run: async (userIds) => {
        const rows = (await ctx.db
          .selectFrom('bonus_player_bonuses')
          .selectAll()
          .where('user_id', 'in', [...new Set(userIds)])
          .where('kind', '=', 'money')
          .where('status', '=', 'active')
          .execute()) as PlayerBonusRow[];
        const byUser = new Map<bigint, PlayerBonusRow[]>();
        for (const r of rows) {
          const list = byUser.get(r.user_id) ?? [];
          list.push(r);
          byUser.set(r.user_id, list);
        }
        return userIds.map((id) => byUser.get(id) ?? []);
      },
    });
    activeReaders.set(ctx, reader);
  }
  return reader;
}

/**
 * Whether the player has an active money bonus. A "no" is remembered in this process for 5 s, and
 * forgotten at once when any process grants one (BONUS_ENGAGED_TOPIC on the bus), so the casino's
 * instant path costs no extra database call for players without a bonus.
 */
export async function engaged(ctx: BonusContext, userId: bigint): Promise<boolean> {
  if (knownNotEngaged(ctx, userId)) return false;
  const active = await activeReader(ctx).submit(userId);
  rememberEngagement(ctx, userId, active.length > 0);
  return active.length > 0;
}

function assertBelowMaxBet(stakeMinor: bigint, maxBetMinor: bigint): void {
  if (isAboveMaxBet(stakeMinor, maxBetMinor))
    throw new AppError('BONUS_MAX_BET', undefined, { maxBetMinor: maxBetMinor.toString() });
}

/**
 * Betting's placement check (hookBonuses wraps assertStakeAllowed): a sports stake above the active
 * bonus's maximum bet is refused (BONUS_MAX_BET) inside the placement's transaction, before the
 * stake is reserved; nothing is written.
 */
export async function assertSportsStake(
  trx: Kysely<Database>,
  stake: { userId: bigint; currency: string; stakeMinor: bigint },
): Promise<void> {
  const row = await trx
    .selectFrom('bonus_player_bonuses')
    .select('max_bet_minor')
    .where('user_id', '=', stake.userId)
    .where('currency', '=', stake.currency)
    .where('kind', '=', 'money')
    .where('status', '=', 'active')
    .executeTakeFirst();
  if (row) assertBelowMaxBet(stake.stakeMinor, row.max_bet_minor);
}

/**
 * The same check for betting's batched placement (hookBonuses installs it as the context's
 * checkBatchedStake), before the batch call and outside any transaction: no database call for a
 * player known to hold no bonus, or whose bonus's maximum was read in the last 30 s (maxBetsKnown),
 * one batched read otherwise. A bonus granted while the placement is on its way is as if granted
 * just after it (the full path's check reads without a lock too); a bonus that ended only makes the
 * check stricter than needed until the end's message arrives (or 30 s).
 */
export async function checkBatchedSportsStake(
  ctx: BonusContext,
  stake: { userId: bigint; currency: string; stakeMinor: bigint },
): Promise<void> {
  if (knownNotEngaged(ctx, stake.userId)) return;
  let known = maxBetsKnown.get(ctx);
  if (!known) {
    known = new Map();
    maxBetsKnown.set(ctx, known);
  }
  const nowMs = ctx.clock.nowMs();
  let entry = known.get(stake.userId);
  if (!entry || entry.until <= nowMs) {
    const active = await activeReader(ctx).submit(stake.userId);
    rememberEngagement(ctx, stake.userId, active.length > 0);
    if (active.length === 0) return;
    entry = {
      until: nowMs + MAX_BETS_TTL_MS,
      limits: active.map((a) => ({ currency: a.currency, maxBetMinor: a.max_bet_minor })),
    };
    if (known.size >= NOT_ENGAGED_MAX) known.clear();
    known.set(stake.userId, entry);
  }
  const limit = entry.limits.find((a) => a.currency === stake.currency);
  if (limit) assertBelowMaxBet(stake.stakeMinor, limit.maxBetMinor);
}

export async function coverStake(
  ctx: BonusContext,
  input: CasinoStake,
  trx: Kysely<Database>,
): Promise<bigint> {
  const row = await activeMoney(trx, input.userId, input.currency);
  if (!row) return 0n;
  if (isAboveMaxBet(input.amountMinor, row.max_bet_minor))
    throw new AppError('BONUS_MAX_BET', undefined, { maxBetMinor: row.max_bet_minor.toString() });
  const covered = row.balance_minor < input.amountMinor ? row.balance_minor : input.amountMinor;
  const product = productOfEngine(input.engineId);
  await trx
    .insertInto('bonus_wagers')
    .values({
      source: 'casino',
      ref: `${input.roundId}:${input.step}`,
      bonus_id: row.id,
      product,
      stake_minor: input.amountMinor,
      covered_minor: covered,
      contribution_minor: 0n,
      created_at: ctx.clock.now(),
    })
    .execute();
  if (covered > 0n) {
    await ctx.ledger.in(trx).move({
      idempotencyKey: `bonus:stake:${input.roundId}:${input.step}`,
      reason: 'bonus_stake',
      currency: row.currency,
      from: row.account_id!,
      to: { system: 'house' },
      amountMinor: covered,
      userId: row.user_id,
      metadata: { bonusId: row.id.toString(), roundId: input.roundId.toString() },
    });
    await trx
      .updateTable('bonus_player_bonuses')
      .set({ balance_minor: row.balance_minor - covered })
      .where('id', '=', row.id)
      .execute();
  }
  return covered;
}

export async function roundFinished(
  ctx: BonusContext,
  input: { userId: bigint; roundId: bigint; stakedMinor: bigint; payoutMinor: bigint; engineId?: string },
  trx: Kysely<Database>,
): Promise<void> {
  // A round's stakes may have been covered by two bonuses (the first ended mid-round, a second was
  // granted before the next step): each one's share of the payout is settled with its own bonus.
  const groups = await trx
    .selectFrom('bonus_wagers')
    .select(['bonus_id', 'product', sql<string>`sum(covered_minor)`.as('covered')])
    .where('source', '=', 'casino')
    .where('ref', 'like', `${input.roundId}:%`)
    .groupBy(['bonus_id', 'product'])
    .orderBy('bonus_id')
    .execute();
  await earnPoints(ctx, trx, input.userId, input.stakedMinor, `casino:${input.roundId}`);
  for (const [i, stakes] of groups.entries()) {
    // The first bonus keeps the key bonus:win:<roundId>; a further one adds its id.
    const key = i === 0 ? `bonus:win:${input.roundId}` : `bonus:win:${input.roundId}:${stakes.bonus_id}`;
    await settleRoundShare(ctx, trx, input, stakes, key);
  }
}

async function settleRoundShare(
  ctx: BonusContext,
  trx: Kysely<Database>,
  input: { roundId: bigint; stakedMinor: bigint; payoutMinor: bigint; engineId?: string },
  stakes: { bonus_id: bigint; product: string; covered: string },
  key: string,
): Promise<void> {
  const row = (await trx
    .selectFrom('bonus_player_bonuses')
    .selectAll()
    .where('id', '=', stakes.bonus_id)
    .forUpdate()
    .executeTakeFirstOrThrow()) as PlayerBonusRow;
  const share = bonusShareMinor(input.payoutMinor, BigInt(stakes.covered), input.stakedMinor);
  if (row.status !== 'active') {
    await shareAfterEnd(ctx, trx, row, key, share);
    return;
  }
  const d = await definitionOf(trx, row.campaign_id);
  if (share > 0n)
    await ctx.ledger.in(trx).move({
      idempotencyKey: key,
      reason: 'bonus_win',
      currency: row.currency,
      from: row.real_account_id!,
      to: row.account_id!,
      amountMinor: share,
      userId: row.user_id,
      metadata: { bonusId: row.id.toString(), roundId: input.roundId.toString() },
    });
  const product = (input.engineId ? productOfEngine(input.engineId) : stakes.product) as Product;
  const counted = productCounts(d, product)
    ? contributionMinor(d.wagering, product, input.stakedMinor, null)
    : 0n;
  let after = await progress(trx, ctx, row, counted, share);
  // Bonus money all lost and nothing left to wager with: the bonus ends.
  if (after.status === 'active' && after.balance_minor === 0n)
    after = (await endBonus(trx, ctx, after.id, 'forfeited', 'depleted')) ?? after;
  announceLater(ctx, trx, after);
}

/**
 * A round staked with bonus money finished after its bonus ended (forfeit, withdrawal, expiry,
 * depletion, or conversion by another round): the share of its payout won with that money was paid
 * to the real account with the payout. An ended bonus's share goes to the house (its money was
 * forfeited); a converted bonus's share is kept only within what its maximum conversion still
 * allows, the rest goes to the house. Recorded in converted_minor / forfeited_minor.
 */
async function shareAfterEnd(
  ctx: BonusContext,
  trx: Kysely<Database>,
  row: PlayerBonusRow,
  key: string,
  share: bigint,
): Promise<void> {
  if (share <= 0n) return;
  let kept = 0n;
  if (row.status === 'completed') {
    const room =
      row.max_conversion_minor > 0n ? row.max_conversion_minor - (row.converted_minor ?? 0n) : share;
    kept = room <= 0n ? 0n : room < share ? room : share;
  }
  const lost = share - kept;
  if (lost > 0n)
    await ctx.ledger.in(trx).move({
      idempotencyKey: key,
      reason: row.status === 'completed' ? 'bonus_conversion_cap' : 'bonus_forfeit',
      currency: row.currency,
      from: row.real_account_id!,
      to: { system: 'house' },
      amountMinor: lost,
      userId: row.user_id,
      metadata: { bonusId: row.id.toString(), key },
    });
  await trx
    .updateTable('bonus_player_bonuses')
    .set({
      converted_minor: sql<bigint>`coalesce(converted_minor, 0) + ${kept}`,
      forfeited_minor: sql<bigint>`coalesce(forfeited_minor, 0) + ${lost}`,
    })
    .where('id', '=', row.id)
    .execute();
}

export function productCounts(d: CampaignDefinition, product: Product): boolean {
  return d.conditions.products.length === 0 || d.conditions.products.includes(product);
}

/**
 * The stake of a settled bet that counts for wagering: a bet paid back exactly its stake (void, or
 * every leg void) risked nothing and counts 0; a cashed-out part counts 0 (it was sold back, not
 * played); the rest counts. A full cash-out therefore counts nothing.
 */
export function wageredStakeMinor(outcome: {
  stakeMinor: bigint;
  payoutMinor?: bigint;
  cashedOutStakeMinor?: bigint;
}): bigint {
  const cashed = outcome.cashedOutStakeMinor ?? 0n;
  if (cashed === 0n && outcome.payoutMinor !== undefined && outcome.payoutMinor === outcome.stakeMinor)
    return 0n;
  const ran = outcome.stakeMinor - cashed;
  return ran > 0n ? ran : 0n;
}

/** Betting's settlement hook: counts a settled bet once for the player's active bonus, and its points. */
export async function betSettled(
  ctx: BonusContext,
  trx: Kysely<Database>,
  outcome: {
    betId: bigint;
    userId: bigint;
    currency: string;
    stakeMinor: bigint;
    payoutMinor?: bigint;
    coefMilli?: bigint | number | null;
    cashedOutStakeMinor?: bigint;
  },
): Promise<void> {
  await earnPoints(ctx, trx, outcome.userId, outcome.stakeMinor, `bet:${outcome.betId}`);
  const row = await activeMoney(trx, outcome.userId, outcome.currency);
  if (!row) return;
  const d = await definitionOf(trx, row.campaign_id);
  const odds =
    outcome.coefMilli === undefined || outcome.coefMilli === null ? null : Number(outcome.coefMilli);
  const counted = productCounts(d, 'sports')
    ? contributionMinor(d.wagering, 'sports', wageredStakeMinor(outcome), odds)
    : 0n;
  const first = await trx
    .insertInto('bonus_wagers')
    .values({
      source: 'bet',
      ref: outcome.betId.toString(),
      bonus_id: row.id,
      product: 'sports',
      stake_minor: outcome.stakeMinor,
      contribution_minor: counted,
      created_at: ctx.clock.now(),
    })
    .onConflict((oc) => oc.columns(['source', 'ref']).doNothing())
    .returning('ref')
    .executeTakeFirst();
  if (!first || counted === 0n) return;
  announceLater(ctx, trx, await progress(trx, ctx, row, counted, 0n));
}
