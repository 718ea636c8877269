/**
 * Table play at the studio's hold'em tables over real HTTP: the app listens on a loopback port, the
 * test plays as the table page does (fetch to the studio's routes), and the studio calls Parlay's
 * provider API over HTTP with its signature. Sitting is a bet of the buy-in, a rebuy another bet,
 * leaving one win of the stack and end-round; the ledger's check is clean after every test.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { TestClient } from '../../testing/test-client.ts';
import { Ledger } from '../accounts/index.ts';
import { DEMO_STUDIO } from '../casino/index.ts';
import { DEMO_POKER_LOBBY_ID, importDemoStudioGames } from './catalogue.ts';
import { HoldemStudio, PENDING_MS } from './holdem-routes.ts';
import { IDLE_HANDS, IDLE_MS, TURN_MS } from './holdem-seat.ts';
import { ParlayClient } from './parlay-client.ts';

// biome-ignore lint/suspicious/noExplicitAny: the studio's JSON answers, read field by field
type Answer = Record<string, any>;

const SECRET = 'demo-studio-holdem-test-key-0123456789';
const clock = new ManualClock(new Date('2026-11-27T12:00:30Z'));
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
  await importDemoStudioGames(t.deps.db.db);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 180_000);

afterAll(async () => {
  await t?.close();
});

afterEach(async () => {
  expect((await ledger.check()).differences).toEqual([]);
});

/** Another studio process (same key, same database), e.g. after a restart, or one whose Parlay is away. */
function studio(url = base) {
  const parlay = new ParlayClient({
    provider: DEMO_STUDIO,
    secret: async () => SECRET,
    baseUrl: () => url,
    nowMs: () => clock.nowMs(),
  });
  return new HoldemStudio(t.deps.db.db, clock, parlay);
}

let ip = 1;
async function player(balanceMinor: bigint) {
  const client = new TestClient(t.app, `10.92.0.${ip++}`);
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
    gameId: DEMO_POKER_LOBBY_ID,
    mode: 'real',
    lang: 'en',
  });
  expect(launch.statusCode).toBe(200);
  const { token } = launch.json() as { token: string };
  const session = (await post('session', { token })).body.session as string;
  return { userId, accountId, session };
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

