/**
 * Whether a request comes from this machine itself, for what only its operator may see (development
 * tools, /metrics without a token). Decided by the socket's address, never by a forwarded header.
 */
import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';

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
