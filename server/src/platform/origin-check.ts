/**
 * Cross-site request refusal (ARCHITECTURE §8): every state-changing request (POST, PUT, PATCH,
 * DELETE) coming from a browser must come from this site. A browser names the page's origin in
 * Origin (and, in modern browsers, Sec-Fetch-Site); a request whose Origin is neither the site's own
 * (scheme and host it was addressed to) nor PUBLIC_ORIGIN is refused with 403 ORIGIN_FORBIDDEN, and
 * so is one without Origin that Sec-Fetch-Site marks as cross-site or same-site. Requests with
 * neither header are not from a browser page (servers, curl, tests) and pass: cookies are the
 * browser's, so there is no one to forge them for.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const FOREIGN_FETCH_SITES = new Set(['cross-site', 'same-site']);

/** Whether the request may proceed. */
export function isAllowedOrigin(
  method: string,
  headers: { origin?: string; 'sec-fetch-site'?: string },
  ownOrigin: string,
  publicOrigin: string | null,
): boolean {
  if (!STATE_CHANGING.has(method)) return true;
  const origin = headers.origin;
  if (origin === undefined) {
    const site = headers['sec-fetch-site'];
    return site === undefined || !FOREIGN_FETCH_SITES.has(site.toLowerCase());
  }
  const normalized = origin.toLowerCase();
  return (
    normalized === ownOrigin.toLowerCase() ||
    (publicOrigin !== null && normalized === publicOrigin.toLowerCase())
  );
}

/** Scheme and host the request was addressed to, as a browser writes Origin (no default port). */
function ownOriginOf(request: FastifyRequest): string {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return '';
  }
}

export function installOriginCheck(app: FastifyInstance, publicOrigin: string | null): void {
  const allowed = publicOrigin ? new URL(publicOrigin).origin : null;
  app.addHook('onRequest', async (request) => {
    const headers = {
      origin: request.headers.origin,
      'sec-fetch-site': request.headers['sec-fetch-site'] as string | undefined,
    };
    if (!isAllowedOrigin(request.method, headers, ownOriginOf(request), allowed)) {
      throw new AppError('ORIGIN_FORBIDDEN', undefined, { origin: headers.origin ?? null });
    }
  });
}
