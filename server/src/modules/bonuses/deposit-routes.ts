/**
 * The deposit form's bonus choice under /web-api/bonuses/v1 (tags 'bonuses'):
 *   GET /deposit-offers    the deposit bonuses of the player's next deposit (currency of the
 *                          session, or ?currency=) and the current choice (null: none chosen)
 *   PUT /deposit-choice    {campaign: code | null}: the bonus for the next deposit (null: no bonus);
 *                          setting the same choice twice is the same state (no Idempotency-Key)
 * Errors: BONUS_CAMPAIGN_NOT_FOUND (404), BONUS_NOT_ELIGIBLE (403, reason 'trigger').
 */
import { Type } from '@sinclair/typebox';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import { requireUser } from '../auth/index.ts';
import type { BonusService } from './bonus-service.ts';
import { OfferSchema, offerView } from './routes.ts';

const PREFIX = '/web-api/bonuses/v1';
const tags = ['bonuses'];
const Code = Type.String({ pattern: '^[a-z0-9][a-z0-9_-]{1,59}$', description: 'Campaign code' });
const Choice = Type.Object({
  depositNo: Type.Integer({ description: 'The number of the next deposit (1 = the first)' }),
  offers: Type.Array(OfferSchema),
  chosen: Type.Union([Type.String(), Type.Null()]),
});

export async function depositChoiceRoutes(app: RoutesApp, options: { bonuses: BonusService }): Promise<void> {
  const { bonuses } = options;
  const answer = async (userId: bigint, currency: string) => {
    const { depositNo, offers, chosen } = await bonuses.depositOffers(userId, currency);
    return { depositNo, offers: offers.map(offerView), chosen };
  };

  app.get(
    `${PREFIX}/deposit-offers`,
    {
      schema: {
        tags,
        summary: 'The deposit bonuses of the player’s next deposit and the chosen one',
        querystring: Type.Object({ currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$' })) }),
        response: { 200: Choice },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return answer(BigInt(user.userId), request.query.currency ?? user.currency);
    },
  );

  app.put(
    `${PREFIX}/deposit-choice`,
    {
      schema: {
        tags,
        summary: 'Chooses the bonus for the next deposit (null: no bonus)',
        body: Type.Object({ campaign: Type.Union([Code, Type.Null()]) }),
        response: { 200: Choice },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const userId = BigInt(user.userId);
      await bonuses.chooseDepositBonus({ userId, campaignCode: request.body.campaign });
      return answer(userId, user.currency);
    },
  );
}
