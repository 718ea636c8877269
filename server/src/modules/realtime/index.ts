/**
 * Realtime module: the /ws endpoint. Clients send {op:"subscribe"|"unsubscribe", topic} and
 * {op:"ping"}; the server answers {op:"subscribed"|"unsubscribed", topic}, {op:"message", topic,
 * data}, {op:"pong"} and {op:"error", code, message}. The private topic user:<id> is open only to
 * that player's session (the user_token cookie of the upgrade request).
 *
 * Delivery (hub.ts): every message of a topic reaches each subscriber in publish order, except
 * latest-value messages (`type` ending in `.tick`, e.g. `crash.tick`), which a connection that is
 * behind skips and which coalesce to the newest when the fan-out is slower than their rate: a crash
 * client draws the curve from the round's start and `multiplierAt`, ticks re-synchronise it.
 */
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { isValidTopic } from '../../platform/bus.ts';
import type { ModuleDeps } from '../../platform/module.ts';
import { getSessionUser } from '../auth/index.ts';
import { acceptsRawFrames, writePrepared } from './frame.ts';
import { type HubSocket, RealtimeHub } from './hub.ts';

export { RealtimeHub } from './hub.ts';

/** The hub's view of a ws socket: prepared frames written raw when the socket allows it. */
function hubSocket(socket: WebSocket): HubSocket {
  const raw = acceptsRawFrames(socket);
  return {
    write: (message) => writePrepared(socket, message, raw),
    close: (code, reason) => socket.close(code, reason),
    get bufferedAmount() {
      return socket.bufferedAmount;
    },
  };
}

const MAX_CLIENT_FRAME_BYTES = 4096;
const PRIVATE_TOPIC_PREFIXES = ['user:'];

type ClientFrame = { op: 'subscribe' | 'unsubscribe'; topic: string } | { op: 'ping' };

function parseClientFrame(raw: string): ClientFrame | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const frame = value as Record<string, unknown>;
  if (frame.op === 'ping') return { op: 'ping' };
  if ((frame.op === 'subscribe' || frame.op === 'unsubscribe') && typeof frame.topic === 'string') {
    return { op: frame.op, topic: frame.topic };
  }
  return null;
}

export async function realtimeModule(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const hub = new RealtimeHub(deps.bus, (n) => deps.metrics.wsMessagesSent.inc(n));
  await app.register(websocket, { options: { maxPayload: MAX_CLIENT_FRAME_BYTES } });

  app.get('/ws', { websocket: true, schema: { hide: true } }, (socket: WebSocket, request) => {
    const topics = new Set<string>();
    const target = hubSocket(socket);
    // Read once at connect: the player's own topic is user:<their id>; guests have none.
    const session = getSessionUser(request).catch(() => null);
    deps.metrics.wsConnections.inc();
    const reply = (frame: object) => socket.send(JSON.stringify(frame));
    const fail = (code: string, message: string) => reply({ op: 'error', code, message });

    socket.on('message', async (data, isBinary) => {
      const frame = isBinary ? null : parseClientFrame(data.toString());
      if (!frame) return fail('WS_BAD_FRAME', 'expected {"op":"subscribe"|"unsubscribe"|"ping", "topic"?}');
      if (frame.op === 'ping') return reply({ op: 'pong' });
      const { topic } = frame;
      if (!isValidTopic(topic))
        return fail('WS_BAD_TOPIC', `invalid topic ${JSON.stringify(topic).slice(0, 80)}`);
      if (frame.op === 'unsubscribe') {
        topics.delete(topic);
        hub.unsubscribe(target, topic);
        return reply({ op: 'unsubscribed', topic });
      }
      if (PRIVATE_TOPIC_PREFIXES.some((p) => topic.startsWith(p))) {
        const user = await session;
        if (!user || topic !== `user:${user.userId}`) {
          return fail(
            'WS_FORBIDDEN_TOPIC',
            `topic ${topic} belongs to another player or needs a signed-in session`,
          );
        }
      }
      if (!topics.has(topic) && topics.size >= deps.config.wsMaxTopicsPerSocket) {
        return fail(
          'WS_TOO_MANY_TOPICS',
          `at most ${deps.config.wsMaxTopicsPerSocket} topics per connection`,
        );
      }
      topics.add(topic);
      hub.subscribe(target, topic);
      return reply({ op: 'subscribed', topic });
    });

    socket.on('close', () => {
      deps.metrics.wsConnections.dec();
      for (const topic of topics) hub.unsubscribe(target, topic);
      topics.clear();
    });
  });
}

/** Worker: publishes the server time on the "clock" topic, the first real-time topic of the site. */
export function startClockTicker(deps: ModuleDeps): () => void {
  const timer = setInterval(() => {
    void deps.bus.publish('clock', { now: deps.clock.now().toISOString() });
  }, deps.config.clockTickMs);
  timer.unref();
  return () => clearInterval(timer);
}
