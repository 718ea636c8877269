/**
 * HTTP routes of the betting module under /web-api/betting/v1, for the signed-in player.
 *   POST /coupons                      place a prepared coupon (Idempotency-Key)
 *   GET  /bets                         history: period (days) or from/to, status, typeId, page, pageSize, lng
 *   GET  /bets.csv                     the same filters as CSV
 *   GET  /bets/:betId                  one bet, legs named in lng (poll a pending live bet here)
 *   GET  /bets/:betId/cashout          cash-out quote
 *   POST /bets/:betId/cashout          full or partial cash-out (Idempotency-Key)
 *   PUT  /bets/:betId/auto-cashout     automatic cash-out value (null clears it)
 * The bet slip's routes (quote, coupon codes, settings, promo codes, VIP requests): slip-routes.ts.
 */

import type { ChangeCoefAction } from '@parlay/domain/coupon/index.ts';
import { type Static, Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { Id as AnyId, IdMap, IdString, Int32 } from '../../platform/request-schemas.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import { requireUser } from '../auth/index.ts';
import { SUPPORTED_LANGUAGES } from '../sportsbook/index.ts';
import { cashOut, quoteCashout, setAutoCashout } from './cash-out.ts';
import type { BettingContext } from './context.ts';
import { type BetFilter, betsCsv, getBet, listBets, MAX_PAGE_SIZE, STATUS_FILTERS } from './list-bets.ts';
import { placeCoupon } from './place-coupon.ts';
import type { CouponRequest } from './price-coupon.ts';

const PREFIX = '/web-api/betting/v1';
const tags = ['betting'];
const Id = AnyId();
const Minor = Type.String({ pattern: '^\\d{1,16}$', description: 'Minor units' });
const MOMENT = '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:\\d{2}))?$';
const Lng = Type.Union(
  SUPPORTED_LANGUAGES.map((l) => Type.Literal(l)),
  { default: 'en', description: 'Language of the names of games, markets and outcomes' },
);

export const CouponBody = Type.Object({
  typeId: Type.Integer({
    description: '0 single, 1 express, 2 system with bankers, 4 system, 10001 multiple singles',
  }),
  systemValue: Type.Optional(Type.Integer({ minimum: 2, maximum: 50, default: 2 })),
  amount: Type.Optional(Minor),
  amountByBetId: Type.Optional(IdMap(Minor, { maxProperties: 50, description: 'Stake of each outcome id' })),
  accountId: Id,
  bets: Type.Array(
    Type.Object({
      outcomeId: Id,
      coef: Type.Number({ minimum: 1.001, maximum: 10_000, description: 'The decimal odds the player saw' }),
      isBanker: Type.Optional(Type.Boolean()),
    }),
    { minItems: 1, maxItems: 50 },
  ),
  changeCoefAction: Type.Optional(Type.Integer({ minimum: 0, maximum: 2, default: 2 })),
  exactCoef: Type.Optional(Type.Union([Type.Number({ minimum: 1, maximum: 1_000_000 }), Type.Null()])),
  promoCode: Type.Optional(Type.Union([Type.String({ maxLength: 50 }), Type.Null()])),
  freeBetId: Type.Optional(
    Type.Union([IdString(), Type.Null()], {
      description:
        'Stake the player’s free bet (bonus id): amount must be its whole amount; stake not returned',
    }),
  ),
  oddsBoostId: Type.Optional(
    Type.Union([IdString(), Type.Null()], {
      description:
        'Apply the player’s one-use odds boost (bonus id): a win pays a share of its profit on top',
    }),
  ),
});

export type CouponBodyType = Static<typeof CouponBody>;

const HistoryQuery = Type.Object({
  period: Type.Integer({ minimum: 1, maximum: 3650, default: 30, description: 'Days back' }),
  status: Type.Optional(Type.Union(STATUS_FILTERS.map((s) => Type.Literal(s)))),
  typeId: Type.Optional(Int32()),
  page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 20 }),
  from: Type.Optional(
    Type.String({ pattern: MOMENT, description: 'Placed at or after (instead of period)' }),
  ),
  to: Type.Optional(Type.String({ pattern: MOMENT, description: 'Placed before' })),
  lng: Lng,
});
type HistoryQueryType = Static<typeof HistoryQuery>;

/** The filter of a history query: from/to (either may be alone) replace the period. */
function historyFilter(q: HistoryQueryType): BetFilter {
  const moment = (value: string | undefined, name: string) => {
    if (value === undefined) return undefined;
    const ms = Date.parse(value);
    if (Number.isNaN(ms)) throw new AppError('VALIDATION_FAILED', `querystring/${name}: not a date`);
    return ms;
  };
  const fromMs = moment(q.from, 'from');
  const toMs = moment(q.to, 'to');
  return {
    periodDays: q.period,
    ...(q.status ? { status: q.status } : {}),
    ...(q.typeId === undefined ? {} : { typeId: q.typeId }),
    page: q.page,
    pageSize: q.pageSize,
    ...(fromMs === undefined ? {} : { fromMs }),
    ...(toMs === undefined ? {} : { toMs }),
  };
}
const BetParams = Type.Object({ betId: IdString() });

