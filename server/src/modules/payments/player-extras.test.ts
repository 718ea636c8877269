/**
 * The player's payment extras over HTTP: payment requests with topics, sub-topics and transactions;
 * the mobile-cash list of site-shell §3; the identification gate in the payment profile; and the
 * secure-data grant cookie (30 minutes, httpOnly, signed, bound to the player; expiry checked with
 * an injected clock).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { TestClient } from '../../testing/test-client.ts';
import { GRANT_COOKIE, GRANT_TTL_MS, SecureDataGrants, TEST_CARDS } from './index.ts';

let t: TestApp;
let ip = 20;

async function player() {
  ip += 1;
  const client = new TestClient(t.app, `10.7.0.${ip}`);
  const res = await client.post('/web-api/auth/v1/registration/fast', { countryId: 1, currency: 'RUB' });
  expect(res.statusCode).toBe(200);
  const accounts = (await client.get('/web-api/accounts/v1/accounts')).json();
  return { client, password: res.json().password as string, accountId: accounts.mainAccount.id as string };
}

async function pay(client: TestClient, accountId: string, code: string, amount: string, card: string) {
  const methods = (await client.get('/web-api/payments/v1/methods?direction=deposit&currency=RUB')).json();
  const method = methods.methods.find((m: { code: string }) => m.code === code);
  const started = await client.post(
    '/web-api/payments/v1/deposits',
    { accountId, methodId: method.id, amount, lng: 'en' },
    { 'idempotency-key': `dep-${code}-${Math.random().toString(36).slice(2)}` },
  );
  expect(started.statusCode).toBe(200);
  await t.app.inject({
    method: 'POST',
    url: new URL(started.json().redirectUrl, 'http://x').pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `card=${card}`,
  });
  return started.json().payment as { id: string };
}

beforeAll(async () => {
  t = await createTestApp({
    roles: 'api',
    env: { WITHDRAWAL_AUTO_APPROVE: 'RUB:100', WITHDRAWAL_REQUIRES_VERIFICATION: 'true' },
  });
});
afterAll(async () => {
  await t?.close();
});

describe('payment requests', () => {
  it('lists topics with sub-topics, creates requests idempotently and checks the transaction', async () => {
    const a = await player();
    const b = await player();
    const topics = (await a.client.get('/web-api/payments/v1/request-topics')).json().topics;
    expect(topics.map((x: { code: string }) => x.code)).toEqual(['deposit', 'withdrawal', 'payment_details']);
    const deposit = topics[0];
    expect(deposit.direction).toBe('deposit');
    expect(deposit.subtopics.map((x: { code: string }) => x.code)).toContain('deposit_not_credited');
    const paid = await pay(a.client, a.accountId, 'card', '200', TEST_CARDS.pending);

    const body = {
      topicId: deposit.id,
      subtopicId: deposit.subtopics[0].id,
      paymentId: paid.id,
      message: 'The money left my card but the balance did not change',
    };
    const key = { 'idempotency-key': 'request-0001' };
    const [first, second] = await Promise.all([
      a.client.post('/web-api/payments/v1/requests', body, key),
      a.client.post('/web-api/payments/v1/requests', body, key),
    ]);
    expect(first.statusCode).toBe(200);
    expect(second.json().request.id).toBe(first.json().request.id);
    expect(first.json().request).toMatchObject({
      topicCode: 'deposit',
      subtopicCode: 'deposit_not_credited',
      paymentId: paid.id,
      state: 'open',
    });
    const reused = await a.client.post('/web-api/payments/v1/requests', { ...body, message: 'else' }, key);
    expect(reused.statusCode).toBe(422);
    // A withdrawal topic does not take a deposit; another player's payment is not found.
    const wrong = await a.client.post(
      '/web-api/payments/v1/requests',
      { ...body, topicId: topics[1].id, subtopicId: null },
      { 'idempotency-key': 'request-0002' },
    );
    expect(wrong.statusCode).toBe(400);
    const foreign = await b.client.post('/web-api/payments/v1/requests', body, {
      'idempotency-key': 'request-0003',
    });
    expect(foreign.json().error.code).toBe('PAYMENT_NOT_FOUND');
    const subOfOther = await a.client.post(
      '/web-api/payments/v1/requests',
      { topicId: topics[2].id, subtopicId: deposit.subtopics[0].id, message: 'x' },
      { 'idempotency-key': 'request-0004' },
    );
    expect(subOfOther.statusCode).toBe(400);
    const list = (await a.client.get('/web-api/payments/v1/requests')).json();
    expect(list.total_count).toBe(1);
    expect((await b.client.get('/web-api/payments/v1/requests')).json().total_count).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/web-api/payments/v1/requests' })).statusCode).toBe(
      401,
    );
  });
});

describe('mobile-cash list', () => {
  it('lists mobile-operator deposits with status_id 2 for paid ones, newest first', async () => {
    const a = await player();
    await pay(a.client, a.accountId, 'mobile_cash', '150', TEST_CARDS.success);
    await pay(a.client, a.accountId, 'card', '150', TEST_CARDS.success);
    await pay(a.client, a.accountId, 'mobile_cash', '160', TEST_CARDS.declined);
    await pay(a.client, a.accountId, 'mobile_cash', '170', TEST_CARDS.success);
    const list = (await a.client.get('/web-api/payments/v1/mobile-cash?page=1')).json();
    expect(list.total_count).toBe(3);
    expect(list.entities.map((e: { status_id: number; summ: string }) => [e.status_id, e.summ])).toEqual([
      [2, '170.00'],
      [3, '160.00'],
      [2, '150.00'],
    ]);
    expect(list.entities[0]).toMatchObject({
      translate_message: 'mobile_cash.status_2',
      status_title: 'success',
    });
    expect(list.entities[0].money_deposit_id).toMatch(/^\d+$/);
    expect(list.entities[0].skks_hash).toMatch(/^[0-9a-f]{20}$/);
    // Archive: older than 90 days is left out unless asked for.
    await sql`update payments set created_at = created_at - interval '100 days'
      where id = ${BigInt(list.entities[2].id)}`.execute(t.deps.db.db);
    expect((await a.client.get('/web-api/payments/v1/mobile-cash')).json().total_count).toBe(2);
    expect((await a.client.get('/web-api/payments/v1/mobile-cash?archive=1')).json().total_count).toBe(3);
  });
});

describe('identification gate', () => {
  it('tells the player that withdrawals need identification until verified', async () => {
    const a = await player();
    const profile = (await a.client.get('/web-api/payments/v1/profile')).json();
    expect(profile).toEqual({
      has_deposit: false,
      is_need_identification: true,
      blocked_operations: ['withdrawal'],
    });
    await pay(a.client, a.accountId, 'card', '500', TEST_CARDS.success);
    const methods = (
      await a.client.get('/web-api/payments/v1/methods?direction=withdrawal&currency=RUB')
    ).json();
    const refused = await a.client.post(
      '/web-api/payments/v1/withdrawals',
      {
        accountId: a.accountId,
        methodId: methods.methods[0].id,
        amount: '200',
        lng: 'en',
        destination: TEST_CARDS.success,
      },
      { 'idempotency-key': 'wd-gated-0001' },
    );
    expect(refused.json().error.code).toBe('VERIFICATION_REQUIRED');
  });
});

describe('secure-data grant', () => {
  it('lasts 30 minutes, is bound to the player and cannot be forged (injected clock)', async () => {
    const clock = new ManualClock(Date.UTC(2025, 0, 1));
    const grants = new SecureDataGrants(async () => 'k'.repeat(32), clock);
    const { value, expiresAt } = await grants.issue(7);
    expect(expiresAt.getTime() - clock.nowMs()).toBe(GRANT_TTL_MS);
    expect(await grants.validUntil(value, 7)).toEqual(expiresAt);
    expect(await grants.validUntil(value, 8)).toBeNull();
    expect(await grants.validUntil(`${value.slice(0, -1)}A`, 7)).toBeNull();
    const [at] = value.split('.');
    const later = await grants.issue(7);
    expect(await grants.validUntil(`${Number(at) + 60_000}.${later.value.split('.')[1]}`, 7)).toBeNull();
    clock.advance(GRANT_TTL_MS - 1);
    expect(await grants.validUntil(value, 7)).not.toBeNull();
    clock.advance(1);
    expect(await grants.validUntil(value, 7)).toBeNull();
    expect(await grants.validUntil(undefined, 7)).toBeNull();
  });

  it('opens full payment details after the password is re-entered, through an httpOnly cookie', async () => {
    const a = await player();
    await pay(a.client, a.accountId, 'card', '500', TEST_CARDS.success);
    await t.deps.db.db
      .insertInto('verification_profiles')
      .values({
        user_id: BigInt((await a.client.get('/web-api/user/config')).json().result.user_id),
        verification_status: 2,
        updated_at: new Date(),
      })
      .execute();
    const methods = (
      await a.client.get('/web-api/payments/v1/methods?direction=withdrawal&currency=RUB')
    ).json();
    const requested = await a.client.post(
      '/web-api/payments/v1/withdrawals',
      {
        accountId: a.accountId,
        methodId: methods.methods[0].id,
        amount: '200',
        lng: 'en',
        destination: '5555 4444 3333 1111',
      },
      { 'idempotency-key': 'wd-secure-0001' },
    );
    expect(requested.statusCode).toBe(200);
    const id = requested.json().payment.id;
    expect(requested.json().payment.destination).toBe('•••• 1111');
    const closed = (await a.client.get(`/web-api/payments/v1/payments/${id}`)).json();
    expect(closed).toMatchObject({ granted: false, details: null });

    // Long after sign-in the grant needs the password again.
    await sql`update auth_sessions set reauth_at = now() - interval '1 hour'`.execute(t.deps.db.db);
    expect((await a.client.post('/web-api/payments/v1/secure-data/grant')).json().error.code).toBe(
      'REAUTH_REQUIRED',
    );
    expect(
      (await a.client.post('/web-api/auth/v1/reauth', { password: 'wrong-password-1' })).statusCode,
    ).toBe(400);
    expect((await a.client.post('/web-api/auth/v1/reauth', { password: a.password })).statusCode).toBe(200);
    const granted = await a.client.post('/web-api/payments/v1/secure-data/grant');
    expect(granted.statusCode).toBe(200);
    const cookie = granted.cookies.find((c) => c.name === GRANT_COOKIE);
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/web-api/payments',
      maxAge: 1800,
    });
    const withGrant = (path: string, token = a.client.token) =>
      t.app.inject({
        method: 'GET',
        url: path,
        headers: { cookie: `user_token=${token}; ${GRANT_COOKIE}=${cookie!.value}` },
      });
    const open = (await withGrant(`/web-api/payments/v1/payments/${id}`)).json();
    expect(open).toMatchObject({ granted: true, details: { destination: '5555 4444 3333 1111' } });
    expect((await withGrant('/web-api/payments/v1/secure-data')).json().granted).toBe(true);
    // Another player holding the cookie gets nothing: it is bound to its owner.
    const b = await player();
    expect((await withGrant('/web-api/payments/v1/secure-data', b.client.token)).json().granted).toBe(false);
    expect((await withGrant(`/web-api/payments/v1/payments/${id}`, b.client.token)).statusCode).toBe(404);
  });
});
