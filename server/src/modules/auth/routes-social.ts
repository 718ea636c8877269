/**
 * Social sign-in (site-shell §7): GET /social-api/oauth/{provider}/clientId gives the client id (and
 * a nonce to pass to the provider); POST /social-api/oauth/{provider} (multipart: credential — the
 * provider's ID token — language, currency, countryId, optional returnUrl) verifies the ID token,
 * signs in the linked user or registers a new one, and answers {redirectUrl} for the browser.
 */

import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { isLocalClient } from '../../platform/local-client.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import type { AuthContext } from './auth-context.ts';
import { DEV_CLIENT_ID, DEV_PROVIDER, type DevIdp } from './dev-idp.ts';
import { registrantOf, rejectUnknownFields } from './http-request.ts';
import { answerSettingCookie } from './http-session.ts';
import { issueNonce, type OidcProvider, RemoteKeySource } from './oidc-verifier.ts';
import { requireFingerprintCheck } from './routes-fingerprint.ts';
import { signInWithSocial } from './sign-in-with-social.ts';

const MULTIPART_LIMIT_BYTES = 64 * 1024;
const tags = ['auth'];

const SocialForm = Type.Object({
  credential: Type.String({ minLength: 10, maxLength: 8192 }),
  language: Type.String({ pattern: '^[a-z]{2}$' }),
  currency: Type.String({ pattern: '^[A-Z]{3}$' }),
  countryId: Type.Integer({ minimum: 1, maximum: 100_000 }),
  returnUrl: Type.Optional(Type.String({ maxLength: 2000 })),
});

export function socialProviders(ctx: AuthContext, devIdp: DevIdp | null): Map<string, OidcProvider> {
  const providers = new Map<string, OidcProvider>();
  for (const p of ctx.config.oidcProviders) {
    providers.set(p.name, {
      name: p.name,
      issuer: p.issuer,
      clientId: p.clientId,
      keys: new RemoteKeySource(p.issuer, p.jwksUri, ctx.clock),
    });
  }
  if (devIdp)
    providers.set(DEV_PROVIDER, {
      name: DEV_PROVIDER,
      issuer: devIdp.issuer,
      clientId: DEV_CLIENT_ID,
      keys: devIdp,
    });
  return providers;
}

/** Where the browser goes to sign in: the development IdP's page; other providers use their script. */
const authorizeUrlOf = (provider: OidcProvider): string | null =>
  provider.name === DEV_PROVIDER ? '/dev-idp/authorize' : null;

export async function socialRoutes(
  app: RoutesApp,
  options: { ctx: AuthContext; devIdp: DevIdp | null },
): Promise<void> {
  const { ctx } = options;
  app.addHook('preValidation', rejectUnknownFields);
  requireFingerprintCheck(app, ctx);
  const providers = socialProviders(ctx, options.devIdp);
  /**
   * The development IdP is a development tool (platform/dev-tools.ts): to a client not on this
   * machine it is unknown, as when DEV_TOOLS is off, so neither can tell whether it runs.
   */
  const offeredTo = (request: FastifyRequest, provider: OidcProvider): boolean =>
    provider.name !== DEV_PROVIDER || isLocalClient(request);
  const providerOf = (request: FastifyRequest, name: string): OidcProvider => {
    const provider = providers.get(name);
    if (!provider || !offeredTo(request, provider)) throw new AppError('SOCIAL_PROVIDER_UNKNOWN');
    return provider;
  };

  // Multipart bodies are small forms of text fields; files are refused.
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: MULTIPART_LIMIT_BYTES },
    async (request: FastifyRequest, body: string | Buffer) => {
      const form = await new Response(new Uint8Array(body as Buffer), {
        headers: { 'content-type': String(request.headers['content-type']) },
      })
        .formData()
        .catch(() => {
          // No boundary, or a body that is not multipart: the client's mistake, not ours.
          throw new AppError('MALFORMED_BODY', 'The body is not multipart/form-data with a boundary');
        });
      const fields: Record<string, string> = {};
      for (const [key, value] of form.entries()) {
        if (typeof value !== 'string')
          throw new AppError('VALIDATION_FAILED', `${key}: files are not accepted`);
        fields[key] = value;
      }
      return fields;
    },
  );

  const Params = Type.Object({ provider: Type.String({ pattern: '^[a-z0-9_-]{1,40}$' }) });

  app.get(
    '/social-api/providers',
    {
      schema: {
        tags,
        summary: 'Social sign-in providers offered to this client',
        description: `The providers this client may sign in with: those of OIDC_PROVIDERS, and "${DEV_PROVIDER}" (the development IdP, with its authorizeUrl) only with DEV_TOOLS=on and for a client on this machine. The sign-in forms show a provider's button only when it is listed. Not cached: the answer depends on the client.`,
        response: {
          200: Type.Object({
            providers: Type.Array(
              Type.Object({ name: Type.String(), authorizeUrl: Type.Union([Type.String(), Type.Null()]) }),
            ),
          }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return {
        providers: [...providers.values()]
          .filter((provider) => offeredTo(request, provider))
          .map((provider) => ({ name: provider.name, authorizeUrl: authorizeUrlOf(provider) })),
      };
    },
  );

  app.get(
    '/social-api/oauth/:provider/clientId',
    {
      schema: {
        tags,
        summary: 'Social sign-in client id',
        description: `The provider's client id for its sign-in script, and a single-use nonce (valid 10 minutes) to pass to it. Providers: those of OIDC_PROVIDERS, and "${DEV_PROVIDER}" (the development IdP, with its authorizeUrl) with DEV_TOOLS=on and for a client on this machine only. 404 SOCIAL_PROVIDER_UNKNOWN.`,
        params: Params,
        response: {
          200: Type.Object({
            clientId: Type.String(),
            nonce: Type.String(),
            authorizeUrl: Type.Union([Type.String(), Type.Null()]),
          }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const provider = providerOf(request, request.params.provider);
      return {
        clientId: provider.clientId,
        nonce: await issueNonce(ctx.db, ctx.clock, provider.name),
        authorizeUrl: authorizeUrlOf(provider),
      };
    },
  );

  app.post(
    '/social-api/oauth/:provider',
    {
      schema: {
        tags,
        summary: 'Social sign-in',
        description:
          "multipart/form-data: credential (the provider's ID token; RS256, checked against its keys, issuer, audience, expiry and the nonce from /clientId), language, currency, countryId, optional returnUrl (a path). Signs in the linked user or registers a new one (site configuration permitting), and answers where the browser goes. 400 SOCIAL_TOKEN_INVALID; 404 SOCIAL_PROVIDER_UNKNOWN; 409 EMAIL_TAKEN; 403 REGISTRATION_DISABLED.",
        consumes: ['multipart/form-data'],
        params: Params,
        body: SocialForm,
        response: { 200: Type.Object({ redirectUrl: Type.String() }) },
      },
    },
    async (request, reply) => {
      const provider = providerOf(request, request.params.provider);
      const outcome = await signInWithSocial(ctx, registrantOf(request), provider, request.body);
      return answerSettingCookie(request, reply, outcome);
    },
  );
}
