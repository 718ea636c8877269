/**
 * Catch-up of private events across realtime processes (issue 25, docs/scale-out.md): two apps with
 * the realtime role over one database and one cross-process bus (as two processes on Redis or NATS),
 * each publishing through the private event log. A player's socket on the first sees messages with
 * offsets, goes away, messages are published meanwhile, and a socket on the second that subscribes
 * with `since` gets exactly the missed ones, in order, before the live ones.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../app.ts';
import { InProcessBus } from '../../platform/bus.ts';
import { systemClock } from '../../platform/clock.ts';
import { createMetrics } from '../../platform/metrics.ts';
import type { ModuleDeps } from '../../platform/module.ts';
import { PrivateLogBus, prunePrivateLog, readPrivateLog } from '../../platform/private-log.ts';
import { createTestDatabase, type TestDatabase, testConfig } from '../../testing/test-app.ts';
import { TestClient } from '../../testing/test-client.ts';

interface Frame {
  op: string;
  topic?: string;
  data?: { type?: string; n?: number; offset?: number };
  replayed?: number;
  code?: string;
}

/** A socket that collects frames; `until` waits for a frame count (bounded, on state). */
async function open(url: string, cookie: string) {
  const socket = new WebSocket(url, { headers: { cookie } });
  const frames: Frame[] = [];
  socket.on('message', (d) => frames.push(JSON.parse(d.toString()) as Frame));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    socket,
    frames,
    send: (frame: unknown) => socket.send(JSON.stringify(frame)),
    async until(test: (frames: Frame[]) => boolean): Promise<Frame[]> {
      const deadline = Date.now() + 10_000;
      while (!test(frames)) {
        if (Date.now() > deadline) throw new Error(`frames: ${JSON.stringify(frames)}`);
        await new Promise((r) => setTimeout(r, 10));
      }
      return frames;
    },
  };
}

describe('private events: a socket reconnecting to another realtime process catches up', () => {
  let database: TestDatabase;
  const cluster = new InProcessBus({ error: () => {} });
  const apps: { app: FastifyInstance; deps: ModuleDeps; url: string }[] = [];
  let cookie = '';
  let topic = '';

  beforeAll(async () => {
    database = await createTestDatabase({ migrated: true });
    for (let i = 0; i < 2; i += 1) {
      // Each process has its own bus client on the shared bus (a close ends only its own).
      const deps: ModuleDeps = {
        config: testConfig({ PARLAY_ROLES: 'api,realtime' }),
        db: database.handle,
        bus: new PrivateLogBus(
          {
            publish: (t, m) => cluster.publish(t, m),
            subscribe: (t, h) => cluster.subscribe(t, h),
            close: async () => {},
          },
          database.handle.db,
        ),
        clock: systemClock,
        metrics: createMetrics({ collectDefaults: false }),
      };
      const app = await buildApp(deps);
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      apps.push({ app, deps, url: `${address.replace('http', 'ws')}/ws` });
    }
    const player = new TestClient(apps[0]!.app, '10.9.9.9');
    const { userId } = (
      await player.post('/web-api/auth/v1/registration/fast', { countryId: 1, currency: 'USD' })
    ).json();
    cookie = `user_token=${player.token}`;
    topic = `user:${userId}`;
  });

  afterAll(async () => {
    for (const { app } of apps) await app.close();
    await database.drop();
  });

  const publish = (process: number, n: number) =>
    apps[process]!.deps.bus.publish(topic, { type: 'balance', n });

  it('replays what was published while away, in order, then the live messages, each once', async () => {
    const first = await open(apps[0]!.url, cookie);
    first.send({ op: 'subscribe', topic });
    await first.until((f) => f.some((x) => x.op === 'subscribed'));
    await publish(1, 1);
    const [seen] = (await first.until((f) => f.some((x) => x.op === 'message'))).filter(
      (x) => x.op === 'message',
    );
    expect(seen!.data).toMatchObject({ type: 'balance', n: 1 });
    const last = seen!.data!.offset!;
    expect(Number.isSafeInteger(last)).toBe(true);
    first.socket.close();

    // Published while the player is away, by either process.
    await publish(0, 2);
    await publish(1, 3);
    await publish(0, 4);

    const second = await open(apps[1]!.url, cookie);
    second.send({ op: 'subscribe', topic, since: last });
    await second.until((f) => f.some((x) => x.op === 'subscribed'));
    await publish(0, 5);
    const frames = await second.until((f) => f.filter((x) => x.op === 'message').length >= 4);
    const messages = frames.filter((x) => x.op === 'message').map((x) => x.data!);
    expect(messages.map((m) => m.n)).toEqual([2, 3, 4, 5]);
    const offsets = messages.map((m) => m.offset!);
    expect([...offsets].sort((a, b) => a - b)).toEqual(offsets);
    expect(offsets[0]).toBeGreaterThan(last);
    expect(frames.find((x) => x.op === 'subscribed')).toEqual({ op: 'subscribed', topic, replayed: 3 });
    second.socket.close();
  });

  it('keeps another player’s log to them, and refuses a bad offset', async () => {
    const socket = await open(apps[1]!.url, cookie);
    socket.send({ op: 'subscribe', topic: 'user:999999', since: 0 });
    socket.send({ op: 'subscribe', topic, since: -1 });
    const frames = await socket.until((f) => f.length >= 2);
    expect(frames.map((f) => f.code).sort()).toEqual(['WS_BAD_FRAME', 'WS_FORBIDDEN_TOPIC']);
    socket.socket.close();
  });

  it('subscribes a public topic with since as before (no replay)', async () => {
    const socket = await open(apps[0]!.url, cookie);
    socket.send({ op: 'subscribe', topic: 'clock', since: 5 });
    expect((await socket.until((f) => f.length >= 1))[0]).toEqual({ op: 'subscribed', topic: 'clock' });
    socket.socket.close();
  });

  it('prunes rows past the retention and keeps the rest', async () => {
    const before = await readPrivateLog(database.handle.db, topic, 0);
    expect(before.length).toBeGreaterThanOrEqual(5);
    expect(await prunePrivateLog(database.handle.db, new Date())).toBe(0);
    const dayLater = new Date(Date.now() + 25 * 3_600_000);
    expect(await prunePrivateLog(database.handle.db, dayLater)).toBeGreaterThanOrEqual(5);
    expect(await readPrivateLog(database.handle.db, topic, 0)).toEqual([]);
  });
});
