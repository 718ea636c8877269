/**
 * The cash-out offer as the slip shows it: beside the offer the coupon's fair value (the offer
 * without margin, from the current prices) and the house margin on it (fair − offer), from the
 * quote; over random prices the offer never exceeds the fair value; and the confirmation: an offer
 * that went down between the two taps is refused with CASHOUT_PRICE_CHANGED and the new offer,
 * nothing paid, and the new amount confirmed pays exactly once. The ledger check runs after every test.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  type BettingTestApp,
  balanceOf,
  createGame,
  fundedPlayer,
  newKey,
  place,
  setOdds,
  setUpBettingTestApp,
} from './test-support.ts';

let t: BettingTestApp;
setUpBettingTestApp((app) => {
  t = app;
});

const cashoutUrl = (betId: string) => `/web-api/betting/v1/bets/${betId}/cashout`;

async function cashoutTransfers(betId: string) {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ledger_transfers
    where reason = 'cashout' and metadata->>'betId' = ${betId}`.execute(t.db);
  return rows[0]!.n;
}

/** A single of 100.00 on the first outcome of a three-way market at 2.00. */
async function openSingle() {
  const p = await fundedPlayer(t, 100_000n);
  const g = await createGame(t, [2000, 3500, 4000]);
  const placed = await place(p.client, {
    typeId: 0,
    accountId: p.accountId.toString(),
    amount: '10000',
    bets: [{ outcomeId: g.outcomeIds[0]!.toString(), coef: 2 }],
  });
  expect(placed.json().status).toBe('accepted');
  return { p, g, betId: placed.json().betId as string };
}

describe('the cash-out offer beside its fair value and margin', () => {
  it('answers the fair value, the offer and the margin between them', async () => {
    const { p, g, betId } = await openSingle();
    await setOdds(t, g.outcomeIds[0]!, 1500);
    const quote = (await p.client.get(cashoutUrl(betId))).json();
    const fair = BigInt(quote.fairValueMinor);
    const offer = BigInt(quote.offerMinor);
    expect(quote.isAvailable).toBe(true);
    expect(fair).toBeGreaterThanOrEqual(offer);
    expect(BigInt(quote.marginMinor)).toBe(fair - offer);
    expect(quote.marginBasisPoints).toBe(500);
    // The offer is the fair value less 5 %, floored.
    expect(offer).toBe((fair * 9500n) / 10_000n);
    // Fair value: 100.00 × 2.00 × (1/1.5 ÷ (1/1.5 + 1/3.5 + 1/4)), the overround removed.
    const book = 1 / 1.5 + 1 / 3.5 + 1 / 4;
    expect(Number(fair)).toBeCloseTo((10_000 * 2 * (1 / 1.5)) / book, -1);
  });

  it('over random prices the offer never exceeds the fair value, and the margin is their difference', async () => {
    const { p, g, betId } = await openSingle();
    const price = fc.integer({ min: 1010, max: 30_000 });
    await fc.assert(
      fc.asyncProperty(fc.tuple(price, price, price), async (prices) => {
        for (const [i, odds] of prices.entries()) await setOdds(t, g.outcomeIds[i]!, odds);
        const quote = (await p.client.get(cashoutUrl(betId))).json();
        const fair = BigInt(quote.fairValueMinor);
        const offer = BigInt(quote.offerMinor);
        expect(offer).toBeLessThanOrEqual(fair);
        expect(BigInt(quote.marginMinor)).toBe(fair - offer);
        // Never more than the payout bought back at the current price: stake × accepted ÷ current.
        expect(fair * BigInt(prices[0])).toBeLessThanOrEqual(10_000n * 2000n);
      }),
      { numRuns: 25, seed: 26_001 },
    );
  });
});

describe('the confirmed cash-out', () => {
  it('an offer that went down between the taps is refused with the new one; the new amount confirmed pays once', async () => {
    const { p, g, betId } = await openSingle();
    await setOdds(t, g.outcomeIds[0]!, 1500);
    const seen = (await p.client.get(cashoutUrl(betId))).json().offerMinor as string;
    const before = await balanceOf(t, p.accountId);
    // The price drifts out before the second tap: the offer goes down.
    await setOdds(t, g.outcomeIds[0]!, 1800);
    const stale = await p.client.call(
      'POST',
      cashoutUrl(betId),
      { expectedMinor: seen },
      {
        'idempotency-key': newKey(),
      },
    );
    expect(stale.statusCode).toBe(409);
    const error = stale.json().error;
    expect(error.code).toBe('CASHOUT_PRICE_CHANGED');
    const fresh = error.details.offerMinor as string;
    expect(BigInt(fresh)).toBeLessThan(BigInt(seen));
    expect(await cashoutTransfers(betId)).toBe(0);
    expect(await balanceOf(t, p.accountId)).toBe(before);

    const key = newKey();
    const confirm = () =>
      p.client.call('POST', cashoutUrl(betId), { expectedMinor: fresh }, { 'idempotency-key': key });
    const [first, second] = await Promise.all([confirm(), confirm()]);
    expect(first.json()).toEqual(second.json());
    expect(first.json()).toMatchObject({ status: 'cashed_out', paidMinor: fresh });
    expect(await cashoutTransfers(betId)).toBe(1);
    expect(await balanceOf(t, p.accountId)).toBe(before + BigInt(fresh));
  });
});
