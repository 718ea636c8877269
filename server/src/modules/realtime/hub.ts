/**
 * Topic fan-out to WebSockets. One bus subscription per topic per process however many sockets
 * listen; each message is serialised and framed once (frame.ts) and the same bytes are written to
 * every subscriber.
 *
 * Slow consumers. Messages are of two kinds:
 *  - latest-value messages (a `type` ending in `.tick`, e.g. `crash.tick`: the multiplier now) are
 *    droppable: a socket with more than TICK_DROP_BYTES still buffered skips them, since the next
 *    tick supersedes this one (a crash client only needs the latest multiplier). Skipping is the
 *    coalescing: a socket behind receives the latest tick once it has caught up, not the backlog;
 *  - every other message (round opened/running/crashed, bets, cash-outs, balances, odds) is never
 *    dropped: it is written whatever the socket's backlog, and a socket with more than
 *    MAX_BUFFERED_BYTES buffered is closed (CLOSE_TOO_SLOW) rather than slowing the others or
 *    growing the process's memory without bound. The client reconnects and reads the state again.
 */
import type { EventBus, Unsubscribe } from '../../platform/bus.ts';
import { type PreparedMessage, prepareMessage } from './frame.ts';

export interface HubSocket {
  /** Writes one prepared message; the same object is handed to every socket of a broadcast. */
  write(message: PreparedMessage): void;
  close(code: number, reason: string): void;
  readonly bufferedAmount: number;
}

export const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** Above this backlog a socket skips latest-value (`*.tick`) messages. */
export const TICK_DROP_BYTES = 64 * 1024;
export const CLOSE_TOO_SLOW = 4008;

/** Whether a bus message is a latest-value message that a socket behind may skip. */
export function isDroppable(message: unknown): boolean {
  if (typeof message !== 'object' || message === null) return false;
  const type = (message as { type?: unknown }).type;
  return typeof type === 'string' && type.endsWith('.tick');
}

export interface FanOutStats {
  /** Sockets the message was written to. */
  sent: number;
  /** Sockets that skipped a droppable message because they were behind. */
  skipped: number;
}

/** Socket writes of one event-loop turn (≈ 10 ms of CPU here); the loop is free in between. */
export const PASS_SLICE = 1000;

/** One message on its way to the sockets of a topic, a slice at a time. */
interface Pass {
  message: PreparedMessage;
  /** performance.now() when `message` reached the hub (a coalesced tick: the newest one's). */
  queuedAt: number;
  readonly droppable: boolean;
  /** The sockets not reached yet (created when the pass starts). */
  rest: Iterator<HubSocket> | null;
}

interface TopicEntry {
  readonly sockets: Set<HubSocket>;
  readonly unsubscribe: Unsubscribe;
  /** Messages not yet written to every socket, oldest first; each pass ends before the next starts. */
  readonly queue: Pass[];
  /** A slice is scheduled (setImmediate) or running. */
  busy: boolean;
}

/**
 * What the hub tells its owner: sockets written per slice (onSent), and per finished pass the time
 * from its message's arrival at the hub to its write to the last socket (onPass, in ms: the
 * fan-out's share of a broadcast's latency, the `parlay_ws_fanout_seconds` histogram).
 */
export interface HubObserver {
  onSent?(count: number, stats: FanOutStats): void;
  onPass?(ms: number, sockets: number, droppable: boolean): void;
}

export class RealtimeHub {
  readonly #bus: EventBus;
  readonly #topics = new Map<string, TopicEntry>();
  readonly #observer: HubObserver;

  constructor(bus: EventBus, observer: HubObserver = {}) {
    this.#bus = bus;
    this.#observer = observer;
  }

  subscribe(socket: HubSocket, topic: string): void {
    let entry = this.#topics.get(topic);
    if (!entry) {
      const created: TopicEntry = {
        sockets: new Set<HubSocket>(),
        unsubscribe: this.#bus.subscribe(topic, (message) => this.#onMessage(topic, created, message)),
        queue: [],
        busy: false,
      };
      entry = created;
      this.#topics.set(topic, entry);
    }
    entry.sockets.add(socket);
  }

  unsubscribe(socket: HubSocket, topic: string): void {
    const entry = this.#topics.get(topic);
    if (!entry) return;
    entry.sockets.delete(socket);
    if (entry.sockets.size === 0) {
      entry.queue.length = 0;
      entry.unsubscribe();
      this.#topics.delete(topic);
    }
  }

  subscriberCount(topic: string): number {
    return this.#topics.get(topic)?.sockets.size ?? 0;
  }

  /**
   * A message of `topic` joins the topic's queue of passes. Passes run in order, each over every
   * socket, PASS_SLICE sockets per event-loop turn (the engine's timer, HTTP and other topics run
   * while 10,000 sockets are written), so every socket receives the topic's messages in the order
   * they were published. A latest-value message coalesces: when the last pass queued is a
   * latest-value one (waiting or under way), the new message replaces it for the sockets that pass
   * has not reached, so no socket is written a tick older than the newest and ticks never queue up
   * behind a fan-out that cannot keep pace. A topic with at most PASS_SLICE sockets is written at
   * once, within the publish.
   */
  #onMessage(topic: string, entry: TopicEntry, message: unknown): void {
    if (entry.sockets.size === 0) return;
    const prepared = prepareMessage(JSON.stringify({ op: 'message', topic, data: message }));
    const droppable = isDroppable(message);
    const last = entry.queue[entry.queue.length - 1];
    const queuedAt = performance.now();
    if (droppable && last?.droppable) {
      last.message = prepared;
      last.queuedAt = queuedAt;
    } else entry.queue.push({ message: prepared, queuedAt, droppable, rest: null });
    if (!entry.busy) this.#slice(entry);
  }

  #slice(entry: TopicEntry): void {
    entry.busy = true;
    let sent = 0;
    let skipped = 0;
    let budget = PASS_SLICE;
    while (budget > 0 && entry.queue.length > 0) {
      const pass = entry.queue[0]!;
      pass.rest ??= entry.sockets.values();
      while (budget > 0) {
        const next = pass.rest.next();
        if (next.done) {
          entry.queue.shift();
          this.#observer.onPass?.(performance.now() - pass.queuedAt, entry.sockets.size, pass.droppable);
          break;
        }
        budget -= 1;
        const socket = next.value;
        const buffered = socket.bufferedAmount;
        if (pass.droppable && buffered > TICK_DROP_BYTES) skipped += 1;
        else if (buffered > MAX_BUFFERED_BYTES) socket.close(CLOSE_TOO_SLOW, 'too slow');
        else {
          socket.write(pass.message);
          sent += 1;
        }
      }
    }
    if (sent > 0 || skipped > 0) this.#observer.onSent?.(sent, { sent, skipped });
    if (entry.queue.length === 0) {
      entry.busy = false;
      return;
    }
    setImmediate(() => this.#slice(entry));
  }
}
