/**
 * The trading desk of the back office: live liability, suspensions, price overrides, a market's
 * maximum stake, result entry and correction, and voiding bets or legs. Each action calls the
 * sportsbook's or the betting module's own functions through their index.ts (the same publishing
 * and the same settlement as the feed's) and writes one audit record, money-causing ones with the
 * amounts they moved.
 */
import { impliedMargin } from '@parlay/domain/sportsbook/implied-margin.ts';
import type { Kysely } from 'kysely';
import type { EventBus } from '../../platform/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/schema.ts';
import {
  type BettingContext,
  liabilityByGame,
  previewMarketSettlement,
  settleMarketBets,
  voidBetLegs,
} from '../betting/index.ts';
import {
  type MarketBook,
  type OutcomeResultCode,
  overrideOutcomePrice,
  readMarketBook,
  readSelectionLabels,
  setMarketMaxStake,
  setMarketsSuspended,
  type TradingScope,
  writeMarketResult,
} from '../sportsbook/index.ts';
import { type AuditDetails, appendAuditNow } from './audit-log.ts';
import type { Actor } from './operators.ts';

export interface TradingDeskContext {
  db: Kysely<Database>;
  clock: Clock;
  bus: EventBus;
  betting: BettingContext;
}

function audit(ctx: TradingDeskContext, actor: Actor, action: string, target: string, details: AuditDetails) {
  return appendAuditNow(ctx.db, ctx.clock.now(), {
    operatorId: actor.operatorId,
    operatorLogin: actor.login,
    action,
    target,
    outcome: 'ok',
    details,
    ip: actor.ip,
  });
}

/** Liability by game with the names of games, markets and outcomes in `lang`. */
export async function liabilityView(ctx: TradingDeskContext, lang: string, gameId?: number) {
  const games = await liabilityByGame(ctx.db, gameId === undefined ? { limit: 80 } : { gameId });
  const outcomeIds = games.flatMap((g) => g.markets.flatMap((m) => m.outcomes.map((o) => o.outcomeId)));
  const labels = await readSelectionLabels(ctx.db, outcomeIds, lang);
  return games.map((g) => {
    const first = labels.get(g.markets[0]!.outcomes[0]!.outcomeId);
    return {
      ...g,
      gameLabel: first?.gameLabel ?? `#${g.gameId}`,
      champName: first?.champName ?? '',
      markets: g.markets.map((m) => ({
        ...m,
        marketLabel: labels.get(m.outcomes[0]!.outcomeId)?.marketLabel ?? `#${m.marketId}`,
        outcomes: m.outcomes.map((o) => ({
          ...o,
          outcomeLabel: labels.get(o.outcomeId)?.outcomeLabel ?? '',
        })),
      })),
    };
  });
}

export async function marketView(ctx: TradingDeskContext, marketId: bigint, lang: string) {
  const book = await readMarketBook(ctx.db, marketId);
  const labels = await readSelectionLabels(
    ctx.db,
    book.outcomes.map((o) => o.id),
    lang,
  );
  const any = labels.get(book.outcomes[0]?.id ?? -1n);
  return {
    ...book,
    gameLabel: any?.gameLabel ?? `#${book.gameId}`,
    marketLabel: any?.marketLabel ?? book.key,
    margin: marginOf(book),
    outcomes: book.outcomes.map((o) => ({ ...o, label: labels.get(o.id)?.outcomeLabel ?? o.key })),
  };
}

function marginOf(book: MarketBook): number | null {
  return impliedMargin(book.outcomes.filter((o) => o.state === 'open').map((o) => o.oddsMilli));
}

export async function suspendScope(
  ctx: TradingDeskContext,
  actor: Actor,
  scope: TradingScope,
  suspend: boolean,
) {
  const markets = await setMarketsSuspended(ctx.db, ctx.bus, scope, suspend);
  await audit(ctx, actor, suspend ? 'trading.suspend' : 'trading.resume', `${scope.kind}:${scope.id}`, {
    markets,
  });
  return markets;
}

export async function overridePrice(
  ctx: TradingDeskContext,
  actor: Actor,
  outcomeId: bigint,
  oddsMilli: number | null,
) {
  const change = await overrideOutcomePrice(ctx.db, ctx.bus, outcomeId, oddsMilli);
  const margin = marginOf(await readMarketBook(ctx.db, change.marketId));
  await audit(
    ctx,
    actor,
    oddsMilli === null ? 'trading.price_clear' : 'trading.price',
    `outcome:${outcomeId}`,
    {
      marketId: change.marketId.toString(),
      oddsMilli: change.oddsMilli,
      previousOddsMilli: change.prevOddsMilli,
      feedOddsMilli: change.feedOddsMilli,
      impliedMargin: margin === null ? null : Number(margin.toFixed(6)),
    },
  );
  return { ...change, margin };
}

export async function setMaxStake(
  ctx: TradingDeskContext,
  actor: Actor,
  marketId: bigint,
  max: bigint | null,
) {
  await setMarketMaxStake(ctx.db, marketId, max);
  await audit(ctx, actor, 'trading.max_stake', `market:${marketId}`, {
    maxStakeMinor: max === null ? null : max.toString(),
  });
}

export async function previewResult(
  ctx: TradingDeskContext,
  marketId: bigint,
  results: Map<bigint, OutcomeResultCode>,
) {
  await readMarketBook(ctx.db, marketId);
  return previewMarketSettlement(ctx.db, marketId, results);
}

/**
 * Writes the market's result if it is still at the version the operator previewed, then settles
 * its bets (paying, or reversing and paying again, exactly once per change) and audits the
 * amounts. A correction made from a stale view is refused before anything moves.
 */
export async function confirmResult(
  ctx: TradingDeskContext,
  actor: Actor,
  input: {
    marketId: bigint;
    expectedVersion: bigint;
    results: Map<bigint, OutcomeResultCode>;
    reason: string;
  },
) {
  const before = await readMarketBook(ctx.db, input.marketId);
  const preview = await previewMarketSettlement(ctx.db, input.marketId, input.results);
  const { version } = await writeMarketResult(ctx.db, ctx.bus, input);
  const posted = await settleMarketBets(ctx.betting, input.marketId);
  const results = [...input.results].map(([id, r]) => `${id}=${r}`).join(' ');
  await audit(
    ctx,
    actor,
    before.state === 'resulted' ? 'results.correct' : 'results.set',
    `market:${input.marketId}`,
    {
      reason: input.reason,
      results,
      version: version.toString(),
      betsSettled: posted.settled,
      payoutMinor: posted.payoutMinor.toString(),
      currencies: preview.totals.map((t) => t.currency).join(' '),
    },
  );
  return { version, ...posted };
}

export async function voidBet(
  ctx: TradingDeskContext,
  actor: Actor,
  input: { betId: bigint; positions: number[] | null; reason: string },
) {
  const voided = await voidBetLegs(ctx.betting, input);
  await audit(ctx, actor, input.positions === null ? 'bets.void' : 'bets.void_legs', `bet:${input.betId}`, {
    reason: input.reason,
    userId: voided.userId.toString(),
    currency: voided.currency,
    stakeMinor: voided.stakeMinor.toString(),
    legs: voided.legsVoided.join(' '),
    status: voided.settled?.status ?? null,
    payoutMinor: voided.settled ? voided.settled.payoutMinor.toString() : null,
  });
  return voided;
}
