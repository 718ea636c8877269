/**
 * Topic fan-out to WebSockets. One bus subscription per topic per process however many sockets
 * listen; each message is serialised once and the same string is sent to every subscriber.
 * A socket that cannot keep up (too much buffered) is closed rather than slowing the others.
 */
import type { EventBus, Unsubscribe } from '../../platform/bus.ts';

export interface HubSocket {
  send(data: string): void;
  close(code: number, reason: string): void;
  readonly bufferedAmount: number;
}

export const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
export const CLOSE_TOO_SLOW = 4008;

export class RealtimeHub {
  readonly #bus: EventBus;
  readonly #topics = new Map<string, { sockets: Set<HubSocket>; unsubscribe: Unsubscribe }>();
  readonly #onSent: (count: number) => void;

  constructor(bus: EventBus, onSent: (count: number) => void = () => {}) {
    this.#bus = bus;
    this.#onSent = onSent;
  }

  subscribe(socket: HubSocket, topic: string): void {
    let entry = this.#topics.get(topic);
    if (!entry) {
      const sockets = new Set<HubSocket>();
      const unsubscribe = this.#bus.subscribe(topic, (message) => this.#fanOut(topic, sockets, message));
      entry = { sockets, unsubscribe };
      this.#topics.set(topic, entry);
    }
    entry.sockets.add(socket);
  }

  unsubscribe(socket: HubSocket, topic: string): void {
    const entry = this.#topics.get(topic);
    if (!entry) return;
    entry.sockets.delete(socket);
    if (entry.sockets.size === 0) {
      entry.unsubscribe();
      this.#topics.delete(topic);
    }
  }

  subscriberCount(topic: string): number {
    return this.#topics.get(topic)?.sockets.size ?? 0;
  }

  #fanOut(topic: string, sockets: Set<HubSocket>, message: unknown): void {
    const frame = JSON.stringify({ op: 'message', topic, data: message });
    let sent = 0;
    for (const socket of sockets) {
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        socket.close(CLOSE_TOO_SLOW, 'too slow');
        continue;
      }
      socket.send(frame);
      sent += 1;
    }
    this.#onSent(sent);
  }
}
