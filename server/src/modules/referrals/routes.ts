/** /web-api/referrals/v1: the signed-in player's bring-a-friend view, and entering a friend's code. */
import { Type } from '@sinclair/typebox';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import { requireUser } from '../auth/index.ts';
import { MAX_FRIENDS_SHOWN } from './player-view.ts';
import { CODE_PATTERN } from './referral-rules.ts';
import type { ReferralService } from './referral-service.ts';

const tags = ['referrals'];
const BASE = '/web-api/referrals/v1';
const Lng = Type.Union([Type.Literal('ru'), Type.Literal('en')]);
const Minor = Type.String({ pattern: '^\\d{1,19}$' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

const FriendSchema = Type.Object({
  name: Type.String(),
  status: Type.Union(
    ['registered', 'deposited', 'qualified', 'rewarded', 'void'].map((s) => Type.Literal(s)),
  ),
  voidReason: Nullable(
    Type.Union(['same_device', 'same_payment_method', 'cap_reached', 'no_rule'].map((s) => Type.Literal(s))),
  ),
  rewardMinor: Nullable(Minor),
  rewardCurrency: Nullable(Type.String()),
  registeredAt: Type.String(),
});

const ViewSchema = Type.Object({
  code: Type.String(),
  linkPath: Type.String(),
  rule: Nullable(
    Type.Object({
      currency: Type.String(),
      depositMinMinor: Minor,
      wagerMinMinor: Minor,
      rewardMinor: Minor,
      capMinor: Minor,
      isEnabled: Type.Boolean(),
    }),
  ),
  friends: Type.Array(FriendSchema, { maxItems: MAX_FRIENDS_SHOWN }),
  friendsTotal: Type.Integer({ minimum: 0 }),
  rewards: Type.Array(Type.Object({ currency: Type.String(), totalMinor: Minor })),
  mayJoin: Type.Boolean(),
});

export async function referralRoutes(app: RoutesApp, options: { referrals: ReferralService }): Promise<void> {
  const { referrals } = options;

  app.get(
    `${BASE}/me`,
    {
      schema: {
        tags,
        summary: "The player's referral code and link, invited friends and rewards",
        description: 'Friends are newest first (at most 200), their names masked. 401 NOT_AUTHENTICATED.',
        querystring: Type.Object({ lng: Type.Optional(Lng) }, { additionalProperties: false }),
        response: { 200: ViewSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      reply.header('cache-control', 'no-store');
      return referrals.view(BigInt(user.userId), request.query.lng ?? 'ru');
    },
  );

  app.post(
    `${BASE}/join`,
    {
      schema: {
        tags,
        summary: "Enter a friend's referral code (before the first deposit)",
        description:
          '404 REFERRAL_CODE_UNKNOWN, 409 REFERRAL_SELF (own code, or a friend you invited), 409 REFERRAL_ALREADY_SET, 409 REFERRAL_TOO_LATE (after a deposit). Nothing is stored on an error.',
        body: Type.Object({ code: Type.String({ pattern: CODE_PATTERN }) }, { additionalProperties: false }),
        response: { 200: Type.Object({ ok: Type.Literal(true) }) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await referrals.join(BigInt(user.userId), user.currency, request.body.code);
      return { ok: true as const };
    },
  );
}
