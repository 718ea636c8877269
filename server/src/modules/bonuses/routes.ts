/**
 * HTTP routes of the bonus engine under /web-api/bonuses/v1 (tags 'bonuses'), and the spec's
 * GET /web-api/officeapi/v1/bonus-popup-information (site-shell §7):
 *   GET  /offers?category=                 public offers (coupon-accounts §9 category names)
 *   GET  /offers/:code                     one offer with its terms
 *   GET  /promo/:code                      promo code check (what it gives, or why not)
 *   POST /promo/claim                      claim a promo code (Idempotency-Key) {code}
 *   POST /offers/:code/opt-in              opt in (Idempotency-Key)
 *   GET  /my                               active bonuses with wagering progress, free bets and spins
 *   GET  /my/history                       finished bonuses
 *   POST /my/:bonusId/forfeit              forfeit one (Idempotency-Key)
 *   GET  /withdrawal-forfeit               what a withdrawal would forfeit now (the UI's warning)
 *   POST /withdrawal-forfeit               forfeit them, {confirm: true} (Idempotency-Key)
 *   GET  /points, GET /shop, POST /shop/:code/buy (Idempotency-Key)
 * The player's country for country-bound campaigns is the request's geo header (config
 * main.geoCountryHeader), as the rest of the site reads it.
 */
import type { CampaignDefinition } from '@parlay/domain/bonus/campaign.ts';
import { CATEGORIES } from '@parlay/domain/bonus/campaign.ts';
import { type TSchema, Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { IdString } from '../../platform/request-schemas.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import { requireUser } from '../auth/index.ts';
import type { BonusService } from './bonus-service.ts';
import type { Campaign } from './campaigns.ts';
import type { PlayerBonusRow } from './player-bonuses.ts';

const PREFIX = '/web-api/bonuses/v1';
const tags = ['bonuses'];
const ok = (schema: TSchema) => ({ 200: schema });
const Code = Type.String({ pattern: '^[a-z0-9][a-z0-9_-]{1,59}$', description: 'Campaign code' });
const Promo = Type.String({ minLength: 1, maxLength: 50, pattern: '^[A-Za-z0-9_-]+$' });
const Category = Type.Union([Type.Literal('all_bonuses'), ...CATEGORIES.map((c) => Type.Literal(c))]);
const Texts = Type.Record(Type.String(), Type.String());

const RewardSchema = Type.Object({
  kind: Type.String(),
  percentBp: Type.Optional(Type.Integer()),
  capMinor: Type.Optional(Type.String()),
  amountMinor: Type.Optional(Type.String()),
  count: Type.Optional(Type.Integer()),
  games: Type.Optional(Type.Array(Type.String())),
  stakeMinor: Type.Optional(Type.String()),
  points: Type.Optional(Type.String()),
});

export const OfferSchema = Type.Object({
  code: Type.String(),
  category: Type.String(),
  trigger: Type.String(),
  title: Texts,
  terms: Texts,
  reward: RewardSchema,
  wagering: Type.Object({
    multiple: Type.Integer(),
    basis: Type.String(),
    contributionBp: Type.Record(Type.String(), Type.Integer()),
    minOddsMilli: Type.Integer(),
    maxBetMinor: Type.String(),
    maxConversionMinor: Type.String(),
    expiryDays: Type.Integer(),
  }),
  conditions: Type.Object({
    countries: Type.Array(Type.String()),
    currencies: Type.Array(Type.String()),
    minDepositMinor: Type.String(),
    products: Type.Array(Type.String()),
  }),
  startsAt: Type.Union([Type.String(), Type.Null()]),
  endsAt: Type.Union([Type.String(), Type.Null()]),
  optInRequired: Type.Boolean(),
  /** A live promo code of the campaign (GET /offers/:code only): the promotion page's registration link. */
  promoCode: Type.Optional(Type.String()),
});

const BonusSchema = Type.Object({
  id: Type.String(),
  campaign: Type.String(),
  kind: Type.String(),
  status: Type.String(),
  currency: Type.String(),
  source: Type.String(),
  amountMinor: Type.String(),
  balanceMinor: Type.String(),
  requirementMinor: Type.String(),
  progressMinor: Type.String(),
  progressPercent: Type.Number(),
  maxBetMinor: Type.String(),
  maxConversionMinor: Type.String(),
  convertedMinor: Type.Union([Type.String(), Type.Null()]),
  forfeitedMinor: Type.Union([Type.String(), Type.Null()]),
  finishReason: Type.Union([Type.String(), Type.Null()]),
  spinsLeft: Type.Union([Type.Integer(), Type.Null()]),
  spinStakeMinor: Type.Union([Type.String(), Type.Null()]),
  spinGames: Type.Union([Type.Array(Type.String()), Type.Null()]),
  expiresAt: Type.String(),
  grantedAt: Type.String(),
  finishedAt: Type.Union([Type.String(), Type.Null()]),
  title: Type.Optional(Texts),
  /** An odds boost's share of a win's profit in basis points (its cap is amountMinor). */
  boostPercentBp: Type.Optional(Type.Integer()),
});
const MaybeBonus = Type.Object({ bonus: Type.Union([BonusSchema, Type.Null()]) });

function rewardView(d: CampaignDefinition) {
  return JSON.parse(JSON.stringify(d.reward, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)));
}

