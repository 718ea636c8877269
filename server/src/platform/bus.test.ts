import { randomBytes } from 'node:crypto';
import { createConnection } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type EventBus, InProcessBus, isValidTopic } from './bus.ts';
import { createBus } from './bus-factory.ts';

const silent = { error: () => {} };

function reachable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const waitFor = async (check: () => boolean, ms = 3000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('in-process bus', () => {
  it('delivers to the subscribers of the exact topic only, until they unsubscribe', async () => {
    const bus = new InProcessBus(silent);
    const got: unknown[] = [];
    const off = bus.subscribe('game:1', (m) => got.push(m));
    bus.subscribe('game:2', () => got.push('wrong'));
    await bus.publish('game:1', { a: 1 });
    off();
    await bus.publish('game:1', { a: 2 });
    expect(got).toEqual([{ a: 1 }]);
  });

  it('isolates a failing handler from the others', async () => {
    const errors: unknown[] = [];
    const bus = new InProcessBus({ error: (d) => errors.push(d) });
    const got: unknown[] = [];
    bus.subscribe('t', () => {
      throw new Error('handler bug');
    });
    bus.subscribe('t', (m) => got.push(m));
    await bus.publish('t', 1);
    expect(got).toEqual([1]);
    expect(errors).toHaveLength(1);
  });

  it.each([
    ['clock', true],
    ['game:123', true],
    ['sport:1:live', true],
    ['', false],
    ['Game:1', false],
    ['game 1', false],
    ['x'.repeat(201), false],
  ])('topic %j valid: %s', (topic, valid) => {
    expect(isValidTopic(topic)).toBe(valid);
  });
});

const adapters = [
  ['redis', 'redis://127.0.0.1:6379', 6379],
  ['nats', 'nats://127.0.0.1:4222', 4222],
] as const;

describe.each(adapters)('%s bus across processes', (_name, url, port) => {
  const opened: EventBus[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((b) => b.close()));
  });

  it('delivers a message published by one process once to subscribers of every process', async () => {
    if (!(await reachable(port))) throw new Error(`${url} is not reachable; start it (see README)`);
    const a = await createBus(url);
    const b = await createBus(url);
    opened.push(a, b);
    const topic = `test:${randomBytes(6).toString('hex')}`;
    const gotA: unknown[] = [];
    const gotB: unknown[] = [];
    a.subscribe(topic, (m) => gotA.push(m));
    b.subscribe(topic, (m) => gotB.push(m));
    await new Promise((r) => setTimeout(r, 150));
    await a.publish(topic, { n: 1 });
    await waitFor(() => gotA.length === 1 && gotB.length === 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(gotA).toEqual([{ n: 1 }]);
    expect(gotB).toEqual([{ n: 1 }]);
  });
});
