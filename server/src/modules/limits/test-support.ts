/**
 * The shared setup of the limits integration suites: one app per test file over its own database
 * with a manual clock, players that register, sign in and deposit over HTTP, and a second limits
 * service standing in for bet placement. The limits module's test front door: other modules'
 * tests (payments) set up their limits cases through it.
 */
import { APPROVAL_DELAY_SECONDS } from '@parlay/domain/limits/index.ts';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../../app.ts';
import { InProcessBus } from '../../platform/bus.ts';
import { ManualClock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { createMetrics } from '../../platform/metrics.ts';
import type { ModuleDeps } from '../../platform/module.ts';
import { createTestDatabase, type TestDatabase, testConfig } from '../../testing/test-app.ts';
import { TEST_CARDS } from '../payments/index.ts';
import { createLimitsService, type LimitsService } from './index.ts';

export const BASE = '/limit-service-api/api/external/web/v3';
/** The approval delay the app runs with: the configuration's default, the spec's value. */
export const DELAY = APPROVAL_DELAY_SECONDS;
export const clock = new ManualClock(Date.UTC(2025, 5, 18, 9, 0, 0));
export let app: FastifyInstance;
export let database: TestDatabase;
export let deps: ModuleDeps;
export let limits: LimitsService;

let ips = 0;

export class Player {
  token: string | null = null;
  userId = 0;
  login = '';
  password = '';
  accountId = '';
  readonly ip = `10.0.${Math.floor(++ips / 250)}.${ips % 250}`;

  async call(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const options: InjectOptions = {
      method,
      url,
      remoteAddress: this.ip,
      headers: { ...headers, ...(this.token ? { cookie: `user_token=${this.token}` } : {}) },
      ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
    };
    const res = await app.inject(options);
    const cookie = res.cookies.find((c) => c.name === 'user_token');
    if (cookie) this.token = cookie.value === '' ? null : cookie.value;
    return res;
  }

  async signIn() {
    return this.call('POST', '/web-api/auth/v1/login', {
      login: this.login,
      password: this.password,
      remember: true,
    });
  }

  limitsList = async () =>
    (await this.call('GET', `${BASE}/limits`)).json().data as Record<string, unknown>[];
  limit = async (type: number) =>
    (await this.limitsList()).find((l) => l.limitType === type) as Record<string, unknown>;
  set = (limitType: number, limitValue: number) =>
    this.call('POST', `${BASE}/limit`, { limitType, limitValue });

  deposit(amount: string, key: string) {
    return this.call(
      'POST',
      '/web-api/payments/v1/deposits',
      { accountId: this.accountId, methodId: cardMethod, amount, lng: 'en' },
      { 'idempotency-key': key },
    );
  }

  /** Starts a deposit and pays it on the sandbox page: the provider confirms it. */
  async paidDeposit(amount: string, key: string) {
    const started = await this.deposit(amount, key);
    expect(started.statusCode).toBe(200);
    const paid = await app.inject({
      method: 'POST',
      url: started.json().redirectUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `card=${TEST_CARDS.success}&action=pay`,
    });
    expect(paid.headers.location).toBe('/en/onpay/success');
    return started;
  }
}

let cardMethod = 0;
export let usdCardMethod = 0;
let nextKey = 0;
export const key = () => `limits-test-${++nextKey}-key`;

export async function newPlayer(): Promise<Player> {
  const p = new Player();
  const res = await p.call('POST', '/web-api/auth/v1/registration/fast', { countryId: 1, currency: 'RUB' });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  p.userId = body.userId;
  p.login = body.accountNumber;
  p.password = body.password;
  expect((await p.signIn()).statusCode).toBe(200);
  const accounts = (await p.call('GET', '/web-api/accounts/v1/accounts')).json();
  p.accountId = String(accounts.accounts[0].id);
  return p;
}

export const errorOf = (res: { json(): unknown }) =>
  (res.json() as { error: { code: string; details?: unknown } }).error;

export async function codeOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
    return 'ok';
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
}

/** Registers the file's app: built before its tests, closed and its database dropped after. */
export function setUpLimitsApp(): void {
  beforeAll(async () => {
    database = await createTestDatabase({ migrated: true });
    deps = {
      config: testConfig({ PARLAY_ROLES: 'api', AUTH_TOKEN_TTL_SECONDS: '86400' }),
      db: database.handle,
      bus: new InProcessBus({ error: () => {} }),
      clock,
      metrics: createMetrics({ collectDefaults: false }),
    };
    app = await buildApp(deps);
    const methods = (
      await app.inject({ url: '/web-api/payments/v1/methods?direction=deposit&currency=RUB' })
    ).json();
    cardMethod = methods.methods.find((m: { code: string }) => m.code === 'card').id;
    const usdMethods = (
      await app.inject({ url: '/web-api/payments/v1/methods?direction=deposit&currency=USD' })
    ).json();
    usdCardMethod = usdMethods.methods[0].id;
    // A second service over the same database stands in for bet placement (it calls the service, not HTTP).
    limits = createLimitsService(deps, { sessions: { revokeAllExcept: async () => 0 } } as never);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await deps?.bus.close();
    if (!database?.url) return database?.drop();
    // The 20 parallel deposits leave many pooled connections; let them finish closing before the
    // database is dropped (drop … with (force) would otherwise interrupt them mid-close).
    await database.handle.close();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${new URL(database.url).pathname.slice(1)} with (force)`);
    await admin.end();
  });
}
