/**
 * The event bus: topics carry JSON-serialisable messages between modules and out to /ws.
 * In one process it is an in-memory fan-out; with BUS_URL a Redis or NATS adapter (same interface)
 * fans out across processes. Handlers never throw into the publisher: a failing handler is logged.
 */

export type BusHandler = (message: unknown, topic: string) => void;
export type Unsubscribe = () => void;

export interface EventBus {
  publish(topic: string, message: unknown): Promise<void>;
  /** Subscribes to one exact topic; returns the function that ends the subscription. */
  subscribe(topic: string, handler: BusHandler): Unsubscribe;
  close(): Promise<void>;
}

export interface BusErrorSink {
  error(details: { err: unknown; topic: string }, message: string): void;
}

const TOPIC_PATTERN = /^[a-z][a-z0-9_-]*(:[A-Za-z0-9_.-]+)*$/;
export const MAX_TOPIC_LENGTH = 200;

export function isValidTopic(topic: string): boolean {
  return topic.length <= MAX_TOPIC_LENGTH && TOPIC_PATTERN.test(topic);
}

export class InProcessBus implements EventBus {
  readonly #handlers = new Map<string, Set<BusHandler>>();
  readonly #log: BusErrorSink;

  constructor(log: BusErrorSink) {
    this.#log = log;
  }

  async publish(topic: string, message: unknown): Promise<void> {
    this.deliver(topic, message);
  }

  /** Hands a message to this process's subscribers; adapters call it for messages from outside. */
  deliver(topic: string, message: unknown): void {
    const handlers = this.#handlers.get(topic);
    if (!handlers) return;
    for (const handler of [...handlers]) {
      try {
        handler(message, topic);
      } catch (err) {
        this.#log.error({ err, topic }, 'bus handler failed');
      }
    }
  }

  subscribe(topic: string, handler: BusHandler): Unsubscribe {
    if (!isValidTopic(topic)) throw new Error(`invalid topic ${JSON.stringify(topic)}`);
    let handlers = this.#handlers.get(topic);
    if (!handlers) {
      handlers = new Set();
      this.#handlers.set(topic, handlers);
    }
    handlers.add(handler);
    return () => {
      const current = this.#handlers.get(topic);
      if (!current) return;
      current.delete(handler);
      if (current.size === 0) this.#handlers.delete(topic);
    };
  }

  topicCount(): number {
    return this.#handlers.size;
  }

  async close(): Promise<void> {
    this.#handlers.clear();
  }
}
