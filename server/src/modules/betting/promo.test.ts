import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { decideDueLiveBets, runPromoCommand, settleResultedBets } from './index.ts';
import {
  type BettingTestApp,
  balanceOf,
  createGame,
  fundedPlayer,
  place,
  resultMarket,
  setUpBettingTestApp,
  singleCoupon,
} from './test-support.ts';

let t: BettingTestApp;
const window = { resettleWindowMs: 7 * 86_400_000 };

setUpBettingTestApp((app) => {
  t = app;
});

async function promo(...args: string[]) {
  const lines: string[] = [];
  const out = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(`ERR ${l}`) };
  const code = await runPromoCommand(t.ctx, args, out);
  return { code, lines };
}

/** A single of 100.00 RUB with a promo code. */
const single = (accountId: bigint, outcomeId: bigint, coef: number, promoCode: string) =>
  singleCoupon(accountId, outcomeId, coef, '10000', { promoCode });

/** The promo_boost transfers into the account: [amount, reversed?] in order. */
async function boostsTo(accountId: bigint) {
  const { rows } = await sql<{ amount: string; reason: string }>`
    select p.amount, t.reason from ledger_postings p join ledger_transfers t on t.id = p.transfer_id
    where p.account_id = ${accountId} and (t.reason = 'promo_boost' or (t.reason = 'reversal' and
      (select r.reason from ledger_transfers r where r.id = t.reverses_id) = 'promo_boost'))
    order by t.id`.execute(t.db);
  return rows.map((r) => BigInt(r.amount));
}

