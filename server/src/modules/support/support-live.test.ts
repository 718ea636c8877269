/**
 * Support over /ws: an operator's answer given through the CLI function reaches the player's open
 * socket on user:<id> once the workers' announcer runs; a failed publish is retried by the next run
 * (at least once) and an announced change is not sent again.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { EventBus } from '../../platform/bus.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { TestClient } from '../../testing/test-client.ts';
import { createSupportService, runSupportCommand, type SupportService, supportStorageAt } from './index.ts';

let t: TestApp;
let dataDir: string;
let url: string;
let support: SupportService;

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'parlay-support-live-'));
  t = await createTestApp({ roles: 'api,realtime', env: { DATA_DIR: dataDir } });
  url = `${(await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws`;
  support = createSupportService(
    { db: t.deps.db.db, clock: t.deps.clock, bus: t.deps.bus },
    supportStorageAt(dataDir),
  );
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('support over /ws', () => {
  it("delivers the operator's answer to the player's socket, at least once", async () => {
    const player = new TestClient(t.app, '10.20.0.1');
    const { userId } = (
      await player.post('/web-api/auth/v1/registration/fast', { countryId: 1, currency: 'RUB' })
    ).json();
    const opened = await player.post('/web-api/support/v1/requests', {
      topic: 'bets',
      subject: 'Bet not settled',
      text: 'Coupon 42',
    });
    const requestId = opened.json().request.id as string;

    const socket = new WebSocket(url, { headers: { cookie: `user_token=${player.token}` } });
    const frames: { op: string; topic?: string; data?: unknown }[] = [];
    socket.on('message', (d) => frames.push(JSON.parse(d.toString())));
    await new Promise((r) => socket.once('open', r));
    socket.send(JSON.stringify({ op: 'subscribe', topic: `user:${userId}` }));
    await until(() => frames.some((f) => f.op === 'subscribed'), 'the subscription');

    // A bus that fails once: the first announcement run publishes nothing and records nothing.
    let failures = 1;
    const flaky: EventBus = {
      publish: async (topic, message) => {
        if (failures-- > 0) throw new Error('bus down');
        await t.deps.bus.publish(topic, message);
      },
      subscribe: (topic, handler) => t.deps.bus.subscribe(topic, handler),
      close: async () => {},
    };
    const announcer = createSupportService(
      { db: t.deps.db.db, clock: t.deps.clock, bus: flaky },
      supportStorageAt(dataDir),
    );
    const out = { log: () => {}, error: () => {} };
    expect(await runSupportCommand(support, ['answer', requestId, 'Settled now'], out)).toBe(0);
    await expect(announcer.announce()).rejects.toThrow('bus down');
    expect(await announcer.announce()).toBe(1);
    const expected = { type: 'support', requestId, status: 'answered' };
    await until(
      () => frames.some((f) => f.op === 'message' && JSON.stringify(f.data) === JSON.stringify(expected)),
      'the answer on the socket',
    );
    expect(await announcer.announce()).toBe(0);
    socket.close();
  });
});
