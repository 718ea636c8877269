/**
 * HTTP routes under /web-api/cashback/v1 (tag 'cashback'), all for the signed-in player:
 *   GET  /status    level, progress to the next level, this week's turnover, net loss and accrual,
 *                   rate and cap, premium membership, the level table
 *   GET  /payouts   the weekly history, newest first, paginated
 *   POST /premium   joins premium cashback (CASHBACK_PREMIUM_NOT_ELIGIBLE below the premium level);
 *                   moves no money, and joining twice changes nothing
 */
import { type TSchema, Type } from '@sinclair/typebox';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import { requireUser } from '../auth/index.ts';
import type { CashbackContext } from './context.ts';
import { joinPremium } from './premium.ts';
import { MAX_PAYOUTS_PAGE, readPayouts } from './read-payouts.ts';
import { readStatus } from './read-status.ts';

export const CASHBACK_PREFIX = '/web-api/cashback/v1';
const tags = ['cashback'];
const ok = (schema: TSchema) => ({ 200: schema });
const Minor = Type.String({ description: 'Minor units of the programme currency' });
const Tier = Type.Union([Type.Literal('vip'), Type.Literal('premium')]);

const Level = Type.Object({
  level: Type.Integer(),
  name: Type.String(),
  thresholdMinor: Minor,
  rateBp: Type.Integer({ description: 'Basis points of the net loss' }),
  capMinor: Minor,
});

const StatusSchema = Type.Object({
  currency: Type.String(),
  turnoverMinor: Minor,
  level: Level,
  nextLevel: Type.Union([Level, Type.Null()]),
  progressBp: Type.Integer({ minimum: 0, maximum: 10_000 }),
  period: Type.Object({
    start: Type.String(),
    end: Type.String(),
    turnoverMinor: Minor,
    netLossMinor: Type.String({ description: 'Stakes minus wins; negative is a net win' }),
    accrualMinor: Minor,
    tier: Tier,
    rateBp: Type.Integer(),
    capMinor: Minor,
  }),
  premium: Type.Object({
    member: Type.Boolean(),
    eligible: Type.Boolean(),
    rateBp: Type.Integer(),
    capMinor: Minor,
    minLevel: Type.Integer(),
  }),
  levels: Type.Array(Level),
});

const PayoutSchema = Type.Object({
  periodStart: Type.String(),
  periodEnd: Type.String(),
  currency: Type.String(),
  tier: Tier,
  level: Type.Integer(),
  rateBp: Type.Integer(),
  capMinor: Minor,
  turnoverMinor: Minor,
  netLossMinor: Type.String(),
  amountMinor: Minor,
  status: Type.Union([Type.Literal('pending'), Type.Literal('paid'), Type.Literal('none')]),
  paidAt: Type.Union([Type.String(), Type.Null()]),
});

export async function cashbackRoutes(app: RoutesApp, options: { ctx: CashbackContext }): Promise<void> {
  const { ctx } = options;

  app.get(
    `${CASHBACK_PREFIX}/status`,
    {
      schema: {
        tags,
        summary: 'The player’s VIP level, progress and this week’s cashback accrual',
        response: ok(StatusSchema),
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return readStatus(ctx, BigInt(user.userId));
    },
  );

  app.get(
    `${CASHBACK_PREFIX}/payouts`,
    {
      schema: {
        tags,
        summary: 'The player’s weekly cashback history, newest first',
        querystring: Type.Object({
          page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
          pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAYOUTS_PAGE, default: 20 })),
        }),
        response: ok(
          Type.Object({
            items: Type.Array(PayoutSchema),
            page: Type.Integer(),
            pageSize: Type.Integer(),
            total: Type.Integer(),
          }),
        ),
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return readPayouts(ctx, BigInt(user.userId), {
        page: request.query.page ?? 1,
        pageSize: request.query.pageSize ?? 20,
      });
    },
  );

  app.post(
    `${CASHBACK_PREFIX}/premium`,
    {
      schema: {
        tags,
        summary: 'Joins premium cashback (from the premium level on); answers the new status',
        response: ok(StatusSchema),
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await joinPremium(ctx, BigInt(user.userId));
      return readStatus(ctx, BigInt(user.userId));
    },
  );
}
