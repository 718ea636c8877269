/**
 * Development tools (the development inbox, the development identity provider, anything under
 * /dev) show secrets: every e-mail and SMS code, any identity on request. They are registered only
 * with DEV_TOOLS=on, and then answer only to a client on this machine: the socket's peer is a
 * loopback address and no proxy says it forwarded the request for someone else. Any other client
 * gets the ordinary 404, as if the tools were not there.
 */
import type { FastifyInstance } from 'fastify';
import { isLocalClient } from './local-client.ts';

/** Makes the routes of this plugin context answer 404 to any client that is not local. */
export function serveToLocalClientsOnly(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (isLocalClient(request)) return;
    reply.callNotFound();
    return reply;
  });
}
