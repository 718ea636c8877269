/**
 * Child process of bench/ws: either the application's /ws (realtime module, in-process bus) or a
 * bare `ws` server doing the same topic routing by hand. The parent asks it over IPC to publish
 * odds changes at a rate; each message carries its send time so clients can measure latency.
 */

import { buildApp } from '@parlay/server/app.ts';
import { InProcessBus } from '@parlay/server/platform/bus.ts';
import { systemClock } from '@parlay/server/platform/clock.ts';
import { loadConfig } from '@parlay/server/platform/config.ts';
import { openDatabase } from '@parlay/server/platform/db.ts';
import { createMetrics } from '@parlay/server/platform/metrics.ts';
import { type WebSocket, WebSocketServer } from 'ws';

type Command =
  | { cmd: 'publish'; ratePerS: number; durationMs: number; topics: number }
  | { cmd: 'rss' }
  | { cmd: 'exit' };

const mode = process.argv[2] === 'bare' ? 'bare' : 'app';
const send = (message: object) => process.send?.(message);

function oddsChange(i: number, topics: number) {
  const game = i % topics;
  return {
    topic: `game:${game}`,
    data: {
      type: 'odds',
      gameId: game,
      outcomes: [{ id: i, oddsMilli: 1500 + (i % 700), prev: 1500 }],
      sentAt: performance.timeOrigin + performance.now(),
    },
  };
}

async function startApp(): Promise<(topic: string, data: unknown) => void> {
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    PARLAY_ROLES: 'realtime',
    WS_MAX_TOPICS_PER_SOCKET: '10',
  });
  const db = await openDatabase({ databaseUrl: null, dataDir: null, poolSize: 1 });
  const bus = new InProcessBus({ error: () => {} });
  const app = await buildApp({
    config,
    db,
    bus,
    clock: systemClock,
    metrics: createMetrics({ collectDefaults: false }),
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  send({ ready: `${address.replace('http', 'ws')}/ws` });
  return (topic, data) => void bus.publish(topic, data);
}

async function startBare(): Promise<(topic: string, data: unknown) => void> {
  const topics = new Map<string, Set<WebSocket>>();
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, maxPayload: 4096 });
  server.on('connection', (socket) => {
    socket.on('message', (raw) => {
      const frame = JSON.parse(raw.toString()) as { op: string; topic: string };
      if (frame.op !== 'subscribe') return;
      const set = topics.get(frame.topic) ?? new Set<WebSocket>();
      topics.set(frame.topic, set);
      set.add(socket);
      socket.send(JSON.stringify({ op: 'subscribed', topic: frame.topic }));
    });
    socket.on('close', () => {
      for (const set of topics.values()) set.delete(socket);
    });
  });
  await new Promise((r) => server.once('listening', r));
  const address = server.address();
  send({ ready: `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/ws` });
  return (topic, data) => {
    const frame = JSON.stringify({ op: 'message', topic, data });
    for (const socket of topics.get(topic) ?? []) socket.send(frame);
  };
}

const publish = mode === 'bare' ? await startBare() : await startApp();

process.on('message', (command: Command) => {
  if (command.cmd === 'rss') return send({ rss: process.memoryUsage().rss });
  if (command.cmd === 'exit') process.exit(0);
  if (command.cmd !== 'publish') return;
  const batch = Math.max(1, Math.round(command.ratePerS / 100));
  let sent = 0;
  const started = performance.now();
  const timer = setInterval(() => {
    const due = Math.min(
      Math.floor(((performance.now() - started) / 1000) * command.ratePerS),
      Math.ceil((command.durationMs / 1000) * command.ratePerS),
    );
    while (sent < due) {
      const change = oddsChange(sent, command.topics);
      publish(change.topic, change.data);
      sent += 1;
    }
    if (performance.now() - started >= command.durationMs) {
      clearInterval(timer);
      send({ published: sent });
    }
  }, 10 / batch);
});
