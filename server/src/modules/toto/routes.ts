/**
 * HTTP routes of the toto under /web-api/toto/v1 (tags 'toto'):
 *   GET  /draws/current         the draw on sale (else the newest) with its 15 matches and percentages
 *   GET  /draws/next            the games the draw after it would take (a preview)
 *   GET  /nominees              the matches of the draw on sale with their 1X2 prices
 *   GET  /draws                 the archive: draws no longer on sale, newest first, paged
 *   GET  /draws/:drawId         one draw: matches, results, percentages, categories
 *   POST /coupons               buys a coupon (signed in, Idempotency-Key)
 *   GET  /coupons               the player's coupons, newest first, paged
 *   GET  /coupons/:couponId     one of the player's coupons with its draw's matches (printable)
 */
import { type TSchema, Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { IdString } from '../../platform/request-schemas.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import { requireUser } from '../auth/index.ts';
import { buyCoupon } from './buy-coupon.ts';
import type { TotoContext } from './context.ts';
import {
  MAX_PAGE_SIZE,
  readArchive,
  readCoupon,
  readCurrentDraw,
  readDraw,
  readMyCoupons,
  readNextDraw,
} from './read-draws.ts';

const PREFIX = '/web-api/toto/v1';
const tags = ['toto'];
const ok = (schema: TSchema) => ({ 200: schema });

const Names = Type.Record(Type.String(), Type.String());
const Odds = Type.Object({ home: Type.Integer(), draw: Type.Integer(), away: Type.Integer() });
const Status = Type.Union(
  ['open', 'closed', 'results_in', 'distributed', 'paid'].map((s) => Type.Literal(s)),
  { description: 'open (on sale) → closed → results_in → distributed → paid' },
);
const MatchSchema = Type.Object({
  position: Type.Integer({ description: '1 … 15, the order on the coupon' }),
  gameId: Type.Integer(),
  sportId: Type.Integer(),
  startAt: Type.String(),
  champ: Names,
  home: Names,
  away: Names,
  oddsMilli: Odds,
  result: Type.Union([
    Type.Literal('1'),
    Type.Literal('X'),
    Type.Literal('2'),
    Type.Literal('void'),
    Type.Null(),
  ]),
  predictions: Type.Object(
    { home: Type.Number(), draw: Type.Number(), away: Type.Number() },
    { description: 'Percent of the coupons’ picks of this match per outcome (one decimal)' },
  ),
});
const CategorySchema = Type.Object({
  category: Type.Integer({ description: 'Correct predictions: 15 … 9' }),
  shareBasisPoints: Type.Integer(),
  fundMinor: Type.String({ description: 'The share of the pool (for 15 with the jackpot)' }),
  winningCombinations: Type.String({ description: 'Weighted by unit stake / minimum stake' }),
  winningCoupons: Type.Integer(),
  payoutPerCombinationMinor: Type.String({ description: 'Per combination at the minimum stake' }),
  paidMinor: Type.String(),
});
const DrawSchema = Type.Object({
  drawId: Type.String(),
  number: Type.Integer(),
  status: Status,
  currency: Type.String(),
  minStakeMinor: Type.String(),
  poolBasisPoints: Type.Integer(),
  closesAt: Type.String(),
  createdAt: Type.String(),
  closedAt: Type.Union([Type.String(), Type.Null()]),
  resultsAt: Type.Union([Type.String(), Type.Null()]),
  distributedAt: Type.Union([Type.String(), Type.Null()]),
  paidAt: Type.Union([Type.String(), Type.Null()]),
  coupons: Type.Integer(),
  stakesMinor: Type.String(),
  poolMinor: Type.String(),
  jackpotInMinor: Type.Union([Type.String(), Type.Null()]),
  jackpotOutMinor: Type.Union([Type.String(), Type.Null()]),
  paidMinor: Type.Union([Type.String(), Type.Null()]),
  matches: Type.Array(MatchSchema),
  categories: Type.Array(CategorySchema),
});
const CouponSchema = Type.Object({
  couponId: Type.String(),
  drawId: Type.String(),
  drawNumber: Type.Integer(),
  drawStatus: Status,
  status: Type.Union(['pending', 'lost', 'won', 'paid'].map((s) => Type.Literal(s))),
  picks: Type.Array(Type.String()),
  combinations: Type.Integer(),
  unitStakeMinor: Type.String(),
  stakeMinor: Type.String(),
  currency: Type.String(),
  createdAt: Type.String(),
  wins: Type.Union([Type.Record(Type.String(), Type.Integer()), Type.Null()]),
  payoutMinor: Type.Union([Type.String(), Type.Null()]),
  paidAt: Type.Union([Type.String(), Type.Null()]),
});
const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 20 })),
});
const paged = (item: TSchema) =>
  Type.Object({
    data: Type.Array(item),
    total: Type.Integer(),
    page: Type.Integer(),
    pageSize: Type.Integer(),
  });

function idempotencyKey(request: FastifyRequest): string {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || !/^[\x21-\x7e]{8,100}$/.test(key)) {
    throw new AppError('VALIDATION_FAILED', 'Idempotency-Key header: 8 to 100 printable characters');
  }
  return key;
}

