/**
 * HTTP routes of the bet slip under /web-api/betting/v1.
 *   POST /coupons/quote            quote a coupon (guests too): prices, states, labels and rules
 *   POST /coupon-codes             save a coupon under a shareable code (guests too)
 *   GET  /coupon-codes/:code       load a saved coupon (guests too)
 *   GET  /coupon-settings          the player's coupon settings
 *   PUT  /coupon-settings          change some of them; answers the whole object
 *   GET  /promo-codes              the promo codes the player can still use
 *   POST /vip-requests             file a VIP bet request (Idempotency-Key)
 *   GET  /vip-requests             the player's VIP bet requests
 */

import { MAX_COUPON_BETS } from '@parlay/domain/coupon/index.ts';
import { isCurrencyCode } from '@parlay/domain/money/currencies.ts';
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { Id as AnyId } from '../../platform/request-schemas.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import { getSessionUser, requireUser } from '../auth/index.ts';
import type { BettingContext } from './context.ts';
import { loadCouponCode, saveCouponCode } from './coupon-codes.ts';
import { CouponSettingsPatch, getCouponSettings, updateCouponSettings } from './player-coupon-settings.ts';
import { listPlayerPromos } from './promo-codes.ts';
import { quoteCoupon } from './quote-coupon.ts';
import { CouponBody, idempotencyKey, toCouponRequest } from './routes.ts';
import { listVipRequests, requestVipBet } from './vip-requests.ts';

const PREFIX = '/web-api/betting/v1';
const tags = ['betting'];
const Id = AnyId();
const Lng = Type.Union([Type.Literal('ru'), Type.Literal('en')]);
const SlipBets = Type.Array(Type.Object({ outcomeId: Id, isBanker: Type.Optional(Type.Boolean()) }), {
  minItems: 1,
  maxItems: MAX_COUPON_BETS,
});
const TypeId = Type.Union(
  [0, 1, 2, 4, 10001].map((id) => Type.Literal(id)),
  {
    description: '0 single, 1 express, 2 system with bankers, 4 system, 10001 multiple singles',
  },
);
const SystemValue = Type.Integer({ minimum: 2, maximum: 50, default: 2 });

const QuoteBody = Type.Object({
  typeId: TypeId,
  systemValue: Type.Optional(SystemValue),
  accountId: Type.Optional(Id),
  currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$' })),
  lng: Type.Optional(Lng),
  bets: SlipBets,
  promoCode: Type.Optional(Type.Union([Type.String({ maxLength: 50 }), Type.Null()])),
});
type QuoteBodyType = Static<typeof QuoteBody>;

const CodeBody = Type.Object({ typeId: TypeId, systemValue: Type.Optional(SystemValue), bets: SlipBets });

const slipBets = (bets: QuoteBodyType['bets']) =>
  bets.map((b) => ({ outcomeId: BigInt(b.outcomeId), isBanker: b.isBanker === true }));

function assertDistinct(bets: { outcomeId: bigint }[]) {
  if (new Set(bets.map((b) => b.outcomeId)).size !== bets.length) {
    throw new AppError('VALIDATION_FAILED', 'body/bets: an outcome appears twice');
  }
}

/** The quote's currency: of the player's account when given and theirs, else `currency` (RUB). */
async function quoteCurrency(ctx: BettingContext, userId: bigint | null, body: QuoteBodyType) {
  if (userId !== null && body.accountId !== undefined) {
    try {
      const account = await ctx.ledger.account(userId, BigInt(body.accountId));
      return { currency: account.iso, isBonusAccount: account.type === 4 };
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'ACCOUNT_NOT_FOUND') throw err;
    }
  }
  const currency = body.currency ?? 'RUB';
  if (!isCurrencyCode(currency)) throw new AppError('UNKNOWN_CURRENCY');
  return { currency, isBonusAccount: false };
}

/**
 * A route validator without the app's type coercion or removal of unknown fields: "1" is not a
 * boolean, 5 is not a minor-unit string and an unknown field is an error (VALIDATION_FAILED).
 */
const strictValidator: FastifySchemaCompiler<unknown> = ({ schema }) => {
  const check = TypeCompiler.Compile(schema as TSchema);
  return (data: unknown) => {
    if (check.Check(data)) return { value: data };
    const first = check.Errors(data).First();
    return {
      error: new AppError('VALIDATION_FAILED', `body${first?.path ?? ''}: ${first?.message ?? 'invalid'}`),
    };
  };
};