describe('promo codes', () => {
  it('are listed, checked by the quote, used once, and pay their boost with the win, reversed on resettlement', async () => {
    expect((await promo('create', 'boost10', '--boost', '1000', '--min-coef', '1.7')).code).toBe(0);
    const p = await fundedPlayer(t, 100_000n);
    const listed = (await p.client.get('/web-api/betting/v1/promo-codes')).json();
    expect(listed.promoCodes).toContainEqual(
      expect.objectContaining({ code: 'BOOST10', boostBasisPoints: 1000, minCoefMilli: 1700 }),
    );
    const g = await createGame(t, [2500, 1600]);
    const quote = async (promoCode: string, outcomeId = g.outcomeIds[0]!) =>
      (
        await p.client.post('/web-api/betting/v1/coupons/quote', {
          typeId: 0,
          accountId: p.accountId.toString(),
          bets: [{ outcomeId: outcomeId.toString() }],
          promoCode,
        })
      ).json().promo;
    expect(await quote('boost10')).toEqual({ code: 'BOOST10', valid: true, boostBasisPoints: 1000 });
    expect(await quote('BOOST10', g.outcomeIds[1]!)).toMatchObject({
      valid: false,
      reason: 'PROMO_CODE_MIN_COEF',
    });
    expect(await quote('NOPE')).toMatchObject({ valid: false, reason: 'PROMO_CODE_INVALID' });

    const placed = (await place(p.client, single(p.accountId, g.outcomeIds[0]!, 2.5, 'boost10'))).json();
    expect(placed).toMatchObject({ status: 'accepted', possibleWinMinor: '25000' });
    expect((await p.client.get('/web-api/betting/v1/promo-codes')).json().promoCodes).not.toContainEqual(
      expect.objectContaining({ code: 'BOOST10' }),
    );
    expect(await quote('BOOST10')).toMatchObject({ valid: false, reason: 'PROMO_CODE_USED' });
    const again = (await place(p.client, single(p.accountId, g.outcomeIds[0]!, 2.5, 'BOOST10'))).json();
    expect(again).toMatchObject({
      status: 'rejected',
      code: 'PROMO_CODE_USED',
      messageKey: 'errors.promo_code_used',
    });
    expect(await balanceOf(t, p.accountId)).toBe(90_000n);

    // Win at 2.50: payout 250.00, profit 150.00, boost 10 % of it = 15.00.
    await resultMarket(t, g.marketId, [[g.outcomeIds[0]!, 'win']]);
    expect(await settleResultedBets(t.ctx, window)).toBe(1);
    expect(await balanceOf(t, p.accountId)).toBe(90_000n + 25_000n + 1_500n);
    const bet = (await p.client.get(`/web-api/betting/v1/bets/${placed.betId}`)).json();
    expect(bet).toMatchObject({ status: 'won', payoutMinor: '26500' });
    // Re-resulted lost: payout and boost reversed.
    await resultMarket(t, g.marketId, [[g.outcomeIds[0]!, 'lose']]);
    expect(await settleResultedBets(t.ctx, window)).toBe(1);
    expect(await balanceOf(t, p.accountId)).toBe(90_000n);
    // Half win: payout 10000 × (1 + 1.5 / 2) = 175.00, boost 10 % of 75.00.
    await resultMarket(t, g.marketId, [[g.outcomeIds[0]!, 'half_win']]);
    expect(await settleResultedBets(t.ctx, window)).toBe(1);
    expect(await balanceOf(t, p.accountId)).toBe(90_000n + 17_500n + 750n);
    expect(await boostsTo(p.accountId)).toEqual([1_500n, -1_500n, 750n]);
    const versions = await t.db
      .selectFrom('bet_settlements')
      .select(['version', 'payout', 'promo_boost'])
      .where('bet_id', '=', BigInt(placed.betId))
      .orderBy('version')
      .execute();
    expect(versions.map((v) => [v.version, v.payout, v.promo_boost])).toEqual([
      [1, 25_000n, 1_500n],
      [2, 0n, 0n],
      [3, 17_500n, 750n],
    ]);
  });

  it('pays nothing on lost or void bets and refuses expired, disabled and misused codes', async () => {
    await promo('create', 'LOSER', '--boost', '2000');
    await promo('create', 'VOIDED', '--boost', '2000');
    await promo('create', 'OLD', '--boost', '500', '--to', '2020-01-01T00:00:00Z');
    await promo('create', 'SOON', '--boost', '500', '--from', '2099-01-01T00:00:00Z');
    await promo('create', 'OFF', '--boost', '500');
    expect((await promo('disable', 'off')).code).toBe(0);
    expect((await promo('create', 'BAD CODE', '--boost', '5')).code).toBe(1);
    expect((await promo('create', 'LOSER', '--boost', '5')).code).toBe(1);
    const listing = await promo('list');
    expect(listing.lines.find((l) => l.startsWith('OFF'))).toContain('disabled');
    const p = await fundedPlayer(t, 100_000n);
    const a = await createGame(t, [2000, 1800]);
    const b = await createGame(t, [2000, 1800]);
    const codeOf = async (body: Record<string, unknown>) => (await place(p.client, body)).json().code;
    for (const code of ['OLD', 'SOON', 'OFF', 'MISSING']) {
      expect(await codeOf(single(p.accountId, a.outcomeIds[0]!, 2, code))).toBe('PROMO_CODE_INVALID');
    }
    const singles = {
      typeId: 10001,
      accountId: p.accountId.toString(),
      amount: '1000',
      bets: [{ outcomeId: a.outcomeIds[0]!.toString(), coef: 2 }],
      promoCode: 'LOSER',
    };
    expect(await codeOf(singles)).toBe('PROMO_CODE_NOT_ALLOWED');
    expect((await place(p.client, single(p.accountId, a.outcomeIds[0]!, 2, 'LOSER'))).json().status).toBe(
      'accepted',
    );
    expect((await place(p.client, single(p.accountId, b.outcomeIds[0]!, 2, 'VOIDED'))).json().status).toBe(
      'accepted',
    );
    await resultMarket(t, a.marketId, [[a.outcomeIds[0]!, 'lose']]);
    await resultMarket(t, b.marketId, [[b.outcomeIds[0]!, 'void']]);
    expect(await settleResultedBets(t.ctx, window)).toBe(2);
    expect(await balanceOf(t, p.accountId)).toBe(90_000n);
    expect(await boostsTo(p.accountId)).toEqual([]);
  });

  it('lets one of concurrent placements with the same code win', async () => {
    await promo('create', 'RACE', '--boost', '1000');
    const p = await fundedPlayer(t, 1_000_000n);
    const g = await createGame(t, [1900, 1900]);
    const answers = (
      await Promise.all(
        Array.from({ length: 10 }, () => place(p.client, single(p.accountId, g.outcomeIds[0]!, 1.9, 'RACE'))),
      )
    ).map((r) => r.json());
    expect(answers.filter((a) => a.status === 'accepted')).toHaveLength(1);
    expect(answers.filter((a) => a.code === 'PROMO_CODE_USED')).toHaveLength(9);
    expect(await balanceOf(t, p.accountId)).toBe(990_000n);
    const { rows } = await sql<{ n: string }>`select count(*) as n from promo_code_uses
      where code = 'RACE' and user_id = ${p.userId} and bet_id is not null`.execute(t.db);
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it('gives the code back when a live bet is rejected after its delay', async () => {
    await promo('create', 'LIVE', '--boost', '1000');
    const p = await fundedPlayer(t, 100_000n);
    const g = await createGame(t, [2100, 1700], { live: true });
    const pending = (await place(p.client, single(p.accountId, g.outcomeIds[0]!, 2.1, 'LIVE'))).json();
    expect(pending.status).toBe('pending');
    await sql`update games set score_home = 1, version = version + 1 where id = ${g.gameId}`.execute(t.db);
    t.clock.advance(5000);
    expect(await decideDueLiveBets(t.ctx)).toBe(1);
    expect(await balanceOf(t, p.accountId)).toBe(100_000n);
    const listed = (await p.client.get('/web-api/betting/v1/promo-codes')).json().promoCodes;
    expect(listed.map((c: { code: string }) => c.code)).toContain('LIVE');
  });
});
