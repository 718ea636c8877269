/**
 * `parlay verification approve|reject`: operator decisions by player or by request (an uploaded
 * document) update the verification status, unlock withdrawals, and reach the player's open page
 * over /ws (topic user:<id>) through the announcer of the workers role.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { TestClient } from '../../testing/test-client.ts';
import { LocalDiskStorage } from './document-storage.ts';
import { announceVerificationChanges, runVerificationCommand, VerificationService } from './index.ts';
import { parseTarget } from './verification-command.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
let t: TestApp;
let dataDir: string;
let url: string;
let verification: VerificationService;
let ip = 30;

async function player() {
  ip += 1;
  const client = new TestClient(t.app, `10.9.0.${ip}`);
  expect(
    (await client.post('/web-api/auth/v1/registration/fast', { countryId: 1, currency: 'RUB' })).statusCode,
  ).toBe(200);
  const userId = String((await client.get('/web-api/user/config')).json().result.user_id);
  return { client, userId };
}

async function upload(client: TestClient): Promise<string> {
  const res = await client.post('/web-api/accounts/v1/verification/documents', {
    type: 'passport',
    files: [{ data: PNG.toString('base64') }],
  });
  expect(res.statusCode).toBe(200);
  return res.json().document.id;
}

function run(args: string[]) {
  const lines: string[] = [];
  const out = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(l) };
  return runVerificationCommand(verification, args, out).then((code) => ({ code, text: lines.join('\n') }));
}

const statusOf = async (client: TestClient) =>
  (await client.get('/web-api/accounts/v1/verification')).json().status;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'parlay-verify-'));
  t = await createTestApp({
    roles: 'api,realtime',
    env: { DATA_DIR: dataDir, WITHDRAWAL_REQUIRES_VERIFICATION: 'true' },
  });
  url = `${(await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws`;
  verification = new VerificationService(
    t.deps.db.db,
    t.deps.clock,
    new LocalDiskStorage(path.join(dataDir, 'documents')),
  );
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('parlay verification', () => {
  it('parses targets', () => {
    expect(parseTarget('42')).toEqual({ kind: 'user', id: 42n });
    expect(parseTarget('user:42')).toEqual({ kind: 'user', id: 42n });
    expect(parseTarget('request:7')).toEqual({ kind: 'request', id: 7n });
    expect(parseTarget('doc:7')).toBeNull();
    expect(parseTarget(undefined)).toBeNull();
  });

  it('approves a request, unlocks withdrawals and tells the open page over /ws', async () => {
    const a = await player();
    const documentId = await upload(a.client);
    expect((await a.client.get('/web-api/payments/v1/profile')).json().is_need_identification).toBe(true);
    const listed = await run(['list']);
    expect(listed.text).toContain(`request:${documentId}\tuser ${a.userId}\tpassport`);

    const socket = new WebSocket(url, { headers: { cookie: `user_token=${a.client.token}` } });
    const frames: {
      op: string;
      data?: { type: string; status: Record<string, unknown>; reason: string | null };
    }[] = [];
    socket.on('message', (data) => frames.push(JSON.parse(data.toString())));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    socket.send(JSON.stringify({ op: 'subscribe', topic: `user:${a.userId}` }));
    await expect.poll(() => frames.some((f) => f.op === 'subscribed')).toBe(true);
    // The upload itself was queued too; announce it, then the decision.
    await announceVerificationChanges(t.deps.db.db, t.deps.bus, t.deps.clock, verification);

    const approved = await run(['approve', `request:${documentId}`]);
    expect(approved.code).toBe(0);
    expect(approved.text).toContain('verified');
    expect(await statusOf(a.client)).toEqual({
      verification_status: 2,
      user_status_id: 0,
      verification_status_group_code: 'verified',
      requested_additional_document: false,
    });
    expect(await announceVerificationChanges(t.deps.db.db, t.deps.bus, t.deps.clock, verification)).toBe(1);
    await expect
      .poll(
        () =>
          frames.filter((f) => f.op === 'message' && f.data?.type === 'verification').at(-1)?.data?.status,
      )
      .toMatchObject({ verification_status: 2, verification_status_group_code: 'verified' });
    // Announced once: another round has nothing to tell.
    expect(await announceVerificationChanges(t.deps.db.db, t.deps.bus, t.deps.clock, verification)).toBe(0);
    expect((await a.client.get('/web-api/payments/v1/profile')).json().is_need_identification).toBe(false);
    expect((await run(['approve', `request:${documentId}`])).code).toBe(1);
    socket.close();
  });

  it('rejects a player with a reason, which the player sees; a reason is required', async () => {
    const a = await player();
    await upload(a.client);
    await upload(a.client);
    expect((await run(['reject', a.userId])).code).toBe(1);
    const rejected = await run(['reject', a.userId, '--reason', 'The photo is blurred']);
    expect(rejected.code).toBe(0);
    expect(await statusOf(a.client)).toMatchObject({
      verification_status: 1,
      verification_status_group_code: 'rejected',
    });
    const answer = (await a.client.get('/web-api/accounts/v1/verification')).json();
    expect(answer.documents.map((d: { state: string }) => d.state)).toEqual(['rejected', 'rejected']);
    expect(answer.decisionReason).toBe('The photo is blurred');
    expect(await verification.decisionReason(BigInt(a.userId))).toBe('The photo is blurred');
  });

  it('refusing one of two requests keeps the player pending', async () => {
    const a = await player();
    const first = await upload(a.client);
    await upload(a.client);
    expect((await run(['reject', `request:${first}`, '--reason', 'Expired passport'])).code).toBe(0);
    expect(await statusOf(a.client)).toMatchObject({
      user_status_id: 1,
      verification_status_group_code: 'pending',
    });
    expect((await run(['reject', 'request:999999', '--reason', 'x'])).text).toContain('DOCUMENT_NOT_FOUND');
    expect((await run(['frobnicate'])).code).toBe(1);
  });
});
