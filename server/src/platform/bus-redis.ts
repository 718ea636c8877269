/**
 * Cross-process bus over Redis pub/sub. Publishing goes to Redis only; every process (this one too)
 * receives the message through its subscription and hands it to local subscribers, so each
 * subscriber sees each message exactly once whichever process published it.
 */
import { Redis } from 'ioredis';
import type { BusErrorSink, BusHandler, EventBus, InProcessBus, Unsubscribe } from './bus.ts';

const CHANNEL_PREFIX = 'parlay:bus:';

export class RedisBus implements EventBus {
  readonly #pub: Redis;
  readonly #sub: Redis;
  readonly #local: InProcessBus;
  readonly #counts = new Map<string, number>();

  private constructor(pub: Redis, sub: Redis, local: InProcessBus, log: BusErrorSink) {
    this.#pub = pub;
    this.#sub = sub;
    this.#local = local;
    sub.on('message', (channel: string, payload: string) => {
      const topic = channel.slice(CHANNEL_PREFIX.length);
      try {
        local.deliver(topic, JSON.parse(payload));
      } catch (err) {
        log.error({ err, topic }, 'bad bus message from redis');
      }
    });
  }

  static async connect(url: string, local: InProcessBus, log: BusErrorSink): Promise<RedisBus> {
    const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
    const sub = new Redis(url, { lazyConnect: true });
    await Promise.all([pub.connect(), sub.connect()]);
    return new RedisBus(pub, sub, local, log);
  }

  async publish(topic: string, message: unknown): Promise<void> {
    await this.#pub.publish(CHANNEL_PREFIX + topic, JSON.stringify(message));
  }

  subscribe(topic: string, handler: BusHandler): Unsubscribe {
    const unsubscribeLocal = this.#local.subscribe(topic, handler);
    const count = (this.#counts.get(topic) ?? 0) + 1;
    this.#counts.set(topic, count);
    if (count === 1) void this.#sub.subscribe(CHANNEL_PREFIX + topic);
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      unsubscribeLocal();
      const left = (this.#counts.get(topic) ?? 1) - 1;
      if (left > 0) this.#counts.set(topic, left);
      else {
        this.#counts.delete(topic);
        void this.#sub.unsubscribe(CHANNEL_PREFIX + topic);
      }
    };
  }

  async close(): Promise<void> {
    await this.#local.close();
    this.#sub.disconnect();
    await this.#pub.quit();
  }
}
