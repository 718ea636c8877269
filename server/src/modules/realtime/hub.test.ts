import { describe, expect, it } from 'vitest';
import { InProcessBus } from '../../platform/bus.ts';
import type { PreparedMessage } from './frame.ts';
import {
  CLOSE_TOO_SLOW,
  type HubObserver,
  type HubSocket,
  isDroppable,
  MAX_BUFFERED_BYTES,
  PASS_SLICE,
  RealtimeHub,
  TICK_DROP_BYTES,
} from './hub.ts';

class FakeSocket implements HubSocket {
  readonly received: PreparedMessage[] = [];
  closed: { code: number; reason: string } | null = null;
  bufferedAmount = 0;
  write(message: PreparedMessage): void {
    this.received.push(message);
  }
  close(code: number, reason: string): void {
    this.closed = { code, reason };
  }
  /** The `data` of each message received, in order. */
  data(): unknown[] {
    return this.received.map((m) => (JSON.parse(m.text) as { data: unknown }).data);
  }
}

function setup(count: number, topic = 'casino:crash', observer: HubObserver = {}) {
  const bus = new InProcessBus({ error: () => {} });
  const hub = new RealtimeHub(bus, observer);
  const sockets = Array.from({ length: count }, () => new FakeSocket());
  for (const socket of sockets) hub.subscribe(socket, topic);
  return { bus, hub, sockets, publish: (message: unknown) => void bus.publish(topic, message) };
}

