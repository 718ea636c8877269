/**
 * The /ws client shared by every micro-app: one socket per page, topics multiplexed over it.
 * Protocol: send {"op":"subscribe","topic":T} / {"op":"unsubscribe","topic":T}; receive
 * {"op":"subscribed","topic":T} and {"op":"message","topic":T,"data":…}. The socket reconnects with
 * capped, jittered exponential backoff and subscribes again to every topic that still has listeners.
 * Private messages (`user:<id>`) carry an `offset` from the server's durable log: on a reconnect the
 * client subscribes with `since` (the highest offset it saw), the server — whichever process it is —
 * replays what was published meanwhile, and a message whose offset was already delivered is dropped.
 */

export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed';

/** The part of the WebSocket API the client uses (tests pass a fake). */
export interface SocketLike {
  readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface Backoff {
  initialMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { initialMs: 500, maxMs: 15_000 };
const SOCKET_OPEN = 1;
const MAX_TOPICS = 200;
/** Offsets remembered per topic to drop a message delivered twice (replay and live). */
const SEEN_OFFSETS = 256;

export interface RealtimeOptions {
  url: string;
  createSocket?: (url: string) => SocketLike;
  backoff?: Backoff;
  random?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export interface RealtimeClient {
  /** Listens to a topic; returns the function that stops listening. */
  subscribe(topic: string, onMessage: (data: unknown) => void): () => void;
  /** Listens to connection status changes (called at once with the current status). */
  onStatus(listener: (status: RealtimeStatus) => void): () => void;
  status(): RealtimeStatus;
  close(): void;
}

/** Wait before reconnect attempt `attempt` (0-based): doubling from initialMs, capped, with ±25 % jitter. */
export function reconnectDelayMs(attempt: number, backoff: Backoff, random: number): number {
  const base = Math.min(backoff.maxMs, backoff.initialMs * 2 ** Math.min(attempt, 30));
  return Math.round(base * (0.75 + random * 0.5));
}

/** ws(s)://host/ws for the page's own origin. */
export function realtimeUrl(location: { protocol: string; host: string }, path = '/ws'): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${path}`;
}

export function createRealtime(options: RealtimeOptions): RealtimeClient {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const random = options.random ?? Math.random;
  const setTimer = options.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  const topics = new Map<string, Set<(data: unknown) => void>>();
  const statusListeners = new Set<(status: RealtimeStatus) => void>();
  let socket: SocketLike | null = null;
  let status: RealtimeStatus = 'idle';
  let attempt = 0;
  let reconnectTimer: unknown = null;
  let closedByUser = false;

  function setStatus(next: RealtimeStatus): void {
    if (next === status) return;
    status = next;
    for (const listener of statusListeners) listener(next);
  }

  /** Per topic: the highest offset delivered and the recent offsets (a replay may repeat a live one). */
  const offsets = new Map<string, { last: number; seen: Set<number> }>();

  /** Whether the message is new (it has no offset, or one not delivered yet); records it. */
  function firstDelivery(topic: string, data: unknown): boolean {
    const offset = (data as { offset?: unknown } | null)?.offset;
    if (typeof offset !== 'number' || !Number.isSafeInteger(offset)) return true;
    let entry = offsets.get(topic);
    if (!entry) {
      entry = { last: 0, seen: new Set() };
      offsets.set(topic, entry);
    }
    if (entry.seen.has(offset)) return false;
    entry.seen.add(offset);
    if (entry.seen.size > SEEN_OFFSETS) entry.seen.delete(entry.seen.values().next().value as number);
    entry.last = Math.max(entry.last, offset);
    return true;
  }

  function resubscribe(topic: string): void {
    const last = offsets.get(topic)?.last;
    if (socket?.readyState !== SOCKET_OPEN) return;
    socket.send(JSON.stringify(last ? { op: 'subscribe', topic, since: last } : { op: 'subscribe', topic }));
  }

  function send(message: { op: 'subscribe' | 'unsubscribe'; topic: string }): void {
    if (socket?.readyState === SOCKET_OPEN) socket.send(JSON.stringify(message));
  }

  function dispatch(raw: unknown): void {
    if (typeof raw !== 'string') return;
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch {
      return;
    }
    if (typeof message !== 'object' || message === null) return;
    const { op, topic, data } = message as { op?: unknown; topic?: unknown; data?: unknown };
    if (op !== 'message' || typeof topic !== 'string') return;
    if (!firstDelivery(topic, data)) return;
    for (const listener of topics.get(topic) ?? []) listener(data);
  }

  function connect(): void {
    if (socket || closedByUser) return;
    setStatus(attempt === 0 ? 'connecting' : 'reconnecting');
    const next = createSocket(options.url);
    socket = next;
    next.onopen = () => {
      attempt = 0;
      setStatus('open');
      for (const topic of topics.keys()) resubscribe(topic);
    };
    next.onmessage = (event) => dispatch(event.data);
    next.onerror = () => {};
    next.onclose = () => {
      if (socket !== next) return;
      socket = null;
      if (closedByUser) return setStatus('closed');
      if (topics.size === 0) return setStatus('idle');
      setStatus('reconnecting');
      const delayMs = reconnectDelayMs(attempt, backoff, random());
      attempt += 1;
      reconnectTimer = setTimer(() => {
        reconnectTimer = null;
        connect();
      }, delayMs);
    };
  }

  return {
    subscribe(topic, onMessage) {
      let listeners = topics.get(topic);
      if (!listeners) {
        if (topics.size >= MAX_TOPICS) throw new Error(`realtime: more than ${MAX_TOPICS} topics`);
        listeners = new Set();
        topics.set(topic, listeners);
        send({ op: 'subscribe', topic });
      }
      listeners.add(onMessage);
      closedByUser = false;
      if (!socket && reconnectTimer === null) connect();
      return () => {
        const current = topics.get(topic);
        if (!current?.delete(onMessage) || current.size > 0) return;
        topics.delete(topic);
        offsets.delete(topic);
        send({ op: 'unsubscribe', topic });
      };
    },
    onStatus(listener) {
      statusListeners.add(listener);
      listener(status);
      return () => statusListeners.delete(listener);
    },
    status: () => status,
    close() {
      closedByUser = true;
      if (reconnectTimer !== null) clearTimer(reconnectTimer);
      reconnectTimer = null;
      const current = socket;
      socket = null;
      current?.close();
      setStatus('closed');
    },
  };
}

let pageClient: RealtimeClient | null = null;

/** The page's one realtime client (created on first use, connecting to this origin's /ws). */
export function getRealtime(): RealtimeClient {
  pageClient ??= createRealtime({ url: realtimeUrl(window.location) });
  return pageClient;
}
