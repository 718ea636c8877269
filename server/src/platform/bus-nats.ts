/**
 * Cross-process bus over NATS core subjects. Topic names are encoded (base64url) into one subject
 * token so any topic maps to exactly one subject; as with Redis, a process receives its own
 * publications through its subscription and delivers them locally once.
 */
import { connect, type NatsConnection, StringCodec, type Subscription } from 'nats';
import type { BusErrorSink, BusHandler, EventBus, InProcessBus, Unsubscribe } from './bus.ts';

const SUBJECT_PREFIX = 'parlay.bus.';
const codec = StringCodec();
const subjectOf = (topic: string): string => SUBJECT_PREFIX + Buffer.from(topic).toString('base64url');

export class NatsBus implements EventBus {
  readonly #nc: NatsConnection;
  readonly #local: InProcessBus;
  readonly #log: BusErrorSink;
  readonly #subs = new Map<string, { count: number; sub: Subscription }>();

  private constructor(nc: NatsConnection, local: InProcessBus, log: BusErrorSink) {
    this.#nc = nc;
    this.#local = local;
    this.#log = log;
  }

  static async connect(url: string, local: InProcessBus, log: BusErrorSink): Promise<NatsBus> {
    const nc = await connect({ servers: url.replace(/^nats:\/\//, '') });
    return new NatsBus(nc, local, log);
  }

  async publish(topic: string, message: unknown): Promise<void> {
    this.#nc.publish(subjectOf(topic), codec.encode(JSON.stringify(message)));
  }

  subscribe(topic: string, handler: BusHandler): Unsubscribe {
    const unsubscribeLocal = this.#local.subscribe(topic, handler);
    const entry = this.#subs.get(topic);
    if (entry) entry.count += 1;
    else {
      const sub = this.#nc.subscribe(subjectOf(topic), {
        callback: (err, msg) => {
          if (err) return this.#log.error({ err, topic }, 'nats subscription failed');
          try {
            this.#local.deliver(topic, JSON.parse(codec.decode(msg.data)));
          } catch (parseErr) {
            this.#log.error({ err: parseErr, topic }, 'bad bus message from nats');
          }
        },
      });
      this.#subs.set(topic, { count: 1, sub });
    }
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      unsubscribeLocal();
      const current = this.#subs.get(topic);
      if (!current) return;
      current.count -= 1;
      if (current.count === 0) {
        current.sub.unsubscribe();
        this.#subs.delete(topic);
      }
    };
  }

  async close(): Promise<void> {
    await this.#local.close();
    await this.#nc.drain();
  }
}
