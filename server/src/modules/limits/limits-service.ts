/**
 * The limits service: the player's limits (site-shell §3, §4), changes and approvals, enforcement
 * for other modules (deposits, stakes, settlements, sign-in) and session time from the pings.
 *
 * Errors: LIMIT_VALUE_NOT_ALLOWED (400); LIMIT_DEPOSIT_EXCEEDED, LIMIT_WAGER_EXCEEDED,
 * LIMIT_LOSS_EXCEEDED, LIMIT_SELF_EXCLUDED, LIMIT_TIME_OUT, LIMIT_SESSION_ENDED,
 * LIMIT_FX_RATE_MISSING (403); LIMIT_LOCKED, LIMIT_NOTHING_PENDING (409).
 */

import {
  approve,
  DAY_SECONDS,
  dayStartSec,
  familyOf,
  isLimitType,
  isLockLimit,
  LIMIT_TYPES,
  LIMITS_DAY_OFFSET_HOURS,
  type LimitRecord,
  type LimitType,
  lockedUntilSec,
  reject,
  requestChange,
  sessionSecondsLeft,
  sessionSecondsToAdd,
  typeOf,
} from '@parlay/domain/limits/index.ts';
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import {
  assertNotLocked,
  checkDeposit,
  checkStake,
  confirmDepositUsage,
  recordUsage,
  releaseUsage,
  type UsageInput,
} from './check-usage.ts';
import {
  type Db,
  homeCurrency,
  loadLimits,
  lockPlayer,
  type StoredLimits,
  saveLimit,
} from './limit-records.ts';
import {
  assertOperatorAllows,
  assertOperatorLimitType,
  imposeInLock,
  liftOperatorLimit,
  type OperatorLimit,
  readOperatorLimits,
} from './operator-limits.ts';
import { playerStats } from './player-stats.ts';
import { type LimitView, limitView } from './views.ts';

/** Site-shell §9: the browser pings every 30 s; a longer silence counts at most this much. */
export const PING_GAP_MAX_SECONDS = 60;

export interface LimitsOptions {
  approvalDelaySeconds: number;
  /**
   * Ends every session of the player (auth module); answers how many ended. Given the transaction
   * of a self-exclusion or time-out, the sessions end in it: a sign-in that passed its checks before
   * the commit cannot open a session after it.
   */
  endSessions: (userId: number, reason: string, trx?: Kysely<Database>) => Promise<number>;
}

export type ChangeResult = { status: 'applied' | 'pending' | 'unchanged'; limit: LimitView };

export class LimitsService {
  /**
   * The database function doing what assertStakeAllowed does for a player without any limit row
   * (migration 0081): betting's batched placement (0086) counts stakes the same way for such
   * players, and sends anyone with a limit row to its full path, calling assertStakeAllowed.
   */
  readonly stakeCountFunction = 'limits_count_stake_unlimited';
  readonly #db: Kysely<Database>;
  readonly #clock: Clock;
  readonly #options: LimitsOptions;

  constructor(db: Kysely<Database>, clock: Clock, options: LimitsOptions) {
    this.#db = db;
    this.#clock = clock;
    this.#options = options;
  }

  get approvalDelaySeconds(): number {
    return this.#options.approvalDelaySeconds;
  }

  #nowSec(): number {
    return Math.floor(this.#clock.nowMs() / 1000);
  }

  #load(db: Db, userId: bigint): Promise<StoredLimits> {
    return loadLimits(db, userId, this.#nowSec(), this.#options.approvalDelaySeconds);
  }

