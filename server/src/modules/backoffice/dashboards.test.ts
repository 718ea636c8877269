/**
 * The dashboards (issue 24) over a real database: deposits through the payments service and its
 * sandbox notification, bets placed and settled through the betting service, casino rounds played
 * over HTTP; the hourly rollup job run by hand on the injected clock. The figures are checked
 * against amounts computed independently (the stakes the test placed, the payouts the ledger paid
 * into the players' accounts, the deposits the payments table confirmed).
 */
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { Ledger } from '../accounts/index.ts';
import { createAuthService } from '../auth/index.ts';
import { createBettingContext, liabilityByGame, settleResultedBets } from '../betting/index.ts';
import {
  type BettingTestApp,
  balanceOf,
  createGame,
  fundedPlayer,
  newKey,
  place,
  resultMarket,
  singleCoupon,
} from '../betting/test-support.ts';
import { createCasinoCatalogue } from '../casino/index.ts';
import { SiteConfigService } from '../config/index.ts';
import { createLimitsService } from '../limits/index.ts';
import {
  createPaymentsService,
  type PaymentsService,
  type SandboxProvider,
  SIGNATURE_HEADER,
} from '../payments/index.ts';
import { recomputeDashboards, runDashboardRollup } from './dashboard-rollup.ts';
import { newOperator, type OperatorClient, signedIn, type TestOperator } from './test-support.ts';

const SECRET = 'test-sandbox-secret-0123456789';
const P = '/backoffice-api/v1/dashboards';
const window = { resettleWindowMs: 7 * 86_400_000 };
const DAY = '2026-06-01';
const PERIOD = `from=${DAY}T00:00:00Z&to=2026-06-02T00:00:00Z`;

let t: BettingTestApp;
let payments: PaymentsService;
let adminOp: TestOperator;
let admin: OperatorClient;

beforeAll(async () => {
  const clock = new ManualClock(new Date(`${DAY}T12:00:00Z`));
  const { app, deps, close } = await createTestApp({
    roles: 'api',
    clock,
    env: { PAYMENTS_SANDBOX_SECRET: SECRET },
  });
  const db = deps.db.db;
  const ledger = new Ledger(db, clock);
  const siteConfig = new SiteConfigService(db, deps.bus, clock);
  const limits = createLimitsService(deps, createAuthService(deps, siteConfig));
  const ctx = createBettingContext(deps, { ledger, siteConfig, limits });
  await sql`insert into sports (id, slug, position, icon, is_esport, names)
    values (1, 'football', 1, 'football', false, '{"en":"Football","ru":"Футбол"}')`.execute(db);
  await sql`insert into countries (ref, code, names) values ('c1', 'EN', '{"en":"England"}')`.execute(db);
  await sql`insert into champs (ref, sport_id, country_id, names)
    select 'ch1', 1, id, '{"en":"League"}' from countries`.execute(db);
  await createCasinoCatalogue(deps).seed();
  t = { app, deps, db, clock, ledger, ctx, limits, close };
  payments = createPaymentsService(deps, ledger);
  adminOp = await newOperator({ deps } as never, clock, 'dash-admin', 'admin');
  admin = await signedIn(app, clock, adminOp);
});

afterAll(async () => {
  await t?.close();
});

afterEach(async () => {
  expect((await t.ledger.check()).differences).toEqual([]);
});

/** A deposit through the payments service, confirmed by the sandbox's signed notification. */
async function deposit(userId: bigint, accountId: bigint, amountMinor: bigint) {
  const card = (await payments.methods({ direction: 'deposit', currency: 'RUB' })).find(
    (m) => m.code === 'card',
  )!;
  const { payment } = await payments.startDeposit({
    userId,
    accountId,
    methodId: card.id,
    amountMinor,
    idempotencyKey: newKey(),
    lng: 'en',
  });
  const n = (payments.provider as SandboxProvider).notification(payment, 'success');
  const res = await t.app.inject({
    method: 'POST',
    url: '/payments-api/v1/notify/sandbox',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: n.signature },
    payload: n.raw,
  });
  expect(res.statusCode).toBeLessThan(300);
}

async function dicePlayer(client: Awaited<ReturnType<typeof fundedPlayer>>['client'], stake: string) {
  const res = await client.post(
    '/web-api/casino/v1/rounds',
    { mode: 'real', gameId: 1001, stakeMinor: stake, params: { direction: 'under', target: 5000 } },
    { 'idempotency-key': newKey() },
  );
  expect(res.statusCode).toBe(200);
}

