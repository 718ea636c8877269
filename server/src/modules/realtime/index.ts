/**
 * Realtime module: the /ws endpoint. Clients send {op:"subscribe"|"unsubscribe", topic} and
 * {op:"ping"}; the server answers {op:"subscribed"|"unsubscribed", topic}, {op:"message", topic,
 * data}, {op:"pong"} and {op:"error", code, message}. The private topic user:<id> is open only to
 * that player's session (the user_token cookie of the upgrade request); operator:<…> topics only to
 * a back-office operator's ticket (/ws?operator=<ticket>, backoffice live-tickets.ts).
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
import { readPrivateLog } from '../../platform/private-log.ts';
import { getSessionUser } from '../auth/index.ts';
import { operatorTicketAllows } from '../backoffice/index.ts';
import { acceptsRawFrames, type PreparedMessage, writePrepared } from './frame.ts';
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
/** Close code when the process stops (RFC 6455 1012 "service restart"): reconnect, to any process. */
export const WS_CLOSE_RESTART = 1012;
/** Close code when the process is at WS_MAX_CONNECTIONS (1013 "try again later"). */
export const WS_CLOSE_FULL = 1013;
const PRIVATE_TOPIC_PREFIXES = ['user:'];
const OPERATOR_TOPIC_PREFIX = 'operator:';

type ClientFrame = { op: 'subscribe' | 'unsubscribe'; topic: string; since?: number } | { op: 'ping' };

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
    // since: the highest offset of the topic the client saw (a reconnect): what came after is replayed.
    if (frame.op === 'subscribe' && frame.since !== undefined) {
      if (typeof frame.since !== 'number' || !Number.isSafeInteger(frame.since) || frame.since < 0)
        return null;
      return { op: frame.op, topic: frame.topic, since: frame.since };
    }
    return { op: frame.op, topic: frame.topic };
  }
  return null;
}

export async function realtimeModule(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const hub = new RealtimeHub(deps.bus, {
    onSent: (n) => deps.metrics.wsMessagesSent.inc(n),
    onPass: (ms, _sockets, droppable) =>
      deps.metrics.wsFanOutDuration.observe({ kind: droppable ? 'latest' : 'ordered' }, ms / 1000),
  });
  await app.register(websocket, {
    options: { maxPayload: MAX_CLIENT_FRAME_BYTES },
    // Drain: every socket is told the process restarts, so clients reconnect (to another process).
    preClose(this: FastifyInstance, done: () => void) {
      for (const client of this.websocketServer.clients) {
        client.close(WS_CLOSE_RESTART, 'server restarting: reconnect');
      }
      this.websocketServer.close(() => {});
      done();
    },
  });
  let open = 0;

  app.get('/ws', { websocket: true, schema: { hide: true } }, (socket: WebSocket, request) => {
    if (open >= deps.config.wsMaxConnections) {
      socket.close(WS_CLOSE_FULL, `too many connections on this process (${deps.config.wsMaxConnections})`);
      return;
    }
    open += 1;
    const topics = new Set<string>();
    const target = hubSocket(socket);
    // Private topics subscribed with `since` go through a gate of their own: live messages wait
    // while the log is replayed, then follow it (the client drops an offset it already has).
    const gates = new Map<string, HubSocket>();
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
        hub.unsubscribe(gates.get(topic) ?? target, topic);
        gates.delete(topic);
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
      // Operators' topics (the back office's live views): a back-office session's ticket, never a player's.
      if (topic.startsWith(OPERATOR_TOPIC_PREFIX)) {
        const ticket = new URL(request.url, 'http://ws.invalid').searchParams.get('operator');
        if (!(await operatorTicketAllows(deps.db.db, deps.clock, ticket))) {
          return fail('WS_FORBIDDEN_TOPIC', `topic ${topic} is for back-office operators`);
        }
      }
      if (!topics.has(topic) && topics.size >= deps.config.wsMaxTopicsPerSocket) {
        return fail(
          'WS_TOO_MANY_TOPICS',
          `at most ${deps.config.wsMaxTopicsPerSocket} topics per connection`,
        );
      }
      if (topics.has(topic)) return reply({ op: 'subscribed', topic });
      topics.add(topic);
      const since = frame.since;
      if (since === undefined || !PRIVATE_TOPIC_PREFIXES.some((p) => topic.startsWith(p))) {
        hub.subscribe(target, topic);
        return reply({ op: 'subscribed', topic });
      }
      const held: PreparedMessage[] = [];
      let replaying = true;
      const gate: HubSocket = {
        write: (message) => (replaying ? held.push(message) : target.write(message)),
        close: (code, reason) => target.close(code, reason),
        get bufferedAmount() {
          return target.bufferedAmount;
        },
      };
      gates.set(topic, gate);
      hub.subscribe(gate, topic);
      let missed: Awaited<ReturnType<typeof readPrivateLog>> = [];
      try {
        missed = await readPrivateLog(deps.db.db, topic, since);
      } catch (err) {
        request.log.warn({ err, topic }, 'private event log replay failed');
      }
      for (const { message } of missed) reply({ op: 'message', topic, data: message });
      replaying = false;
      for (const message of held.splice(0)) target.write(message);
      return reply({ op: 'subscribed', topic, replayed: missed.length });
    });

    socket.on('close', () => {
      open -= 1;
      deps.metrics.wsConnections.dec();
      for (const topic of topics) hub.unsubscribe(gates.get(topic) ?? target, topic);
      topics.clear();
      gates.clear();
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
