import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Ledger } from '../accounts/index.ts';
import { cashOut } from './cash-out.ts';
import {
  type BettingTestApp,
  balanceOf,
  createGame,
  fundedPlayer,
  newKey,
  place,
  setOdds,
  setUpBettingTestApp,
  suspendMarket,
  suspendOutcome,
} from './test-support.ts';

let t: BettingTestApp;
setUpBettingTestApp((app) => {
  t = app;
});

const cashoutUrl = (betId: string) => `/web-api/betting/v1/bets/${betId}/cashout`;

/** A single of 100.00 on the first outcome of a two-way market, then its price shortened so it is worth more. */
async function winningSingle() {
  const p = await fundedPlayer(t, 100_000n);
  const g = await createGame(t, [2000, 2000]);
  const placed = await place(p.client, {
    typeId: 0,
    accountId: p.accountId.toString(),
    amount: '10000',
    bets: [{ outcomeId: g.outcomeIds[0]!.toString(), coef: 2 }],
  });
  expect(placed.statusCode).toBe(200);
  await setOdds(t, g.outcomeIds[0]!, 1500);
  await setOdds(t, g.outcomeIds[1]!, 3000);
  return { p, g, betId: placed.json().betId as string };
}

async function cashoutTransfers(betId: string) {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ledger_transfers
    where reason = 'cashout' and metadata->>'betId' = ${betId}`.execute(t.db);
  return rows[0]!.n;
}

describe('cash-out availability', () => {
  it('refuses to cash out a long shot whose market lost the other side’s price (the reported tennis case)', async () => {
    const p = await fundedPlayer(t, 100_000n);
    // Pre-match two-way market: home win 1.03, away win 29.00; 100.00 on the away win.
    const g = await createGame(t, [1030, 29_000]);
    const placed = await place(p.client, {
      typeId: 0,
      accountId: p.accountId.toString(),
      amount: '10000',
      bets: [{ outcomeId: g.outcomeIds[1]!.toString(), coef: 29 }],
    });
    expect(placed.statusCode).toBe(200);
    const betId = placed.json().betId as string;
    const atOnce = (await p.client.get(cashoutUrl(betId))).json();
    expect(atOnce.isAvailable).toBe(true);
    expect(BigInt(atOnce.offerMinor)).toBeLessThanOrEqual(10_000n);

    await suspendOutcome(t, g.outcomeIds[0]!);
    const quote = (await p.client.get(cashoutUrl(betId))).json();
    expect(quote.isAvailable).toBe(false);
    expect(BigInt(quote.offerMinor)).toBeLessThanOrEqual(10_000n);
    const cashout = await p.client.post(cashoutUrl(betId), {}, { 'idempotency-key': newKey() });
    expect([cashout.statusCode, cashout.json().error.code]).toEqual([409, 'CASHOUT_UNAVAILABLE']);
    expect(await cashoutTransfers(betId)).toBe(0);
    expect(await balanceOf(t, p.accountId)).toBe(90_000n);
  });

  it('refuses a leg of an express whose game is suspended and offers it again once it reopens', async () => {
    const p = await fundedPlayer(t, 100_000n);
    const a = await createGame(t, [2000, 2000]);
    const b = await createGame(t, [1500, 3000]);
    const placed = await place(p.client, {
      typeId: 1,
      accountId: p.accountId.toString(),
      amount: '10000',
      bets: [
        { outcomeId: a.outcomeIds[0]!.toString(), coef: 2 },
        { outcomeId: b.outcomeIds[0]!.toString(), coef: 1.5 },
      ],
    });
    expect(placed.statusCode).toBe(200);
    const betId = placed.json().betId as string;
    await suspendMarket(t, b.marketId);
    expect((await p.client.get(cashoutUrl(betId))).json().isAvailable).toBe(false);
    await sql`update markets set state = 'open', version = version + 1 where id = ${b.marketId}`.execute(
      t.db,
    );
    const quote = (await p.client.get(cashoutUrl(betId))).json();
    expect(quote.isAvailable).toBe(true);
    // Accepted at the current prices: never more than the stake (100.00 × 5 % margin off a fair ≤ 100.00).
    expect(BigInt(quote.offerMinor)).toBeLessThanOrEqual(10_000n);
  });
});

describe('cash-out races', () => {
  it('replays of one Idempotency-Key in parallel all wait for and return the first answer', async () => {
    const { p, betId } = await winningSingle();
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => p.client.post(cashoutUrl(betId), {}, { 'idempotency-key': key })),
    );
    const first = answers[0]!;
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'cashed_out', paidMinor: '12666' });
    for (const answer of answers) {
      expect([answer.statusCode, answer.json()]).toEqual([200, first.json()]);
    }
    expect(await cashoutTransfers(betId)).toBe(1);
    expect(await balanceOf(t, p.accountId)).toBe(90_000n + 12_666n);
  });

  it('a replay that found no answer before the first committed returns the first answer', async () => {
    const { p, betId } = await winningSingle();
    const key = newKey();
    const whole = { stakePartMinor: null, expectedMinor: null };
    let first: unknown = null;
    // The replay's transaction starts only once the first request committed: the moment a replay
    // that looked for the key while the first was still running reaches the bet.
    const ledger = {
      transaction: async (work: Parameters<Ledger['transaction']>[0]) => {
        first = await cashOut(t.ctx, p.userId, BigInt(betId), key, whole);
        return t.ctx.ledger.transaction(work);
      },
    } as unknown as Ledger;
    const replay = await cashOut({ ...t.ctx, ledger }, p.userId, BigInt(betId), key, whole);
    expect(first).toMatchObject({ status: 'cashed_out', paidMinor: '12666' });
    expect(replay).toEqual(first);
    expect(await cashoutTransfers(betId)).toBe(1);
  });

  it('parallel cash-outs of one bet under different keys pay exactly once', async () => {
    const { p, betId } = await winningSingle();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => p.client.post(cashoutUrl(betId), {}, { 'idempotency-key': newKey() })),
    );
    const paid = answers.filter((a) => a.statusCode === 200);
    expect(paid).toHaveLength(1);
    for (const answer of answers.filter((a) => a.statusCode !== 200)) {
      expect([answer.statusCode, answer.json().error.code]).toEqual([409, 'CASHOUT_UNAVAILABLE']);
    }
    expect(await cashoutTransfers(betId)).toBe(1);
    expect(await balanceOf(t, p.accountId)).toBe(90_000n + 12_666n);
  });
});
