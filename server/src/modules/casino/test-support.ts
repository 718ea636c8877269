/**
 * For tests of the casino module (and of modules that need casino rounds): an app over a fresh
 * database on a manual clock, the rounds context over the same database (with test engines and
 * games when given), and funded players signed in through the auth routes.
 */
import type { InHouseGame } from '@parlay/domain/casino/engine/in-house-game.ts';
import { inHouseGame } from '@parlay/domain/casino/engine/registry.ts';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { TestClient } from '../../testing/test-client.ts';
import { Ledger } from '../accounts/index.ts';
import { createAuthService } from '../auth/index.ts';
import { SiteConfigService } from '../config/index.ts';
import { createLimitsService } from '../limits/index.ts';
import { createCasinoCatalogue } from './catalogue/catalogue-service.ts';
import { createRoundsContext, type RoundsContext } from './rounds/context.ts';
import type { CasinoGameEntry, GameLookup } from './rounds/game-lookup.ts';

export const CASINO_API = '/web-api/casino/v1';
export const DICE_ID = 1001;
export const MINES_ID = 1005;

export interface CasinoTestOptions {
  /** Extra games (test engines) by numeric id, looked up before the built-in list. */
  games?: readonly CasinoGameEntry[];
  engines?: readonly InHouseGame[];
}

export async function casinoTestApp(options: CasinoTestOptions = {}) {
  const clock = new ManualClock(new Date('2026-06-01T12:00:00Z'));
  const { app, deps, close } = await createTestApp({ roles: 'api', clock });
  const db = deps.db.db;
  const ledger = new Ledger(db, clock);
  const siteConfig = new SiteConfigService(db, deps.bus, clock);
  const limits = createLimitsService(deps, createAuthService(deps, siteConfig));
  // The catalogue's games (Parlay Originals: 1001 dice, 1005 mines …), as the app plays them.
  const catalogue = createCasinoCatalogue(deps);
  await catalogue.seed();
  const extra = new Map((options.games ?? []).map((g) => [g.gameId, g]));
  const games: GameLookup = { game: async (id) => extra.get(id) ?? catalogue.games.game(id) };
  const engines = new Map((options.engines ?? []).map((e) => [e.id, e]));
  const ctx: RoundsContext = createRoundsContext({
    db,
    clock,
    ledger,
    limits,
    siteConfig,
    games,
    engine: (id) => engines.get(id) ?? inHouseGame(id),
  });
  return { app, deps, db, clock, ledger, siteConfig, limits, ctx, close };
}

export type CasinoTestApp = Awaited<ReturnType<typeof casinoTestApp>>;

/** One app per test file; the ledger's invariants are asserted after every test. */
export function setUpCasinoTestApp(ready: (t: CasinoTestApp) => void, options: CasinoTestOptions = {}) {
  let t: CasinoTestApp | undefined;
  beforeAll(async () => {
    t = await casinoTestApp(options);
    ready(t);
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    expect((await t!.ledger.check()).differences).toEqual([]);
  });
}

let nextIp = 1;
let nextKey = 1;
export const newKey = () => `casino-key-${process.pid}-${nextKey++}`;

/** A player registered (fast, RUB) and signed in on its own client, with `balanceMinor` deposited. */
export async function fundedPlayer(t: CasinoTestApp, balanceMinor: bigint) {
  const client = new TestClient(t.app, `10.9.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`);
  const res = await client.post('/web-api/auth/v1/registration/fast', { countryId: 1, currency: 'RUB' });
  if (res.statusCode !== 200) throw new Error(`registration: ${res.body}`);
  const accounts = (await client.get('/web-api/accounts/v1/accounts')).json();
  const accountId = BigInt(accounts.mainAccount?.id ?? accounts.accounts[0].id);
  const userId = BigInt(res.json().userId);
  if (balanceMinor > 0n) {
    await t.ledger.move({
      idempotencyKey: `fund:${accountId}`,
      reason: 'deposit',
      currency: 'RUB',
      from: { system: 'provider' },
      to: accountId,
      amountMinor: balanceMinor,
      userId,
    });
  }
  return { client, accountId, userId };
}

export async function balanceOf(t: CasinoTestApp, userId: bigint, accountId: bigint): Promise<bigint> {
  return (await t.ledger.account(userId, accountId)).moneyMinor;
}

/** A guest's client keeping the casino_demo cookie between calls. */
export class DemoClient {
  readonly client: TestClient;
  cookie: string | null = null;
  constructor(t: CasinoTestApp) {
    this.client = new TestClient(t.app, `10.8.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`);
  }
  async call(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const res = await this.client.app.inject({
      method,
      url,
      remoteAddress: this.client.ip,
      headers: { ...headers, ...(this.cookie ? { cookie: `casino_demo=${this.cookie}` } : {}) },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    const set = res.cookies.find((c) => c.name === 'casino_demo');
    if (set) this.cookie = set.value;
    return res;
  }
}

/** The seeds of a round as stored (tests replay an open round to know its hidden draws). */
export async function storedSeeds(t: CasinoTestApp, roundId: string) {
  const row = await t.db
    .selectFrom('casino_rounds as r')
    .innerJoin('casino_seed_pairs as p', 'p.id', 'r.seed_pair_id')
    .select(['p.server_seed', 'p.client_seed', 'r.nonce'])
    .where('r.id', '=', BigInt(roundId))
    .executeTakeFirstOrThrow();
  return { serverSeed: row.server_seed, clientSeed: row.client_seed, nonce: row.nonce };
}

/** Every ledger transfer of a round: `casino:<roundId>:…` keys in order. */
export async function roundTransfers(t: CasinoTestApp, roundId: string) {
  const rows = await t.db
    .selectFrom('ledger_transfers')
    .select(['idempotency_key', 'reason'])
    .where('idempotency_key', 'like', `casino:${roundId}:%`)
    .orderBy('id')
    .execute();
  return rows.map((r) => `${r.idempotency_key} ${r.reason}`);
}
