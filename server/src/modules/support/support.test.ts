/**
 * Support requests: open, write, operator answer (CLI function) and close, rating, attachments with
 * their limits, the per-player rate limit (also under parallel sends), replays, other players'
 * requests, and the announcement on the player's private topic user:<id>.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { TestClient } from '../../testing/test-client.ts';
import {
  createSupportService,
  runSupportCommand,
  SUPPORT_APPEAL_TOPIC,
  SUPPORT_ATTACHMENT_MAX_BYTES,
  SUPPORT_RATE_MAX,
  type SupportService,
  supportStorageAt,
} from './index.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const BASE = '/web-api/support/v1';
const clock = new ManualClock(Date.UTC(2026, 10, 20, 12, 0, 0));
let t: TestApp;
let dataDir: string;
let support: SupportService;
let ip = 10;

async function player() {
  ip += 1;
  const client = new TestClient(t.app, `10.16.0.${ip}`);
  expect(
    (await client.post('/web-api/auth/v1/registration/fast', { countryId: 1, currency: 'RUB' })).statusCode,
  ).toBe(200);
  const userId = String((await client.get('/web-api/user/config')).json().result.user_id);
  return { client, userId };
}

function cli(args: string[]) {
  const lines: string[] = [];
  const out = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(l) };
  return runSupportCommand(support, args, out).then((code) => ({ code, text: lines.join('\n') }));
}

async function open(client: TestClient, extra: Record<string, unknown> = {}) {
  const res = await client.post(`${BASE}/requests`, {
    topic: 'deposit',
    subject: 'My deposit',
    text: 'It has not arrived',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().request as { id: string; status: string; messages: { text: string }[] };
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'parlay-support-'));
  t = await createTestApp({ roles: 'api', env: { DATA_DIR: dataDir }, clock });
  support = createSupportService({ db: t.deps.db.db, clock, bus: t.deps.bus }, supportStorageAt(dataDir));
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('support requests', () => {
  it('opens a request, the operator answers and closes it through the CLI, the player rates it once', async () => {
    const { client, userId } = await player();
    const heard: unknown[] = [];
    const stop = t.deps.bus.subscribe(`user:${userId}`, (m) => heard.push(m));
    const request = await open(client);
    expect(request.status).toBe('open');
    expect(request.messages.map((m) => m.text)).toEqual(['It has not arrived']);
    expect(request).not.toHaveProperty('userId');
    expect(heard).toEqual([{ type: 'support', requestId: request.id, status: 'open' }]);

    expect((await cli(['list'])).text).toContain(`#${request.id}\tuser ${userId}\topen\tdeposit`);
    expect(await cli(['answer', request.id, 'We', 'are', 'checking'])).toEqual({
      code: 0,
      text: `answered #${request.id}`,
    });
    // The answer is announced by the workers role's announcer (the CLI is another process).
    expect(await support.announce()).toBe(1);
    expect(heard.at(-1)).toEqual({ type: 'support', requestId: request.id, status: 'answered' });
    expect(await support.announce()).toBe(0);

    const thread = (await client.get(`${BASE}/requests/${request.id}`)).json().request;
    expect(thread.status).toBe('answered');
    expect(thread.messages.map((m: { author: string; text: string }) => [m.author, m.text])).toEqual([
      ['player', 'It has not arrived'],
      ['operator', 'We are checking'],
    ]);
    // Rating before the close is refused.
    expect(
      (await client.post(`${BASE}/requests/${request.id}/rating`, { rating: 5 })).json().error.code,
    ).toBe('SUPPORT_RATING_NOT_ALLOWED');
    expect((await cli(['show', request.id])).text).toContain('operator: We are checking');
    expect((await cli(['close', request.id])).code).toBe(0);
    expect(await support.announce()).toBe(1);
    expect(heard.at(-1)).toEqual({ type: 'support', requestId: request.id, status: 'closed' });
    // Closed: no more messages either side; closing again changes nothing.
    const late = await client.post(`${BASE}/requests/${request.id}/messages`, { text: 'one more' });
    expect([late.statusCode, late.json().error.code]).toEqual([409, 'SUPPORT_REQUEST_CLOSED']);
    expect((await cli(['answer', request.id, 'late'])).text).toContain('SUPPORT_REQUEST_CLOSED');
    expect((await client.post(`${BASE}/requests/${request.id}/close`)).statusCode).toBe(200);
    expect((await client.post(`${BASE}/requests/${request.id}/rating`, { rating: 4 })).statusCode).toBe(200);
    const again = await client.post(`${BASE}/requests/${request.id}/rating`, { rating: 1 });
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'SUPPORT_RATING_NOT_ALLOWED']);
    const listed = (await client.get(`${BASE}/requests`)).json().requests;
    expect(listed.map((r: { id: string; rating: number }) => [r.id, r.rating])).toEqual([[request.id, 4]]);
    stop();
  });

  it('the player writing again reopens an answered request', async () => {
    const { client } = await player();
    const request = await open(client);
    await support.answer(BigInt(request.id), 'Which method?');
    clock.advance(1000);
    const res = await client.post(`${BASE}/requests/${request.id}/messages`, { text: 'Card' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatchObject({ author: 'player', text: 'Card', attachment: null });
    expect((await client.get(`${BASE}/requests/${request.id}`)).json().request.status).toBe('open');
  });

  it('keeps attachments through the storage, only for their owner, and refuses large or foreign files', async () => {
    const { client } = await player();
    const request = await open(client, {
      attachment: { name: 'receipt <1>.png', data: PNG.toString('base64') },
    });
    const thread = (await client.get(`${BASE}/requests/${request.id}`)).json().request;
    const attachment = thread.messages[0].attachment;
    expect(attachment).toMatchObject({ name: 'receipt _1_.png', type: 'image/png', size: PNG.length });
    const file = await client.get(attachment.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);
    const other = await player();
    expect((await other.client.get(attachment.url)).json().error.code).toBe('SUPPORT_REQUEST_NOT_FOUND');
    expect((await other.client.get(`${BASE}/requests/${request.id}`)).statusCode).toBe(404);
    expect(
      (await other.client.post(`${BASE}/requests/${request.id}/messages`, { text: 'hi' })).statusCode,
    ).toBe(404);

    const before = (await client.get(`${BASE}/requests/${request.id}`)).json().request.messages.length;
    const cases: [string, unknown, number, string][] = [
      [
        'text file',
        { name: 'a.txt', data: Buffer.from('hello').toString('base64') },
        415,
        'SUPPORT_ATTACHMENT_TYPE',
      ],
      ['not base64', { name: 'a.png', data: '***' }, 415, 'SUPPORT_ATTACHMENT_TYPE'],
      [
        'too large',
        {
          name: 'big.png',
          data: Buffer.concat([PNG, Buffer.alloc(SUPPORT_ATTACHMENT_MAX_BYTES)]).toString('base64'),
        },
        413,
        'SUPPORT_ATTACHMENT_TOO_LARGE',
      ],
    ];
    for (const [name, attachmentBody, status, code] of cases) {
      clock.advance(60_000);
      const res = await client.post(`${BASE}/requests/${request.id}/messages`, {
        text: name,
        attachment: attachmentBody,
      });
      expect([name, res.statusCode, res.json().error?.code]).toEqual([name, status, code]);
    }
    // Nothing was stored by mistake.
    expect((await client.get(`${BASE}/requests/${request.id}`)).json().request.messages.length).toBe(before);
  });

  it('answers bad input with 4xx and stable codes, storing nothing', async () => {
    const { client } = await player();
    clock.advance(60_000);
    const cases: [string, string, unknown, number, string][] = [
      [
        'unknown topic',
        `${BASE}/requests`,
        { topic: 'casinoo', subject: 's', text: 't' },
        400,
        'SUPPORT_TOPIC_UNKNOWN',
      ],
      [
        'empty text',
        `${BASE}/requests`,
        { topic: 'other', subject: 's', text: '   ' },
        400,
        'VALIDATION_FAILED',
      ],
      [
        'blank subject',
        `${BASE}/requests`,
        { topic: 'other', subject: ' ', text: 't' },
        400,
        'VALIDATION_FAILED',
      ],
      [
        'too long',
        `${BASE}/requests`,
        { topic: 'other', subject: 's', text: 'x'.repeat(4001) },
        413,
        'SUPPORT_MESSAGE_TOO_LONG',
      ],
      ['no subject', `${BASE}/requests`, { topic: 'other', text: 't' }, 400, 'VALIDATION_FAILED'],
      [
        'unknown request',
        `${BASE}/requests/999999/messages`,
        { text: 't' },
        404,
        'SUPPORT_REQUEST_NOT_FOUND',
      ],
      ['bad id', `${BASE}/requests/abc/messages`, { text: 't' }, 400, 'VALIDATION_FAILED'],
      ['rating 6', `${BASE}/requests/1/rating`, { rating: 6 }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [name, url, body, status, code] of cases) {
      const res = await client.post(url, body);
      expect([name, res.statusCode, res.json().error?.code]).toEqual([name, status, code]);
    }
    expect((await client.get(`${BASE}/requests`)).json().requests).toEqual([]);
    const guest = new TestClient(t.app, '10.16.1.1');
    expect((await guest.get(`${BASE}/requests`)).statusCode).toBe(401);
    expect((await guest.get(`${BASE}/topics`)).json().topics).toContain('withdrawal');
  });

  it('rate limits messages per player, also when they are sent in parallel (429 with Retry-After)', async () => {
    const { client } = await player();
    clock.advance(60_000);
    const request = await open(client);
    const sends = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        client.post(`${BASE}/requests/${request.id}/messages`, { text: `m${i}` }),
      ),
    );
    const statuses = sends.map((r) => r.statusCode).sort();
    // The request's first message counts: SUPPORT_RATE_MAX − 1 more pass, the rest are refused.
    expect(statuses.filter((s) => s === 200)).toHaveLength(SUPPORT_RATE_MAX - 1);
    const refused = sends.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(8 - (SUPPORT_RATE_MAX - 1));
    expect(refused[0]!.json().error.code).toBe('RATE_LIMITED');
    expect(Number(refused[0]!.headers['retry-after'])).toBe(60);
    const thread = (await client.get(`${BASE}/requests/${request.id}`)).json().request;
    expect(thread.messages).toHaveLength(SUPPORT_RATE_MAX);
    clock.advance(60_000);
    expect((await client.post(`${BASE}/requests/${request.id}/messages`, { text: 'later' })).statusCode).toBe(
      200,
    );
  });

  it('a reply carries an attachment; parallel ratings of a closed request store one', async () => {
    const { client } = await player();
    clock.advance(60_000);
    const request = await open(client);
    const reply = await client.post(`${BASE}/requests/${request.id}/messages`, {
      text: '',
      attachment: { name: 'screen.png', data: `data:image/png;base64,${PNG.toString('base64')}` },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const { attachment } = reply.json().message;
    expect(attachment).toMatchObject({ name: 'screen.png', type: 'image/png' });
    expect((await client.get(attachment.url)).rawPayload.equals(PNG)).toBe(true);
    // An empty text without an attachment is refused.
    expect((await client.post(`${BASE}/requests/${request.id}/messages`, { text: '' })).statusCode).toBe(400);

    await support.close(BigInt(request.id), null);
    const ratings = await Promise.all(
      [1, 2, 3, 4, 5].map((rating) => client.post(`${BASE}/requests/${request.id}/rating`, { rating })),
    );
    expect(ratings.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const stored = (await client.get(`${BASE}/requests/${request.id}`)).json().request.rating;
    const winner = ratings.findIndex((r) => r.statusCode === 200) + 1;
    expect(stored).toBe(winner);
  });

  it('the CLI refuses bad arguments and unknown requests', async () => {
    expect((await cli(['answer', 'x', 'hi'])).code).toBe(1);
    expect((await cli(['answer', '1'])).code).toBe(1);
    expect(await cli(['close', '999999'])).toEqual({
      code: 1,
      text: 'SUPPORT_REQUEST_NOT_FOUND: No such support request',
    });
    expect((await cli(['frobnicate', '1'])).text).toContain('usage:');
  });
});

describe('ban appeals (topic ban_appeal)', () => {
  it('files an appeal, lists the appeals alone with their answers, and keeps the topic out of the form', async () => {
    const { client } = await player();
    const topics = (await client.get(`${BASE}/topics`)).json().topics as string[];
    expect(topics).not.toContain(SUPPORT_APPEAL_TOPIC);
    await open(client);
    const appeal = await open(client, {
      topic: 'ban_appeal',
      subject: 'Ban appeal',
      text: 'I was banned by mistake',
    });
    expect((await cli(['answer', appeal.id, 'We', 'will', 'review', 'it'])).code).toBe(0);
    const appeals = (await client.get(`${BASE}/requests?topic=ban_appeal`)).json().requests;
    expect(
      appeals.map((r: { id: string; topic: string; status: string }) => [r.id, r.topic, r.status]),
    ).toEqual([[appeal.id, 'ban_appeal', 'answered']]);
    expect((await client.get(`${BASE}/requests`)).json().requests).toHaveLength(2);
    // Another player's appeals are not listed.
    const other = await player();
    expect((await other.client.get(`${BASE}/requests?topic=ban_appeal`)).json().requests).toEqual([]);
  });

  it('refuses an unknown topic filter with 400 and lists nothing', async () => {
    const { client } = await player();
    const res = await client.get(`${BASE}/requests?topic=nonsense`);
    expect([res.statusCode, res.json().error.code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});
