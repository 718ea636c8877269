/**
 * Wagering from the casino's instant path (issue 20 Speed, docs/bonuses.md §4): a round of an
 * instant game by a player with an active money bonus is written in the casino's one call
 * (casino_round_instant, migrations 0094 and 0246) instead of the full transaction, with exactly
 * what coverStake and roundFinished (wagering-hooks.ts) would write there.
 *
 * The same optimistic pattern as the round's nonce: the player's active money bonuses are read
 * without a lock (batched, as the placement checks read them; a player known to hold none costs no
 * query) or taken from what this process wrote last for the player (the rows as the last round it
 * committed left them: a player playing on in one process costs no read at all), the round is
 * planned here in TypeScript with the same domain functions
 * (domain/bonus/wagering.ts) on the row read, and the bonus engine's database function
 * bonus_apply_round (migration 0245), called by casino_round_instant, locks the row, answers stale
 * when it is no longer the row read (the casino reads and plans again, a few times, then takes the
 * full path) and otherwise writes the plan: the bonus_wagers row, the bonus stake transfer, the
 * points entry, the bonus share of the win, progress and balance, conversion (up to the maximum
 * conversion) or depletion. The bonus is announced on the bus once the call committed.
 *
 * A stake above the maximum bet is not planned: the round takes the full path, which refuses it
 * (BONUS_MAX_BET) after the checks that come before it there.
 */
import type { Product } from '@parlay/domain/bonus/campaign.ts';
import {
  addProgress,
  bonusShareMinor,
  contributionMinor,
  conversionMinor,
  isAboveMaxBet,
  productOfEngine,
} from '@parlay/domain/bonus/wagering.ts';
import type { MoveInput, PreparedTransfer } from '../accounts/index.ts';
import type { InstantBonus, InstantBonusPlan, InstantBonusRound } from '../casino/index.ts';
import { type BonusContext, settingsNow } from './context.ts';
import type { PlayerBonusRow } from './player-bonuses.ts';
import { announceProgress } from './progress-messages.ts';
import {
  activeReader,
  definitionOf,
  knownNotEngaged,
  productCounts,
  rememberEngagement,
} from './wagering-hooks.ts';

/** What bonus_apply_round (migration 0245) writes: every value computed here. */
interface RoundCall {
  currency: string;
  /** The points entry of the round (roundFinished's earnPoints), when it earns any. */
  points?: string;
  points_ref?: string;
  /** The active money bonus the round plays with; absent: none in the round's currency (checked). */
  bonus_id?: string;
  expect_balance?: string;
  expect_progress?: string;
  wager?: { ref: string; product: Product; stake: string; covered: string };
  stake_transfer?: PreparedTransfer['record'] | null;
  win_transfer?: PreparedTransfer['record'] | null;
  convert_transfers?: PreparedTransfer['record'][];
  after?: {
    status: string;
    balance: string;
    progress: string;
    converted: string | null;
    forfeited: string | null;
    finish_reason: string | null;
    finished: boolean;
  };
}

/**
 * Per process, the active money bonuses of players as this process last read or wrote them. Only
 * a guess: bonus_apply_round checks the row planned on under its lock, and a stale guess is read
 * again (`fresh`). Bounded: cleared when full.
 */
const known = new WeakMap<BonusContext, Map<bigint, readonly PlayerBonusRow[]>>();
const KNOWN_MAX = 100_000;

function knownOf(ctx: BonusContext): Map<bigint, readonly PlayerBonusRow[]> {
  let map = known.get(ctx);
  if (!map) {
    map = new Map();
    known.set(ctx, map);
  }
  return map;
}

function remember(ctx: BonusContext, userId: bigint, rows: readonly PlayerBonusRow[]): void {
  const map = knownOf(ctx);
  if (rows.length === 0) {
    map.delete(userId);
    return;
  }
  if (map.size >= KNOWN_MAX && !map.has(userId)) map.clear();
  map.set(userId, rows);
}

/**
 * The player's round goes the full path in this process (coverStake): what the process knew of
 * their bonus will be stale, so their next instant round reads it instead of planning on it (a
 * player with limits plays every round there).
 */
export function forgetInstantState(ctx: BonusContext, userId: bigint): void {
  known.get(ctx)?.delete(userId);
}

/** After a committed round: the bonus as the round left it (an ended one is no longer active). */
function rememberAfter(ctx: BonusContext, userId: bigint, after: PlayerBonusRow): void {
  const rows = knownOf(ctx).get(userId);
  if (!rows) return;
  const others = rows.filter((r) => r.id !== after.id);
  remember(ctx, userId, after.status === 'active' ? [...others, after] : others);
}

/**
 * The player's bonus state for the casino's instant path: null when they hold no active money bonus
 * (remembered as `engaged` remembers it), otherwise a planner over the rows known or read. `fresh`:
 * read them again (the casino's call answered that the state planned on was stale).
 */
export async function instantBonus(
  ctx: BonusContext,
  userId: bigint,
  fresh = false,
): Promise<InstantBonus | null> {
  let active = fresh ? undefined : knownOf(ctx).get(userId);
  if (!active) {
    if (!fresh && knownNotEngaged(ctx, userId)) return null;
    active = await activeReader(ctx).submit(userId);
    rememberEngagement(ctx, userId, active.length > 0);
    remember(ctx, userId, active);
    if (active.length === 0) return null;
  }
  const rows = active;
  return {
    plan: async (round) => {
      const plan = await planRound(ctx, rows, round);
      // The full path decides this round and may change the bonus: read it next time.
      if (!plan) knownOf(ctx).delete(userId);
      return plan;
    },
  };
}

const text = (v: bigint) => v.toString();

