/**
 * What the host shell sees of a page request. The shell builds absolute URLs (canonical link,
 * hreflang alternates, og:url, the sitemap) from the Host and X-Forwarded-Proto headers; any client
 * can send X-Forwarded-Host and -Proto, and a forged host in a micro-cached guest page would be
 * served to every guest and indexed. So the shell gets the host and scheme Fastify vetted
 * (request.host and request.protocol follow forwarded headers only from a proxy TRUST_PROXY names)
 * and no forwarding header of the client's.
 */
import type { ShellRequest } from '@parlay/mf/contract.ts';
import type { FastifyRequest } from 'fastify';

const isForwardingHeader = (name: string) =>
  name.startsWith('x-forwarded-') || name === 'forwarded' || name === 'x-real-ip';

export function shellRequestOf(request: FastifyRequest): ShellRequest {
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (isForwardingHeader(name) || value === undefined) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  if (request.host) headers.host = request.host;
  headers['x-forwarded-proto'] = request.protocol;
  return { url: request.url, headers, cookies: request.cookies ?? {} };
}
