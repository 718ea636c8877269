/**
 * Same-game bet builder (issue 26): the quote and the placement of a combination of outcomes of
 * one football game, priced by domain/sportsbook/bet-builder.ts from the joint model of the match
 * (the teams' strengths as the simulator draws the match), with the coupon group's
 * betBuilderMarginBasisPoints. A placed builder is one bet of coupon type 20 (BET_BUILDER_TYPE_ID):
 * its coefficient is the builder price, one bet_legs row per outcome (with the outcome's own price
 * for display), the stake reserved and captured through the ledger like any line coupon, settled
 * together by settle-bets.ts (domain/coupon/bet-builder.ts: won only when every leg won).
 *
 * Refusals: a combination the builder cannot price is an error with its stable code and nothing
 * written: BET_BUILDER_CONTRADICTION (details.conflictOutcomeIds), BET_BUILDER_UNSUPPORTED,
 * BET_BUILDER_DIFFERENT_GAMES, BET_BUILDER_STARTED (the builder is pre-match), BET_BUILDER_NOT_OFFERED;
 * VALIDATION_FAILED for a wrong number of legs or a repeated one. A placement refused by the
 * coupon rules is an answer, written as a bets row like every placement (MARKET_SUSPENDED,
 * GAME_FINISHED, MARKET_UNAVAILABLE, ODDS_CHANGED, ODDS_LOWERED, STAKE_TOO_LOW, STAKE_TOO_HIGH,
 * PAYOUT_TOO_HIGH, INSUFFICIENT_FUNDS, LIMIT_*), so a replayed Idempotency-Key answers the same.
 */

import { createHash } from 'node:crypto';
import {
  amountLimits,
  BET_BUILDER_TYPE_ID,
  type ChangeCoefAction,
  COUPON_TYPE,
  checkAmount,
  decideOddsChange,
} from '@parlay/domain/coupon/index.ts';
import { oddsMilliText } from '@parlay/domain/odds/formats.ts';
import {
  BET_BUILDER_MAX_LEGS,
  BET_BUILDER_MIN_LEGS,
  type BuilderLeg,
  builderModel,
  priceBuilder,
} from '@parlay/domain/sportsbook/bet-builder.ts';
import { GAME_STATUS } from '@parlay/domain/sportsbook/game-status.ts';
import { profileOf } from '@parlay/domain/sportsbook/sport-profiles.ts';
import type { Kysely } from 'kysely';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import type { Ledger } from '../accounts/index.ts';
import {
  readBuilderGame,
  readBuilderSelections,
  readSelections,
  type SelectionState,
} from '../sportsbook/index.ts';
import { type BettingContext, isUniqueViolation, publishBet, retryConflicts } from './context.ts';
import { type CouponConfig, couponConfig, resolveCouponSettings } from './coupon-settings.ts';
import { isRejectingError, type PlaceAnswer, type Placement } from './placement.ts';
import { planStake } from './plan-stake.ts';
import {
  type CouponRequest,
  type PricedCoupon,
  type RejectionCode,
  selectionProblem,
} from './price-coupon.ts';
import { recordRejection } from './record-rejection.ts';
import { replayPlacement } from './replay-placement.ts';
import { readStakeFactors, stakeFactorRefusal } from './stake-factors.ts';
import { insertBet, rejectInTransaction } from './write-bet.ts';

/** The house margin of builder prices when the coupon group does not set one (8 %). */
export const DEFAULT_BUILDER_MARGIN_BASIS_POINTS = 800;

export interface BuilderRequest {
  accountId: bigint;
  amountMinor: bigint;
  outcomeIds: bigint[];
  /** The builder price the player saw, thousandths. */
  seenCoefMilli: number;
  changeCoefAction: ChangeCoefAction;
}

export interface BuilderQuoteAnswer {
  gameId: string;
  coef: string;
  coefMilli: number;
  /** The chance the model gives every leg winning together. */
  probability: number;
  marginBasisPoints: number;
  legs: { outcomeId: string; oddsMilli: number; probability: number }[];
}

/** The builder margin of the coupon group, basis points. */
export function builderMarginBasisPoints(config: CouponConfig): number {
  const value = Number(config.betBuilderMarginBasisPoints ?? DEFAULT_BUILDER_MARGIN_BASIS_POINTS);
  return Number.isInteger(value) && value >= 0 && value < 10_000
    ? value
    : DEFAULT_BUILDER_MARGIN_BASIS_POINTS;
}

function assertLegCount(outcomeIds: readonly bigint[]): void {
  if (outcomeIds.length < BET_BUILDER_MIN_LEGS || outcomeIds.length > BET_BUILDER_MAX_LEGS) {
    throw new AppError(
      'VALIDATION_FAILED',
      `body/outcomeIds: a bet builder has ${BET_BUILDER_MIN_LEGS} to ${BET_BUILDER_MAX_LEGS} legs`,
    );
  }
  if (new Set(outcomeIds).size !== outcomeIds.length) {
    throw new AppError('VALIDATION_FAILED', 'body/outcomeIds: an outcome appears twice');
  }
}