async function planRound(
  ctx: BonusContext,
  active: readonly PlayerBonusRow[],
  round: InstantBonusRound,
): Promise<InstantBonusPlan | null> {
  const { roundId, stakedMinor: staked, payoutMinor: payout } = round;
  const call: RoundCall = { currency: round.currency };
  // roundFinished's earnPoints: every round of a player the wallet is asked about earns them.
  const { pointsPerUnitCenti } = settingsNow(ctx);
  const points = (staked * BigInt(pointsPerUnitCenti)) / 10_000n;
  if (points > 0n) {
    call.points = text(points);
    call.points_ref = `casino:${roundId}`;
  }
  const row = active.find((r) => r.currency === round.currency);
  if (!row) return { coveredMinor: 0n, call, accounts: [], committed: () => {} };
  if (isAboveMaxBet(staked, row.max_bet_minor)) return null;
  const bonusAccount = row.account_id;
  const realAccount = row.real_account_id;
  if (bonusAccount === null || realAccount === null) return null;

  // coverStake: bonus money first, the wager row, bonus account → house.
  const covered = row.balance_minor < staked ? row.balance_minor : staked;
  const product = productOfEngine(round.engineId);
  const house = { system: 'house' as const };
  const prepare = (input: Omit<MoveInput, 'currency' | 'userId'>) =>
    ctx.ledger.prepareTransfer({ ...input, currency: row.currency, userId: row.user_id });
  const bonusMeta = { bonusId: row.id.toString(), roundId: roundId.toString() };

  // roundFinished / settleRoundShare: the bonus share of the payout back into bonus money, the
  // round's contribution, then conversion when complete or the end when nothing is left.
  const d = await definitionOf(ctx.db, row.campaign_id);
  const share = bonusShareMinor(payout, covered, staked);
  const counted = productCounts(d, product) ? contributionMinor(d.wagering, product, staked, null) : 0n;
  const progress = addProgress(row.progress_minor, counted, row.requirement_minor);
  const balance = row.balance_minor - covered + share;
  const at = round.at;
  let after: PlayerBonusRow = { ...row, progress_minor: progress, balance_minor: balance };
  let paid = 0n;
  let rest = 0n;
  if (progress >= row.requirement_minor) {
    // completeIfDone: min(balance, maximum conversion) to the real account, the rest to the house.
    paid = conversionMinor(balance, row.max_conversion_minor);
    rest = balance - paid;
    after = {
      ...after,
      status: 'completed',
      balance_minor: 0n,
      converted_minor: paid,
      forfeited_minor: rest,
      finish_reason: 'wagered',
      finished_at: at,
    };
  } else if (balance === 0n) {
    // endBonus(…, 'forfeited', 'depleted') of a bonus with nothing left: no transfer.
    after = {
      ...after,
      status: 'forfeited',
      balance_minor: 0n,
      forfeited_minor: 0n,
      finish_reason: 'depleted',
      finished_at: at,
    };
  }
  const convertMeta = { bonusId: row.id.toString() };
  const [stakeTransfer, winTransfer, convertTransfer, restTransfer] = await Promise.all([
    covered > 0n
      ? prepare({
          idempotencyKey: `bonus:stake:${roundId}:stake`,
          reason: 'bonus_stake',
          from: bonusAccount,
          to: house,
          amountMinor: covered,
          metadata: bonusMeta,
        })
      : null,
    share > 0n
      ? prepare({
          idempotencyKey: `bonus:win:${roundId}`,
          reason: 'bonus_win',
          from: realAccount,
          to: bonusAccount,
          amountMinor: share,
          metadata: bonusMeta,
        })
      : null,
    paid > 0n
      ? prepare({
          idempotencyKey: `bonus:convert:${row.id}`,
          reason: 'bonus_conversion',
          from: bonusAccount,
          to: realAccount,
          amountMinor: paid,
          metadata: convertMeta,
        })
      : null,
    rest > 0n
      ? prepare({
          idempotencyKey: `bonus:convert-rest:${row.id}`,
          reason: 'bonus_conversion_cap',
          from: bonusAccount,
          to: house,
          amountMinor: rest,
          metadata: convertMeta,
        })
      : null,
  ]);
  const converts = [convertTransfer, restTransfer].filter((t): t is PreparedTransfer => t !== null);
  Object.assign(call, {
    bonus_id: text(row.id),
    expect_balance: text(row.balance_minor),
    expect_progress: text(row.progress_minor),
    wager: { ref: `${roundId}:stake`, product, stake: text(staked), covered: text(covered) },
    stake_transfer: stakeTransfer?.record ?? null,
    win_transfer: winTransfer?.record ?? null,
    convert_transfers: converts.map((t) => t.record),
    after: {
      status: after.status,
      balance: text(after.balance_minor),
      progress: text(after.progress_minor),
      converted: after.converted_minor === null ? null : text(after.converted_minor),
      forfeited: after.forfeited_minor === null ? null : text(after.forfeited_minor),
      finish_reason: after.finish_reason,
      finished: after.finished_at !== null,
    },
  } satisfies Omit<RoundCall, 'currency'>);
  const accounts = new Set<bigint>([bonusAccount, realAccount]);
  for (const t of [stakeTransfer, winTransfer, ...converts])
    for (const a of t?.accounts ?? []) accounts.add(a);
  return {
    coveredMinor: covered,
    call,
    accounts: [...accounts],
    // wagering-hooks.ts announceLater: the bonus after the round, once it committed; and this
    // process's guess for the player's next round.
    committed: () => {
      rememberAfter(ctx, row.user_id, after);
      announceProgress(ctx, after);
    },
  };
}