export function idempotencyKey(request: FastifyRequest): string {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || !/^[\x21-\x7e]{8,100}$/.test(key)) {
    throw new AppError('VALIDATION_FAILED', 'Idempotency-Key header: 8 to 100 printable characters');
  }
  return key;
}

const milli = (coef: number) => Math.round(coef * 1000);

export function toCouponRequest(body: CouponBodyType): CouponRequest {
  return {
    typeId: body.typeId,
    systemValue: body.systemValue ?? 2,
    amountMinor: body.amount === undefined ? null : BigInt(body.amount),
    amountByOutcomeId: new Map(
      Object.entries(body.amountByBetId ?? {}).map(([k, v]) => [BigInt(k), BigInt(v)]),
    ),
    accountId: BigInt(body.accountId),
    bets: body.bets.map((b) => ({
      outcomeId: BigInt(b.outcomeId),
      seenOddsMilli: milli(b.coef),
      isBanker: b.isBanker === true,
    })),
    changeCoefAction: (body.changeCoefAction ?? 2) as ChangeCoefAction,
    exactCoefMilli: body.exactCoef ? milli(body.exactCoef) : null,
    promoCode: body.promoCode ? body.promoCode : null,
    ...(body.freeBetId ? { freeBetId: BigInt(body.freeBetId) } : {}),
    ...(body.oddsBoostId ? { oddsBoostId: BigInt(body.oddsBoostId) } : {}),
  };
}

export async function bettingRoutes(app: RoutesApp, options: { ctx: BettingContext }): Promise<void> {
  const { ctx } = options;
  const userOf = async (request: FastifyRequest) => BigInt((await requireUser(request)).userId);

  app.post(
    `${PREFIX}/coupons`,
    {
      schema: {
        tags,
        summary: 'Place a coupon',
        description:
          'Places the prepared coupon of coupon-accounts §3 at current prices (Idempotency-Key required). Answers {status:"accepted",betId,acceptedCoef,…}, {status:"pending",betId,delayMs} for live bets, or {status:"rejected",code,messageKey}.',
        body: CouponBody,
      },
    },
    async (request) => {
      const userId = await userOf(request);
      return placeCoupon(ctx, userId, idempotencyKey(request), toCouponRequest(request.body));
    },
  );

  app.get(
    `${PREFIX}/bets`,
    {
      schema: {
        tags,
        summary: 'Bet history',
        description: 'The player’s bets, newest first, with legs.',
        querystring: HistoryQuery,
      },
    },
    async (request) => {
      const q = request.query;
      return listBets(ctx.db, await userOf(request), historyFilter(q), ctx.clock.nowMs(), q.lng);
    },
  );

  app.get(
    `${PREFIX}/bets.csv`,
    { schema: { tags, summary: 'Bet history as CSV', querystring: HistoryQuery } },
    async (request, reply) => {
      const q = request.query;
      const csv = await betsCsv(ctx.db, await userOf(request), historyFilter(q), ctx.clock.nowMs(), q.lng);
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', 'attachment; filename="bets.csv"');
      return csv;
    },
  );

  app.get(
    `${PREFIX}/bets/:betId`,
    {
      schema: {
        tags,
        summary: 'One bet',
        description: 'A bet with its legs named in lng; 404 BET_NOT_FOUND.',
        params: BetParams,
        querystring: Type.Object({ lng: Lng }),
      },
    },
    async (request) => getBet(ctx.db, await userOf(request), BigInt(request.params.betId), request.query.lng),
  );

  app.get(
    `${PREFIX}/bets/:betId/cashout`,
    {
      schema: {
        tags,
        summary: 'Cash-out quote',
        description: 'Fair value, margin and offer from current prices.',
        params: BetParams,
      },
    },
    async (request) => quoteCashout(ctx, await userOf(request), BigInt(request.params.betId)),
  );

  app.post(
    `${PREFIX}/bets/:betId/cashout`,
    {
      schema: {
        tags,
        summary: 'Cash out',
        description:
          'Cashes out the whole stake or stakeMinor of it (Idempotency-Key). expectedMinor: the offer seen; a lower one is CASHOUT_PRICE_CHANGED.',
        params: BetParams,
        body: Type.Object({ stakeMinor: Type.Optional(Minor), expectedMinor: Type.Optional(Minor) }),
      },
    },
    async (request) => {
      const body = request.body;
      return cashOut(ctx, await userOf(request), BigInt(request.params.betId), idempotencyKey(request), {
        stakePartMinor: body.stakeMinor === undefined ? null : BigInt(body.stakeMinor),
        expectedMinor: body.expectedMinor === undefined ? null : BigInt(body.expectedMinor),
      });
    },
  );

  app.put(
    `${PREFIX}/bets/:betId/auto-cashout`,
    {
      schema: {
        tags,
        summary: 'Automatic cash-out',
        description: 'Cash the bet out by itself once the offer reaches valueMinor; null turns it off.',
        params: BetParams,
        body: Type.Object({ valueMinor: Type.Union([Minor, Type.Null()]) }),
      },
    },
    async (request) => {
      const { valueMinor } = request.body;
      const betId = BigInt(request.params.betId);
      await setAutoCashout(
        ctx,
        await userOf(request),
        betId,
        valueMinor === null ? null : BigInt(valueMinor),
      );
      return { betId: betId.toString(), autoCashoutMinor: valueMinor };
    },
  );
}
