/**
 * The shared setup of the bingo and TV games integration suites: the app over a PGlite database on
 * a manual clock, players that register, sign in and get funds, and a Fastify instance with the
 * bingo and TV routes over contexts built on that clock.
 */
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../../../app.ts';
import { InProcessBus } from '../../../platform/bus.ts';
import { ManualClock } from '../../../platform/clock.ts';
import { installHttpBehaviour } from '../../../platform/http.ts';
import { createMetrics } from '../../../platform/metrics.ts';
import { migrate } from '../../../platform/migrations.ts';
import type { ModuleDeps } from '../../../platform/module.ts';
import { createTestDatabase, type TestDatabase, testConfig } from '../../../testing/test-app.ts';
import { Ledger } from '../../accounts/index.ts';
import { createAuthService, provideAuth } from '../../auth/index.ts';
import { SiteConfigService } from '../../config/index.ts';
import { createLimitsService, type LimitsService } from '../../limits/index.ts';
import { DEFAULT_TV_SCHEDULE, type TvContext } from '../tv/context.ts';
import { tvRoutes } from '../tv/routes.ts';
import type { BingoContext } from './context.ts';
import { BINGO_ROOMS, type BingoRoom } from './rooms.ts';
import { bingoRoutes } from './routes.ts';

export const FUNDS_MINOR = 100_000_00n;

export interface Player {
  userId: bigint;
  accountId: bigint;
  token: string;
}

export interface Harness {
  clock: ManualClock;
  database: TestDatabase;
  deps: ModuleDeps;
  mainApp: FastifyInstance;
  app: FastifyInstance;
  ledger: Ledger;
  limits: LimitsService;
  bingo: BingoContext;
  tv: TvContext;
  newPlayer(): Promise<Player>;
  balance(p: Player): Promise<bigint>;
  call(
    p: Player | null,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    headers?: object,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** Rooms for tests: short pauses, a jackpot within the whole game so it can be seen. */
export const TEST_ROOMS: BingoRoom[] = BINGO_ROOMS.map((r) => ({
  ...r,
  pauseMs: 5_000,
  firstBuyingMs: 10_000,
  minBuyingMs: 10_000,
}));

let ips = 0;

export async function createHarness(rooms: readonly BingoRoom[] = TEST_ROOMS): Promise<Harness> {
  const clock = new ManualClock(Date.UTC(2026, 10, 27, 12, 0, 0));
  const database = await createTestDatabase();
  await migrate(database.handle);
  const deps: ModuleDeps = {
    config: testConfig({ PARLAY_ROLES: 'api', AUTH_TOKEN_TTL_SECONDS: '86400' }),
    db: database.handle,
    bus: new InProcessBus({ error: () => {} }),
    clock,
    metrics: createMetrics({ collectDefaults: false }),
  };
  const mainApp = await buildApp(deps);
  const auth = createAuthService(deps, new SiteConfigService(deps.db.db, deps.bus, deps.clock));
  const ledger = new Ledger(deps.db.db, clock);
  const limits = createLimitsService(deps, auth);
  const base = { db: deps.db.db, clock, bus: deps.bus, ledger, limits };
  const bingo: BingoContext = { ...base, rooms };
  const tv: TvContext = { ...base, schedule: DEFAULT_TV_SCHEDULE };
  const app = Fastify({ logger: false, ajv: { customOptions: { coerceTypes: true } } });
  installHttpBehaviour(app, deps.metrics);
  await app.register(cookie);
  provideAuth(app, auth);
  await app.register(bingoRoutes, { bingo });
  await app.register(tvRoutes, { tv });
  await app.ready();

  async function newPlayer(): Promise<Player> {
    ips += 1;
    const reg = await mainApp.inject({
      method: 'POST',
      url: '/web-api/auth/v1/registration/fast',
      remoteAddress: `10.19.${Math.floor(ips / 250)}.${ips % 250}`,
      payload: { countryId: 1, currency: 'RUB' },
    });
    expect(reg.statusCode).toBe(200);
    const body = reg.json();
    const login = await mainApp.inject({
      method: 'POST',
      url: '/web-api/auth/v1/login',
      payload: { login: body.accountNumber, password: body.password, remember: true },
    });
    const token = login.cookies.find((c) => c.name === 'user_token')!.value;
    const userId = BigInt(body.userId);
    const account = (await ledger.accounts(userId)).activeAccount!;
    await ledger.move({
      idempotencyKey: `bingo-test-funds-${userId}`,
      reason: 'deposit',
      currency: 'RUB',
      from: { system: 'provider' },
      to: account.id,
      amountMinor: FUNDS_MINOR,
      userId,
    });
    return { userId, accountId: account.id, token };
  }

  return {
    clock,
    database,
    deps,
    mainApp,
    app,
    ledger,
    limits,
    bingo,
    tv,
    newPlayer,
    balance: async (p) => (await ledger.account(p.userId, p.accountId)).moneyMinor,
    call: (p, method, url, payload, headers = {}) =>
      app.inject({
        method,
        url: `/web-api/casino/v1${url}`,
        headers: { ...headers, ...(p ? { cookie: `user_token=${p.token}` } : {}) },
        ...(payload ? { payload } : {}),
      }),
    async close() {
      await app.close();
      await mainApp.close();
      await deps.bus.close();
      await database.drop();
    },
  };
}

export const codeOf = (res: { json(): unknown }) => (res.json() as { error: { code: string } }).error.code;