async function figures(query = PERIOD) {
  const res = await admin.call('GET', `${P}/figures?${query}`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** What the ledger paid into the players' accounts: end balance − deposits + stakes. */
async function paidByLedger(players: { accountId: bigint }[], deposited: bigint, staked: bigint) {
  let end = 0n;
  for (const p of players) end += await balanceOf(t, p.accountId);
  return end - deposited + staked;
}

describe('dashboards', () => {
  it('show bets, rounds and deposits as the ledger and the payments record them; a resettlement follows', async () => {
    const a = await fundedPlayer(t, 0n);
    const b = await fundedPlayer(t, 0n);
    await deposit(a.userId, a.accountId, 500_000n);
    await deposit(b.userId, b.accountId, 300_000n);
    const g1 = await createGame(t, [2000, 1800]);
    const g2 = await createGame(t, [1500, 2600]);
    const bets = [
      await place(a.client, singleCoupon(a.accountId, g1.outcomeIds[0]!, 2, '10000')),
      await place(b.client, singleCoupon(b.accountId, g1.outcomeIds[1]!, 1.8, '20000')),
      await place(a.client, singleCoupon(a.accountId, g2.outcomeIds[0]!, 1.5, '5000')),
    ];
    for (const bet of bets) expect(bet.json().status).toBe('accepted');
    for (let i = 0; i < 3; i++) await dicePlayer(a.client, '1000');
    await dicePlayer(b.client, '2000');
    const sportsStake = 35_000n;
    const casinoStake = 5_000n;
    await resultMarket(t, g1.marketId, [
      [g1.outcomeIds[0]!, 'win'],
      [g1.outcomeIds[1]!, 'lose'],
    ]);
    expect(await settleResultedBets(t.ctx, window)).toBe(2);
    t.clock.advance(60_000);
    await runDashboardRollup(t.db, t.clock);

    const players = [a, b];
    const deposited = 800_000n;
    const paid = await paidByLedger(players, deposited, sportsStake + casinoStake);
    const { totals, products, series } = await figures();
    expect(totals).toHaveLength(1);
    expect(totals[0]).toMatchObject({
      currency: 'RUB',
      turnoverMinor: (sportsStake + casinoStake).toString(),
      payoutsMinor: paid.toString(),
      ggrMinor: (sportsStake + casinoStake - paid).toString(),
      openStakeMinor: '5000',
      bets: 3,
      rounds: 4,
      depositsMinor: deposited.toString(),
      deposits: 2,
      activePlayers: 2,
    });
    const [paidDeposits] = (
      await sql<{ s: string }>`select sum(amount_minor)::text as s from payments
        where direction = 'deposit' and state = 'success'`.execute(t.db)
    ).rows;
    expect(paidDeposits!.s).toBe(deposited.toString());
    expect(series).toHaveLength(1);
    expect(series[0].bucket).toBe(`${DAY}T00:00:00.000Z`);
    const sportsbook = products.find((p: { product: string }) => p.product === 'sportsbook');
    expect(sportsbook).toMatchObject({ turnoverMinor: '35000', payoutsMinor: '20000', bets: 3 });
    const casino = products.find((p: { product: string }) => p.product === 'casino');
    expect(BigInt(casino.payoutsMinor)).toBe(paid - 20_000n);

    const games = (await admin.call('GET', `${P}/breakdown?${PERIOD}&by=game&lang=en`)).json().rows;
    expect(games.find((r: { key: string }) => r.key === String(g1.gameId))).toMatchObject({
      product: 'sportsbook',
      label: 'Home — Away',
      turnoverMinor: '30000',
      payoutsMinor: '20000',
    });
    const sports = (await admin.call('GET', `${P}/breakdown?${PERIOD}&by=sport&lang=ru`)).json().rows;
    expect(sports).toEqual([expect.objectContaining({ key: '1', label: 'Футбол', bets: 3 })]);
    const rtp = (await admin.call('GET', `${P}/rtp?${PERIOD}`)).json().rows;
    expect(rtp[0]).toMatchObject({ gameId: 1001, rounds: 4, stakedMinor: '5000', flag: 'few_rounds' });

    // Two hours later (the placements are behind the job's watermark) the result is corrected: the
    // second outcome wins. The hour the bets were placed in follows.
    t.clock.advance(2 * 3_600_000);
    await runDashboardRollup(t.db, t.clock);
    admin = await signedIn(t.app, t.clock, adminOp);
    await resultMarket(t, g1.marketId, [
      [g1.outcomeIds[0]!, 'lose'],
      [g1.outcomeIds[1]!, 'win'],
    ]);
    expect(await settleResultedBets(t.ctx, window)).toBe(2);
    t.clock.advance(60_000);
    await runDashboardRollup(t.db, t.clock);
    const corrected = (await figures()).products.find((p: { product: string }) => p.product === 'sportsbook');
    expect(corrected).toMatchObject({ turnoverMinor: '35000', payoutsMinor: '36000', ggrMinor: '-1000' });
    const after = await paidByLedger(players, deposited, sportsStake + casinoStake);
    expect((await figures()).totals[0].payoutsMinor).toBe(after.toString());
  });

  it('recomputing is idempotent: two passes and a full recompute give the same figures', async () => {
    const before = await figures();
    const csvBefore = (await admin.call('GET', `${P}/figures?${PERIOD}&format=csv`)).body;
    await runDashboardRollup(t.db, t.clock);
    await runDashboardRollup(t.db, t.clock);
    expect(await figures()).toEqual(before);
    for (const table of ['dashboard_hourly', 'dashboard_hourly_totals', 'dashboard_daily_items'])
      await sql`delete from ${sql.table(table)}`.execute(t.db);
    expect((await figures()).totals).toEqual([]);
    await recomputeDashboards(t.db, new Date(`${DAY}T00:00:00Z`), new Date('2026-06-02T00:00:00Z'));
    expect(await figures()).toEqual(before);
    expect((await admin.call('GET', `${P}/figures?${PERIOD}&format=csv`)).body).toBe(csvBefore);
  });

  it('exports CSV with a header row and amounts in major units with the currency', async () => {
    const res = await admin.call('GET', `${P}/figures?${PERIOD}&format=csv`);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const [header, row] = res.body.trim().split('\r\n');
    expect(header).toBe(
      'day,currency,turnover,payouts,ggr,margin,open_stake,bets,rounds,deposits,deposits_count,withdrawals,withdrawals_count,active_players',
    );
    expect(row).toMatch(/^2026-06-01T00:00:00.000Z,RUB,400\.00,/);
    const games = await admin.call('GET', `${P}/breakdown?${PERIOD}&by=game&format=csv`);
    expect(games.body.split('\r\n')[0]).toBe(
      'product,game,name,currency,turnover,payouts,ggr,margin,open_stake,bets,rounds,deposits,deposits_count,withdrawals,withdrawals_count',
    );
  });

  it('live now counts the last minute’s bets, the open liability and open rounds', async () => {
    const p = await fundedPlayer(t, 100_000n);
    const g = await createGame(t, [3000, 1400]);
    expect(
      (await place(p.client, singleCoupon(p.accountId, g.outcomeIds[0]!, 3, '1000'))).json().status,
    ).toBe('accepted');
    const live = (await admin.call('GET', `${P}/live`)).json();
    expect(live.betsLastMinute).toBe(1);
    expect(live.openRounds).toBe(0);
    expect(live.liability).toEqual(expect.arrayContaining([expect.objectContaining({ currency: 'RUB' })]));
    const rub = live.liability.find((l: { currency: string }) => l.currency === 'RUB');
    expect(BigInt(rub.liabilityMinor)).toBeGreaterThanOrEqual(2000n);
  });

  it('live now’s open liability is the sum of the trading desk’s per-game figures (singles, multiples, voids, settled)', async () => {
    const liveRub = async () => {
      const res = await admin.call('GET', `${P}/live`);
      expect(res.statusCode).toBe(200);
      const rows = res.json().liability as { currency: string; liabilityMinor: string }[];
      return BigInt(rows.find((l) => l.currency === 'RUB')?.liabilityMinor ?? '0');
    };
    const perGameRub = async () =>
      (await liabilityByGame(t.db, { limit: 100_000 }))
        .filter((g) => g.currency === 'RUB')
        .reduce((sum, g) => sum + g.liabilityMinor, 0n);
    const before = await liveRub();
    expect(before).toBe(await perGameRub());

    const p = await fundedPlayer(t, 1_000_000n);
    const gA = await createGame(t, [2000, 3500, 4000]);
    const gB = await createGame(t, [1500, 2600]);
    const gC = await createGame(t, [1800, 2000]);
    const gD = await createGame(t, [2200, 1700]);
    const gL = await createGame(t, [1900, 1900], { live: true });
    const express = (legs: [bigint, number][], amount: string) => ({
      typeId: 1,
      accountId: p.accountId.toString(),
      amount,
      bets: legs.map(([outcomeId, coef]) => ({ outcomeId: outcomeId.toString(), coef })),
    });
    const placed = async (body: Record<string, unknown>, status = 'accepted') => {
      const answer = (await place(p.client, body)).json();
      expect(answer.status).toBe(status);
      return BigInt(answer.betId);
    };
    const s1 = await placed(singleCoupon(p.accountId, gA.outcomeIds[0]!, 2, '10000'));
    const s2 = await placed(singleCoupon(p.accountId, gA.outcomeIds[1]!, 3.5, '4000'));
    const s3 = await placed(singleCoupon(p.accountId, gB.outcomeIds[0]!, 1.5, '6000'));
    const e1 = await placed(
      express(
        [
          [gA.outcomeIds[0]!, 2],
          [gB.outcomeIds[1]!, 2.6],
          [gC.outcomeIds[0]!, 1.8],
        ],
        '1000',
      ),
    );
    // e2's market on gD is resulted (won) while its leg on gC stays open; e3's leg on gB is voided.
    const e2 = await placed(
      express(
        [
          [gC.outcomeIds[1]!, 2],
          [gD.outcomeIds[0]!, 2.2],
        ],
        '2000',
      ),
    );
    const e3 = await placed(
      express(
        [
          [gB.outcomeIds[0]!, 1.5],
          [gC.outcomeIds[0]!, 1.8],
        ],
        '3000',
      ),
    );
    const voided = await placed(singleCoupon(p.accountId, gB.outcomeIds[1]!, 2.6, '5000'));
    await placed(singleCoupon(p.accountId, gD.outcomeIds[0]!, 2.2, '2000'));
    await placed(singleCoupon(p.accountId, gD.outcomeIds[1]!, 1.7, '2000'));
    const pending = await placed(singleCoupon(p.accountId, gL.outcomeIds[0]!, 1.9, '1000'), 'pending');
    expect(
      (await admin.call('POST', `/backoffice-api/v1/bets/${voided}/void`, { reason: 'palpable error' }))
        .statusCode,
    ).toBe(200);
    const legVoid = await admin.call('POST', `/backoffice-api/v1/bets/${e3}/void`, {
      positions: [0],
      reason: 'leg voided',
    });
    expect(legVoid.statusCode).toBe(200);
    await resultMarket(t, gD.marketId, [
      [gD.outcomeIds[0]!, 'win'],
      [gD.outcomeIds[1]!, 'lose'],
    ]);
    expect(await settleResultedBets(t.ctx, window)).toBeGreaterThanOrEqual(2);

    // By hand from the bets' recorded possible wins: an outcome's Σ (win − stake), a market's
    // worst outcome, the games' markets added up (e1 counts on all three of its legs; e2 still on
    // gD: a leg gets its result only when its whole bet settles, as the trading desk shows it).
    const { rows } = await sql<{ id: string; status: string; stake: string; possible_win: string }>`
      select id::text, status, stake::text, possible_win::text from bets
      where id in (${sql.join([s1, s2, s3, e1, e2, e3, voided, pending])})`.execute(t.db);
    const bet = new Map(rows.map((r) => [BigInt(r.id), r]));
    const excess = (id: bigint) => BigInt(bet.get(id)!.possible_win) - BigInt(bet.get(id)!.stake);
    expect([bet.get(voided)!.status, bet.get(pending)!.status]).toEqual(['void', 'pending_delay']);
    for (const id of [e2, e3]) expect(bet.get(id)!.status).toBe('accepted');
    const max = (...values: bigint[]) => values.reduce((a, b) => (b > a ? b : a));
    const expected =
      max(excess(s1) + excess(e1), excess(s2)) +
      max(excess(s3), excess(e1)) +
      max(excess(e1) + excess(e3), excess(e2)) +
      excess(e2) +
      excess(pending);
    const after = await liveRub();
    expect(after - before).toBe(expected);
    expect(after).toBe(await perGameRub());
    // A plain Σ (possible win − stake) over the open bets would be another figure here.
    expect(expected).not.toBe([s1, s2, s3, e1, e2, e3, pending].reduce((sum, id) => sum + excess(id), 0n));
  });

  it('refuses roles without dashboard.figures (audited) and bad queries with VALIDATION_FAILED', async () => {
    const support = await signedIn(
      t.app,
      t.clock,
      await newOperator({ deps: t.deps } as never, t.clock, 'dash-sup', 'support'),
    );
    const refused = await support.call('GET', `${P}/figures`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('BACKOFFICE_FORBIDDEN');
    const audited = await sql<{ outcome: string }>`select outcome from backoffice_audit
      where operator_login = 'dash-sup' and action = 'dashboard.figures'`.execute(t.db);
    expect(audited.rows).toEqual([{ outcome: 'forbidden' }]);
    const trader = await signedIn(
      t.app,
      t.clock,
      await newOperator({ deps: t.deps } as never, t.clock, 'dash-tr', 'trader'),
    );
    expect((await trader.call('GET', `${P}/live`)).statusCode).toBe(200);
    for (const query of [
      'granularity=week',
      'from=yesterday',
      'product=poker',
      'currency=rub',
      `from=2026-06-02T00:00:00Z&to=2026-06-01T00:00:00Z`,
      'from=2025-01-01T00:00:00Z&to=2026-06-01T00:00:00Z',
      'granularity=hour&from=2026-01-01T00:00:00Z&to=2026-06-01T00:00:00Z',
    ]) {
      const res = await admin.call('GET', `${P}/figures?${query}`);
      expect([query, res.statusCode, res.json().error.code]).toEqual([query, 400, 'VALIDATION_FAILED']);
    }
    expect((await admin.call('GET', `${P}/breakdown?by=player`)).statusCode).toBe(400);
  });
});
