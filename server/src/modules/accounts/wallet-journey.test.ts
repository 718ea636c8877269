import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { TestClient } from '../../testing/test-client.ts';
import { TEST_CARDS } from '../payments/index.ts';
import { LocalDiskStorage } from './document-storage.ts';
import { Ledger, VerificationService } from './index.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let t: TestApp;
let dataDir: string;
let url: string;
let ip = 10;

async function player(currency = 'RUB') {
  ip += 1;
  const client = new TestClient(t.app, `10.1.0.${ip}`);
  const res = await client.post('/web-api/auth/v1/registration/fast', { countryId: 1, currency });
  expect(res.statusCode).toBe(200);
  const accounts = (await client.get('/web-api/accounts/v1/accounts')).json();
  return { client, userId: await userIdOf(client), main: accounts.mainAccount };
}

async function userIdOf(client: TestClient): Promise<string> {
  return String((await client.get('/web-api/user/config')).json().result.user_id ?? '');
}

async function deposit(client: TestClient, accountId: string, amount: string, key: string) {
  const methods = (await client.get('/web-api/payments/v1/methods?direction=deposit&currency=RUB')).json();
  const card = methods.methods.find((m: { code: string }) => m.code === 'card');
  const started = await client.post(
    '/web-api/payments/v1/deposits',
    { accountId, methodId: card.id, amount, lng: 'en' },
    { 'idempotency-key': key },
  );
  expect(started.statusCode).toBe(200);
  const redirect = new URL(started.json().redirectUrl, 'http://localhost');
  const paid = await t.app.inject({
    method: 'POST',
    url: redirect.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `card=${TEST_CARDS.success}&action=pay`,
  });
  expect(paid.statusCode).toBe(303);
  return { payment: started.json().payment, location: paid.headers.location };
}

