import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ManualClock } from '../../platform/clock.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { TestClient } from '../../testing/test-client.ts';
import { createOperator } from './operators.ts';
import { totpCode } from './totp.ts';

const clock = new ManualClock(new Date('2026-11-27T10:00:00Z'));
let t: TestApp;
let ws: string;

beforeAll(async () => {
  t = await createTestApp({ roles: 'api,realtime', clock });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  ws = `${address.replace('http', 'ws')}/ws`;
});
afterAll(async () => {
  await t.close();
});

async function ticketOf(login: string): Promise<string> {
  const c = await createOperator(
    t.deps.db.db,
    clock,
    { operatorId: null, login: 'cli', ip: 'cli' },
    { login, role: 'trader' },
  );
  clock.advance(30_000);
  const first = await t.app.inject({
    method: 'POST',
    url: '/backoffice-api/v1/sign-in',
    payload: { login, password: c.password },
  });
  const cookie = `parlay_backoffice=${first.cookies.find((x) => x.name === 'parlay_backoffice')!.value}`;
  const code = totpCode(c.totpSecret, clock.nowMs());
  await t.app.inject({
    method: 'POST',
    url: '/backoffice-api/v1/sign-in/code',
    headers: { cookie },
    payload: { code },
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/backoffice-api/v1/trading/live-ticket',
    headers: { cookie },
  });
  expect(res.json()).toMatchObject({ topic: 'operator:bets' });
  return res.json().ticket;
}

/** Opens a socket, subscribes to operator:bets and answers the first frame about it. */
async function subscribe(url: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(url, { headers });
  const frames: { op: string; code?: string; topic?: string; data?: unknown }[] = [];
  socket.on('message', (d) => frames.push(JSON.parse(d.toString())));
  await new Promise((resolve) => socket.once('open', resolve));
  socket.send(JSON.stringify({ op: 'subscribe', topic: 'operator:bets' }));
  await expect.poll(() => frames.length).toBeGreaterThan(0);
  return { socket, frames };
}

describe("operators' /ws topics", () => {
  it('admit a socket with a back-office ticket and refuse players, strangers and stale tickets', async () => {
    const ticket = await ticketOf('live-trader');
    const operator = await subscribe(`${ws}?operator=${ticket}`);
    expect(operator.frames[0]).toEqual({ op: 'subscribed', topic: 'operator:bets' });
    await t.deps.bus.publish('operator:bets', { type: 'bet', betId: '1', status: 'accepted' });
    await expect
      .poll(() => operator.frames.find((f) => f.op === 'message'))
      .toEqual({
        op: 'message',
        topic: 'operator:bets',
        data: { type: 'bet', betId: '1', status: 'accepted' },
      });
    operator.socket.close();

    const player = new TestClient(t.app, '10.9.9.9');
    await player.post('/web-api/auth/v1/registration/fast', { countryId: 1, currency: 'USD' });
    const asPlayer = await subscribe(ws, { cookie: `user_token=${player.token}` });
    const guessed = await subscribe(`${ws}?operator=${'x'.repeat(32)}`);
    clock.advance(61_000);
    const stale = await subscribe(`${ws}?operator=${ticket}`);
    for (const s of [asPlayer, guessed, stale]) {
      expect(s.frames[0]).toMatchObject({ op: 'error', code: 'WS_FORBIDDEN_TOPIC' });
      s.socket.close();
    }
  });
});
