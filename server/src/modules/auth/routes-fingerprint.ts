/**
 * The in-house device-fingerprint provider (device-fingerprint.ts): its browser script and the call
 * that turns the script's visitor id into a signed token; and the check every sign-in and
 * registration route runs on the x-device-fingerprint header.
 */
import { Type } from '@sinclair/typebox';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import type { AuthContext } from './auth-context.ts';
import {
  DEV_FINGERPRINT_TTL_SECONDS,
  DEV_PROVIDER_SCRIPT,
  VISITOR_ID_PATTERN,
} from './device-fingerprint.ts';
import { checkFingerprint, rejectUnknownFields } from './http-request.ts';
import { strict } from './schemas.ts';

const PREFIX = '/web-api/auth/v1/fingerprint';
const TOKENS_PER_MINUTE = 30;

/** Adds the fingerprint check to the POST routes of a sign-in or registration plugin. */
export function requireFingerprintCheck(app: RoutesApp, ctx: AuthContext): void {
  app.addHook('preHandler', async (request) => {
    if (request.method === 'POST') await checkFingerprint(ctx.fingerprints, request, request.log);
  });
}

export async function fingerprintRoutes(app: RoutesApp, ctx: AuthContext): Promise<void> {
  app.addHook('preValidation', rejectUnknownFields);
  app.get(
    `${PREFIX}/provider.js`,
    {
      schema: {
        tags: ['auth'],
        summary: 'Device-fingerprint provider script',
        description:
          'The in-house development provider: defines window.parlayFingerprint.get() → { token, expiresAt, data } from a hash of non-sensitive browser traits.',
      },
    },
    async (_request, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(DEV_PROVIDER_SCRIPT),
  );

  app.post(
    PREFIX,
    {
      schema: {
        tags: ['auth'],
        summary: 'Device-fingerprint token',
        description: `The development provider's token for a visitor id (the script's hash of the browser's traits), valid ${DEV_FINGERPRINT_TTL_SECONDS} s; send it as x-device-fingerprint with sign-ins and registrations. 429 RATE_LIMITED beyond ${TOKENS_PER_MINUTE} a minute from one address.`,
        body: Type.Object({ data: Type.String({ pattern: VISITOR_ID_PATTERN }) }, strict),
        response: {
          200: Type.Object({ token: Type.String(), expiresAt: Type.String(), data: Type.String() }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      await ctx.guard.limit(`fingerprint:${request.ip}`, 60_000, TOKENS_PER_MINUTE);
      return ctx.fingerprints.issue(request.body.data);
    },
  );
}
