import { describe, expect, it } from 'vitest';
import { createRealtime, realtimeUrl, reconnectDelayMs, type SocketLike } from './realtime.ts';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
    this.onclose?.({});
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(message: unknown) {
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const timers: Array<{ callback: () => void; ms: number }> = [];
  const client = createRealtime({
    url: 'ws://test/ws',
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    backoff: { initialMs: 100, maxMs: 1000 },
    random: () => 0.5,
    setTimer: (callback, ms) => {
      timers.push({ callback, ms });
      return timers.length;
    },
    clearTimer: () => {},
  });
  return { client, sockets, timers };
}

describe('realtime client', () => {
  it('subscribes once the socket opens and delivers messages of the topic', () => {
    const { client, sockets } = setup();
    const received: unknown[] = [];
    client.subscribe('clock', (data) => received.push(data));
    expect(sockets).toHaveLength(1);
    sockets[0]!.open();
    expect(sockets[0]!.sent).toEqual([{ op: 'subscribe', topic: 'clock' }]);
    sockets[0]!.receive({ op: 'subscribed', topic: 'clock' });
    sockets[0]!.receive({ op: 'message', topic: 'clock', data: { now: '2026-11-22T10:00:00.000Z' } });
    sockets[0]!.receive({ op: 'message', topic: 'other', data: 1 });
    sockets[0]!.receive('not json');
    expect(received).toEqual([{ now: '2026-11-22T10:00:00.000Z' }]);
  });

  it('resubscribes a private topic with the last offset it saw and drops a message it already has', () => {
    const { client, sockets, timers } = setup();
    const received: unknown[] = [];
    client.subscribe('user:7', (data) => received.push(data));
    sockets[0]!.open();
    expect(sockets[0]!.sent).toEqual([{ op: 'subscribe', topic: 'user:7' }]);
    sockets[0]!.receive({ op: 'message', topic: 'user:7', data: { type: 'balance', offset: 41 } });
    sockets[0]!.receive({ op: 'message', topic: 'user:7', data: { type: 'bet', offset: 40 } });
    sockets[0]!.drop();
    timers.shift()!.callback();
    sockets[1]!.open();
    // The highest offset delivered, whatever the order they came in.
    expect(sockets[1]!.sent).toEqual([{ op: 'subscribe', topic: 'user:7', since: 41 }]);
    // The replay, then a live message the replay already carried.
    sockets[1]!.receive({ op: 'message', topic: 'user:7', data: { type: 'bet', offset: 42 } });
    sockets[1]!.receive({ op: 'message', topic: 'user:7', data: { type: 'bet', offset: 42 } });
    sockets[1]!.receive({ op: 'message', topic: 'user:7', data: { type: 'note' } });
    expect(received).toEqual([
      { type: 'balance', offset: 41 },
      { type: 'bet', offset: 40 },
      { type: 'bet', offset: 42 },
      { type: 'note' },
    ]);
  });

  it('unsubscribes when the last listener of a topic leaves', () => {
    const { client, sockets } = setup();
    const first = client.subscribe('clock', () => {});
    const second = client.subscribe('clock', () => {});
    sockets[0]!.open();
    first();
    expect(sockets[0]!.sent).toEqual([{ op: 'subscribe', topic: 'clock' }]);
    second();
    second();
    expect(sockets[0]!.sent).toEqual([
      { op: 'subscribe', topic: 'clock' },
      { op: 'unsubscribe', topic: 'clock' },
    ]);
  });

  it('reconnects with growing, capped waits and subscribes again', () => {
    const { client, sockets, timers } = setup();
    const statuses: string[] = [];
    client.onStatus((status) => statuses.push(status));
    client.subscribe('clock', () => {});
    for (let drop = 0; drop < 6; drop += 1) {
      sockets.at(-1)!.drop();
      timers.at(-1)!.callback();
    }
    expect(timers.map((timer) => timer.ms)).toEqual([100, 200, 400, 800, 1000, 1000]);
    sockets.at(-1)!.open();
    expect(sockets.at(-1)!.sent).toEqual([{ op: 'subscribe', topic: 'clock' }]);
    expect(statuses).toEqual(['idle', 'connecting', 'reconnecting', 'open']);
    sockets.at(-1)!.drop();
    expect(timers.at(-1)!.ms).toBe(100);
  });

  it('stops for good on close()', () => {
    const { client, sockets, timers } = setup();
    client.subscribe('clock', () => {});
    sockets[0]!.open();
    client.close();
    expect(client.status()).toBe('closed');
    expect(timers).toHaveLength(0);
  });
});

describe('reconnect delay and url', () => {
  it('jitters ±25 % around the capped doubling', () => {
    const backoff = { initialMs: 500, maxMs: 15_000 };
    expect(reconnectDelayMs(0, backoff, 0)).toBe(375);
    expect(reconnectDelayMs(0, backoff, 1)).toBe(625);
    expect(reconnectDelayMs(10, backoff, 0.5)).toBe(15_000);
    expect(reconnectDelayMs(1000, backoff, 0.5)).toBe(15_000);
  });

  it('uses wss behind https', () => {
    expect(realtimeUrl({ protocol: 'https:', host: 'parlay.example' })).toBe('wss://parlay.example/ws');
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/ws');
  });
});
