/**
 * The crash game end to end on a manual clock: the engine driven step by step, bets and cash-outs
 * over HTTP, money through the ledger, the public topic, a restart in the middle of a round, and a
 * property bounding what any bet can pay. The first chain is planted with a known seed (the domain
 * test's Python-derived vector): games 1-5 crash at 2.99×, 1.59×, 1.57×, 10.27× and 2.37×.
 */
import cookie from '@fastify/cookie';
import {
  crashPayoutMinor,
  planChain,
  timeToReach,
  verifyCrashGame,
} from '@parlay/domain/casino/crash/index.ts';
import fc from 'fast-check';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { InProcessBus } from '../../../platform/bus.ts';
import { ManualClock } from '../../../platform/clock.ts';
import type { AppError } from '../../../platform/errors.ts';
import { installHttpBehaviour } from '../../../platform/http.ts';
import { createMetrics } from '../../../platform/metrics.ts';
import type { ModuleDeps } from '../../../platform/module.ts';
import { createTestDatabase, type TestDatabase, testConfig } from '../../../testing/test-app.ts';
import { Ledger } from '../../accounts/index.ts';
import { createAuthService, provideAuth } from '../../auth/index.ts';
import { SiteConfigService } from '../../config/index.ts';
import { createLimitsService } from '../../limits/index.ts';
import { CRASH_TOPIC, type CrashContext } from './context.ts';
import { CrashEngine } from './engine.ts';
import { placeCrashBet } from './place-bet.ts';
import { crashRoutes } from './routes.ts';
import type { CrashMessage } from './views.ts';

const SEED = '7d0c1f3a9b8e2d4c6a5f0e1d2c3b4a5968778695a4b3c2d1e0f9e8d7c6b5a493';
const SALT = '0000000000000000000fa3b65e43e4240d71762a5bf397d5304b2596d116859c';
const PLANTED = [299, 159, 157, 1027, 237];
const BETTING_MS = 6_000;
const PAUSE_MS = 3_000;
const FUNDS_MINOR = 1_000_000_00n;
const K = 0.00006;

const clock = new ManualClock(Date.UTC(2026, 10, 26, 12, 0, 0));
let database: TestDatabase;
let deps: ModuleDeps;
let mainApp: FastifyInstance;
let crashApp: FastifyInstance;
let ctx: CrashContext;
let ledger: Ledger;
let engine: CrashEngine;
const messages: CrashMessage[] = [];
let keys = 0;
const key = () => `crash-key-${++keys}-abcdef`;

interface Player {
  userId: bigint;
  accountId: bigint;
  token: string;
}

async function newPlayer(): Promise<Player> {
  const reg = await mainApp.inject({
    method: 'POST',
    url: '/web-api/auth/v1/registration/fast',
    remoteAddress: `10.9.${keys}.${Math.floor(Math.random() * 200)}`,
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
    idempotencyKey: `crash-test-funds-${userId}`,
    reason: 'deposit',
    currency: 'RUB',
    from: { system: 'provider' },
    to: account.id,
    amountMinor: FUNDS_MINOR,
    userId,
  });
  return { userId, accountId: account.id, token };
}

const balance = async (p: Player) => (await ledger.account(p.userId, p.accountId)).moneyMinor;

function call(p: Player | null, method: 'GET' | 'POST', url: string, payload?: object, headers: object = {}) {
  return crashApp.inject({
    method,
    url: `/web-api/casino/v1/crash${url}`,
    headers: { ...headers, ...(p ? { cookie: `user_token=${p.token}` } : {}) },
    ...(payload ? { payload } : {}),
  });
}

const bet = (p: Player, stakeMinor: bigint, autoCashOutCenti: number | null, k = key(), mode = 'real') =>
  call(
    p,
    'POST',
    '/bets',
    { stakeMinor: String(stakeMinor), autoCashOutCenti, mode },
    { 'idempotency-key': k },
  );
const cashOut = (p: Player, betId: string) => call(p, 'POST', `/bets/${betId}/cash-out`);
const codeOf = (res: { json(): unknown }) => (res.json() as { error: { code: string } }).error.code;

async function currentRound() {
  return database.handle.db
    .selectFrom('crash_rounds')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
}

/** Moves the clock until the engine has opened a new round for betting; returns its row. */
async function nextRound() {
  const before = await database.handle.db
    .selectFrom('crash_rounds')
    .select('id')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  for (let i = 0; i < 100; i += 1) {
    await engine.step();
    const round = await currentRound().catch(() => null);
    if (round && round.id !== before?.id) return round;
    const wait = round
      ? Math.max(
          1,
          (round.settled_at ? round.crashes_at.getTime() + PAUSE_MS : round.crashes_at.getTime()) -
            clock.nowMs(),
        )
      : 1;
    clock.advance(wait);
  }
  throw new Error('no round opened');
}

