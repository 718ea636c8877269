/**
 * The development identity provider's endpoints (dev-idp.ts): discovery
 * (/.well-known/openid-configuration), JWKS (/jwks), an authorize page listing test identities
 * (response_type code → ?code=…, or id_token → #id_token=…), and a token endpoint exchanging a code
 * (form or JSON body) for an RS256 ID token carrying the nonce it was asked for. Development only:
 * with DEV_TOOLS=on, and for clients on this machine (platform/dev-tools.ts).
 */
import { randomBytes } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import type { Config } from '../../platform/config.ts';
import { serveToLocalClientsOnly } from '../../platform/dev-tools.ts';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/schema.ts';
import type { RoutesApp } from '../../platform/typed-routes.ts';
import { DEV_IDENTITIES, type DevIdp, ID_TOKEN_TTL_S } from './dev-idp.ts';

const CODE_TTL_MS = 60_000;

const AuthorizeQuery = Type.Object({
  client_id: Type.String({ minLength: 1, maxLength: 200 }),
  redirect_uri: Type.String({ minLength: 1, maxLength: 2000 }),
  response_type: Type.Union([Type.Literal('code'), Type.Literal('id_token')], { default: 'code' }),
  nonce: Type.String({ minLength: 8, maxLength: 200 }),
  state: Type.Optional(Type.String({ maxLength: 500 })),
});

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** Only back to this site: a path, or this site's own or public origin. */
function checkRedirect(request: FastifyRequest, config: Config, uri: string): URL {
  let url: URL;
  let own: string;
  try {
    own = new URL(`${request.protocol}://${request.host}`).origin;
    url = new URL(uri, own);
  } catch {
    throw new AppError('VALIDATION_FAILED', 'redirect_uri: not a URL');
  }
  const allowed = [own, config.publicOrigin ? new URL(config.publicOrigin).origin : null];
  if (!allowed.includes(url.origin)) throw new AppError('VALIDATION_FAILED', 'redirect_uri: not this site');
  return url;
}