  async #inPlayerLock<T>(
    userId: bigint,
    work: (trx: Db, limits: StoredLimits, lastPingAt: Date | null) => Promise<T>,
    trx?: Db,
  ): Promise<T> {
    const run = async (t: Db) => {
      const lastPingAt = await lockPlayer(t, userId);
      return work(t, await this.#load(t, userId), lastPingAt);
    };
    return trx ? run(trx) : this.#db.transaction().execute(run);
  }

  /** Every limit type of the player as the browser shows it (site-shell §3), in type order. */
  async list(userId: bigint, currency: string): Promise<LimitView[]> {
    const limits = await this.#load(this.#db, userId);
    const sessionUsed = await this.#sessionSecondsToday(this.#db, userId);
    const views: LimitView[] = [];
    for (const type of LIMIT_TYPES) {
      views.push(
        await limitView(this.#db, {
          userId,
          record: limits.records.get(type) as LimitRecord,
          currency: limits.currency.get(type) ?? currency,
          nowMs: this.#clock.nowMs(),
          delaySec: this.#options.approvalDelaySeconds,
          sessionUsedSec: sessionUsed,
        }),
      );
    }
    // The operator's limits (operator-limits.ts): the player sees them as set by the operator.
    for (const [type, lock] of await readOperatorLimits(this.#db, userId)) {
      const view = views.find((v) => v.limitType === type);
      if (view) view.operatorLimit = { value: lock.value, setAt: Math.floor(lock.setAt.getTime() / 1000) };
    }
    return views;
  }

  /**
   * An operator's money limit (wager, loss or deposit type) the player cannot loosen: applied at
   * once when the player's own is looser, a looser pending change dropped. LIMIT_VALUE_NOT_ALLOWED
   * for another type or a value the type does not offer.
   */
  async imposeOperatorLimit(input: {
    userId: bigint;
    currency: string;
    limitType: number;
    value: number;
    reason: string;
    setBy: string;
  }): Promise<LimitView> {
    const type = input.limitType;
    assertOperatorLimitType(type);
    if (input.value === -1) throw new AppError('LIMIT_VALUE_NOT_ALLOWED', 'an operator limit needs a value');
    await this.#inPlayerLock(input.userId, (trx, limits) =>
      imposeInLock(trx, limits, { ...input, type }, this.#clock.now()),
    );
    return (await this.list(input.userId, input.currency)).find((l) => l.limitType === type) as LimitView;
  }

  /** Lifts the operator's lock of one type; answers whether there was one. */
  async liftOperatorLimit(userId: bigint, limitType: number): Promise<boolean> {
    assertOperatorLimitType(limitType);
    return this.#inPlayerLock(userId, (trx) => liftOperatorLimit(trx, userId, limitType));
  }

  /** The operator's limits of the player, with reasons (the back office's view). */
  operatorLimits(userId: bigint): Promise<Map<LimitType, OperatorLimit>> {
    return readOperatorLimits(this.#db, userId);
  }

  /** Sets or changes one limit: tighter at once, looser pending; a self-exclusion ends every session. */
  async change(userId: bigint, currency: string, type: number, value: number): Promise<ChangeResult> {
    if (!isLimitType(type)) throw new AppError('LIMIT_VALUE_NOT_ALLOWED', `no limit type ${type}`);
    const outcome = await this.#inPlayerLock(userId, async (trx, limits) => {
      const current = limits.records.get(type) as LimitRecord;
      await assertOperatorAllows(trx, userId, type, value);
      const change = requestChange(current, value, this.#nowSec());
      if (change.kind === 'invalid')
        throw new AppError('LIMIT_VALUE_NOT_ALLOWED', undefined, { limitType: type, limitValue: value });
      if (change.kind === 'locked')
        throw new AppError('LIMIT_LOCKED', undefined, { endsAt: change.endsAtSec });
      const limitCurrency = limits.currency.get(type) ?? currency;
      await saveLimit(trx, userId, change.record, limitCurrency, this.#clock.now());
      if (change.kind === 'applied' && isLockLimit(type)) {
        await this.#options.endSessions(Number(userId), familyOf(type), trx);
      }
      return change;
    });
    const limit = (await this.list(userId, currency)).find((l) => l.limitType === type) as LimitView;
    return { status: outcome.kind, limit };
  }

  /** DELETE: cancels a pending change; without one, asks to remove the limit (pending, like any loosening). */
  async cancel(userId: bigint, currency: string, type: number): Promise<ChangeResult> {
    if (!isLimitType(type)) throw new AppError('LIMIT_VALUE_NOT_ALLOWED', `no limit type ${type}`);
    const limits = await this.#load(this.#db, userId);
    const record = limits.records.get(type) as LimitRecord;
    if (record.pendingValue === null) return this.change(userId, currency, type, -1);
    await this.#inPlayerLock(userId, async (trx, fresh) => {
      const current = fresh.records.get(type) as LimitRecord;
      await saveLimit(trx, userId, reject(current), fresh.currency.get(type) ?? currency, this.#clock.now());
    });
    const limit = (await this.list(userId, currency)).find((l) => l.limitType === type) as LimitView;
    return { status: 'applied', limit };
  }

  /**
   * approve applies the due pending deposit limits (or the one of `type`); reject drops them.
   * Throws LIMIT_NOTHING_PENDING when nothing is due.
   */
  async action(userId: bigint, action: 'approve' | 'reject', type?: number): Promise<LimitType[]> {
    const delay = this.#options.approvalDelaySeconds;
    const changed = await this.#inPlayerLock(userId, async (trx, limits) => {
      const done: LimitType[] = [];
      for (const [limitType, record] of limits.records) {
        if (type !== undefined && limitType !== type) continue;
        if (familyOf(limitType) !== 'deposit' || record.pendingValue === null) continue;
        const next = action === 'approve' ? approve(record, this.#nowSec(), delay) : reject(record);
        if (!next) continue;
        await saveLimit(trx, userId, next, limits.currency.get(limitType) ?? 'RUB', this.#clock.now());
        done.push(limitType);
      }
      return done;
    });
    if (changed.length === 0) throw new AppError('LIMIT_NOTHING_PENDING');
    return changed;
  }

  /**
   * Counts a deposit against the deposit limits, or refuses it (LIMIT_DEPOSIT_EXCEEDED,
   * LIMIT_SELF_EXCLUDED, LIMIT_TIME_OUT, LIMIT_FX_RATE_MISSING). The payments module calls it in the
   * transaction creating a deposit, with the deposit's expiry as `holdsUntil`: until then it holds
   * its room, after that it counts only once confirmed (confirmDeposit). A deposit in another
   * currency than the limit's counts through the rate.
   */
  async assertDepositAllowed(input: UsageInput & { holdsUntil?: Date }, trx?: Db): Promise<void> {
    const { holdsUntil, ...usage } = input;
    await this.#inPlayerLock(
      input.userId,
      (t, limits) => checkDeposit(t, limits, usage, this.#clock.now(), holdsUntil),
      trx,
    );
  }

  /**
   * A deposit the provider confirmed (credited) counts for good, at the time it was started; also
   * when its hold had already expired (the money arrived after all).
   */
  async confirmDeposit(input: UsageInput & { startedAt: Date }, trx?: Db): Promise<void> {
    const { startedAt, ...usage } = input;
    const db = trx ?? this.#db;
    const home = (await homeCurrency(db, input.userId)) ?? input.currency;
    await confirmDepositUsage(db, usage, startedAt, home);
  }

  /**
   * The deposit side of the limits as the payments module takes it (payments.provideDepositLimits):
   * hold a deposit's room when it is created, count it when confirmed, free it when it ends unpaid,
   * and tell whether a self-exclusion runs when one is confirmed (payments then refunds it).
   */
  forDeposits() {
    return {
      hold: (deposit: UsageInput & { holdsUntil: Date }, trx: Db) => this.assertDepositAllowed(deposit, trx),
      confirm: (deposit: UsageInput & { startedAt: Date }, trx: Db) => this.confirmDeposit(deposit, trx),
      release: (deposit: { userId: bigint; reference: string }, trx: Db) => this.releaseDeposit(deposit, trx),
      isSelfExcluded: (userId: bigint, trx: Db) => this.isSelfExcluded(userId, trx),
    };
  }

  /** Whether a self-exclusion runs now; a time-out does not count here. */
  async isSelfExcluded(userId: bigint, db: Db = this.#db): Promise<boolean> {
    const record = (await this.#load(db, userId)).records.get(typeOf('self_exclusion'));
    return record !== undefined && lockedUntilSec([record], this.#nowSec()) !== null;
  }

  /**
   * Counts a stake against the wagering and loss limits, or refuses it (LIMIT_WAGER_EXCEEDED,
   * LIMIT_LOSS_EXCEEDED, LIMIT_SELF_EXCLUDED, LIMIT_TIME_OUT). Bet placement and casino rounds call it
   * inside their own transaction, so a rejected bet rolls the count back with it.
   * @example await limits.assertStakeAllowed({ userId, currency: 'RUB', amountMinor: 10_000n, reference: `bet:${betId}` }, trx);
   */
  async assertStakeAllowed(input: UsageInput, trx?: Transaction<Database>): Promise<void> {
    await this.#inPlayerLock(
      input.userId,
      (t, limits) => checkStake(t, limits, input, this.#clock.now()),
      trx,
    );
  }

  /**
   * Gives a deposit's count back to the deposit limits: a deposit holds room when it is created, and
   * one that fails, is cancelled or expires frees it (payments calls it with the deposit's reference,
   * inside the transaction that ends the payment). Nothing happens for a reference not counted.
   */
  async releaseDeposit(input: { userId: bigint; reference: string }, trx?: Db): Promise<void> {
    await releaseUsage(trx ?? this.#db, input.userId, 'deposit', input.reference);
  }

  /**
   * Gives a counted stake back to the wagering limits (a live bet rejected after its delay).
   * Nothing happens for a reference that was not counted.
   */
  async releaseStake(
    input: { userId: bigint; reference: string },
    trx?: Transaction<Database>,
  ): Promise<void> {
    await releaseUsage(trx ?? this.#db, input.userId, 'stake', input.reference);
  }

  /**
   * Records a settled stake for the loss limits and the net position: loss = stake − payout (a win
   * is a negative loss). One record per reference: a resettlement (same reference) replaces the
   * previous record, so it never counts twice; a replay writes the same record again.
   */
  async recordSettlement(
    input: { userId: bigint; currency: string; stakeMinor: bigint; payoutMinor: bigint; reference: string },
    trx?: Transaction<Database>,
  ): Promise<void> {
    const usage: UsageInput = {
      userId: input.userId,
      currency: input.currency,
      amountMinor: input.stakeMinor - input.payoutMinor,
      reference: input.reference,
    };
    const db = trx ?? this.#db;
    const home = (await homeCurrency(db, input.userId)) ?? input.currency;
    await recordUsage(db, usage, 'loss', this.#clock.now(), home, { replace: true });
  }

  /** Sign-in check: refuses during a self-exclusion or time-out, and after today's session time ran out. */
  async assertMaySignIn(userId: bigint): Promise<void> {
    const limits = await this.#load(this.#db, userId);
    assertNotLocked(limits, this.#nowSec());
    const hours = (limits.records.get(typeOf('session')) as LimitRecord).value;
    const left = sessionSecondsLeft(hours, await this.#sessionSecondsToday(this.#db, userId));
    if (left === 0) throw this.#sessionEnded();
  }

  /** Whether a self-exclusion or time-out runs (marketing and play stop; withdrawals go on). */
  async isLocked(userId: bigint): Promise<boolean> {
    return (await this.lockedUntilSec(userId)) !== null;
  }

  /** The end (seconds) of the running self-exclusion or time-out, or null when none runs. */
  async lockedUntilSec(userId: bigint): Promise<number | null> {
    const limits = await this.#load(this.#db, userId);
    return lockedUntilSec([...limits.records.values()], this.#nowSec());
  }

  /**
   * The one marketing check: whether promotional content (offers, bonus mailings, analytics and
   * advertising counters) may reach the player. False while a self-exclusion or time-out runs. Every
   * promotional sender asks it per recipient right before sending and skips the player when false.
   */
  async marketingAllowed(userId: bigint): Promise<boolean> {
    return !(await this.isLocked(userId));
  }

  /**
   * The casino's one call per game round (no casino game server exists yet; this is its contract).
   * Without `payoutMinor` (a round opens) the stake counts against the wagering and loss limits, or
   * the round is refused exactly like a bet: LIMIT_WAGER_EXCEEDED, LIMIT_LOSS_EXCEEDED,
   * LIMIT_SELF_EXCLUDED, LIMIT_TIME_OUT, LIMIT_FX_RATE_MISSING. With `payoutMinor` (the round ends,
   * or an instant round) the loss, stake − payout, counts for the loss limits and the net position.
   * Call it inside the transaction that debits the stake, so a refused or rolled-back round counts
   * nothing. Idempotent per round: a repeated call, or the closing call of a round already counted,
   * does not count the stake again (a round opened before a self-exclusion may still close).
   * @example await limits.casinoRound({ userId, currency: 'RUB', stakeMinor: 50_00n, roundId: 'slots:9' }, trx);
   */
  async casinoRound(
    input: { userId: bigint; currency: string; stakeMinor: bigint; payoutMinor?: bigint; roundId: string },
    trx?: Transaction<Database>,
  ): Promise<void> {
    const reference = `casino:${input.roundId}`;
    const { userId, currency, stakeMinor } = input;
    await this.assertStakeAllowed({ userId, currency, amountMinor: stakeMinor, reference }, trx);
    if (input.payoutMinor === undefined) return;
    await this.recordSettlement(
      { userId, currency, stakeMinor, payoutMinor: input.payoutMinor, reference },
      trx,
    );
  }

  /**
   * A ping (site-shell §4, every 30 s): adds the time since the last ping to today's session time.
   * When the session limit is used up, every session ends and LIMIT_SESSION_ENDED is thrown.
   */
  async ping(userId: bigint): Promise<{ sessionSecondsLeft: number | null }> {
    const nowSec = this.#nowSec();
    const left = await this.#inPlayerLock(userId, async (trx, limits, lastPingAt) => {
      const lastSec = lastPingAt ? Math.floor(lastPingAt.getTime() / 1000) : null;
      const add = sessionSecondsToAdd(lastSec, nowSec, PING_GAP_MAX_SECONDS);
      await trx
        .updateTable('limit_players')
        .set({ last_ping_at: this.#clock.now() })
        .where('user_id', '=', userId)
        .execute();
      const dayStart = new Date(dayStartSec(nowSec, LIMITS_DAY_OFFSET_HOURS) * 1000);
      await trx
        .insertInto('limit_session_days')
        .values({ user_id: userId, day_start: dayStart, seconds: add })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'day_start'])
            .doUpdateSet((eb) => ({ seconds: eb('limit_session_days.seconds', '+', add) })),
        )
        .execute();
      const hours = (limits.records.get(typeOf('session')) as LimitRecord).value;
      return sessionSecondsLeft(hours, await this.#sessionSecondsToday(trx, userId));
    });
    if (left === 0) {
      await this.#options.endSessions(Number(userId), 'session_limit');
      throw this.#sessionEnded();
    }
    return { sessionSecondsLeft: left };
  }

  /** Session time and net position for today, this week and this month. */
  stats(userId: bigint, currency: string) {
    return playerStats(this.#db, userId, currency, this.#clock.nowMs());
  }

  /** Keeps the player's answer to the reality-check modal (site-shell §3 reality-check action body). */
  async recordRealityCheck(
    userId: bigint,
    answer: {
      action: 'continue' | 'log_out' | 'nothing';
      doNotShowAgain: boolean;
      popupShowAtMs: number | null;
    },
  ): Promise<void> {
    await this.#db
      .insertInto('reality_check_answers')
      .values({
        user_id: userId,
        action: answer.action,
        do_not_show_again: answer.doNotShowAgain,
        popup_show_at: answer.popupShowAtMs === null ? null : new Date(answer.popupShowAtMs),
        created_at: this.#clock.now(),
      })
      .execute();
  }

  #sessionEnded(): AppError {
    const nextDay = dayStartSec(this.#nowSec(), LIMITS_DAY_OFFSET_HOURS) + DAY_SECONDS;
    return new AppError('LIMIT_SESSION_ENDED', undefined, { retryAt: nextDay });
  }

  async #sessionSecondsToday(db: Db, userId: bigint): Promise<number> {
    const dayStart = new Date(dayStartSec(this.#nowSec(), LIMITS_DAY_OFFSET_HOURS) * 1000);
    const row = await db
      .selectFrom('limit_session_days')
      .select('seconds')
      .where('user_id', '=', userId)
      .where('day_start', '=', dayStart)
      .executeTakeFirst();
    return row?.seconds ?? 0;
  }
}