/** Moves the clock to `elapsedMs` after the round started, stepping the engine every 100 ms. */
async function runTo(round: { betting_ends_at: Date }, elapsedMs: number) {
  const target = round.betting_ends_at.getTime() + elapsedMs;
  while (clock.nowMs() < target) {
    clock.advance(Math.min(100, target - clock.nowMs()));
    await engine.step();
  }
}

/** Moves past the crash and settles. */
async function crash(round: { crashes_at: Date }) {
  clock.advance(Math.max(0, round.crashes_at.getTime() - clock.nowMs()));
  await engine.step();
}

beforeAll(async () => {
  database = await createTestDatabase({ migrated: true });
  deps = {
    config: testConfig({ PARLAY_ROLES: 'api', AUTH_TOKEN_TTL_SECONDS: '86400' }),
    db: database.handle,
    bus: new InProcessBus({ error: () => {} }),
    clock,
    metrics: createMetrics({ collectDefaults: false }),
  };
  mainApp = await buildApp(deps);
  const auth = createAuthService(deps, new SiteConfigService(deps.db.db, deps.bus, deps.clock));
  ledger = new Ledger(deps.db.db, clock);
  ctx = { db: deps.db.db, clock, bus: deps.bus, ledger, limits: createLimitsService(deps, auth) };
  crashApp = Fastify({ logger: false, ajv: { customOptions: { coerceTypes: true } } });
  installHttpBehaviour(crashApp, deps.metrics);
  await crashApp.register(cookie);
  provideAuth(crashApp, auth);
  await crashApp.register(crashRoutes, { crash: ctx });
  await crashApp.ready();
  deps.bus.subscribe(CRASH_TOPIC, (m) => void messages.push(m as CrashMessage));
  // The first chain: the known seed, so the crash points are known (then random chains follow).
  const plan = planChain(SEED, 5, 2);
  await deps.db.db
    .insertInto('crash_chains')
    .values({
      commitment: plan.commitment,
      salt: SALT,
      seed: SEED,
      length: 5,
      step: 2,
      checkpoints: JSON.stringify(plan.checkpoints),
      created_at: clock.now(),
    })
    .execute();
  engine = new CrashEngine(ctx, {
    bettingMs: BETTING_MS,
    pauseMs: PAUSE_MS,
    chain: { chainLength: 6, checkpointStep: 4 },
  });
}, 180_000);

afterAll(async () => {
  await crashApp?.close();
  await mainApp?.close();
  await deps?.bus.close();
  await database?.drop();
});