export function offerView(c: Campaign) {
  const d = c.definition;
  return {
    code: d.code,
    category: d.category,
    trigger: d.trigger,
    title: d.title,
    terms: d.terms,
    reward: rewardView(d),
    wagering: {
      multiple: d.wagering.multiple,
      basis: d.wagering.basis,
      contributionBp: d.wagering.contributionBp as Record<string, number>,
      minOddsMilli: d.wagering.minOddsMilli,
      maxBetMinor: d.wagering.maxBetMinor.toString(),
      maxConversionMinor: d.wagering.maxConversionMinor.toString(),
      expiryDays: d.wagering.expiryDays,
    },
    conditions: {
      countries: d.conditions.countries,
      currencies: d.conditions.currencies,
      minDepositMinor: d.conditions.minDepositMinor.toString(),
      products: d.conditions.products,
    },
    startsAt: d.limits.startsAt?.toISOString() ?? null,
    endsAt: d.limits.endsAt?.toISOString() ?? null,
    optInRequired: d.trigger === 'opt_in',
  };
}

export function bonusView(
  b: PlayerBonusRow & { code?: string; title?: Record<string, string>; boostPercentBp?: number },
  campaignCode = b.code ?? '',
) {
  const req = b.requirement_minor;
  const percent =
    req > 0n ? Number((b.progress_minor * 10_000n) / req) / 100 : b.status === 'active' ? 0 : 100;
  return {
    id: b.id.toString(),
    campaign: campaignCode,
    kind: b.kind,
    status: b.status,
    currency: b.currency,
    source: b.source,
    amountMinor: b.amount_minor.toString(),
    balanceMinor: b.balance_minor.toString(),
    requirementMinor: req.toString(),
    progressMinor: b.progress_minor.toString(),
    progressPercent: percent,
    maxBetMinor: b.max_bet_minor.toString(),
    maxConversionMinor: b.max_conversion_minor.toString(),
    convertedMinor: b.converted_minor?.toString() ?? null,
    forfeitedMinor: b.forfeited_minor?.toString() ?? null,
    finishReason: b.finish_reason,
    spinsLeft: b.spins_left,
    spinStakeMinor: b.spin_stake_minor?.toString() ?? null,
    spinGames: b.spin_games,
    expiresAt: b.expires_at.toISOString(),
    grantedAt: b.granted_at.toISOString(),
    finishedAt: b.finished_at?.toISOString() ?? null,
    ...(b.title ? { title: b.title } : {}),
    ...(b.boostPercentBp !== undefined ? { boostPercentBp: b.boostPercentBp } : {}),
  };
}

function idempotencyKey(request: FastifyRequest): string {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || !/^[\x21-\x7e]{8,100}$/.test(key))
    throw new AppError('VALIDATION_FAILED', 'Idempotency-Key header: 8 to 100 printable characters');
  return key;
}

/** The request's country from the geo header the site is configured with (main.geoCountryHeader). */
async function countryOf(bonuses: BonusService, request: FastifyRequest): Promise<string | null> {
  const { main } = await bonuses.ctx.siteConfig.groups(['main'], 'en');
  const header = String(main?.geoCountryHeader ?? 'x-geo-country').toLowerCase();
  const value = request.headers[header];
  return typeof value === 'string' && /^[A-Za-z]{2}$/.test(value) ? value.toLowerCase() : null;
}