type Priced =
  | { ok: true; coefMilli: number; probability: number; legProbabilities: number[]; gameId: number }
  | { ok: false; code: RejectionCode; legIndex: number };

/**
 * The builder price of the outcomes now, read in the caller's transaction or connection: a closed
 * selection is a rejection (its code and leg), a combination the builder cannot price an AppError.
 */
async function priceNow(
  db: Kysely<Database>,
  outcomeIds: readonly bigint[],
  selections: ReadonlyMap<bigint, SelectionState>,
  marginBasisPoints: number,
): Promise<Priced> {
  for (const [legIndex, outcomeId] of outcomeIds.entries()) {
    const problem = selectionProblem(selections.get(outcomeId));
    if (problem) return { ok: false, code: problem, legIndex };
  }
  const gameIds = new Set(outcomeIds.map((id) => selections.get(id)!.gameId));
  if (gameIds.size !== 1) throw new AppError('BET_BUILDER_DIFFERENT_GAMES');
  const gameId = [...gameIds][0]!;
  const game = await readBuilderGame(db, gameId);
  if (!game) return { ok: false, code: 'MARKET_UNAVAILABLE', legIndex: 0 };
  if (game.status !== GAME_STATUS.NOT_STARTED) throw new AppError('BET_BUILDER_STARTED');
  const model = builderModel(profileOf(game.sportId), game.home, game.away);
  if (!model) throw new AppError('BET_BUILDER_UNSUPPORTED', 'The bet builder does not cover this sport');
  const keys = await readBuilderSelections(db, outcomeIds);
  const legs: BuilderLeg[] = outcomeIds.map((id) => {
    const selection = keys.get(id)!;
    return { marketKey: selection.marketKey, outcomeKey: selection.outcomeKey };
  });
  const quote = priceBuilder(model, legs, marginBasisPoints / 10_000);
  if (!quote.ok) {
    const conflictOutcomeIds = (quote.conflict ?? []).map((i) => outcomeIds[i]!.toString());
    // BET_BUILDER_LEGS (count, repeats) was refused by assertLegCount as VALIDATION_FAILED.
    throw new AppError(
      quote.code === 'BET_BUILDER_LEGS' ? 'VALIDATION_FAILED' : quote.code,
      undefined,
      conflictOutcomeIds.length > 0 ? { conflictOutcomeIds } : undefined,
    );
  }
  return {
    ok: true,
    coefMilli: quote.oddsMilli,
    probability: quote.probability,
    legProbabilities: quote.legProbabilities,
    gameId,
  };
}

/** The builder price of a combination now (no player needed). */
export async function quoteBuilder(ctx: BettingContext, outcomeIds: bigint[]): Promise<BuilderQuoteAnswer> {
  assertLegCount(outcomeIds);
  const marginBasisPoints = builderMarginBasisPoints(await couponConfig(ctx.siteConfig));
  const selections = await readSelections(ctx.db, outcomeIds);
  const priced = await priceNow(ctx.db, outcomeIds, selections, marginBasisPoints);
  if (!priced.ok) throw new AppError(priced.code);
  return {
    gameId: String(priced.gameId),
    coef: oddsMilliText(priced.coefMilli),
    coefMilli: priced.coefMilli,
    probability: priced.probability,
    marginBasisPoints,
    legs: outcomeIds.map((id, i) => ({
      outcomeId: id.toString(),
      oddsMilli: selections.get(id)!.oddsMilli,
      probability: priced.legProbabilities[i]!,
    })),
  };
}

/** A stable hash of the builder request, to tell a replay from a reuse of the key. */
function builderRequestHash(request: BuilderRequest): string {
  const text = JSON.stringify({ builder: 1, ...request }, (_key, value) =>
    typeof value === 'bigint' ? value.toString() : value,
  );
  return createHash('sha256').update(text).digest('hex');
}

/** The builder as the bets and bet_legs rows store a coupon (write-bet.ts). */
function couponOf(request: BuilderRequest): CouponRequest {
  return {
    typeId: BET_BUILDER_TYPE_ID,
    systemValue: 2,
    amountMinor: request.amountMinor,
    amountByOutcomeId: new Map(),
    accountId: request.accountId,
    bets: request.outcomeIds.map((outcomeId) => ({ outcomeId, seenOddsMilli: 0, isBanker: false })),
    changeCoefAction: request.changeCoefAction,
    exactCoefMilli: null,
    promoCode: null,
  };
}