describe('a crash round', () => {
  it('cash-out pays stake × m at the request time; late is refused; auto cash-outs pay their target', async () => {
    const [a, b, c, d, e, f] = (await Promise.all(Array.from({ length: 6 }, () => newPlayer()))) as [
      Player,
      Player,
      Player,
      Player,
      Player,
      Player,
    ];
    const round = await nextRound();
    expect(round.game).toBe(1);
    expect(round.crash_point_centi).toBe(PLANTED[0]);
    const fresh = (await call(null, 'GET', '/state')).json();
    expect(fresh.round).toMatchObject({
      id: String(round.id),
      status: 'betting',
      hash: null,
      crashPointCenti: null,
    });
    expect(fresh.chainCommitment).toBe(planChain(SEED, 5, 5).commitment);

    const stake = 123_45n;
    const placed = (await bet(a, stake, null)).json();
    expect(placed).toMatchObject({ status: 'active', stakeMinor: String(stake), mode: 'real' });
    expect(await balance(a)).toBe(FUNDS_MINOR - stake);
    const late = (await bet(c, 10_00n, null)).json();
    const autoWin = (await bet(d, 10_00n, 250)).json();
    const autoLose = (await bet(e, 10_00n, 300)).json();
    const autoTie = (await bet(f, 10_00n, 299)).json();
    // Before the round runs a cash-out is not taken.
    expect(codeOf(await cashOut(a, placed.betId))).toBe('CASINO_CRASH_NOT_ACCEPTING');

    // 15.37 s in: ⌊100·e^(0.00006·15370)⌋ = 251 hundredths (2.51×).
    await runTo(round, 15_370);
    const expected = Math.floor(100 * Math.exp(K * 15_370));
    expect(expected).toBe(251);
    expect(codeOf(await bet(b, 10_00n, null))).toBe('CASINO_CRASH_NOT_ACCEPTING');
    const out = (await cashOut(a, placed.betId)).json();
    expect(out).toMatchObject({ status: 'cashed_out', cashOutCenti: expected });
    expect(out.payoutMinor).toBe(String((stake * BigInt(expected)) / 100n));
    expect(await balance(a)).toBe(FUNDS_MINOR - stake + (stake * BigInt(expected)) / 100n);
    // The engine paid the 2.50× target when the multiplier passed it, at exactly 2.50×.
    const dBet = await deps.db.db
      .selectFrom('crash_bets')
      .selectAll()
      .where('id', '=', BigInt(autoWin.betId))
      .executeTakeFirstOrThrow();
    expect(dBet).toMatchObject({ status: 'cashed_out', cash_out_centi: 250, payout_minor: 25_00n });

    // At the crash instant, before the engine settled anything, a cash-out is already late.
    clock.advance(round.crashes_at.getTime() - clock.nowMs());
    expect(codeOf(await cashOut(c, late.betId))).toBe('CASINO_CRASH_CASHOUT_LATE');
    await crash(round);
    expect(codeOf(await cashOut(c, late.betId))).toBe('CASINO_CRASH_CASHOUT_LATE');
    const bets = await deps.db.db
      .selectFrom('crash_bets')
      .selectAll()
      .where('round_id', '=', round.id)
      .execute();
    const byId = new Map(bets.map((x) => [String(x.id), x]));
    expect(byId.get(late.betId)).toMatchObject({ status: 'lost', payout_minor: 0n });
    expect(byId.get(autoLose.betId)).toMatchObject({ status: 'lost', payout_minor: 0n });
    // Reaching the target at the crash instant counts for the player.
    expect(byId.get(autoTie.betId)).toMatchObject({
      status: 'cashed_out',
      cash_out_centi: 299,
      payout_minor: 29_90n,
    });
    expect(await balance(e)).toBe(FUNDS_MINOR - 10_00n);

    // The reveal: the hash hashes back to the commitment and gives the crash point.
    const state = (await call(null, 'GET', '/state')).json();
    expect(state.round).toMatchObject({ status: 'crashed', crashPointCenti: 299 });
    expect(
      verifyCrashGame({
        hash: state.round.hash,
        salt: state.salt,
        game: 1,
        commitment: state.chainCommitment,
      }),
    ).toEqual({
      crashPointCenti: 299,
      chainOk: true,
    });
    expect(state.history[0]).toMatchObject({ roundId: String(round.id), crashPointCenti: 299 });
    // The public topic told it all: round open, bets, ticks every 100 ms while running, cash-outs, crash.
    const types = messages.map((m) => m.type);
    expect(types).toContain('crash.bet');
    const ticks = messages.filter((m) => m.type === 'crash.tick' && m.roundId === String(round.id));
    expect(ticks.length).toBeGreaterThanOrEqual(150);
    const cashouts = messages
      .filter((m) => m.type === 'crash.cashout')
      .map((m) => m.type === 'crash.cashout' && m.betId);
    expect(cashouts).toEqual(expect.arrayContaining([placed.betId, autoWin.betId, autoTie.betId]));
    const rounds = messages
      .filter((m) => m.type === 'crash.round')
      .map((m) => m.type === 'crash.round' && m.round.status);
    expect(rounds.slice(-3)).toEqual(['betting', 'running', 'crashed']);
    expect(
      JSON.stringify(messages.filter((m) => m.type !== 'crash.round' || m.round.status !== 'crashed')),
    ).not.toContain(round.hash);
  });

  it('concurrent cash-outs of one bet pay once; replayed keys answer the first bet; bad bets move no money', async () => {
    const p = await newPlayer();
    const round = await nextRound();
    expect(round.crash_point_centi).toBe(PLANTED[1]);
    const k = key();
    const [first, again] = await Promise.all([bet(p, 50_00n, null, k), bet(p, 50_00n, null, k)]);
    expect(first.json().betId).toBe(again.json().betId);
    expect(codeOf(await bet(p, 60_00n, null, k))).toBe('CASINO_IDEMPOTENCY_MISMATCH');
    expect(codeOf(await bet(p, 50_00n, null))).toBe('CASINO_ROUND_OPEN');
    expect(codeOf(await bet(p, 50_00n, null, key(), 'demo'))).toBe('CASINO_REAL_ONLY');
    expect(codeOf(await bet(p, 5n, null))).toBe('CASINO_STAKE_OUT_OF_RANGE');
    expect((await bet(p, 50_00n, 100)).statusCode).toBe(400);
    expect(
      (await call(p, 'POST', '/bets', { stakeMinor: '100', autoCashOutCenti: null, mode: 'real' }))
        .statusCode,
    ).toBe(400);
    expect(await balance(p)).toBe(FUNDS_MINOR - 50_00n);

    await runTo(round, 4_000);
    const answers = await Promise.all(Array.from({ length: 6 }, () => cashOut(p, first.json().betId)));
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    const paid = new Set(answers.map((r) => r.json().payoutMinor));
    expect(paid.size).toBe(1);
    const wins = await deps.db.db
      .selectFrom('ledger_transfers')
      .select('id')
      .where('idempotency_key', '=', `casino:crash:${first.json().betId}:win`)
      .execute();
    expect(wins).toHaveLength(1);
    expect(await balance(p)).toBe(FUNDS_MINOR - 50_00n + BigInt([...paid][0]));
    await crash(round);
  });

  it('a time-out blocks betting at once', async () => {
    const p = await newPlayer();
    const round = await nextRound();
    await mainApp.inject({
      method: 'POST',
      url: '/limit-service-api/api/external/web/v3/limit',
      headers: { cookie: `user_token=${p.token}` },
      payload: { limitType: 33, limitValue: 1 },
    });
    await expect(
      placeCrashBet(ctx, {
        userId: p.userId,
        idempotencyKey: key(),
        stakeMinor: 10_00n,
        autoCashOutCenti: null,
        mode: 'real',
      }),
    ).rejects.toMatchObject({ code: 'LIMIT_TIME_OUT' } satisfies Partial<AppError>);
    expect(await balance(p)).toBe(FUNDS_MINOR);
    await crash(round);
  });

  it('a restarted engine finishes the running round: valid cash-outs paid, nothing twice', async () => {
    const [p, q] = await Promise.all([newPlayer(), newPlayer()]);
    const round = await nextRound();
    expect(round.crash_point_centi).toBe(PLANTED[3]);
    const manual = (await bet(p, 100_00n, null)).json();
    const auto = (await bet(q, 100_00n, 800)).json();
    await runTo(round, 20_000);
    // The engine's process dies here (no release). Requests still reach another API process.
    const dead = engine;
    const at = Math.floor(100 * Math.exp(K * 20_000));
    clock.advance(5_000);
    const out = (await cashOut(p, manual.betId)).json();
    expect(out.cashOutCenti).toBe(Math.floor(100 * Math.exp(K * 25_000)));
    expect(out.cashOutCenti).toBeGreaterThan(at);
    engine = new CrashEngine(ctx, {
      bettingMs: BETTING_MS,
      pauseMs: PAUSE_MS,
      chain: { chainLength: 6, checkpointStep: 4 },
    });
    await runTo(round, timeToReach(1027) - 1);
    const qBet = await deps.db.db
      .selectFrom('crash_bets')
      .selectAll()
      .where('id', '=', BigInt(auto.betId))
      .executeTakeFirstOrThrow();
    expect(qBet).toMatchObject({ status: 'cashed_out', cash_out_centi: 800, payout_minor: 800_00n });
    await crash(round);
    await dead.step(); // the old engine cannot act: the lease is the new one's
    expect(await balance(p)).toBe(FUNDS_MINOR - 100_00n + crashPayoutMinor(100_00n, out.cashOutCenti));
    expect(await balance(q)).toBe(FUNDS_MINOR + 700_00n);
    const settled = await deps.db.db
      .selectFrom('crash_rounds')
      .selectAll()
      .where('id', '=', round.id)
      .executeTakeFirstOrThrow();
    expect(settled.status).toBe('crashed');
  });

  it('no bet ever pays more than stake × min(crash point, its cash-out), nor after the crash (property)', async () => {
    const players = await Promise.all(Array.from({ length: 3 }, () => newPlayer()));
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            stake: fc.bigInt({ min: 10n, max: 500_00n }),
            auto: fc.option(fc.integer({ min: 101, max: 2000 }), { nil: null }),
            cashAtMs: fc.option(fc.integer({ min: -2000, max: 60_000 }), { nil: null }),
          }),
          { minLength: 3, maxLength: 3 },
        ),
        async (plays) => {
          const round = await nextRound();
          const placed = [];
          for (const [i, play] of plays.entries()) {
            placed.push({
              play,
              player: players[i]!,
              bet: (await bet(players[i]!, play.stake, play.auto)).json(),
            });
          }
          const order = placed
            .filter((x) => x.play.cashAtMs !== null)
            .sort((x, y) => x.play.cashAtMs! - y.play.cashAtMs!);
          const end = round.crashes_at.getTime() - round.betting_ends_at.getTime();
          for (const x of order) {
            const at = x.play.cashAtMs!;
            // Before the crash the engine ticks; after it, requests may come before it settled.
            if (at >= 0) await runTo(round, Math.min(at, end - 1));
            if (at >= end) clock.advance(Math.max(0, round.betting_ends_at.getTime() + at - clock.nowMs()));
            const res = await cashOut(x.player, x.bet.betId);
            const elapsed = clock.nowMs() - round.betting_ends_at.getTime();
            if (res.statusCode !== 200) {
              expect(['CASINO_CRASH_CASHOUT_LATE', 'CASINO_CRASH_NOT_ACCEPTING'], res.body).toContain(
                codeOf(res),
              );
            } else if (res.json().cashOutCenti !== x.play.auto) {
              // A manual cash-out (not the auto one it found done) only before the crash instant.
              expect(elapsed).toBeLessThan(end);
            }
          }
          await crash(round);
          for (const x of placed) {
            const row = await deps.db.db
              .selectFrom('crash_bets')
              .selectAll()
              .where('id', '=', BigInt(x.bet.betId))
              .executeTakeFirstOrThrow();
            expect(row.status).not.toBe('active');
            if (row.status === 'lost') {
              expect(row.payout_minor).toBe(0n);
              continue;
            }
            const cash = row.cash_out_centi!;
            expect(cash).toBeLessThanOrEqual(round.crash_point_centi);
            if (x.play.auto !== null) expect(cash).toBeLessThanOrEqual(x.play.auto);
            expect(row.payout_minor).toBe((row.stake_minor * BigInt(cash)) / 100n);
            expect(row.payout_minor).toBeLessThanOrEqual(
              (row.stake_minor * BigInt(Math.min(round.crash_point_centi, cash))) / 100n,
            );
          }
        },
      ),
      { numRuns: 12, seed: 18 },
    );
  }, 180_000);

  it('two engines on one database: only the lease holder ticks and opens rounds; the app serves the state', async () => {
    const other = new CrashEngine(ctx, {
      bettingMs: BETTING_MS,
      pauseMs: PAUSE_MS,
      chain: { chainLength: 6, checkpointStep: 4 },
    });
    const round = await nextRound();
    const before = messages.length;
    // A lease always has at least half of its 5 s left after the holder's step: 2 s of the other's steps.
    for (let i = 0; i < 20; i += 1) {
      clock.advance(100);
      await other.step();
    }
    // The holder stopped stepping but its lease still runs: the other engine did nothing.
    expect(messages.length).toBe(before);
    await runTo(round, 0);
    const rounds = await deps.db.db
      .selectFrom('crash_rounds')
      .select('id')
      .where('id', '>', round.id)
      .execute();
    expect(rounds).toEqual([]);
    // Once the holder is gone for a whole lease, the other takes over and ticks.
    clock.advance(6_000);
    await other.step();
    expect(messages.slice(before).some((m) => m.type === 'crash.tick' || m.type === 'crash.round')).toBe(
      true,
    );
    engine = other;
    await crash(await currentRound());
    // The application (casino module in app.ts) serves the same state as the test's crash app.
    const viaApp = await mainApp.inject({ url: '/web-api/casino/v1/crash/state' });
    expect(viaApp.statusCode).toBe(200);
    expect(viaApp.json().round.id).toBe((await call(null, 'GET', '/state')).json().round.id);
  });

  it('the ledger check is clean and every bet has its stake transfer', async () => {
    expect((await ledger.check()).differences).toEqual([]);
    const bets = await deps.db.db.selectFrom('crash_bets').select(['id', 'status', 'payout_minor']).execute();
    const transfers = await deps.db.db
      .selectFrom('ledger_transfers')
      .select(['idempotency_key'])
      .where('idempotency_key', 'like', 'casino:crash:%')
      .execute();
    const keysSet = new Set(transfers.map((t) => t.idempotency_key));
    for (const b of bets) {
      expect(keysSet.has(`casino:crash:${b.id}:stake`)).toBe(true);
      expect(keysSet.has(`casino:crash:${b.id}:win`)).toBe(b.status === 'cashed_out');
    }
    // Chains rotate: the planted one was used up and new ones with new commitments followed.
    const chains = await deps.db.db.selectFrom('crash_chains').select('commitment').execute();
    expect(chains.length).toBeGreaterThan(1);
  });
});