async function walletRows(userId: bigint) {
  return t.deps.db.db
    .selectFrom('casino_wallet_transactions')
    .select(['transaction_id', 'kind', 'amount', 'status'])
    .where('provider', '=', DEMO_STUDIO)
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

async function openRounds(userId: bigint) {
  return t.deps.db.db
    .selectFrom('casino_provider_rounds')
    .select('round_ref')
    .where('provider', '=', DEMO_STUDIO)
    .where('user_id', '=', userId)
    .where('closed_at', 'is', null)
    .execute();
}

/** The player's move as a simple page user makes it: call or check, raise now and then. */
function choose(view: Answer, n: number): Answer {
  const legal = view.legal;
  if (n % 5 === 0 && legal.raise) return { action: 'raise', amount: legal.raise.min };
  if (n % 7 === 0 && legal.bet) return { action: 'bet', amount: legal.bet.min };
  if (legal.check) return { action: 'check' };
  if (legal.call !== null) return { action: 'call' };
  return { action: 'fold' };
}

describe("the studio's hold'em tables", () => {
  it('sit (bet of the buy-in), play hands, rebuy between hands, leave (win of the stack, end-round), replay pays once', async () => {
    const p = await player(1000_00n);
    const sit = await post(
      'holdem/sit',
      { session: p.session, currency: 'RUB', table: 'nl-six-2', buyIn: '100.00' },
      'sit-key-1',
    );
    expect(sit.status).toBe(200);
    expect(sit.body).toMatchObject({
      status: 'seated',
      stack: expect.any(String),
      buyIns: '100.00',
      balance: '900.00',
    });
    const seat = sit.body.seat as string;
    expect(sit.body.seats.length).toBeGreaterThanOrEqual(2);
    expect(sit.body.seats[0].cards).toHaveLength(2);
    // The bots' cards are not shown during a hand.
    for (const s of sit.body.seats.slice(1)) expect(s.cards).toBeNull();
    // A repeated sit (same key) is the same seat, no second buy-in.
    const again = await post(
      'holdem/sit',
      { session: p.session, currency: 'RUB', table: 'nl-six-2', buyIn: '100.00' },
      'sit-key-1',
    );
    expect(again.body).toMatchObject({ seat, replayed: true });
    expect(await balanceOf(p)).toBe(900_00n);

    let view = sit.body;
    let hands = 0;
    let moves = 0;
    let rebought = false;
    while (hands < 8) {
      if (view.hand && !view.hand.finished) {
        expect(view.hand.toAct).toBe(0);
        // Out of turn and badly sized actions are refused and change nothing.
        if (view.legal.raise) {
          const bad = await post('holdem/act', { session: p.session, seat, action: 'raise', amount: '0.01' });
          expect(bad).toMatchObject({ status: 400, body: { error: { code: 'HOLDEM_BAD_AMOUNT' } } });
        }
        const res = await post('holdem/act', { session: p.session, seat, ...choose(view, moves++) });
        expect(res.status).toBe(200);
        view = res.body;
        continue;
      }
      hands += 1;
      const refused = await post('holdem/act', { session: p.session, seat, action: 'check' });
      expect(refused.status).toBe(409);
      expect(['HOLDEM_NOT_YOUR_TURN', 'HOLDEM_NO_HAND']).toContain(refused.body.error.code);
      if (!rebought && minor(view.maxRebuy) > 0n) {
        const top = await post('holdem/rebuy', { session: p.session, seat, amount: view.maxRebuy });
        expect(top.status).toBe(200);
        expect(top.body.stack).toBe('200.00');
        rebought = true;
        view = top.body;
      }
      if (minor(view.stack) === 0n) break;
      const dealt = await post('holdem/deal', { session: p.session, seat });
      expect(dealt.status).toBe(200);
      view = dealt.body;
    }
    expect(rebought).toBe(true);
    // A rebuy over the table's maximum is refused.
    const over = await post('holdem/rebuy', { session: p.session, seat, amount: '500.00' });
    expect(over.status).toBeGreaterThanOrEqual(400);
    const buyIns = minor(view.buyIns);
    const stack = minor(view.stack);
    // Leaving mid-hand folds; the cash-out is the stack after the hand.
    const left = await post('holdem/leave', { session: p.session, seat });
    expect(left.status).toBe(200);
    expect(left.body.status).toBe('closed');
    const paid = minor(left.body.paid);
    expect(paid).toBe(minor(left.body.stack));
    if (!view.hand || view.hand.finished) expect(paid).toBe(stack);
    expect(await balanceOf(p)).toBe(1000_00n - buyIns + paid);
    // A replayed leave pays nothing more; another player's session cannot touch the seat.
    const replay = await post('holdem/leave', { session: p.session, seat });
    expect(replay.body).toMatchObject({ replayed: true, paid: left.body.paid });
    const other = await player(10_00n);
    expect((await post('holdem/leave', { session: other.session, seat })).status).toBe(404);
    expect((await post('holdem/act', { session: p.session, seat, action: 'fold' })).body.error.code).toBe(
      'HOLDEM_SEAT_CLOSED',
    );
    expect(await balanceOf(p)).toBe(1000_00n - buyIns + paid);

    const rows = await walletRows(p.userId);
    const bets = rows.filter((r) => r.kind === 'bet');
    expect(bets.map((r) => r.transaction_id)).toEqual([`${seat}:buyin:0`, `${seat}:buyin:1`]);
    expect(bets.reduce((a, r) => a + BigInt(r.amount), 0n)).toBe(buyIns);
    const wins = rows.filter((r) => r.kind === 'win');
    expect(wins.map((r) => [r.transaction_id, BigInt(r.amount)])).toEqual(
      paid > 0n ? [[`${seat}:cashout`, paid]] : [],
    );
    expect(await openRounds(p.userId)).toEqual([]);
  });

  it('refuses a buy-in outside the table range, an unknown table, too little money and a rebuy mid-hand or beyond the balance, moving nothing', async () => {
    const p = await player(50_00n);
    const body = { session: p.session, currency: 'RUB', table: 'nl-six-2' };
    expect((await post('holdem/sit', { ...body, buyIn: '79.00' }, 'low-key-1')).body.error.code).toBe(
      'HOLDEM_BAD_AMOUNT',
    );
    expect((await post('holdem/sit', { ...body, buyIn: '200.01' }, 'high-key-1')).body.error.code).toBe(
      'HOLDEM_BAD_AMOUNT',
    );
    expect((await post('holdem/sit', { ...body, table: 'nope', buyIn: '80.00' }, 'nope-key-1')).status).toBe(
      404,
    );
    const broke = await post('holdem/sit', { ...body, buyIn: '80.00' }, 'broke-key-1');
    expect(broke).toMatchObject({ status: 409, body: { error: { code: 'INSUFFICIENT_FUNDS' } } });
    expect(await balanceOf(p)).toBe(50_00n);
    expect(await walletRows(p.userId)).toEqual([]);

    // Seated with 40.00 of the 50.00: a rebuy of 20.00 finds 10.00 and is refused; nothing pends.
    const sit = await post('holdem/sit', { ...body, table: 'nl-heads-up-1', buyIn: '40.00' }, 'poor-key-1');
    expect(sit.status).toBe(200);
    const seat = sit.body.seat as string;
    let view = sit.body;
    const midHand = await post('holdem/rebuy', { session: p.session, seat, amount: '1.00' });
    if (view.hand && !view.hand.finished) expect(midHand.body.error.code).toBe('HOLDEM_HAND_IN_PROGRESS');
    while (view.hand && !view.hand.finished)
      view = (await post('holdem/act', { session: p.session, seat, action: 'fold' })).body;
    const poor = await post('holdem/rebuy', { session: p.session, seat, amount: '20.00' });
    expect(poor).toMatchObject({ status: 409, body: { error: { code: 'INSUFFICIENT_FUNDS' } } });
    const after = (await post('holdem/state', { session: p.session, seat })).body;
    expect(after).toMatchObject({ rebuyPending: false, buyIns: '40.00', stack: view.stack });
    const left = (await post('holdem/leave', { session: p.session, seat })).body;
    expect(left.paid).toBe(view.stack);
    expect(await balanceOf(p)).toBe(10_00n + minor(view.stack));
    expect(await openRounds(p.userId)).toEqual([]);
  });

  it('a player who lets the turn time out is folded by the clock; after IDLE_HANDS such hands the stack is paid back', async () => {
    const p = await player(200_00n);
    const sit = await post(
      'holdem/sit',
      { session: p.session, currency: 'RUB', table: 'nl-heads-up-1', buyIn: '50.00' },
      'idle-key-1',
    );
    expect(sit.status).toBe(200);
    const seat = sit.body.seat as string;
    let view = sit.body;
    let timedOut = 0;
    for (let guard = 0; guard < 40 && view.status === 'seated'; guard += 1) {
      if (view.hand && !view.hand.finished && view.hand.toAct === 0) {
        expect(view.deadline).toBe(clock.nowMs() + TURN_MS);
        clock.advance(TURN_MS - 1);
        view = (await post('holdem/state', { session: p.session, seat })).body;
        expect(view.hand.toAct).toBe(0); // not yet
        clock.advance(1);
        view = (await post('holdem/state', { session: p.session, seat })).body;
        timedOut += 1;
        continue;
      }
      view = (await post('holdem/deal', { session: p.session, seat })).body;
    }
    expect(timedOut).toBe(IDLE_HANDS);
    expect(view).toMatchObject({ status: 'closed', left: 'timeout' });
    expect(await balanceOf(p)).toBe(200_00n - 50_00n + minor(view.paid));
    expect(await openRounds(p.userId)).toEqual([]);
  });

  it('a closed page: the studio sweep (any process, after a restart) stands the player up and pays the stack back', async () => {
    const p = await player(200_00n);
    const sit = await post(
      'holdem/sit',
      { session: p.session, currency: 'RUB', table: 'fl-six-4', buyIn: '60.00' },
      'gone-key-1',
    );
    expect(sit.status).toBe(200);
    const seat = sit.body.seat as string;
    let view = sit.body;
    // Play to the end of a hand, then close the page.
    while (view.hand && !view.hand.finished)
      view = (await post('holdem/act', { session: p.session, seat, action: 'fold' })).body;
    const stack = minor(view.stack);
    const restarted = studio();
    await restarted.sweep();
    expect((await post('holdem/state', { session: p.session, seat })).body.status).toBe('seated');
    clock.advance(IDLE_MS);
    await restarted.sweep();
    const after = (await post('holdem/state', { session: p.session, seat })).body;
    expect(after).toMatchObject({ status: 'closed', left: 'idle' });
    expect(minor(after.paid)).toBe(stack);
    expect(await balanceOf(p)).toBe(200_00n - 60_00n + stack);
    expect(await openRounds(p.userId)).toEqual([]);
  });

  it('a buy-in whose answer was lost is rolled back by the sweep: the money comes back, the round is closed', async () => {
    const p = await player(100_00n);
    // A studio that cannot reach Parlay: the seat stays `opening`, the page gets 503.
    const away = studio('http://127.0.0.1:9');
    await expect(
      away.sit({
        session: p.session,
        currency: 'RUB',
        table: 'nl-heads-up-1',
        buyIn: '40.00',
        key: 'lost-key-1',
      }),
    ).rejects.toThrow();
    const { rows } = await t.deps.db.db
      .selectFrom('casino_wallet_transactions')
      .select('id')
      .where('user_id', '=', p.userId)
      .execute()
      .then((r) => ({ rows: r }));
    expect(rows).toEqual([]);
    // …but the bet did reach Parlay (its answer was lost): Parlay took 40.00.
    const seat = (
      await t.deps.db.db
        .selectFrom('demo_studio_holdem_seats' as never)
        .select(['round_id' as never])
        .where('status' as never, '=', 'opening' as never)
        .execute()
    ).map((r) => (r as { round_id: string }).round_id)[0]!;
    const direct = studio();
    const parlay = new ParlayClient({
      provider: DEMO_STUDIO,
      secret: async () => SECRET,
      baseUrl: () => base,
      nowMs: () => clock.nowMs(),
    });
    const bet = await parlay.call('bet', {
      sessionToken: p.session,
      transactionId: `${seat}:buyin:0`,
      roundId: seat,
      amount: '40.00',
    });
    expect(bet.status).toBe(200);
    expect(await balanceOf(p)).toBe(60_00n);
    await direct.sweep();
    expect(await balanceOf(p)).toBe(60_00n); // not yet: the answer may still come
    clock.advance(PENDING_MS);
    await direct.sweep();
    expect(await balanceOf(p)).toBe(100_00n);
    expect(await openRounds(p.userId)).toEqual([]);
    expect((await post('holdem/state', { session: p.session, seat })).body.status).toBe('closed');
  });

  it('demo mode: a seat with fun chips, nothing sent to Parlay', async () => {
    const sit = await post(
      'holdem/sit',
      { currency: 'RUB', table: 'nl-full-5', buyIn: '300.00' },
      'demo-key-1',
    );
    expect(sit.status).toBe(200);
    expect(sit.body.balance).toBeNull();
    const seat = sit.body.seat as string;
    const left = await post('holdem/leave', { seat });
    expect(left.body.status).toBe('closed');
  });
});