/** Places a builder coupon under an Idempotency-Key (see the file comment for the answers). */
export async function placeBuilder(
  ctx: BettingContext,
  userId: bigint,
  idempotencyKey: string,
  request: BuilderRequest,
): Promise<PlaceAnswer> {
  assertLegCount(request.outcomeIds);
  if (request.amountMinor <= 0n) {
    throw new AppError('VALIDATION_FAILED', 'body/amount: a positive amount of minor units');
  }
  const config = await couponConfig(ctx.siteConfig);
  const base: Placement & { betId: bigint } = {
    userId,
    idempotencyKey,
    requestHash: builderRequestHash(request),
    request: couponOf(request),
    betId: await ctx.batches.betIds.next(),
  };
  let answer: PlaceAnswer;
  try {
    answer = await retryConflicts(() =>
      ctx.ledger.transaction((trx, ledger) => placeInTransaction(ctx, trx, ledger, base, request, config)),
    );
  } catch (err) {
    if (isUniqueViolation(err, 'bets_idempotency_uq')) return replayPlacement(ctx.db, base);
    if (!(err instanceof AppError) || !isRejectingError(err.code)) throw err;
    answer = await recordRejection(ctx, base, err.code as RejectionCode);
  }
  if (answer.betId !== null) {
    await publishBet(ctx, userId, {
      betId: answer.betId,
      status: answer.status,
      ...(answer.status === 'rejected' ? { code: answer.code } : {}),
    });
  }
  return answer;
}

async function placeInTransaction(
  ctx: BettingContext,
  trx: Kysely<Database>,
  ledger: Ledger,
  bet: Placement & { betId: bigint },
  request: BuilderRequest,
  config: CouponConfig,
): Promise<PlaceAnswer> {
  const account = await ledger.account(bet.userId, request.accountId);
  const settings = resolveCouponSettings(config, account.iso);
  const now = ctx.clock.now();
  const reject = (code: RejectionCode, legIndex?: number) =>
    rejectInTransaction(trx, bet, account.iso, now, code, legIndex);
  // FOR SHARE: a suspension or result of a leg's market either committed before (refused) or waits.
  const selections = await readSelections(trx, request.outcomeIds, { lockMarkets: true });
  const priced = await priceNow(trx, request.outcomeIds, selections, builderMarginBasisPoints(config));
  if (!priced.ok) return reject(priced.code, priced.legIndex);
  const decision = decideOddsChange(request.changeCoefAction, [
    { seenOddsMilli: request.seenCoefMilli, currentOddsMilli: priced.coefMilli },
  ]);
  if (!decision.accepted) return reject(decision.reason);
  const coefMilli = BigInt(decision.oddsMilli[0]!);
  // The stake limits of a combination (express) apply to a builder.
  const limits = amountLimits({
    typeId: COUPON_TYPE.EXPRESS,
    limitedCouponTypeIds: settings.limitedCouponTypeIds,
    minBetAmountMinor: settings.minBetAmountMinor,
    maxBetAmountMinor: settings.maxBetAmountMinor,
    isBonusAccount: account.type === 4,
  });
  const check = checkAmount(request.amountMinor, limits);
  if (check === 'BELOW_MIN') return reject('STAKE_TOO_LOW');
  if (check === 'ABOVE_MAX') return reject('STAKE_TOO_HIGH');
  // Stake factors of the player, markets and sports (stake-factors.ts), read FOR SHARE as for a coupon.
  const factorLegs = request.outcomeIds.map((id) => selections.get(id)!);
  const factors = await readStakeFactors(trx, bet.userId, factorLegs, { lock: true });
  const overFactor = stakeFactorRefusal(
    request.amountMinor,
    factorLegs.map((selection) => ({ amountMinor: null, selection })),
    settings.maxBetAmountMinor,
    factors,
  );
  if (overFactor) {
    return rejectInTransaction(
      trx,
      bet,
      account.iso,
      now,
      'STAKE_TOO_HIGH',
      overFactor.legIndex,
      overFactor.details,
    );
  }
  const possibleWinMinor = (request.amountMinor * coefMilli) / 1000n;
  if (settings.maxPayoutMinor !== null && possibleWinMinor > settings.maxPayoutMinor) {
    return reject('PAYOUT_TOO_HIGH');
  }
  const coupon: PricedCoupon = {
    legs: request.outcomeIds.map((outcomeId) => {
      const selection = selections.get(outcomeId)!;
      return {
        outcomeId,
        seenOddsMilli: selection.oddsMilli,
        oddsMilli: selection.oddsMilli,
        isBanker: false,
        amountMinor: null,
        isLive: false,
        selection,
      };
    }),
    coefMilli,
    stakeMinor: request.amountMinor,
    possibleWinMinor,
    isExpressBonus: false,
    isLive: false,
    isOddsChanged: decision.isChanged,
  };
  await ctx.assertStakeAllowed(trx, {
    betId: bet.betId,
    userId: bet.userId,
    accountId: request.accountId,
    currency: account.iso,
    stakeMinor: coupon.stakeMinor,
    isLive: false,
  });
  const plan = planStake(settings, bet.betId, request.accountId, coupon);
  const reservation = plan.capture
    ? await ledger.reserveAndCapture(plan.stake, plan.capture)
    : await ledger.reserve(plan.stake);
  await insertBet(trx, bet, account.iso, now, {
    ...plan.outcome(now),
    promoBoost: null,
    reservationId: reservation.id,
  });
  return plan.answer;
}
