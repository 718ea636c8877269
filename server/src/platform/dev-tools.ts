/**
 * Development tools (the development inbox, the development identity provider, anything under
 * /dev) show secrets: every e-mail and SMS code, any identity on request. They are registered only
 * with DEV_TOOLS=on, and then answer only to a client on this machine: the socket's peer is a
 * loopback address and no proxy says it forwarded the request for someone else. Any other client
 * gets the ordinary 404, as if the tools were not there.
 */
import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/** 127.0.0.0/8 and ::1, also written IPv4-mapped (::ffff:127.x.y.z) or in full. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  if (isIPv4(v4)) return v4.startsWith('127.');
  return isIPv6(address) && /^(0{0,4}:){2,7}0{0,3}1$/.test(address);
}

/**
 * Whether the request comes from this machine itself. The socket's address, never a forwarded
 * header; and a request a local reverse proxy forwarded (it names the client it forwards for) is
 * someone else's, however local its socket.
 */
export function isLocalClient(request: FastifyRequest): boolean {
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  return isLoopbackAddress(request.socket.remoteAddress);
}

/** Makes the routes of this plugin context answer 404 to any client that is not local. */
export function serveToLocalClientsOnly(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (isLocalClient(request)) return;
    reply.callNotFound();
    return reply;
  });
}
