/**
 * Security headers on every answer, from helmet (the hardening headers: nosniff, frame and referrer
 * policies, cross-origin isolation of the window, …) with the site's Content-Security-Policy
 * (web/shell/src/content-security-policy.ts): scripts only from the site. A shell page replaces the
 * policy with one that adds its own inline scripts by hash; the sandbox payment page and uploaded
 * documents send stricter ones. HSTS goes out whenever the site is served over https: PUBLIC_ORIGIN
 * is https, or the request came over https (which, behind a proxy, only TRUST_PROXY lets the server
 * believe). One helmet middleware is built at start: @fastify/helmet builds one per request.
 */
import { CSP_DIRECTIVES } from '@parlay/shell/content-security-policy.ts';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

const HSTS = 'max-age=31536000; includeSubDomains';

export function installSecurityHeaders(app: FastifyInstance, publicOrigin: string | null): void {
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: Object.fromEntries(Object.entries(CSP_DIRECTIVES).map(([name, list]) => [name, [...list]])),
    },
    // Sent below, only over https.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'sameorigin' },
  });
  const alwaysHttps = publicOrigin?.startsWith('https:') ?? false;
  app.addHook('onRequest', (request, reply, done) => {
    headers(request.raw, reply.raw, (error?: unknown) => {
      if (error) return done(error as Error);
      if (alwaysHttps || request.protocol === 'https') reply.header('strict-transport-security', HSTS);
      done();
    });
  });
}
