/** Prometheus metrics: one registry per app instance so tests and several apps in a process do not clash. */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

export interface Metrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route'>;
  wsConnections: Gauge;
  wsMessagesSent: Counter;
  /** A broadcast's arrival at the hub → its write to the topic's last socket (realtime/hub.ts). */
  wsFanOutDuration: Histogram<'kind'>;
  fragmentDuration: Histogram<'app' | 'outcome'>;
}

export function createMetrics(options: { collectDefaults: boolean }): Metrics {
  const registry = new Registry();
  if (options.collectDefaults) collectDefaultMetrics({ register: registry, prefix: 'parlay_' });
  return {
    registry,
    httpRequests: new Counter({
      name: 'parlay_http_requests_total',
      help: 'HTTP requests answered',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: 'parlay_http_request_duration_seconds',
      help: 'HTTP request duration',
      labelNames: ['method', 'route'],
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    wsConnections: new Gauge({
      name: 'parlay_ws_connections',
      help: 'Open WebSocket connections',
      registers: [registry],
    }),
    wsMessagesSent: new Counter({
      name: 'parlay_ws_messages_sent_total',
      help: 'WebSocket messages sent',
      registers: [registry],
    }),
    wsFanOutDuration: new Histogram({
      name: 'parlay_ws_fanout_seconds',
      help: 'A topic message from its arrival at the process to its write to the last subscribed socket (kind latest: a droppable tick; ordered: every other message)',
      labelNames: ['kind'],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 1],
      registers: [registry],
    }),
    fragmentDuration: new Histogram({
      name: 'parlay_fragment_duration_seconds',
      help: 'Micro-app fragment render duration',
      labelNames: ['app', 'outcome'],
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 3],
      registers: [registry],
    }),
  };
}
