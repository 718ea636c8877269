/**
 * The demo studio over real HTTP: the app listens on a loopback port, the test talks to the studio's
 * routes with fetch as the game page does, and the studio calls Parlay's provider API over HTTP with
 * its signature. Money moves exactly as the studio's bets and wins say; the ledger stays clean.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { TestClient } from '../../testing/test-client.ts';
import { Ledger } from '../accounts/index.ts';
import { DEMO_STUDIO, demoStudioEnabled } from '../casino/index.ts';
import { DEMO_ROULETTE_ID, DEMO_SLOT_ID, importDemoStudioGames } from './catalogue.ts';
import {
  RED,
  ROULETTE_CODE,
  ROUND_MS,
  rouletteNumber,
  roundAt,
  SLOT_CODE,
  SLOT_MAX_MULTIPLIER,
  scheduleOf,
} from './games.ts';
import { demoStudioModule } from './index.ts';

// biome-ignore lint/suspicious/noExplicitAny: the studio's JSON answers, read field by field
type Answer = Record<string, any>;

const SECRET = 'demo-studio-test-key-0123456789abcdef';
// 10 s into a roulette round.
const clock = new ManualClock(
  new Date(Math.floor(Date.parse('2026-06-01T12:00:00Z') / ROUND_MS) * ROUND_MS + 10_000),
);
let t: TestApp;
let base: string;
let ledger: Ledger;

beforeAll(async () => {
  t = await createTestApp({
    roles: 'api',
    clock,
    env: { DEV_TOOLS: 'on', CASINO_DEMO_STUDIO_SECRET: SECRET },
  });
  ledger = new Ledger(t.deps.db.db, clock);
  const first = await importDemoStudioGames(t.deps.db.db);
  const again = await importDemoStudioGames(t.deps.db.db);
  expect(again).toEqual(first);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await t?.close();
});

afterEach(async () => {
  expect((await ledger.check()).differences).toEqual([]);
});

let ip = 1;
async function player(balanceMinor: bigint, gameId = DEMO_SLOT_ID) {
  const client = new TestClient(t.app, `10.91.0.${ip++}`);
  const res = await client.post('/web-api/auth/v1/registration/fast', { countryId: 1, currency: 'RUB' });
  expect(res.statusCode).toBe(200);
  const userId = BigInt(res.json().userId);
  const accounts = (await client.get('/web-api/accounts/v1/accounts')).json();
  const accountId = BigInt(accounts.mainAccount?.id ?? accounts.accounts[0].id);
  await ledger.move({
    idempotencyKey: `fund:${accountId}`,
    reason: 'deposit',
    currency: 'RUB',
    from: { system: 'provider' },
    to: accountId,
    amountMinor: balanceMinor,
    userId,
  });
  const launch = await client.post(`/web-api/casino/v1/providers/${DEMO_STUDIO}/launch`, {
    gameId,
    mode: 'real',
    lang: 'en',
  });
  expect(launch.statusCode).toBe(200);
  const { url, token } = launch.json() as { url: string; token: string };
  return { client, userId, accountId, url, token };
}

async function post(path: string, body: unknown, idem?: string) {
  const res = await fetch(`${base}/dev/demo-studio/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(idem ? { 'idempotency-key': idem } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Answer };
}

const minor = (text: string) => BigInt(text.replace('.', ''));
const balanceOf = async (p: { userId: bigint; accountId: bigint }) =>
  (await ledger.account(p.userId, p.accountId)).moneyMinor;

describe('demo studio slot', () => {
  it('launches into the studio page, and each spin moves exactly −stake + win through the signed API', async () => {
    const p = await player(100_00n);
    expect(p.url).toContain(`/dev/demo-studio/play?game=${SLOT_CODE}&mode=real&lang=en&token=`);
    const page = await fetch(`${base}${p.url}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('src="/dev/demo-studio/studio.js"');
    expect(html).not.toMatch(/<script>/);
    expect((await fetch(`${base}/dev/demo-studio/studio.js`)).status).toBe(200);

    const session = await post('session', { token: p.token });
    expect(session.status).toBe(200);
    expect(session.body.balance).toBe('100.00');
    let expected = 100_00n;
    let wins = 0;
    let wonMinor = 0n;
    for (let i = 0; i < 15; i++) {
      const spin = await post(
        'slot/spin',
        { session: session.body.session, currency: 'RUB', stake: '1.00' },
        `spin-${i}-key`,
      );
      expect(spin.status).toBe(200);
      const win = minor(spin.body.win);
      expect(win === 0n || win >= 8_00n).toBe(true);
      expect(win).toBeLessThanOrEqual(100n * SLOT_MAX_MULTIPLIER);
      if (win > 0n) wins++;
      wonMinor += win;
      expected += win - 100n;
      expect(minor(spin.body.balance)).toBe(expected);
    }
    expect(await balanceOf(p)).toBe(expected);
    // What Parlay recorded is what the studio said: 15 bets of 1.00 and the wins, all rounds closed.
    const rows = await t.deps.db.db
      .selectFrom('casino_wallet_transactions')
      .select(['kind', 'amount'])
      .where('provider', '=', DEMO_STUDIO)
      .where('user_id', '=', p.userId)
      .execute();
    expect(rows.filter((r) => r.kind === 'bet')).toHaveLength(15);
    expect(rows.filter((r) => r.kind === 'win')).toHaveLength(wins);
    const total = (kind: string) =>
      rows.filter((r) => r.kind === kind).reduce((a, r) => a + BigInt(r.amount), 0n);
    expect(total('bet')).toBe(15_00n);
    expect(total('win')).toBe(wonMinor);
    const open = await t.deps.db.db
      .selectFrom('casino_provider_rounds')
      .select('round_ref')
      .where('provider', '=', DEMO_STUDIO)
      .where('user_id', '=', p.userId)
      .where('closed_at', 'is', null)
      .execute();
    expect(open).toEqual([]);
  });

  it('a retried spin (same Idempotency-Key, also 4 at once) replays: same reels, money moved once', async () => {
    const p = await player(20_00n);
    const session = (await post('session', { token: p.token })).body.session as string;
    const body = { session, currency: 'RUB', stake: '5.00' };
    const first = await post('slot/spin', body, 'retry-key-1');
    expect(first.status).toBe(200);
    const repeats = await Promise.all([1, 2, 3, 4].map(() => post('slot/spin', body, 'retry-key-1')));
    for (const r of repeats) {
      expect(r.status).toBe(200);
      expect(r.body.symbols).toEqual(first.body.symbols);
      expect(r.body.replayed).toBe(true);
    }
    expect(await balanceOf(p)).toBe(20_00n - 5_00n + minor(first.body.win));
    // Parallel new spins of one player: each moves once.
    const keys = ['par-a-key', 'par-b-key', 'par-c-key'];
    const spins = await Promise.all(keys.map((k) => post('slot/spin', { ...body, stake: '1.00' }, k)));
    let delta = 0n;
    for (const s of spins) {
      expect(s.status).toBe(200);
      delta += minor(s.body.win) - 100n;
    }
    expect(await balanceOf(p)).toBe(20_00n - 5_00n + minor(first.body.win) + delta);
  });

  it('refusals pass the provider code through and move nothing', async () => {
    const p = await player(2_00n);
    const session = (await post('session', { token: p.token })).body.session as string;
    const broke = await post('slot/spin', { session, currency: 'RUB', stake: '10.00' }, 'broke-key-1');
    expect(broke).toMatchObject({ status: 409, body: { error: { code: 'INSUFFICIENT_FUNDS' } } });
    expect((await post('slot/spin', { session, currency: 'RUB', stake: '1.005' }, 'frac-key-1')).status).toBe(
      400,
    );
    expect((await post('slot/spin', { session, currency: 'RUB', stake: '1.00' })).status).toBe(400);
    expect((await post('session', { token: 'x'.repeat(43) })).body.error.code).toBe('UNKNOWN_TOKEN');
    expect(await balanceOf(p)).toBe(2_00n);
  });
});

describe('demo studio live roulette', () => {
  it('a shared round: bet while open, result at close for everyone, win paid, tampered slips refused', async () => {
    const p = await player(50_00n, DEMO_ROULETTE_ID);
    expect(p.url).toContain(`game=${ROULETTE_CODE}`);
    const session = (await post('session', { token: p.token })).body.session as string;
    const state = (await (await fetch(`${base}/dev/demo-studio/api/roulette/state`)).json()) as Answer;
    expect(clock.nowMs()).toBeLessThan(state.closesAt);
    const round = state.round as number;
    const number = rouletteNumber(SECRET, round);
    // The current round's number is not shown before betting closes.
    expect(state.history.map((h: { round: number }) => h.round)).not.toContain(round);

    const straight = await post(
      'roulette/bet',
      { session, currency: 'RUB', round, kind: 'straight', number, amount: '1.00' },
      'rl-straight-key',
    );
    const red = await post(
      'roulette/bet',
      { session, currency: 'RUB', round, kind: 'red', amount: '5.00' },
      'rl-red-key1',
    );
    expect(straight.status).toBe(200);
    expect(red.status).toBe(200);
    expect(await balanceOf(p)).toBe(44_00n);
    expect((await post('roulette/settle', { session, slip: red.body.slip })).body.error.code).toBe(
      'ROUND_NOT_DRAWN',
    );

    clock.advance(state.closesAt - clock.nowMs());
    const late = await post(
      'roulette/bet',
      { session, currency: 'RUB', round, kind: 'odd', amount: '1.00' },
      'late-key-1',
    );
    expect(late).toMatchObject({ status: 409, body: { error: { code: 'BETTING_CLOSED' } } });
    const after = (await (await fetch(`${base}/dev/demo-studio/api/roulette/state`)).json()) as Answer;
    expect(after.history[0]).toEqual({ round, number });

    const tampered = { ...red.body.slip, amount: '50.00' };
    expect((await post('roulette/settle', { session, slip: tampered })).body.error.code).toBe('BAD_SLIP');
    const s1 = await post('roulette/settle', { session, slip: straight.body.slip });
    const s2 = await post('roulette/settle', { session, slip: red.body.slip });
    const again = await post('roulette/settle', { session, slip: red.body.slip });
    expect(s1.body).toMatchObject({ round, number, win: '36.00' });
    expect(s2.body.win).toBe(RED.has(number) ? '10.00' : '0.00');
    expect(again.body.win).toBe(s2.body.win);
    expect(await balanceOf(p)).toBe(44_00n + 36_00n + (RED.has(number) ? 10_00n : 0n));
    clock.advance(ROUND_MS);
  });
});

describe('demo studio live roulette: a voided bet', () => {
  it('a bet Parlay takes after betting closed (a slow network) is rolled back: nothing moved', async () => {
    // A second studio process whose calls to Parlay pass a proxy; the proxy holds the bet until the
    // round has closed (advances the clock), as a slow network would.
    let delayBet = false;
    const proxy = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      if (delayBet && req.url?.endsWith('/bet')) {
        delayBet = false;
        clock.advance(scheduleOf(roundAt(clock.nowMs()).round).closesAt - clock.nowMs() + 1_000);
      }
      const answer = await fetch(`${base}${req.url}`, {
        method: 'POST',
        headers: Object.fromEntries(
          ['content-type', 'x-parlay-timestamp', 'x-parlay-signature'].map((h) => [
            h,
            String(req.headers[h]),
          ]),
        ),
        body: Buffer.concat(chunks),
      });
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const studio = Fastify();
    await studio.register(demoStudioModule as never, {
      deps: t.deps,
      provider: DEMO_STUDIO,
      secret: async () => SECRET,
      parlayUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    });
    const studioBase = await studio.listen({ port: 0, host: '127.0.0.1' });
    try {
      // 5 s into a fresh round.
      clock.advance(scheduleOf(roundAt(clock.nowMs()).round).endsAt - clock.nowMs() + 5_000);
      const p = await player(10_00n, DEMO_ROULETTE_ID);
      const session = (await post('session', { token: p.token })).body.session as string;
      const round = roundAt(clock.nowMs()).round;
      delayBet = true;
      const res = await fetch(`${studioBase}/dev/demo-studio/api/roulette/bet`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': 'slow-bet-key' },
        body: JSON.stringify({ session, currency: 'RUB', round, kind: 'black', amount: '4.00' }),
      });
      expect(res.status).toBe(409);
      expect(((await res.json()) as Answer).error.code).toBe('BETTING_CLOSED');
      expect(await balanceOf(p)).toBe(10_00n);
      const rows = await t.deps.db.db
        .selectFrom('casino_wallet_transactions')
        .select(['kind', 'status'])
        .where('provider', '=', DEMO_STUDIO)
        .where('user_id', '=', p.userId)
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { kind: 'bet', status: 'rolled_back' },
        { kind: 'rollback', status: 'done' },
      ]);
      const open = await t.deps.db.db
        .selectFrom('casino_provider_rounds')
        .select('round_ref')
        .where('user_id', '=', p.userId)
        .where('closed_at', 'is', null)
        .execute();
      expect(open).toEqual([]);
    } finally {
      await studio.close();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });
});

describe('demo studio live roulette: parallel repeats', () => {
  it('4 parallel repeats of one bet take it once; 4 parallel settles of its slip pay once', async () => {
    clock.advance(scheduleOf(roundAt(clock.nowMs()).round).endsAt - clock.nowMs() + 5_000);
    const p = await player(20_00n, DEMO_ROULETTE_ID);
    const session = (await post('session', { token: p.token })).body.session as string;
    const round = roundAt(clock.nowMs()).round;
    const number = rouletteNumber(SECRET, round);
    const body = { session, currency: 'RUB', round, kind: 'straight', number, amount: '0.50' };
    const bets = await Promise.all([1, 2, 3, 4].map(() => post('roulette/bet', body, 'parallel-bet-key')));
    for (const b of bets) {
      expect(b.status).toBe(200);
      expect(b.body.slip).toEqual(bets[0]?.body.slip);
    }
    expect(await balanceOf(p)).toBe(19_50n);
    clock.advance(scheduleOf(round).closesAt - clock.nowMs());
    const settles = await Promise.all(
      [1, 2, 3, 4].map(() => post('roulette/settle', { session, slip: bets[0]?.body.slip })),
    );
    for (const r of settles) expect(r.body).toMatchObject({ round, number, win: '18.00' });
    expect(await balanceOf(p)).toBe(19_50n + 18_00n);
    // Another player's session cannot settle the slip.
    const other = await player(1_00n, DEMO_ROULETTE_ID);
    const otherSession = (await post('session', { token: other.token })).body.session as string;
    expect(
      (await post('roulette/settle', { session: otherSession, slip: bets[0]?.body.slip })).body.error.code,
    ).toBe('BAD_SLIP');
  });
});

describe('demo studio catalogue', () => {
  it('the lobby lists the slot and the live table (live section); their pages are provider games', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/web-api/casino/v1/lobby?section=live&lang=en' });
    expect(live.statusCode).toBe(200);
    expect(JSON.stringify(live.json())).toContain('demo-studio-live-roulette');
    const slots = await t.app.inject({
      method: 'GET',
      url: `/web-api/casino/v1/lobby?section=slots&provider=${DEMO_STUDIO}&lang=en`,
    });
    expect(JSON.stringify(slots.json())).toContain('demo-studio-fruit-reels');
    for (const id of [DEMO_SLOT_ID, DEMO_ROULETTE_ID]) {
      const game = (
        await t.app.inject({ method: 'GET', url: `/web-api/casino/v1/games/${id}?lang=en` })
      ).json();
      const details = (game.game ?? game) as Answer;
      expect(details.engineId ?? null).toBeNull();
      expect(details.tags).toContain('provider');
      expect(details.provider.id).toBe(DEMO_STUDIO);
    }
    // A guest's demo launch: no token, the studio page plays fun money.
    const demo = await t.app.inject({
      method: 'POST',
      url: `/web-api/casino/v1/providers/${DEMO_STUDIO}/launch`,
      payload: { gameId: DEMO_SLOT_ID, mode: 'demo', lang: 'ru' },
    });
    expect(demo.statusCode).toBe(200);
    expect(demo.json().url).toBe(`/dev/demo-studio/play?game=${SLOT_CODE}&mode=demo&lang=ru`);
    const spin = await post('slot/spin', { currency: 'RUB', stake: '1.00' }, 'demo-spin-key');
    expect(spin.status).toBe(200);
    expect(spin.body.balance).toBeNull();
    expect(spin.body.symbols).toHaveLength(3);
  });
});

describe('demo studio availability', () => {
  it('is enabled only in development or with DEV_TOOLS; production never', () => {
    expect(demoStudioEnabled({ nodeEnv: 'production', devTools: false })).toBe(false);
    expect(demoStudioEnabled({ nodeEnv: 'test', devTools: false })).toBe(false);
    expect(demoStudioEnabled({ nodeEnv: 'development', devTools: false })).toBe(true);
  });

  it('has no routes without the development provider', async () => {
    const plain = await createTestApp({ roles: 'api' });
    try {
      for (const url of [
        '/dev/demo-studio/play?game=demo-fruit-reels&mode=demo',
        '/dev/demo-studio/studio.js',
      ]) {
        expect((await plain.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
      const spin = await plain.app.inject({
        method: 'POST',
        url: '/dev/demo-studio/api/slot/spin',
        headers: { 'idempotency-key': 'any-key-123' },
        payload: { currency: 'RUB', stake: '1.00' },
      });
      expect(spin.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
