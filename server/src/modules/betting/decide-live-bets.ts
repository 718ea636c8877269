/**
 * The live delay (ARCHITECTURE.md §6): a live coupon waits in pending_delay with its stake
 * reserved; when the delay has ended it is re-checked against the state now and against any
 * material event since placement: the market's row changed (suspended, reopened, re-listed), the
 * score changed, the game ended, or a price moved beyond the coupon's changeCoefAction. Accepted:
 * the stake is captured to the house (at the new prices when they moved within the action).
 * Rejected: the stake is released, given back to the wagering limits, and its promo code to the
 * player; a free bet's coupon (no reservation) gives the free bet back through the bonus engine's
 * port. One bet per transaction, claimed FOR UPDATE SKIP LOCKED, so several workers decide each bet
 * once.
 */

import { type ChangeCoefAction, decideOddsChange } from '@parlay/domain/coupon/index.ts';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../platform/schema.ts';
import type { Ledger } from '../accounts/index.ts';
import { readSelections, type SelectionState } from '../sportsbook/index.ts';
import { type BettingContext, publishBet, retryConflicts } from './context.ts';
import { type CouponConfig, couponConfig, resolveCouponSettings } from './coupon-settings.ts';
import { freeBetIdOf } from './free-bets.ts';
import { type PricedLeg, priceLegs, type RejectionCode, selectionProblem } from './price-coupon.ts';
import { releasePromoUse } from './promo-codes.ts';
import type { BettingTables } from './tables.ts';

type BetRow = Selectable<BettingTables['bets']>;
type LegRow = Selectable<BettingTables['bet_legs']>;

const MAX_BETS_PER_RUN = 500;

/** Decides every live bet whose delay has ended (up to a limit); answers how many were decided. */
export async function decideDueLiveBets(ctx: BettingContext, limit = MAX_BETS_PER_RUN): Promise<number> {
  let decided = 0;
  while (decided < limit) {
    const config = await couponConfig(ctx.siteConfig);
    const outcome = await retryConflicts(() =>
      ctx.ledger.transaction((trx, ledger) => decideNext(ctx, trx, ledger, config)),
    );
    if (!outcome) break;
    decided += 1;
    await publishBet(ctx, outcome.userId, {
      betId: outcome.betId.toString(),
      status: outcome.status,
      ...(outcome.code ? { code: outcome.code } : {}),
    });
  }
  return decided;
}

interface Decision {
  betId: bigint;
  userId: bigint;
  status: 'accepted' | 'rejected';
  code: RejectionCode | null;
}

async function decideNext(
  ctx: BettingContext,
  trx: Kysely<Database>,
  ledger: Ledger,
  config: CouponConfig,
): Promise<Decision | null> {
  const bet = await trx
    .selectFrom('bets')
    .selectAll()
    .where('status', '=', 'pending_delay')
    .where('delay_until', '<=', ctx.clock.now())
    .orderBy('delay_until')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
  if (!bet) return null;
  const legs = await trx
    .selectFrom('bet_legs')
    .selectAll()
    .where('bet_id', '=', bet.id)
    .orderBy('position')
    .execute();
  const selections = await readSelections(
    trx,
    legs.map((l) => l.outcome_id),
    { lockMarkets: true },
  );
  // A free bet's coupon has no reservation (free-bets.ts): nothing to release or capture.
  const freeBetId = freeBetIdOf(bet.answer);
  const verdict = await recheck(config, ledger, bet, legs, selections, freeBetId !== null);
  const now = ctx.clock.now();
  const meta = { betId: bet.id.toString() };
  if (verdict.code !== null) {
    if (bet.reservation_id !== null) await ledger.release(bet.reservation_id, 'stake_release', meta);
    else if (freeBetId !== null) await ctx.freeBets?.giveBack(trx, { bonusId: freeBetId, betId: bet.id });
    await ctx.settlementHooks.releaseStake(trx, { betId: bet.id, userId: bet.user_id });
    await releasePromoUse(trx, bet.id);
    await trx
      .updateTable('bets')
      .set({ status: 'rejected', reason_code: verdict.code, decided_at: now })
      .where('id', '=', bet.id)
      .execute();
    return { betId: bet.id, userId: bet.user_id, status: 'rejected', code: verdict.code };
  }
  if (bet.reservation_id !== null)
    await ledger.capture(bet.reservation_id, {
      to: [{ account: { system: 'house' }, amountMinor: bet.stake }],
      reason: 'stake',
      metadata: meta,
    });
  for (const [position, oddsMilli] of verdict.oddsMilli.entries()) {
    if (oddsMilli !== legs[position]!.odds_milli) {
      await trx
        .updateTable('bet_legs')
        .set({ odds_milli: oddsMilli })
        .where('bet_id', '=', bet.id)
        .where('position', '=', position)
        .execute();
    }
  }
  await trx
    .updateTable('bets')
    .set({
      status: 'accepted',
      decided_at: now,
      coef_milli: verdict.coefMilli,
      possible_win: verdict.possibleWinMinor,
    })
    .where('id', '=', bet.id)
    .execute();
  return { betId: bet.id, userId: bet.user_id, status: 'accepted', code: null };
}

