/**
 * Mailing module (issue 23, office settings): the player's mailing preferences (e-mail news, SMS
 * news, promotional offers, marketing consent) and the signed one-click unsubscribe of
 * /user/stopnewsletter. Newsletter senders ask `mailing.mayReceive(userId, channel)` and put
 * `mailing.unsubscribeLink(origin, lng, userId)` in the message (and its List-Unsubscribe header,
 * whose one-click POST the API answers too).
 *
 * Routes: GET|PUT /web-api/mailing/v1/preferences (signed in), POST /web-api/mailing/v1/stopnewsletter
 * (u and s in the body — JSON or form — or in the query; no session needed).
 *
 * Errors: VALIDATION_FAILED (400), NOT_AUTHENTICATED (401), MAILING_LINK_INVALID (400).
 */
import { randomBytes } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import { type AuthService, requireUser } from '../auth/index.ts';
import { MailingService } from './mailing-service.ts';

export { DEFAULT_PREFERENCES, type MailingPreferences, MailingService } from './mailing-service.ts';

/** The service with NEWSLETTER_SECRET, or the random key kept with the auth keys. */
export function createMailingService(
  deps: { db: Kysely<Database>; clock: Clock; newsletterSecret: string | null },
  auth: Pick<AuthService, 'keys'>,
): MailingService {
  const secret = deps.newsletterSecret;
  return new MailingService(
    deps.db,
    deps.clock,
    async () =>
      secret ??
      (await auth.keys.stored('newsletter_unsubscribe', () => randomBytes(32).toString('base64url'))),
  );
}

const tags = ['mailing'];
const PREFERENCE_KEYS = ['emailNews', 'smsNews', 'promoOffers', 'marketingConsent'];
const BASE = '/web-api/mailing/v1';
const Preferences = Type.Object({
  emailNews: Type.Boolean(),
  smsNews: Type.Boolean(),
  promoOffers: Type.Boolean(),
  marketingConsent: Type.Boolean(),
  unsubscribedAt: Type.Union([Type.String(), Type.Null()]),
});
const Link = Type.Object({
  u: Type.String({ maxLength: 20 }),
  s: Type.String({ maxLength: 100 }),
});

export async function mailingModule(app: RoutesApp, options: { mailing: MailingService }): Promise<void> {
  const { mailing } = options;

  app.get(
    `${BASE}/preferences`,
    {
      schema: { tags, summary: "The player's mailing preferences", response: { 200: Preferences } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return mailing.get(BigInt((await requireUser(request)).userId));
    },
  );

  app.put(
    `${BASE}/preferences`,
    {
      // Unknown keys are refused, not silently dropped (a typo must not look saved).
      preValidation: async (request) => {
        const body = request.body;
        if (!body || typeof body !== 'object' || Array.isArray(body)) return;
        const unknown = Object.keys(body).filter((key) => !PREFERENCE_KEYS.includes(key));
        if (unknown.length > 0)
          throw new AppError('VALIDATION_FAILED', `unknown field ${unknown.join(', ')}`);
      },
      schema: {
        tags,
        summary: 'Change mailing preferences (any subset)',
        body: Type.Partial(
          Type.Object({
            emailNews: Type.Boolean(),
            smsNews: Type.Boolean(),
            promoOffers: Type.Boolean(),
            marketingConsent: Type.Boolean(),
          }),
          { additionalProperties: false, minProperties: 1 },
        ),
        response: { 200: Preferences },
      },
    },
    async (request) => mailing.set(BigInt((await requireUser(request)).userId), request.body),
  );

  app.register(async (scope: RoutesApp) => {
    // Mail clients' one-click unsubscribe (RFC 8058) posts a form: "List-Unsubscribe=One-Click".
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.post(
      `${BASE}/stopnewsletter`,
      {
        schema: {
          tags,
          summary: 'Unsubscribe from every newsletter with a signed link',
          description:
            'u (user id) and s (signature) from the link, in the body or the query. Replays answer ok again. 400 MAILING_LINK_INVALID for a forged link.',
          querystring: Type.Partial(Link),
          body: Type.Optional(
            Type.Object(
              { u: Type.Optional(Link.properties.u), s: Type.Optional(Link.properties.s) },
              { additionalProperties: true },
            ),
          ),
          response: { 200: Type.Object({ ok: Type.Boolean() }) },
        },
      },
      async (request) => {
        const u = request.body?.u ?? request.query.u ?? '';
        const s = request.body?.s ?? request.query.s ?? '';
        await mailing.unsubscribe(u, s);
        return { ok: true };
      },
    );
  });
}
