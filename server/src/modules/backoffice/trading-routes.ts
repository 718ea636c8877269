/**
 * The trading and settlement API of the back office (/backoffice-api/v1/trading/…, /bets/…):
 * liability, a /ws ticket for the operators' bet activity, a game's and a market's book,
 * suspensions, price overrides, maximum stakes, result preview and confirmation, bet search,
 * bet detail and voiding. Every route passes the guard with its own action first.
 */
import { type Static, Type } from '@sinclair/typebox';
import { AppError } from '../../platform/errors.ts';
import { IdString, Int32Id } from '../../platform/request-schemas.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import {
  BET_ACTIVITY_TOPIC,
  type BettingContext,
  operatorBetDetail,
  searchOperatorBets,
} from '../betting/index.ts';
import {
  type MarketBook,
  type OutcomeResultCode,
  readGameBooks,
  readSelectionLabels,
} from '../sportsbook/index.ts';
import { issueLiveTicket } from './live-tickets.ts';
import { actorOf, type GuardContext, requireOperator } from './routes-guard.ts';
import {
  confirmResult,
  liabilityView,
  marketView,
  overridePrice,
  previewResult,
  setMaxStake,
  suspendScope,
  type TradingDeskContext,
  voidBet,
} from './trading-desk.ts';
import { BetSearchQuery, betDetailJson, betSummaryJson, LangQuery, stringify } from './trading-schemas.ts';

export interface TradingRoutesOptions extends GuardContext, Omit<TradingDeskContext, 'db' | 'clock'> {
  betting: BettingContext;
}

const P = '/backoffice-api/v1';
const TAGS = ['backoffice'];
const Ok = Type.Object({ ok: Type.Boolean() });
const IdParams = Type.Object({ id: IdString() });
const GameParams = Type.Object({ id: Int32Id() });
const RESULT_CODES = ['win', 'lose', 'void', 'half_win', 'half_lose'] as const;
const ResultsBody = Type.Array(
  Type.Object({
    outcomeId: IdString(),
    result: Type.Union(RESULT_CODES.map((r) => Type.Literal(r))),
  }),
  { minItems: 1, maxItems: 100 },
);
const Reason = Type.String({ minLength: 3, maxLength: 300 });
const Json = Type.Unknown();

function resultsMap(results: Static<typeof ResultsBody>): Map<bigint, OutcomeResultCode> {
  const map = new Map(results.map((r) => [BigInt(r.outcomeId), r.result]));
  if (map.size !== results.length)
    throw new AppError('VALIDATION_FAILED', 'body/results: an outcome appears twice');
  return map;
}

function trimmedReason(reason: string): string {
  const text = reason.trim();
  if (text.length < 3) throw new AppError('VALIDATION_FAILED', 'body/reason: at least 3 characters');
  return text;
}