function socketFor(client: TestClient) {
  const socket = new WebSocket(url, { headers: { cookie: `user_token=${client.token}` } });
  const frames: { op: string; topic?: string; data?: { type: string; accounts: { money: string }[] } }[] = [];
  socket.on('message', (data) => frames.push(JSON.parse(data.toString())));
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const waitFor = async (predicate: (f: (typeof frames)[number]) => boolean, ms = 3000) => {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      const found = frames.find(predicate);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no matching frame; got ${JSON.stringify(frames)}`);
  };
  return { socket, frames, opened, waitFor };
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'parlay-docs-'));
  t = await createTestApp({
    env: {
      DATA_DIR: dataDir,
      WITHDRAWAL_REQUIRES_VERIFICATION: 'true',
      WITHDRAWAL_AUTO_APPROVE: 'RUB:100',
      // Pages are rendered from the built web assets: a parallel build directory when one is given.
      ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
    },
  });
  url = `${(await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws`;
});

afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('balance push', () => {
  it('reaches the player subscribed to user:<id> after the deposit commits, and nobody else', async () => {
    const a = await player();
    const b = await player();
    const userId = await userIdOf(a.client);
    expect(userId).not.toBe('');
    const ws = socketFor(a.client);
    const other = socketFor(b.client);
    await Promise.all([ws.opened, other.opened]);
    ws.socket.send(JSON.stringify({ op: 'subscribe', topic: `user:${userId}` }));
    other.socket.send(JSON.stringify({ op: 'subscribe', topic: `user:${await userIdOf(b.client)}` }));
    await ws.waitFor((f) => f.op === 'subscribed');
    await other.waitFor((f) => f.op === 'subscribed');

    const { location } = await deposit(a.client, a.main.id, '500', 'push-deposit-0001');
    expect(location).toBe('/en/onpay/success');
    const frame = await ws.waitFor((f) => f.op === 'message');
    expect(frame.topic).toBe(`user:${userId}`);
    expect(frame.data?.type).toBe('balance');
    expect(frame.data?.accounts[0]).toMatchObject({ iso: 'RUB', money: '500.00', type: 0, isActive: true });
    await new Promise((r) => setTimeout(r, 100));
    expect(other.frames.filter((f) => f.op === 'message')).toEqual([]);
    ws.socket.close();
    other.socket.close();
  });

  it('is not published for a transaction that rolls back', async () => {
    const published: unknown[] = [];
    const { userId, main } = await player();
    const stop = t.deps.bus.subscribe(`user:${userId}`, (m) => published.push(m));
    const ledger = new Ledger(t.deps.db.db, t.deps.clock);
    await expect(
      ledger.transaction(async (_trx, l) => {
        await l.move({
          idempotencyKey: `rollback-${userId}`,
          reason: 'bonus',
          currency: 'RUB',
          from: { system: 'house' },
          to: BigInt(main.id),
          amountMinor: 100n,
        });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await new Promise((r) => setTimeout(r, 80));
    expect(published).toEqual([]);
    stop();
  });
});

describe('wallet routes', () => {
  it("adds, activates and removes a currency; refuses another player's account", async () => {
    const a = await player();
    const b = await player();
    const added = await a.client.post('/web-api/accounts/v1/currencies', { currency: 'USD' });
    expect(added.statusCode).toBe(200);
    const usd = added.json().data.account;
    expect((await a.client.post('/web-api/accounts/v1/currencies', { currency: 'USD' })).statusCode).toBe(
      409,
    );
    expect((await a.client.post('/web-api/accounts/v1/currencies', { currency: 'usd' })).statusCode).toBe(
      400,
    );
    const active = await a.client.post('/web-api/accounts/v1/active', { id: usd.id });
    expect(active.json()).toEqual({ success: true, message: 'main_account_will_set', id: usd.id });
    expect((await b.client.post('/web-api/accounts/v1/active', { id: usd.id })).statusCode).toBe(404);
    expect((await b.client.call('DELETE', `/web-api/accounts/v1/currencies/${usd.id}`)).statusCode).toBe(404);
    expect((await a.client.call('DELETE', `/web-api/accounts/v1/currencies/${a.main.id}`)).statusCode).toBe(
      409,
    );
    expect((await a.client.call('DELETE', `/web-api/accounts/v1/currencies/${usd.id}`)).statusCode).toBe(200);
    const after = (await a.client.get('/web-api/accounts/v1/accounts')).json();
    expect(after.accounts.map((x: { iso: string }) => x.iso)).toEqual(['RUB']);
    expect(after.activeAccount.iso).toBe('RUB');
  });

  it('lists transactions and payments only of the player', async () => {
    const a = await player();
    const b = await player();
    await deposit(a.client, a.main.id, '300', 'history-deposit-01');
    const tx = (await a.client.get('/web-api/accounts/v1/transactions?types=0')).json();
    expect(tx.total_count).toBe(1);
    expect(tx.entities[0]).toMatchObject({ reason: 'deposit', amount: '300.00' });
    expect((await b.client.get('/web-api/accounts/v1/transactions')).json().total_count).toBe(0);
    expect(
      (await b.client.get(`/web-api/accounts/v1/transactions?accountId=${a.main.id}`)).json().total_count,
    ).toBe(0);
    const pays = (await a.client.get('/web-api/payments/v1/payments?direction=deposit')).json();
    expect(pays.total_count).toBe(1);
    expect(pays.entities[0].state).toBe('success');
    expect((await b.client.get('/web-api/payments/v1/payments')).json().total_count).toBe(0);
    expect((await a.client.get('/web-api/accounts/v1/transactions?pageSize=1000')).statusCode).toBe(400);
    expect((await new TestClient(t.app).get('/web-api/accounts/v1/transactions')).statusCode).toBe(401);
  });
});

describe('verification', () => {
  it('gates withdrawals until verified, then allows request and cancel', async () => {
    const a = await player();
    const b = await player();
    await deposit(a.client, a.main.id, '2000', 'verify-deposit-01');
    const methods = (
      await a.client.get('/web-api/payments/v1/methods?direction=withdrawal&currency=RUB')
    ).json();
    const method = methods.methods[0];
    const body = {
      accountId: a.main.id,
      methodId: method.id,
      amount: '1000',
      lng: 'en',
      destination: '4242424242424242',
    };
    const refused = await a.client.post('/web-api/payments/v1/withdrawals', body, {
      'idempotency-key': 'wd-key-000001',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code ?? refused.json().error?.code ?? refused.body).toContain(
      'VERIFICATION_REQUIRED',
    );

    const status0 = (await a.client.get('/web-api/accounts/v1/verification')).json();
    expect(status0.status).toMatchObject({ verification_status: 1, user_status_id: 0 });
    expect(status0.identification.flavour).toBe('other');

    const uploaded = await a.client.post('/web-api/accounts/v1/verification/documents', {
      type: 'passport',
      files: [{ data: `data:image/png;base64,${PNG.toString('base64')}` }],
    });
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.json().status).toMatchObject({
      user_status_id: 1,
      verification_status_group_code: 'pending',
    });
    const doc = uploaded.json().document;
    const own = await a.client.get(doc.files[0].url);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.rawPayload.equals(PNG)).toBe(true);
    expect((await b.client.get(doc.files[0].url)).statusCode).toBe(404);
    expect((await new TestClient(t.app).get(doc.files[0].url)).statusCode).toBe(401);

    await new VerificationService(t.deps.db.db, t.deps.clock, new LocalDiskStorage(dataDir)).review(
      BigInt(await userIdOf(a.client)),
      'approve',
    );
    const requested = await a.client.post('/web-api/payments/v1/withdrawals', body, {
      'idempotency-key': 'wd-key-000002',
    });
    expect(requested.statusCode).toBe(200);
    const payment = requested.json().payment;
    expect(payment).toMatchObject({ state: 'requested', isCancellable: true });
    expect((await b.client.post(`/web-api/payments/v1/withdrawals/${payment.id}/cancel`)).statusCode).toBe(
      404,
    );
    const cancelled = await a.client.post(`/web-api/payments/v1/withdrawals/${payment.id}/cancel`);
    expect(cancelled.json().payment.state).toBe('cancelled');
    const accounts = (await a.client.get('/web-api/accounts/v1/accounts')).json();
    expect(accounts.mainAccount.money).toBe('2000.00');
    const report = await new Ledger(t.deps.db.db, t.deps.clock).check();
    expect(report.differences).toEqual([]);
  });

  it('refuses bad uploads', async () => {
    const a = await player();
    const upload = (body: unknown) => a.client.post('/web-api/accounts/v1/verification/documents', body);
    expect(
      (await upload({ type: 'passport', files: [{ data: Buffer.from('hello world').toString('base64') }] }))
        .statusCode,
    ).toBe(400);
    expect((await upload({ type: 'tax_form', files: [{ data: PNG.toString('base64') }] })).statusCode).toBe(
      400,
    );
    expect((await upload({ type: 'passport', files: [] })).statusCode).toBe(400);
    expect((await upload({ type: 'passport', files: [{ data: '!!!!not-base64!!!!' }] })).statusCode).toBe(
      400,
    );
    const big = Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]);
    expect((await upload({ type: 'passport', files: [{ data: big.toString('base64') }] })).statusCode).toBe(
      413,
    );
    expect(
      (await a.client.get('/web-api/accounts/v1/verification/documents/999999/files/0')).statusCode,
    ).toBe(404);
    expect((await a.client.get('/web-api/accounts/v1/verification/documents/1/files/9')).statusCode).toBe(
      400,
    );
  });
});
