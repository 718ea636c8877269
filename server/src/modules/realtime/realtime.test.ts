import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

interface Frame {
  op: string;
  topic?: string;
  data?: unknown;
  code?: string;
}

/** A WebSocket client that queues frames so a test can await the next one. */
async function connect(url: string) {
  const socket = new WebSocket(url);
  const frames: Frame[] = [];
  const waiters: ((f: Frame) => void)[] = [];
  socket.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as Frame;
    const waiter = waiters.shift();
    if (waiter) waiter(frame);
    else frames.push(frame);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    socket,
    send: (frame: unknown) => socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    next: () =>
      new Promise<Frame>((resolve, reject) => {
        const queued = frames.shift();
        if (queued) return resolve(queued);
        const timer = setTimeout(() => reject(new Error('no frame within 3 s')), 3000);
        waiters.push((f) => {
          clearTimeout(timer);
          resolve(f);
        });
      }),
  };
}

describe('/ws', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp({ roles: 'api,realtime' });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `${address.replace('http', 'ws')}/ws`;
  });
  afterAll(async () => {
    await t.close();
  });

  it('delivers a message published on the bus to a subscribed socket, and only then', async () => {
    const client = await connect(url);
    const other = await connect(url);
    client.send({ op: 'subscribe', topic: 'game:42' });
    expect(await client.next()).toEqual({ op: 'subscribed', topic: 'game:42' });
    other.send({ op: 'subscribe', topic: 'game:43' });
    expect(await other.next()).toEqual({ op: 'subscribed', topic: 'game:43' });

    await t.deps.bus.publish('game:42', { score: '1:0' });
    expect(await client.next()).toEqual({ op: 'message', topic: 'game:42', data: { score: '1:0' } });

    client.send({ op: 'unsubscribe', topic: 'game:42' });
    expect(await client.next()).toEqual({ op: 'unsubscribed', topic: 'game:42' });
    await t.deps.bus.publish('game:42', { score: '2:0' });
    client.send({ op: 'ping' });
    expect(await client.next()).toEqual({ op: 'pong' });
    await expect(other.next()).rejects.toThrow('no frame');
    client.socket.close();
    other.socket.close();
  });

  it('serialises once and fans out the same message to every subscriber', async () => {
    const clients = await Promise.all(Array.from({ length: 5 }, () => connect(url)));
    for (const c of clients) c.send({ op: 'subscribe', topic: 'clock' });
    for (const c of clients) expect((await c.next()).op).toBe('subscribed');
    await t.deps.bus.publish('clock', { now: '2026-11-22T10:00:00.000Z' });
    for (const c of clients) {
      expect(await c.next()).toEqual({
        op: 'message',
        topic: 'clock',
        data: { now: '2026-11-22T10:00:00.000Z' },
      });
      c.socket.close();
    }
  });

  it('delivers messages of every frame length (7-bit, 16-bit, 64-bit) as text, in publish order', async () => {
    const client = await connect(url);
    client.send({ op: 'subscribe', topic: 'game:44' });
    expect(await client.next()).toEqual({ op: 'subscribed', topic: 'game:44' });
    const payloads = [{ n: 1 }, { text: 'é'.repeat(200) }, { text: 'x'.repeat(70_000) }, { n: 2 }];
    for (const data of payloads) await t.deps.bus.publish('game:44', data);
    for (const data of payloads)
      expect(await client.next()).toEqual({ op: 'message', topic: 'game:44', data });
    client.socket.close();
  });

  it('answers bad frames, bad topics and private topics with error codes and stays open', async () => {
    const client = await connect(url);
    client.send('{not json');
    expect((await client.next()).code).toBe('WS_BAD_FRAME');
    client.send({ op: 'subscribe', topic: 'Bad Topic!' });
    expect((await client.next()).code).toBe('WS_BAD_TOPIC');
    client.send({ op: 'subscribe', topic: 'user:1' });
    expect((await client.next()).code).toBe('WS_FORBIDDEN_TOPIC');
    client.send({ op: 'ping' });
    expect(await client.next()).toEqual({ op: 'pong' });
    client.socket.close();
  });

  it("opens a player's own user topic to their session only", async () => {
    const { TestClient } = await import('../../testing/test-client.ts');
    const player = new TestClient(t.app, '10.1.1.1');
    const registered = await player.post('/web-api/auth/v1/registration/fast', {
      countryId: 1,
      currency: 'USD',
    });
    const { userId } = registered.json();
    const socket = new WebSocket(url, { headers: { cookie: `user_token=${player.token}` } });
    const frames: Frame[] = [];
    socket.on('message', (d) => frames.push(JSON.parse(d.toString())));
    await new Promise((r) => socket.once('open', r));
    socket.send(JSON.stringify({ op: 'subscribe', topic: `user:${userId}` }));
    socket.send(JSON.stringify({ op: 'subscribe', topic: `user:${userId + 1}` }));
    await new Promise((r) => setTimeout(r, 300));
    await t.deps.bus.publish(`user:${userId}`, { type: 'balance' });
    await new Promise((r) => setTimeout(r, 200));
    expect(frames).toContainEqual({ op: 'subscribed', topic: `user:${userId}` });
    expect(frames.find((f) => f.code === 'WS_FORBIDDEN_TOPIC')).toBeDefined();
    expect(frames).toContainEqual({ op: 'message', topic: `user:${userId}`, data: { type: 'balance' } });
    socket.close();
  });

  it('releases bus subscriptions when sockets close', async () => {
    const client = await connect(url);
    client.send({ op: 'subscribe', topic: 'sport:1' });
    await client.next();
    const bus = t.deps.bus as unknown as { topicCount(): number };
    const before = bus.topicCount();
    client.socket.close();
    await new Promise((r) => setTimeout(r, 100));
    expect(bus.topicCount()).toBe(before - 1);
  });
});
