/**
 * Bet builder routes under /web-api/betting/v1 (bet-builder.ts):
 *   POST /bet-builder/quote   the price of a same-game combination now (no sign-in needed)
 *   POST /bet-builder/coupons place it as one coupon (signed in, Idempotency-Key)
 */

import type { ChangeCoefAction } from '@parlay/domain/coupon/index.ts';
import { BET_BUILDER_MAX_LEGS, BET_BUILDER_MIN_LEGS } from '@parlay/domain/sportsbook/bet-builder.ts';
import { Type } from '@sinclair/typebox';
import { Id as AnyId } from '../../platform/request-schemas.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import { requireUser } from '../auth/index.ts';
import { placeBuilder, quoteBuilder } from './bet-builder.ts';
import type { BettingContext } from './context.ts';
import { idempotencyKey } from './routes.ts';

const PREFIX = '/web-api/betting/v1/bet-builder';
const tags = ['betting'];
const Id = AnyId();
const OutcomeIds = Type.Array(Id, {
  minItems: BET_BUILDER_MIN_LEGS,
  maxItems: BET_BUILDER_MAX_LEGS,
  description: 'Outcome ids of one game (the legs)',
});

const QuoteBody = Type.Object({ outcomeIds: OutcomeIds });

const PlaceBody = Type.Object({
  accountId: Id,
  amount: Type.String({ pattern: '^\\d{1,16}$', description: 'Stake, minor units' }),
  outcomeIds: OutcomeIds,
  coef: Type.Number({ minimum: 1.001, maximum: 10_000, description: 'The builder price the player saw' }),
  changeCoefAction: Type.Optional(Type.Integer({ minimum: 0, maximum: 2, default: 2 })),
});

export async function builderRoutes(app: RoutesApp, options: { ctx: BettingContext }): Promise<void> {
  const { ctx } = options;

  app.post(
    `${PREFIX}/quote`,
    {
      schema: {
        tags,
        summary: 'Price a bet builder combination',
        description:
          'The price of outcomes of one football game combined, from the joint model of the match. 409/422 with BET_BUILDER_CONTRADICTION (details.conflictOutcomeIds), BET_BUILDER_UNSUPPORTED, BET_BUILDER_DIFFERENT_GAMES, BET_BUILDER_STARTED, BET_BUILDER_NOT_OFFERED, MARKET_SUSPENDED, GAME_FINISHED, MARKET_UNAVAILABLE.',
        body: QuoteBody,
      },
    },
    async (request) => quoteBuilder(ctx, request.body.outcomeIds.map(BigInt)),
  );

  app.post(
    `${PREFIX}/coupons`,
    {
      schema: {
        tags,
        summary: 'Place a bet builder coupon',
        description:
          'Places the combination as one coupon (type 20) at the current builder price (Idempotency-Key required). Answers as POST /coupons: accepted or rejected with a code; a combination the builder cannot price is an error as for the quote.',
        body: PlaceBody,
      },
    },
    async (request) => {
      const userId = BigInt((await requireUser(request)).userId);
      const body = request.body;
      return placeBuilder(ctx, userId, idempotencyKey(request), {
        accountId: BigInt(body.accountId),
        amountMinor: BigInt(body.amount),
        outcomeIds: body.outcomeIds.map(BigInt),
        seenCoefMilli: Math.round(body.coef * 1000),
        changeCoefAction: (body.changeCoefAction ?? 2) as ChangeCoefAction,
      });
    },
  );
}