export async function tradingRoutes(app: RoutesApp, options: TradingRoutesOptions): Promise<void> {
  const ctx: GuardContext = options;
  const desk: TradingDeskContext = options;
  const { db, clock } = options;

  app.get(
    `${P}/trading/liability`,
    {
      schema: {
        tags: TAGS,
        summary: 'Liability of the open bets by game, market and outcome, biggest first, per currency',
        querystring: Type.Composite([LangQuery, Type.Object({ gameId: Type.Optional(Int32Id()) })]),
        response: { 200: Json },
      },
    },
    async (request) => {
      await requireOperator(ctx, request, 'trading.view');
      const games = await liabilityView(desk, request.query.lang ?? 'en', request.query.gameId);
      return { games: stringify(games) };
    },
  );

  app.post(
    `${P}/trading/live-ticket`,
    {
      schema: {
        tags: TAGS,
        summary: 'A one-minute ticket for /ws?operator=<ticket>: the operators’ bet activity topic',
        response: { 200: Type.Object({ ticket: Type.String(), topic: Type.String() }) },
      },
    },
    async (request) => {
      const operator = await requireOperator(ctx, request, 'trading.view');
      return { ticket: await issueLiveTicket(db, clock, operator.sessionId), topic: BET_ACTIVITY_TOPIC };
    },
  );

  app.get(
    `${P}/trading/games/:id`,
    {
      schema: {
        tags: TAGS,
        summary: "A game's markets with their state, prices (and the feed's under an override) and limits",
        params: GameParams,
        querystring: LangQuery,
        response: { 200: Json },
      },
    },
    async (request) => {
      await requireOperator(ctx, request, 'trading.view');
      const books = await readGameBooks(db, request.params.id);
      if (books.length === 0) throw new AppError('GAME_NOT_FOUND');
      const labels = await readSelectionLabels(
        db,
        books.flatMap((b: MarketBook) => b.outcomes.map((o) => o.id)),
        request.query.lang ?? 'en',
      );
      const first = labels.get(books[0]!.outcomes[0]?.id ?? -1n);
      return {
        gameId: request.params.id,
        gameLabel: first?.gameLabel ?? `#${request.params.id}`,
        markets: stringify(
          books.map((b) => ({
            ...b,
            marketLabel: labels.get(b.outcomes[0]?.id ?? -1n)?.marketLabel ?? b.key,
            outcomes: b.outcomes.map((o) => ({ ...o, label: labels.get(o.id)?.outcomeLabel ?? o.key })),
          })),
        ),
      };
    },
  );

  app.get(
    `${P}/trading/markets/:id`,
    {
      schema: {
        tags: TAGS,
        summary: 'A market with its outcomes, its implied margin and its version',
        params: IdParams,
        querystring: LangQuery,
        response: { 200: Json },
      },
    },
    async (request) => {
      await requireOperator(ctx, request, 'trading.view');
      return stringify(await marketView(desk, BigInt(request.params.id), request.query.lang ?? 'en'));
    },
  );

  app.post(
    `${P}/trading/suspend`,
    {
      schema: {
        tags: TAGS,
        summary: 'Suspends or resumes a market, a game or a sport (held against the feed until resumed)',
        body: Type.Object({
          scope: Type.Union([Type.Literal('market'), Type.Literal('game'), Type.Literal('sport')]),
          id: IdString(),
          suspend: Type.Boolean(),
        }),
        response: { 200: Type.Object({ markets: Type.Integer() }) },
      },
    },
    async (request) => {
      const operator = await requireOperator(ctx, request, 'trading.manage');
      const { scope, id, suspend } = request.body;
      if (scope !== 'market' && BigInt(id) > 2_147_483_647n)
        throw new AppError('VALIDATION_FAILED', 'body/id');
      const target = scope === 'market' ? { kind: scope, id: BigInt(id) } : { kind: scope, id: Number(id) };
      return { markets: await suspendScope(desk, actorOf(operator, request), target, suspend) };
    },
  );

  app.post(
    `${P}/trading/outcomes/:id/price`,
    {
      schema: {
        tags: TAGS,
        summary: "Overrides an outcome's price (thousandths, 1.01–1000.00), or with null clears the override",
        params: IdParams,
        body: Type.Object({
          oddsMilli: Type.Union([Type.Integer({ minimum: 1010, maximum: 1_000_000 }), Type.Null()]),
        }),
        response: { 200: Json },
      },
    },
    async (request) => {
      const operator = await requireOperator(ctx, request, 'trading.manage');
      const change = await overridePrice(
        desk,
        actorOf(operator, request),
        BigInt(request.params.id),
        request.body.oddsMilli,
      );
      return stringify(change);
    },
  );

  app.put(
    `${P}/trading/markets/:id/max-stake`,
    {
      schema: {
        tags: TAGS,
        summary: "Sets a market's maximum stake per bet (minor units of the bet's currency), or removes it",
        params: IdParams,
        body: Type.Object({ maxStakeMinor: Type.Union([IdString(), Type.Null()]) }),
        response: { 200: Ok },
      },
    },
    async (request) => {
      const operator = await requireOperator(ctx, request, 'trading.manage');
      const max = request.body.maxStakeMinor === null ? null : BigInt(request.body.maxStakeMinor);
      await setMaxStake(desk, actorOf(operator, request), BigInt(request.params.id), max);
      return { ok: true };
    },
  );

  app.post(
    `${P}/trading/markets/:id/result-preview`,
    {
      schema: {
        tags: TAGS,
        summary: 'What a result would settle (bets, stakes, payouts per currency), without writing it',
        params: IdParams,
        body: Type.Object({ results: ResultsBody }),
        response: { 200: Json },
      },
    },
    async (request) => {
      await requireOperator(ctx, request, 'results.manage');
      const preview = await previewResult(desk, BigInt(request.params.id), resultsMap(request.body.results));
      return stringify(preview);
    },
  );

  app.post(
    `${P}/trading/markets/:id/result`,
    {
      schema: {
        tags: TAGS,
        summary: "Enters or corrects a market's result at the version previewed; settles its bets once",
        params: IdParams,
        body: Type.Object({ version: IdString(), results: ResultsBody, reason: Reason }),
        response: { 200: Json },
      },
    },
    async (request) => {
      const operator = await requireOperator(ctx, request, 'results.manage');
      const done = await confirmResult(desk, actorOf(operator, request), {
        marketId: BigInt(request.params.id),
        expectedVersion: BigInt(request.body.version),
        results: resultsMap(request.body.results),
        reason: trimmedReason(request.body.reason),
      });
      return stringify(done);
    },
  );

  app.get(
    `${P}/bets`,
    {
      schema: {
        tags: TAGS,
        summary: 'Bets by player, game, market, stake, status and time, newest first, 50 a page',
        querystring: BetSearchQuery,
        response: { 200: Json },
      },
    },
    async (request) => {
      await requireOperator(ctx, request, 'bets.view');
      const q = request.query;
      const page = await searchOperatorBets(db, {
        ...(q.userId ? { userId: BigInt(q.userId) } : {}),
        ...(q.gameId ? { gameId: q.gameId } : {}),
        ...(q.marketId ? { marketId: BigInt(q.marketId) } : {}),
        ...(q.minStake ? { minStakeMinor: BigInt(q.minStake) } : {}),
        ...(q.maxStake ? { maxStakeMinor: BigInt(q.maxStake) } : {}),
        ...(q.status ? { status: q.status } : {}),
        ...(q.from ? { from: new Date(q.from) } : {}),
        ...(q.to ? { to: new Date(q.to) } : {}),
        ...(q.before ? { before: BigInt(q.before) } : {}),
        limit: 50,
      });
      return { bets: page.bets.map(betSummaryJson), next: page.next?.toString() ?? null };
    },
  );

  app.get(
    `${P}/bets/:id`,
    {
      schema: {
        tags: TAGS,
        summary: 'A bet with its legs, settlement versions and ledger transfers',
        params: IdParams,
        response: { 200: Json },
      },
    },
    async (request) => {
      await requireOperator(ctx, request, 'bets.view');
      return betDetailJson(await operatorBetDetail(db, options.betting.ledger, BigInt(request.params.id)));
    },
  );

  app.post(
    `${P}/bets/:id/void`,
    {
      schema: {
        tags: TAGS,
        summary: 'Voids a bet, or some of its legs (positions), with a reason; settles it through settlement',
        params: IdParams,
        body: Type.Object({
          positions: Type.Optional(
            Type.Array(Type.Integer({ minimum: 0, maximum: 29 }), { minItems: 1, maxItems: 30 }),
          ),
          reason: Reason,
        }),
        response: { 200: Json },
      },
    },
    async (request) => {
      const operator = await requireOperator(ctx, request, 'results.manage');
      const voided = await voidBet(desk, actorOf(operator, request), {
        betId: BigInt(request.params.id),
        positions: request.body.positions ?? null,
        reason: trimmedReason(request.body.reason),
      });
      return stringify(voided);
    },
  );
}