type Verdict =
  | { code: RejectionCode }
  | { code: null; oddsMilli: number[]; coefMilli: bigint | null; possibleWinMinor: bigint };

/** The coupon checked again at the end of its delay. */
async function recheck(
  config: CouponConfig,
  ledger: Ledger,
  bet: BetRow,
  legs: LegRow[],
  selections: Map<bigint, SelectionState>,
  isFreeBet: boolean,
): Promise<Verdict> {
  for (const leg of legs) {
    const selection = selections.get(leg.outcome_id);
    const problem = selectionProblem(selection);
    if (problem) return { code: problem };
    if (selection!.marketVersion !== leg.market_version) return { code: 'MARKET_SUSPENDED' };
    if (selection!.scoreHome !== leg.score_home || selection!.scoreAway !== leg.score_away) {
      return { code: 'SCORE_CHANGED' };
    }
  }
  const decision = decideOddsChange(
    bet.change_coef_action as ChangeCoefAction,
    legs.map((leg) => ({
      seenOddsMilli: leg.odds_milli,
      currentOddsMilli: selections.get(leg.outcome_id)!.oddsMilli,
    })),
  );
  if (!decision.accepted) return { code: decision.reason };
  if (!decision.isChanged) {
    return {
      code: null,
      oddsMilli: legs.map((l) => l.odds_milli),
      coefMilli: bet.coef_milli,
      possibleWinMinor: bet.possible_win,
    };
  }
  const account = await ledger.account(bet.user_id, bet.account_id);
  const settings = resolveCouponSettings(config, bet.currency);
  const priced = priceLegs(
    {
      typeId: bet.type_id,
      systemValue: bet.system_value ?? 2,
      amountMinor: bet.stake,
      exactCoefMilli: bet.exact_coef_milli,
    },
    legs.map(
      (leg, i): PricedLeg => ({
        outcomeId: leg.outcome_id,
        seenOddsMilli: leg.seen_odds_milli,
        oddsMilli: decision.oddsMilli[i]!,
        isBanker: leg.is_banker,
        amountMinor: leg.amount,
        isLive: leg.is_live,
        selection: selections.get(leg.outcome_id)!,
      }),
    ),
    // A free bet never gets the express bonus (as at placement).
    {
      ...settings,
      isBonusAccount: account.type === 4,
      ...(isFreeBet ? { isExpressBonusAllowed: false } : {}),
    },
  );
  if (!priced.ok) return { code: priced.code };
  return {
    code: null,
    oddsMilli: decision.oddsMilli,
    coefMilli: priced.coefMilli,
    possibleWinMinor: priced.possibleWinMinor,
  };
}