export async function slipRoutes(app: RoutesApp, options: { ctx: BettingContext }): Promise<void> {
  const { ctx } = options;
  const userOf = async (request: FastifyRequest) => BigInt((await requireUser(request)).userId);
  const guestOrUser = async (request: FastifyRequest) => {
    const user = await getSessionUser(request);
    return user ? BigInt(user.userId) : null;
  };

  app.post(
    `${PREFIX}/coupons/quote`,
    {
      schema: {
        tags,
        summary: 'Quote a coupon',
        description:
          'The coupon’s bets at current prices with states and labels, its coefficient, amount limits, system values, express bonus, VIP and promo availability. Guests allowed; nothing is reserved.',
        body: QuoteBody,
      },
    },
    async (request) => {
      const body = request.body;
      const bets = slipBets(body.bets);
      assertDistinct(bets);
      const userId = await guestOrUser(request);
      return quoteCoupon(
        ctx,
        {
          ...(await quoteCurrency(ctx, userId, body)),
          typeId: body.typeId,
          systemValue: body.systemValue ?? 2,
          lng: body.lng ?? 'en',
          bets,
          promoCode: body.promoCode ? body.promoCode : null,
        },
        userId,
      );
    },
  );

  app.post(
    `${PREFIX}/coupon-codes`,
    {
      schema: {
        tags,
        summary: 'Save a coupon to a code',
        description:
          'Answers { code, expiresAt }: 8 characters, kept 30 days; at most 20 an hour per IP or player (429 RATE_LIMITED).',
        body: CodeBody,
      },
    },
    async (request) => {
      const body = request.body;
      return saveCouponCode(
        ctx,
        { typeId: body.typeId, systemValue: body.systemValue ?? 2, bets: slipBets(body.bets) },
        { ip: request.ip, userId: await guestOrUser(request) },
      );
    },
  );

  app.get(
    `${PREFIX}/coupon-codes/:code`,
    {
      schema: {
        tags,
        summary: 'Load a coupon from a code',
        description:
          'The saved coupon with its bets’ current state (case-insensitive code); 404 COUPON_CODE_NOT_FOUND.',
        params: Type.Object({ code: Type.String({ minLength: 1, maxLength: 20 }) }),
        querystring: Type.Object({ lng: Type.Optional(Lng) }),
      },
    },
    async (request) => {
      const { code } = request.params;
      const { lng } = request.query;
      return loadCouponCode(ctx.db, code, lng ?? 'en', ctx.clock.now());
    },
  );

  app.get(
    `${PREFIX}/coupon-settings`,
    {
      schema: {
        tags,
        summary: 'Coupon settings',
        description: 'The player’s coupon settings (coupon-accounts §3).',
      },
    },
    async (request) => getCouponSettings(ctx.db, await userOf(request)),
  );

  app.put(
    `${PREFIX}/coupon-settings`,
    {
      schema: {
        tags,
        summary: 'Change coupon settings',
        description: 'Any subset of the settings; the §4 one-click rules apply. Answers the whole object.',
        body: CouponSettingsPatch,
      },
      validatorCompiler: strictValidator,
    },
    async (request) => updateCouponSettings(ctx.db, await userOf(request), request.body, ctx.clock.now()),
  );

  app.get(
    `${PREFIX}/promo-codes`,
    {
      schema: { tags, summary: 'Promo codes', description: 'The promo codes the player can still use now.' },
    },
    async (request) => ({
      promoCodes: await listPlayerPromos(ctx.db, await userOf(request), ctx.clock.now()),
    }),
  );

  app.post(
    `${PREFIX}/vip-requests`,
    {
      schema: {
        tags,
        summary: 'Request a VIP bet',
        description:
          'The POST /coupons body with a stake above the maximum (Idempotency-Key). The stake is reserved until an operator decides, or 15 minutes pass.',
        body: CouponBody,
      },
    },
    async (request) =>
      requestVipBet(ctx, await userOf(request), idempotencyKey(request), toCouponRequest(request.body)),
  );

  app.get(
    `${PREFIX}/vip-requests`,
    {
      schema: {
        tags,
        summary: 'VIP bet requests',
        description: 'The player’s VIP bet requests, newest first.',
      },
    },
    async (request) => ({ requests: await listVipRequests(ctx.db, await userOf(request)) }),
  );
}
