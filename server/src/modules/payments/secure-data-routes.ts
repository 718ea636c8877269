/**
 * Secure data of payments (site-shell §7): the grant cookie and what it opens. Routes for the
 * signed-in player: POST|GET|DELETE /web-api/payments/v1/secure-data (grant after re-authentication,
 * its state, give it up) and GET /web-api/payments/v1/payments/:id (one payment; its full details,
 * such as the payout card number, only under a valid grant).
 * Errors: REAUTH_REQUIRED (403, re-enter the password first), PAYMENT_NOT_FOUND (404).
 */

import { isRecentlyAuthenticated } from '@parlay/domain/session/session-token.ts';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { IdString } from '../../platform/request-schemas.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import { requireUser } from '../auth/index.ts';
import type { PaymentsService } from './payments-service.ts';
import { GRANT_COOKIE, GRANT_COOKIE_PATH, GRANT_TTL_MS, type SecureDataGrants } from './secure-data-grant.ts';
import { PaymentSchema, paymentView } from './views.ts';

const GrantSchema = Type.Object({
  granted: Type.Boolean(),
  expiresAt: Type.Union([Type.String(), Type.Null()]),
});

function setGrantCookie(request: FastifyRequest, reply: FastifyReply, value: string): void {
  reply.setCookie(GRANT_COOKIE, value, {
    path: GRANT_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: GRANT_TTL_MS / 1000,
  });
}

function clearGrantCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(GRANT_COOKIE, {
    path: GRANT_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
  });
}

export async function secureDataRoutes(
  app: RoutesApp,
  options: { payments: PaymentsService; grants: SecureDataGrants; clock: Clock },
): Promise<void> {
  const { payments, grants, clock } = options;
  const tags = ['payments'];
  const PATH = '/web-api/payments/v1/secure-data';

  app.post(
    `${PATH}/grant`,
    {
      schema: {
        tags,
        summary: 'Open payment details for 30 minutes',
        description:
          'After POST /web-api/auth/v1/reauth (password or two-step code) sets an httpOnly signed cookie that opens full payment details for 30 minutes. 403 REAUTH_REQUIRED without a recent re-authentication.',
        response: { 200: GrantSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      if (!isRecentlyAuthenticated(user.reauthAt?.getTime() ?? null, clock.nowMs()))
        throw new AppError('REAUTH_REQUIRED');
      const grant = await grants.issue(user.userId);
      setGrantCookie(request, reply, grant.value);
      reply.header('cache-control', 'no-store');
      return { granted: true, expiresAt: grant.expiresAt.toISOString() };
    },
  );

  app.get(
    PATH,
    { schema: { tags, summary: 'Whether payment details are open', response: { 200: GrantSchema } } },
    async (request, reply) => {
      const user = await requireUser(request);
      const until = await grants.validUntil(request.cookies[GRANT_COOKIE], user.userId);
      reply.header('cache-control', 'no-store');
      return { granted: until !== null, expiresAt: until ? until.toISOString() : null };
    },
  );

  app.delete(
    PATH,
    { schema: { tags, summary: 'Close payment details again', response: { 200: GrantSchema } } },
    async (request, reply) => {
      await requireUser(request);
      clearGrantCookie(request, reply);
      return { granted: false, expiresAt: null };
    },
  );

  app.get(
    '/web-api/payments/v1/payments/:id',
    {
      schema: {
        tags,
        summary: 'One payment of the player',
        description:
          'The payment, and under a valid secure-data grant its full details (the payout destination unmasked).',
        params: Type.Object({ id: IdString() }),
        response: {
          200: Type.Object({
            payment: PaymentSchema,
            details: Type.Union([
              Type.Object({ destination: Type.Union([Type.String(), Type.Null()]) }),
              Type.Null(),
            ]),
            granted: Type.Boolean(),
          }),
        },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const payment = await payments.getPayment(BigInt(request.params.id), BigInt(user.userId));
      const granted = (await grants.validUntil(request.cookies[GRANT_COOKIE], user.userId)) !== null;
      const destination = payment.details.destination;
      reply.header('cache-control', 'no-store');
      return {
        payment: paymentView(payment),
        details: granted ? { destination: typeof destination === 'string' ? destination : null } : null,
        granted,
      };
    },
  );
}
