/**
 * The bonus campaigns section's API (/backoffice-api/v1/bonuses/campaigns…): the list with figures,
 * create (the campaign as the engine's JSON, with optional promo codes), change, pause, resume and
 * end. The campaign body is checked by the engine's own parseCampaign (BONUS_CAMPAIGN_INVALID, 400,
 * details.problems: [{path, problem}]); the route's schema bounds its shape and size. Each route
 * passes the guard with its action first (bonuses.view, bonuses.manage).
 */
import { Type } from '@sinclair/typebox';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import { type BonusDeskContext, changeCampaign, listCampaignViews } from './bonus-desk.ts';
import { actorOf, type GuardContext, requireOperator } from './routes-guard.ts';

export interface BonusDeskRoutesOptions extends GuardContext, BonusDeskContext {}

const P = '/backoffice-api/v1/bonuses/campaigns';
const TAGS = ['backoffice'];
const CODE = '^[a-z0-9][a-z0-9_-]{1,59}$';
const CodeParams = Type.Object({ code: Type.String({ pattern: CODE }) });
/** The engine's campaign JSON: its fields are checked by parseCampaign, which names each problem. */
const CampaignJson = Type.Object({}, { additionalProperties: true, maxProperties: 20 });
const PromoCodes = Type.Array(
  Type.Object(
    {
      code: Type.String({ pattern: '^[A-Z0-9_-]{3,50}$' }),
      maxUses: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 10_000_000 }), Type.Null()])),
      endsAt: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
    },
    { additionalProperties: false },
  ),
  { maxItems: 20 },
);
const View = Type.Object({}, { additionalProperties: true, description: 'a campaign with its figures' });

function schema<T extends object>(summary: string, parts: T) {
  return { schema: { tags: TAGS, summary, ...parts } };
}

export async function bonusDeskRoutes(app: RoutesApp, options: BonusDeskRoutesOptions): Promise<void> {
  const ctx: GuardContext = options;
  const desk: BonusDeskContext = options;

  app.get(
    P,
    schema(
      'Campaigns, newest first, with state, definition and figures (granted, active, converted, forfeited, money)',
      {
        response: { 200: Type.Object({ campaigns: Type.Array(View) }) },
      },
    ),
    async (request) => {
      await requireOperator(ctx, request, 'bonuses.view');
      return { campaigns: (await listCampaignViews(desk)) as unknown as Record<string, unknown>[] };
    },
  );

  app.post(
    P,
    schema('Creates a campaign from the engine definition (as `parlay bonuses create` does)', {
      body: Type.Object(
        { campaign: CampaignJson, promoCodes: Type.Optional(PromoCodes) },
        { additionalProperties: false },
      ),
      response: { 200: Type.Object({ campaign: View }) },
    }),
    async (request) => {
      const operator = await requireOperator(ctx, request, 'bonuses.manage');
      const { campaign, promoCodes } = request.body;
      const given = (campaign as { code?: unknown }).code;
      const code = typeof given === 'string' ? given : '';
      const view = await changeCampaign(desk, actorOf(operator, request), 'create', {
        code,
        campaign,
        promoCodes: promoCodes ?? [],
      });
      return { campaign: view as unknown as Record<string, unknown> };
    },
  );

  app.put(
    `${P}/:code`,
    schema("Changes a campaign's definition (its code stays); granted bonuses keep their terms", {
      params: CodeParams,
      body: Type.Object({ campaign: CampaignJson }, { additionalProperties: false }),
      response: { 200: Type.Object({ campaign: View }) },
    }),
    async (request) => {
      const operator = await requireOperator(ctx, request, 'bonuses.manage');
      const view = await changeCampaign(desk, actorOf(operator, request), 'update', {
        code: request.params.code,
        campaign: request.body.campaign,
      });
      return { campaign: view as unknown as Record<string, unknown> };
    },
  );

  for (const action of ['pause', 'resume', 'end'] as const) {
    app.post(
      `${P}/:code/${action}`,
      schema(
        action === 'end'
          ? 'Ends a campaign now (its end date becomes now; granted bonuses go on)'
          : action === 'pause'
            ? 'Stops granting a campaign (granted bonuses go on)'
            : 'Grants a paused campaign again',
        { params: CodeParams, response: { 200: Type.Object({ campaign: View }) } },
      ),
      async (request) => {
        const operator = await requireOperator(ctx, request, 'bonuses.manage');
        const view = await changeCampaign(desk, actorOf(operator, request), action, {
          code: request.params.code,
        });
        return { campaign: view as unknown as Record<string, unknown> };
      },
    );
  }
}