export async function totoRoutes(app: RoutesApp, options: { ctx: TotoContext }): Promise<void> {
  const { ctx } = options;

  app.get(
    `${PREFIX}/draws/current`,
    {
      schema: {
        tags,
        summary: 'The current draw',
        description:
          'The draw on sale (else the newest one) with its 15 matches, their results and the public prediction percentages (recounted at most every 10 s). 404 TOTO_DRAW_NOT_FOUND before the first draw.',
        response: ok(DrawSchema),
      },
    },
    async () => readCurrentDraw(ctx),
  );

  app.get(
    `${PREFIX}/draws/next`,
    {
      schema: {
        tags,
        summary: 'The next draw (preview)',
        description:
          'The games the draw after the one on sale would take if it were made now (it is made when that draw closes), and the earliest time it opens.',
        response: ok(
          Type.Object({
            opensAfter: Type.Union([Type.String(), Type.Null()]),
            matches: Type.Array(Type.Omit(MatchSchema, ['position', 'result', 'predictions'])),
          }),
        ),
      },
    },
    async () => readNextDraw(ctx),
  );

  app.get(
    `${PREFIX}/nominees`,
    {
      schema: {
        tags,
        summary: 'Nominees: the 15 matches of the draw on sale with their prices',
        response: ok(
          Type.Object({
            drawId: Type.String(),
            number: Type.Integer(),
            closesAt: Type.String(),
            matches: Type.Array(MatchSchema),
          }),
        ),
      },
    },
    async () => {
      const draw = await readCurrentDraw(ctx);
      if (draw.status !== 'open') throw new AppError('TOTO_DRAW_NOT_FOUND', 'No draw on sale');
      return { drawId: draw.drawId, number: draw.number, closesAt: draw.closesAt, matches: draw.matches };
    },
  );

  app.get(
    `${PREFIX}/draws`,
    {
      schema: {
        tags,
        summary: 'Past draws',
        description: 'Draws no longer on sale, newest first, with the winners and the payout per category.',
        querystring: PageQuery,
        response: ok(paged(DrawSchema)),
      },
    },
    async (request) => readArchive(ctx, request.query.page ?? 1, request.query.pageSize ?? 20),
  );

  app.get(
    `${PREFIX}/draws/:drawId`,
    {
      schema: {
        tags,
        summary: 'One draw',
        description:
          'Matches, results, prediction percentages, and once distributed the categories. 404 TOTO_DRAW_NOT_FOUND.',
        params: Type.Object({ drawId: IdString() }),
        response: ok(DrawSchema),
      },
    },
    async (request) => readDraw(ctx, BigInt(request.params.drawId)),
  );

  app.post(
    `${PREFIX}/coupons`,
    {
      schema: {
        tags,
        summary: 'Buys a coupon (Idempotency-Key)',
        description:
          'picks: one entry per match in order, each one to three of "1", "X", "2" ("1X", "X2", "1X2"…). Price = combinations (product of outcomes per match) × unitStakeMinor, a whole multiple of the draw’s minStakeMinor; paid from the player’s account in the draw’s currency. Errors: TOTO_MATCH_MISSING, TOTO_BAD_OUTCOME, TOTO_STAKE_BELOW_MINIMUM, TOTO_STAKE_STEP, TOTO_CURRENCY, TOTO_IDEMPOTENCY_MISMATCH (422), TOTO_POOL_CLOSED (409), TOTO_DRAW_NOT_FOUND (404), INSUFFICIENT_FUNDS, LIMIT_*.',
        body: Type.Object({
          drawId: Type.Optional(IdString({ description: 'The draw; the one on sale when absent' })),
          picks: Type.Array(Type.Union([Type.String({ maxLength: 8 }), Type.Null()]), { maxItems: 30 }),
          unitStakeMinor: Type.String({ maxLength: 20, description: 'Minor units per combination' }),
        }),
        response: ok(CouponSchema),
      },
    },
    async (request) => {
      const key = idempotencyKey(request);
      const user = await requireUser(request);
      return buyCoupon(ctx, BigInt(user.userId), key, {
        drawId: request.body.drawId,
        picks: request.body.picks,
        unitStakeMinor: request.body.unitStakeMinor,
      });
    },
  );

  app.get(
    `${PREFIX}/coupons`,
    {
      schema: {
        tags,
        summary: 'My coupons',
        description: 'The signed-in player’s coupons, newest first.',
        querystring: PageQuery,
        response: ok(paged(CouponSchema)),
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return readMyCoupons(ctx, BigInt(user.userId), request.query.page ?? 1, request.query.pageSize ?? 20);
    },
  );

  app.get(
    `${PREFIX}/coupons/:couponId`,
    {
      schema: {
        tags,
        summary: 'One coupon (printable)',
        description:
          'One of the signed-in player’s coupons with its draw’s matches and results. 404 TOTO_COUPON_NOT_FOUND.',
        params: Type.Object({ couponId: IdString() }),
        response: ok(Type.Intersect([CouponSchema, Type.Object({ matches: Type.Array(MatchSchema) })])),
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return readCoupon(ctx, BigInt(user.userId), BigInt(request.params.couponId));
    },
  );
}