export async function bonusRoutes(app: RoutesApp, options: { bonuses: BonusService }): Promise<void> {
  const { bonuses } = options;
  const withCampaign = async (row: PlayerBonusRow | null) => {
    if (!row) return { bonus: null };
    const code = (await bonuses.playerBonuses(row.user_id, row.status !== 'active', 200)).find(
      (b) => b.id === row.id,
    )?.code;
    return { bonus: bonusView(row, code ?? '') };
  };

  app.get(
    `${PREFIX}/offers`,
    {
      schema: {
        tags,
        summary: 'Public bonus offers by category',
        querystring: Type.Object({ category: Type.Optional(Category) }),
        response: ok(Type.Object({ offers: Type.Array(OfferSchema) })),
      },
    },
    async (request) => ({
      offers: (await bonuses.offers(request.query.category ?? 'all_bonuses')).map(offerView),
    }),
  );

  app.get(
    `${PREFIX}/offers/:code`,
    {
      schema: {
        tags,
        summary: 'One offer with its terms',
        params: Type.Object({ code: Code }),
        response: ok(OfferSchema),
      },
    },
    async (request) => {
      const campaign = await bonuses.campaign(request.params.code);
      if (campaign.definition.trigger === 'promo_code') throw new AppError('BONUS_CAMPAIGN_NOT_FOUND');
      const promoCode = await bonuses.livePromoCode(campaign.id);
      return { ...offerView(campaign), ...(promoCode ? { promoCode } : {}) };
    },
  );

  app.get(
    `${PREFIX}/promo/:code`,
    {
      schema: {
        tags,
        summary: 'Checks a promo code: the offer it gives, or BONUS_PROMO_UNKNOWN / EXPIRED / USED_UP',
        params: Type.Object({ code: Promo }),
        response: ok(Type.Object({ code: Type.String(), offer: OfferSchema })),
      },
    },
    async (request) => {
      const { code, campaign } = await bonuses.checkPromo(request.params.code);
      return { code, offer: offerView(campaign) };
    },
  );

  app.post(
    `${PREFIX}/promo/claim`,
    {
      schema: {
        tags,
        summary: 'Claims a promo code (Idempotency-Key)',
        body: Type.Object({ code: Promo }),
        response: ok(MaybeBonus),
      },
    },
    async (request) => {
      const key = idempotencyKey(request);
      const user = await requireUser(request);
      const row = await bonuses.claimPromo({
        userId: BigInt(user.userId),
        currency: user.currency,
        country: await countryOf(bonuses, request),
        code: request.body.code,
        idempotencyKey: key,
      });
      return withCampaign(row);
    },
  );

  app.post(
    `${PREFIX}/offers/:code/opt-in`,
    {
      schema: {
        tags,
        summary: 'Opts in to an offer (Idempotency-Key)',
        params: Type.Object({ code: Code }),
        response: ok(MaybeBonus),
      },
    },
    async (request) => {
      const key = idempotencyKey(request);
      const user = await requireUser(request);
      const row = await bonuses.optIn({
        userId: BigInt(user.userId),
        currency: user.currency,
        country: await countryOf(bonuses, request),
        campaignCode: request.params.code,
        idempotencyKey: key,
      });
      return withCampaign(row);
    },
  );

  app.get(
    `${PREFIX}/my`,
    {
      schema: {
        tags,
        summary: 'The player’s active bonuses with wagering progress (free bets and free spins included)',
        response: ok(Type.Object({ bonuses: Type.Array(BonusSchema) })),
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return { bonuses: (await bonuses.playerBonuses(BigInt(user.userId), false)).map((b) => bonusView(b)) };
    },
  );

  app.get(
    `${PREFIX}/my/history`,
    {
      schema: {
        tags,
        summary: 'The player’s finished bonuses (converted, forfeited, expired, used), newest first',
        querystring: Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }) }),
        response: ok(Type.Object({ bonuses: Type.Array(BonusSchema) })),
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const rows = await bonuses.playerBonuses(BigInt(user.userId), true, request.query.limit);
      return { bonuses: rows.map((b) => bonusView(b)) };
    },
  );

  app.post(
    `${PREFIX}/my/:bonusId/forfeit`,
    {
      schema: {
        tags,
        summary: 'Forfeits one active bonus: its bonus money returns to the house (Idempotency-Key)',
        params: Type.Object({ bonusId: IdString() }),
        response: ok(Type.Object({ bonus: BonusSchema })),
      },
    },
    async (request) => {
      idempotencyKey(request);
      const user = await requireUser(request);
      const row = await bonuses.forfeit(BigInt(user.userId), BigInt(request.params.bonusId));
      return { bonus: bonusView(row) };
    },
  );

  const ForfeitPreview = Type.Object({
    bonuses: Type.Array(BonusSchema),
    forfeitMinorByCurrency: Type.Record(Type.String(), Type.String()),
  });
  const preview = (rows: PlayerBonusRow[]) => {
    const sums: Record<string, bigint> = {};
    for (const b of rows) sums[b.currency] = (sums[b.currency] ?? 0n) + b.balance_minor;
    return {
      bonuses: rows.map((b) => bonusView(b)),
      forfeitMinorByCurrency: Object.fromEntries(Object.entries(sums).map(([k, v]) => [k, v.toString()])),
    };
  };

  app.get(
    `${PREFIX}/withdrawal-forfeit`,
    {
      schema: {
        tags,
        summary: 'What a withdrawal would forfeit now (the warning before the player withdraws)',
        response: ok(ForfeitPreview),
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return preview(await bonuses.withdrawalPreview(BigInt(user.userId)));
    },
  );

  app.post(
    `${PREFIX}/withdrawal-forfeit`,
    {
      schema: {
        tags,
        summary:
          'The player confirmed: every active bonus is forfeited before a withdrawal (Idempotency-Key)',
        body: Type.Object({ confirm: Type.Boolean() }),
        response: ok(ForfeitPreview),
      },
    },
    async (request) => {
      idempotencyKey(request);
      const user = await requireUser(request);
      if (!request.body.confirm) throw new AppError('BONUS_CONFIRMATION_REQUIRED');
      return preview(await bonuses.forfeitForWithdrawal(BigInt(user.userId)));
    },
  );

  app.get(
    `${PREFIX}/points`,
    {
      schema: {
        tags,
        summary: 'The player’s points: balance, earned, latest entries',
        response: ok(
          Type.Object({
            balance: Type.String(),
            earned: Type.String(),
            entries: Type.Array(
              Type.Object({
                id: Type.String(),
                delta: Type.String(),
                reason: Type.String(),
                createdAt: Type.String(),
              }),
            ),
          }),
        ),
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const p = await bonuses.points(BigInt(user.userId));
      return {
        balance: p.balance.toString(),
        earned: p.earned.toString(),
        entries: p.entries.map((e) => ({
          id: e.id.toString(),
          delta: e.delta.toString(),
          reason: e.reason,
          createdAt: e.created_at.toISOString(),
        })),
      };
    },
  );

  app.get(
    `${PREFIX}/shop`,
    {
      schema: {
        tags,
        summary: 'The rewards shop: items that spend points on a free bet, free spins or bonus money',
        response: ok(
          Type.Object({
            items: Type.Array(
              Type.Object({
                code: Type.String(),
                title: Texts,
                costPoints: Type.String(),
                campaign: Type.String(),
              }),
            ),
          }),
        ),
      },
    },
    async () => ({
      items: (await bonuses.shop()).map((i) => ({
        code: i.code,
        title: i.title,
        costPoints: i.cost_points.toString(),
        campaign: i.campaign,
      })),
    }),
  );

  app.post(
    `${PREFIX}/shop/:code/buy`,
    {
      schema: {
        tags,
        summary: 'Spends points on a shop item (Idempotency-Key)',
        params: Type.Object({ code: Type.String({ pattern: '^[a-z0-9][a-z0-9_-]{1,59}$' }) }),
        response: ok(MaybeBonus),
      },
    },
    async (request) => {
      const key = idempotencyKey(request);
      const user = await requireUser(request);
      const row = await bonuses.buy({
        userId: BigInt(user.userId),
        itemCode: request.params.code,
        idempotencyKey: key,
        currency: user.currency,
        country: await countryOf(bonuses, request),
      });
      return withCampaign(row);
    },
  );

  app.get(
    '/web-api/officeapi/v1/bonus-popup-information',
    {
      schema: {
        tags,
        summary: 'The first-deposit bonus popup’s offer (site-shell §4, §7); offer null when none runs',
        response: ok(
          Type.Object({
            bonusPopupInformation: Type.Object({
              isAvailable: Type.Boolean(),
              offer: Type.Union([OfferSchema, Type.Null()]),
            }),
          }),
        ),
      },
    },
    async () => {
      const [first] = await bonuses.offers('first_deposit');
      const offer =
        first ?? (await bonuses.offers('all_bonuses')).find((c) => c.definition.trigger === 'first_deposit');
      return {
        bonusPopupInformation: { isAvailable: offer !== undefined, offer: offer ? offerView(offer) : null },
      };
    },
  );
}
