/**
 * QR login: a guest desktop's code approved by a signed-in phone starts the desktop's session once;
 * late (60 s by the clock), used, unknown and forged codes answer their stable codes; parallel polls
 * open one session only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { TestClient } from '../../testing/test-client.ts';

const BASE = '/web-api/auth/v1/qr-login';
const clock = new ManualClock(Date.UTC(2026, 10, 20, 12, 0, 0));
let t: TestApp;
let ip = 10;

async function phone() {
  ip += 1;
  const client = new TestClient(t.app, `10.17.0.${ip}`);
  expect(
    (await client.post('/web-api/auth/v1/registration/fast', { countryId: 1, currency: 'RUB' })).statusCode,
  ).toBe(200);
  const userId = (await client.get('/web-api/user/config')).json().result.user_id as number;
  return { client, userId };
}

async function desktop() {
  ip += 1;
  const client = new TestClient(t.app, `10.17.1.${ip}`);
  const res = await client.post(BASE);
  expect(res.statusCode).toBe(200);
  const { code, pollToken, ttlSeconds } = res.json();
  expect(ttlSeconds).toBe(60);
  return { client, code: code as string, pollToken: pollToken as string };
}

const signedInUser = async (client: TestClient) =>
  (await client.get('/web-api/user/config')).json().result?.user_id;

beforeAll(async () => {
  t = await createTestApp({ roles: 'api', clock });
});
afterAll(async () => {
  await t?.close();
});

describe('QR login', () => {
  it('an approved code signs the desktop in as the phone user, once', async () => {
    const { client: phoneClient, userId } = await phone();
    const d = await desktop();
    const waiting = await d.client.post(`${BASE}/poll`, { code: d.code, pollToken: d.pollToken });
    expect(waiting.json()).toMatchObject({ state: 'waiting' });
    expect(d.client.token).toBeNull();
    expect((await phoneClient.post(`${BASE}/approve`, { code: d.code })).json()).toEqual({ ok: true });
    const again = await phoneClient.post(`${BASE}/approve`, { code: d.code });
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'QR_LOGIN_USED']);
    const done = await d.client.post(`${BASE}/poll`, { code: d.code, pollToken: d.pollToken });
    expect(done.json()).toEqual({ state: 'signed_in', userId });
    expect(await signedInUser(d.client)).toBe(userId);
    const replay = await new TestClient(t.app, '10.17.9.1').post(`${BASE}/poll`, {
      code: d.code,
      pollToken: d.pollToken,
    });
    expect([replay.statusCode, replay.json().error.code]).toEqual([409, 'QR_LOGIN_USED']);
  });

  it('expires after 60 seconds by the clock', async () => {
    const { client: phoneClient } = await phone();
    const d = await desktop();
    clock.advance(60_000);
    const late = await phoneClient.post(`${BASE}/approve`, { code: d.code });
    expect([late.statusCode, late.json().error.code]).toEqual([410, 'QR_LOGIN_EXPIRED']);
    const poll = await d.client.post(`${BASE}/poll`, { code: d.code, pollToken: d.pollToken });
    expect([poll.statusCode, poll.json().error.code]).toEqual([410, 'QR_LOGIN_EXPIRED']);
    // Approved in time but collected late: expired too.
    const e = await desktop();
    expect((await phoneClient.post(`${BASE}/approve`, { code: e.code })).statusCode).toBe(200);
    clock.advance(60_001);
    expect((await e.client.post(`${BASE}/poll`, { code: e.code, pollToken: e.pollToken })).statusCode).toBe(
      410,
    );
    expect(e.client.token).toBeNull();
  });

  it('parallel polls of an approved code open one session', async () => {
    const { client: phoneClient, userId } = await phone();
    const d = await desktop();
    await phoneClient.post(`${BASE}/approve`, { code: d.code });
    const polls = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        new TestClient(t.app, `10.17.2.${i + 1}`).post(`${BASE}/poll`, {
          code: d.code,
          pollToken: d.pollToken,
        }),
      ),
    );
    const statuses = polls.map((p) => p.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    expect(polls.find((p) => p.statusCode === 200)!.json()).toEqual({ state: 'signed_in', userId });
  });

  it('answers bad input with stable 4xx codes', async () => {
    const { client: phoneClient } = await phone();
    const d = await desktop();
    const guest = new TestClient(t.app, '10.17.3.1');
    const cases: [string, TestClient, string, unknown, number, string][] = [
      ['guest approves', guest, 'approve', { code: d.code }, 401, 'NOT_AUTHENTICATED'],
      ['unknown code', phoneClient, 'approve', { code: 'A'.repeat(22) }, 404, 'QR_LOGIN_NOT_FOUND'],
      ['malformed code', phoneClient, 'approve', { code: 'short' }, 400, 'VALIDATION_FAILED'],
      [
        'forged poll token',
        guest,
        'poll',
        { code: d.code, pollToken: 'B'.repeat(43) },
        404,
        'QR_LOGIN_NOT_FOUND',
      ],
      [
        'unknown poll',
        guest,
        'poll',
        { code: 'C'.repeat(22), pollToken: d.pollToken },
        404,
        'QR_LOGIN_NOT_FOUND',
      ],
      ['missing token', guest, 'poll', { code: d.code }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [name, client, path, body, status, code] of cases) {
      const res = await client.post(`${BASE}/${path}`, body);
      expect([name, res.statusCode, res.json().error?.code]).toEqual([name, status, code]);
    }
    // The code is untouched by the refusals.
    expect((await phoneClient.post(`${BASE}/approve`, { code: d.code })).statusCode).toBe(200);
  });
});