export async function devIdpRoutes(
  app: RoutesApp,
  options: { db: Kysely<Database>; clock: Clock; config: Config; idp: DevIdp },
): Promise<void> {
  const { db, clock, config, idp } = options;
  const tags = ['development'];
  serveToLocalClientsOnly(app);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16_384 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  app.get(
    '/dev-idp/.well-known/openid-configuration',
    {
      schema: {
        tags,
        summary: 'Development IdP discovery',
        description: 'OpenID Connect discovery document of the development identity provider.',
      },
    },
    async (request) => {
      const base = `${request.protocol}://${request.host}/dev-idp`;
      return {
        issuer: idp.issuer,
        authorization_endpoint: `${base}/authorize`,
        token_endpoint: `${base}/token`,
        jwks_uri: `${base}/jwks`,
        response_types_supported: ['code', 'id_token'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      };
    },
  );

  app.get(
    '/dev-idp/jwks',
    {
      schema: {
        tags,
        summary: 'Development IdP keys',
        description: 'JSON Web Key Set of the development identity provider.',
      },
    },
    async () => ({ keys: await idp.load() }),
  );

  app.get(
    '/dev-idp/authorize',
    {
      schema: {
        tags,
        summary: 'Development IdP sign-in page',
        description:
          'Lets a developer pick a test identity (or type one) and returns to redirect_uri with a code or an ID token.',
        querystring: AuthorizeQuery,
      },
    },
    async (request, reply) => {
      const q = request.query;
      checkRedirect(request, config, q.redirect_uri);
      const base = new URLSearchParams(
        Object.entries(q).filter(([, v]) => v !== undefined) as [string, string][],
      );
      const links = DEV_IDENTITIES.map((identity) => {
        const params = new URLSearchParams(base);
        params.set('sub', identity.sub);
        params.set('email', identity.email);
        params.set('name', identity.name);
        return `<li><a href="/dev-idp/authorize/approve?${escapeHtml(params.toString())}">${escapeHtml(identity.name)} &lt;${escapeHtml(identity.email)}&gt;</a></li>`;
      }).join('');
      const hidden = [...base.entries()]
        .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
        .join('');
      reply.header('cache-control', 'no-store');
      return reply
        .type('text/html; charset=utf-8')
        .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Development sign-in</title></head>
<body><main><h1>Development identity provider</h1><p>For development only: choose who you are.</p><ul>${links}</ul>
<form action="/dev-idp/authorize/approve" method="get">${hidden}
<label>Subject <input name="sub" required maxlength="100"></label> <label>E-mail <input name="email" type="email" required></label>
<label>Name <input name="name" maxlength="100"></label> <button type="submit">Sign in</button></form></main></body></html>`);
    },
  );

  app.get(
    '/dev-idp/authorize/approve',
    {
      schema: {
        tags,
        summary: 'Development IdP: sign in as',
        description:
          'Redirects to redirect_uri with ?code=…&state=… (response_type code) or #id_token=…&state=… (id_token).',
        querystring: Type.Object({
          ...AuthorizeQuery.properties,
          sub: Type.String({ minLength: 1, maxLength: 100 }),
          email: Type.String({ minLength: 3, maxLength: 254 }),
          name: Type.String({ maxLength: 100, default: '' }),
        }),
      },
    },
    async (request, reply) => {
      const q = request.query;
      const target = checkRedirect(request, config, q.redirect_uri);
      const identity = {
        sub: q.sub,
        email: q.email.toLowerCase(),
        name: q.name,
        nonce: q.nonce,
        aud: q.client_id,
      };
      if (q.response_type === 'id_token') {
        const fragment = new URLSearchParams({
          id_token: await idp.idToken(identity),
          ...(q.state ? { state: q.state } : {}),
        });
        target.hash = fragment.toString();
      } else {
        const code = randomBytes(18).toString('base64url');
        await db
          .insertInto('auth_nonces')
          .values({
            value: `devidp-code:${code}`,
            purpose: 'dev_idp_code',
            payload: JSON.stringify({ ...identity, redirect_uri: q.redirect_uri }) as unknown as object,
            expires_at: new Date(clock.nowMs() + CODE_TTL_MS),
          })
          .execute();
        target.searchParams.set('code', code);
        if (q.state) target.searchParams.set('state', q.state);
      }
      return reply.redirect(target.toString(), 302);
    },
  );

  app.post(
    '/dev-idp/token',
    {
      schema: {
        tags,
        summary: 'Development IdP token endpoint',
        description:
          'Exchanges a code (once, within a minute) for an ID token. 400 VALIDATION_FAILED for an unknown, used or mismatched code.',
        body: Type.Object({
          grant_type: Type.Literal('authorization_code'),
          code: Type.String({ minLength: 8, maxLength: 200 }),
          client_id: Type.String({ minLength: 1, maxLength: 200 }),
          redirect_uri: Type.String({ minLength: 1, maxLength: 2000 }),
        }),
        response: {
          200: Type.Object({
            access_token: Type.String(),
            token_type: Type.Literal('Bearer'),
            expires_in: Type.Integer(),
            id_token: Type.String(),
          }),
        },
      },
    },
    async (request) => {
      const body = request.body;
      const row = await db
        .updateTable('auth_nonces')
        .set({ used_at: clock.now() })
        .where('value', '=', `devidp-code:${body.code}`)
        .where('used_at', 'is', null)
        .where('expires_at', '>', clock.now())
        .returning('payload')
        .executeTakeFirst();
      const grant = row?.payload as
        | { sub: string; email: string; name: string; nonce: string; aud: string; redirect_uri: string }
        | undefined;
      if (!grant || grant.aud !== body.client_id || grant.redirect_uri !== body.redirect_uri) {
        throw new AppError('VALIDATION_FAILED', 'code: unknown, used, expired or issued for another client');
      }
      const { redirect_uri: _unused, ...claims } = grant;
      return {
        access_token: randomBytes(18).toString('base64url'),
        token_type: 'Bearer' as const,
        expires_in: ID_TOKEN_TTL_S,
        id_token: await idp.idToken(claims),
      };
    },
  );
}