/** Lets the hub's pending slices (setImmediate) run until `done` holds. */
async function until(done: () => boolean): Promise<void> {
  for (let turns = 0; !done(); turns += 1) {
    if (turns > 1000) throw new Error('the hub did not finish its passes');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const tick = (n: number) => ({ type: 'crash.tick', roundId: '7', multiplierCenti: 100 + n, at: n });
const roundMessage = (status: string) => ({ type: 'crash.round', round: { id: '7', status } });

describe('RealtimeHub', () => {
  it('serialises and frames a message once: every socket is handed the same bytes, within the publish', () => {
    const { sockets, publish } = setup(3);
    publish({ type: 'crash.bet', bet: { id: '1' } });
    const first = sockets[0]!.received[0]!;
    expect(first.text).toBe(
      '{"op":"message","topic":"casino:crash","data":{"type":"crash.bet","bet":{"id":"1"}}}',
    );
    // An unmasked text frame, final: 0x81, the payload length, the payload.
    const payload = Buffer.from(first.text);
    expect(first.frame[0]).toBe(0x81);
    expect(first.frame[1]).toBe(payload.length);
    expect(first.frame.subarray(2).equals(payload)).toBe(true);
    for (const socket of sockets) expect(socket.received).toEqual([first]);
    for (const socket of sockets) expect(socket.received[0]).toBe(first);
  });

  it('writes a topic larger than a slice over several event-loop turns, every message to every socket in order', async () => {
    const count = PASS_SLICE * 2 + 10;
    const { sockets, publish } = setup(count);
    publish(roundMessage('betting'));
    publish(roundMessage('running'));
    // Only the first slice went out within the publish: the event loop is free in between.
    expect(sockets.filter((s) => s.received.length > 0).length).toBe(PASS_SLICE);
    await until(() => sockets.every((s) => s.received.length === 2));
    for (const socket of sockets)
      expect(socket.data()).toEqual([roundMessage('betting'), roundMessage('running')]);
  });

  it('coalesces ticks: sockets a tick pass has not reached get the newest tick, never an older one after a newer message', async () => {
    const count = PASS_SLICE * 3;
    const { sockets, publish } = setup(count);
    publish(tick(1));
    publish(tick(2));
    publish(tick(3));
    publish(roundMessage('crashed'));
    publish(tick(4));
    publish(tick(5));
    await until(() =>
      sockets.every((s) => s.data().some((d) => (d as { type: string }).type === 'crash.round')),
    );
    await until(() =>
      sockets.every((s) => (s.data().at(-1) as { multiplierCenti?: number }).multiplierCenti === 105),
    );
    // The first slice got tick 1 within its publish; the others got the newest tick when reached.
    expect(sockets[0]!.data()).toEqual([tick(1), roundMessage('crashed'), tick(5)]);
    expect(sockets[count - 1]!.data()).toEqual([tick(3), roundMessage('crashed'), tick(5)]);
    for (const socket of sockets) {
      const data = socket.data() as { type: string; multiplierCenti?: number }[];
      // One tick before the round message, one after it, the round message once: nothing queued up.
      expect(data.map((d) => d.type)).toEqual(['crash.tick', 'crash.round', 'crash.tick']);
      expect(data[2]!.multiplierCenti).toBe(105);
    }
  });

  it('lets a socket behind skip ticks but never other messages, and closes it when too far behind', () => {
    const { sockets, publish } = setup(3);
    const [behind, farBehind, current] = sockets as [FakeSocket, FakeSocket, FakeSocket];
    behind.bufferedAmount = TICK_DROP_BYTES + 1;
    farBehind.bufferedAmount = MAX_BUFFERED_BYTES + 1;
    publish(tick(1));
    expect(behind.received).toEqual([]);
    expect(farBehind.received).toEqual([]);
    expect(current.data()).toEqual([tick(1)]);
    publish(roundMessage('crashed'));
    expect(behind.data()).toEqual([roundMessage('crashed')]);
    expect(farBehind.received).toEqual([]);
    expect(farBehind.closed).toEqual({ code: CLOSE_TOO_SLOW, reason: 'too slow' });
    // Caught up: the next tick arrives (the latest one; the skipped one is not sent late).
    behind.bufferedAmount = 0;
    publish(tick(2));
    expect(behind.data()).toEqual([roundMessage('crashed'), tick(2)]);
  });

  it('drops a topic with its pending passes when its last socket leaves', async () => {
    const { bus, hub, sockets, publish } = setup(PASS_SLICE + 5);
    publish(roundMessage('betting'));
    for (const socket of sockets) hub.unsubscribe(socket, 'casino:crash');
    expect(hub.subscriberCount('casino:crash')).toBe(0);
    expect(bus.topicCount()).toBe(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(sockets.filter((s) => s.received.length > 0).length).toBe(PASS_SLICE);
  });

  it('tells each finished pass once, with its duration and the sockets it covered, and the writes per slice', async () => {
    const passes: { ms: number; sockets: number; droppable: boolean }[] = [];
    const sent: number[] = [];
    const { sockets, publish } = setup(2 * PASS_SLICE + 1, 'casino:crash', {
      onPass: (ms, count, droppable) => passes.push({ ms, sockets: count, droppable }),
      onSent: (count) => sent.push(count),
    });
    publish(roundMessage('running'));
    // Two ticks while the first pass is under way: they coalesce into one more pass.
    publish(tick(1));
    publish(tick(2));
    expect(passes).toEqual([]);
    await until(() => passes.length === 2);
    expect(passes.map((p) => p.sockets)).toEqual([2 * PASS_SLICE + 1, 2 * PASS_SLICE + 1]);
    expect(passes.map((p) => p.droppable)).toEqual([false, true]);
    for (const pass of passes) expect(pass.ms).toBeGreaterThanOrEqual(0);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(2 * sockets.length);
    expect(Math.max(...sent)).toBeLessThanOrEqual(PASS_SLICE);
    expect(sockets.at(-1)!.data()).toEqual([roundMessage('running'), tick(2)]);
  });

  it('names latest-value messages by a type ending in .tick', () => {
    expect(isDroppable(tick(1))).toBe(true);
    expect(isDroppable(roundMessage('running'))).toBe(false);
    expect(isDroppable({ now: '2026-11-22T10:00:00.000Z' })).toBe(false);
    expect(isDroppable('crash.tick')).toBe(false);
    expect(isDroppable(null)).toBe(false);
  });
});
