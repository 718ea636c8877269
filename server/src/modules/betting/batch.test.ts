import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type BettingContext, placeCoupon } from './index.ts';
import type { CouponRequest } from './price-coupon.ts';
import { setStakeFactor } from './stake-factors.ts';
import {
  type BettingTestApp,
  balanceOf,
  createGame,
  fundedPlayer,
  newKey,
  setOdds,
  setUpBettingTestApp,
  suspendMarket,
} from './test-support.ts';

let t: BettingTestApp;

setUpBettingTestApp((app) => {
  t = app;
});

const express = (accountId: bigint, outcomeIds: bigint[]): CouponRequest => ({
  typeId: 1,
  systemValue: 2,
  amountMinor: 10_000n,
  amountByOutcomeId: new Map(),
  accountId,
  bets: outcomeIds.map((outcomeId) => ({ outcomeId, seenOddsMilli: 2000, isBanker: false })),
  changeCoefAction: 2,
  exactCoefMilli: null,
  promoCode: null,
});

/** What a placement wrote, without what differs between any two bets (ids, keys, times). */
async function written(betId: string) {
  const bet = await t.db
    .selectFrom('bets')
    .selectAll()
    .where('id', '=', BigInt(betId))
    .executeTakeFirstOrThrow();
  const legs = await t.db
    .selectFrom('bet_legs')
    .select(['position', 'odds_milli', 'seen_odds_milli', 'is_live', 'is_banker', 'amount', 'result'])
    .where('bet_id', '=', bet.id)
    .orderBy('position')
    .execute();
  const reservation = await t.db
    .selectFrom('ledger_reservations')
    .selectAll()
    .where('id', '=', bet.reservation_id!)
    .executeTakeFirstOrThrow();
  const transfers = await sql<{ reason: string; metadata: Record<string, string>; amounts: string }>`
    select t.reason, t.metadata, string_agg(p.amount::text, ',' order by p.leg) as amounts
    from ledger_transfers t join ledger_postings p on p.transfer_id = t.id
    where t.id in (${reservation.reserve_transfer_id}, ${reservation.settle_transfer_id})
    group by t.id order by t.id`.execute(t.db);
  const usage = await t.db
    .selectFrom('limit_usage')
    .select(['kind', 'currency', 'amount_minor', 'counted_currency', 'counted_minor'])
    .where('reference', '=', `bet:${bet.id}`)
    .execute();
  const { id, idempotency_key, request_hash, reservation_id, answer, placed_at, decided_at, ...rest } = bet;
  return {
    bet: rest,
    answer: { ...(answer as Record<string, unknown>), betId: 'n' },
    legs,
    reservation: {
      state: reservation.state,
      amount: reservation.amount,
      captured: reservation.captured_amount,
      reason: reservation.reason,
      key: reservation.idempotency_key === `bet:${id}`,
    },
    transfers: transfers.rows.map((r) => ({
      reason: r.reason,
      phase: r.metadata.phase,
      betId: r.metadata.betId === String(id),
      reservation:
        r.metadata.reservationId === undefined || r.metadata.reservationId === String(reservation.id),
      amounts: r.amounts,
    })),
    usage,
  };
}

describe('batched placement (betting_place_batch)', () => {
  it('writes exactly what the full transaction writes: bet, legs, reservation, transfers, usage', async () => {
    const p = await fundedPlayer(t, 100_000n);
    const games = [await createGame(t, [2000, 1800]), await createGame(t, [2500, 1500])];
    const legs = games.map((g) => g.outcomeIds[0]!);
    const fast = await placeCoupon(t.ctx, p.userId, newKey(), express(p.accountId, legs));
    const full = await placeCoupon(
      { ...t.ctx, stakeCountInCall: null },
      p.userId,
      newKey(),
      express(p.accountId, legs),
    );
    expect(fast).toMatchObject({ status: 'accepted', acceptedCoefMilli: 5000, possibleWinMinor: '50000' });
    expect(full.status).toBe('accepted');
    const [a, b] = [await written(fast.betId!), await written(full.betId!)];
    expect(a).toEqual(b);
    // A stake captured when placed is one transfer, player → house, named twice by the reservation.
    expect(a.transfers.map((x) => x.phase)).toEqual(['captured']);
    expect(a.transfers[0]!.amounts.split(',')).toHaveLength(2);
    expect(a.reservation.state).toBe('captured');
    expect(a.usage).toHaveLength(1);
    // Only the full path takes the player's limits lock (and creates its row).
    const locks = await t.db
      .selectFrom('limit_players')
      .select('user_id')
      .where('user_id', '=', p.userId)
      .execute();
    expect(locks).toHaveLength(1);
  });

  it('leaves a player without limits unlocked, and sends a player with a limit through the full check', async () => {
    const free = await fundedPlayer(t, 100_000n);
    const g = await createGame(t, [2000, 1800]);
    const single = (accountId: bigint) => ({ ...express(accountId, [g.outcomeIds[0]!]), typeId: 0 });
    expect((await placeCoupon(t.ctx, free.userId, newKey(), single(free.accountId))).status).toBe('accepted');
    const lockRows = (userId: bigint) =>
      t.db.selectFrom('limit_players').select('user_id').where('user_id', '=', userId).execute();
    expect(await lockRows(free.userId)).toHaveLength(0);

    const limited = await fundedPlayer(t, 100_000n);
    // A daily wagering limit of 150 RUB: the first 100 RUB stake passes, the second is refused.
    await t.limits.change(limited.userId, 'RUB', 1, 150);
    expect((await placeCoupon(t.ctx, limited.userId, newKey(), single(limited.accountId))).status).toBe(
      'accepted',
    );
    expect(await lockRows(limited.userId)).toHaveLength(1);
    const refused = await placeCoupon(t.ctx, limited.userId, newKey(), single(limited.accountId));
    expect(refused).toMatchObject({ status: 'rejected', code: 'LIMIT_WAGER_EXCEEDED' });
  });

  it('prices again when a selection changed between its read and the write, under the market lock', async () => {
    const p = await fundedPlayer(t, 100_000n);
    const g = await createGame(t, [2000, 1800]);
    const h = await createGame(t, [3000, 1400]);
    const legs = [g.outcomeIds[0]!, h.outcomeIds[1]!];
    /** The context with a change made right after the first read of the selections. */
    const changingOnce = (change: () => Promise<void>): BettingContext => {
      let reads = 0;
      const selections = t.ctx.batches.selections;
      return {
        ...t.ctx,
        batches: {
          ...t.ctx.batches,
          selections: {
            pending: selections.pending,
            async submit(ids) {
              const read = await selections.submit(ids);
              if (reads++ === 0) await change();
              return read;
            },
          },
        },
      };
    };
    // The price moved: written at the new price (changeCoefAction 2 accepts any change).
    const moved = await placeCoupon(
      changingOnce(() => setOdds(t, h.outcomeIds[1]!, 1450)),
      p.userId,
      newKey(),
      express(p.accountId, legs),
    );
    expect(moved).toMatchObject({ status: 'accepted', acceptedCoefMilli: 2900 });
    const written = await t.db
      .selectFrom('bet_legs')
      .select('odds_milli')
      .where('bet_id', '=', BigInt(moved.betId!))
      .orderBy('position')
      .execute();
    expect(written.map((l) => l.odds_milli)).toEqual([2000, 1450]);
    // The market was suspended: the second read sees it and the coupon is refused, nothing moved.
    const before = await balanceOf(t, p.accountId);
    const refused = await placeCoupon(
      changingOnce(() => suspendMarket(t, g.marketId)),
      p.userId,
      newKey(),
      express(p.accountId, legs),
    );
    expect(refused).toMatchObject({ status: 'rejected', code: 'MARKET_SUSPENDED' });
    expect(await balanceOf(t, p.accountId)).toBe(before);
  });

  it('answers concurrent placements as if one at a time: balances, duplicate keys, limits, frozen accounts', async () => {
    const g = await createGame(t, [2000, 1800]);
    const single = (accountId: bigint, amountMinor: bigint): CouponRequest => ({
      ...express(accountId, [g.outcomeIds[0]!]),
      typeId: 0,
      amountMinor,
    });
    // 80.00 RUB: of 100 and 50 placed together, only 50 fits (a batch that checked them in order
    // would refuse both; the full path answers as one at a time would).
    const short = await fundedPlayer(t, 8_000n);
    const rich = await fundedPlayer(t, 1_000_000n);
    const limited = await fundedPlayer(t, 1_000_000n);
    await t.limits.change(limited.userId, 'RUB', 1, 150);
    const frozen = await fundedPlayer(t, 1_000_000n);
    await sql`update ledger_accounts set is_frozen = true where id = ${frozen.accountId}`.execute(t.db);
    const sameKey = newKey();
    const answers = await Promise.all([
      placeCoupon(t.ctx, short.userId, newKey(), single(short.accountId, 10_000n)),
      placeCoupon(t.ctx, short.userId, newKey(), single(short.accountId, 5_000n)),
      ...Array.from({ length: 10 }, () =>
        placeCoupon(t.ctx, rich.userId, newKey(), single(rich.accountId, 10_000n)),
      ),
      placeCoupon(t.ctx, rich.userId, sameKey, single(rich.accountId, 20_000n)),
      placeCoupon(t.ctx, rich.userId, sameKey, single(rich.accountId, 20_000n)),
      placeCoupon(t.ctx, limited.userId, newKey(), single(limited.accountId, 10_000n)),
      placeCoupon(t.ctx, limited.userId, newKey(), single(limited.accountId, 10_000n)),
      placeCoupon(t.ctx, frozen.userId, newKey(), single(frozen.accountId, 10_000n)),
    ]);
    const [big, small, ...rest] = answers;
    expect(big).toMatchObject({ status: 'rejected', code: 'INSUFFICIENT_FUNDS' });
    expect(small).toMatchObject({ status: 'accepted' });
    expect(await balanceOf(t, short.accountId)).toBe(3_000n);
    const richAnswers = rest.slice(0, 10);
    expect(richAnswers.every((a) => a.status === 'accepted')).toBe(true);
    const [first, second] = rest.slice(10, 12);
    expect(first).toMatchObject({ status: 'accepted' });
    expect(second).toEqual(first);
    expect(await balanceOf(t, rich.accountId)).toBe(1_000_000n - 10n * 10_000n - 20_000n);
    const limitedCodes = rest.slice(12, 14).map((a) => (a.status === 'rejected' ? a.code : a.status));
    expect(limitedCodes.sort()).toEqual(['LIMIT_WAGER_EXCEEDED', 'accepted']);
    expect(rest[14]).toMatchObject({ status: 'rejected', code: 'ACCOUNT_FROZEN' });
    expect(await balanceOf(t, frozen.accountId)).toBe(1_000_000n);
  });

  it('answers factors for a coupon a stake factor applies to, which the full path then places or refuses', async () => {
    const p = await fundedPlayer(t, 100_000n);
    const other = await fundedPlayer(t, 100_000n);
    const g = await createGame(t, [2000, 1800]);
    const single = (accountId: bigint) => ({ ...express(accountId, [g.outcomeIds[0]!]), typeId: 0 });
    const statuses: string[] = [];
    const place = t.ctx.batches.place;
    const ctx: BettingContext = {
      ...t.ctx,
      batches: {
        ...t.ctx.batches,
        place: {
          pending: place.pending,
          submit: async (item) => {
            const status = await place.submit(item);
            statuses.push(status);
            return status;
          },
        },
      },
    };
    const factor = (scope: 'player' | 'market', targetId: bigint, factorMilli: number | null) =>
      setStakeFactor(t.db, {
        scope,
        targetId,
        factorMilli,
        reason: 'test',
        setBy: 'test',
        now: t.clock.now(),
      });

    // A player's factor: that player's coupon leaves the call; another player's is placed in it.
    await factor('player', p.userId, 500);
    expect((await placeCoupon(ctx, p.userId, newKey(), single(p.accountId))).status).toBe('accepted');
    expect((await placeCoupon(ctx, other.userId, newKey(), single(other.accountId))).status).toBe('accepted');
    expect(statuses).toEqual(['factors', 'placed']);
    await factor('player', p.userId, null);

    // A market's factor of 0: the call sends the coupon on, the full path refuses it, nothing moves.
    statuses.length = 0;
    await factor('market', g.marketId, 0);
    const before = await balanceOf(t, other.accountId);
    const refused = await placeCoupon(ctx, other.userId, newKey(), single(other.accountId));
    expect(refused).toMatchObject({ status: 'rejected', code: 'STAKE_TOO_HIGH' });
    expect(statuses).toEqual(['factors']);
    expect(await balanceOf(t, other.accountId)).toBe(before);
    await factor('market', g.marketId, null);
    statuses.length = 0;
    expect((await placeCoupon(ctx, other.userId, newKey(), single(other.accountId))).status).toBe('accepted');
    expect(statuses).toEqual(['placed']);
  });

  it('refuses a stake that is not one debit and one credit of the same amount (LD004), writing nothing', async () => {
    const entry = {
      n: 1,
      bet_id: '1',
      user_id: '1',
      outcome_ids: [],
      stamps: [],
      amount: '100',
      captured_amount: '100',
      account_id: '1',
      posting_accounts: ['1', '2'],
      posting_amounts: ['-100', '90'],
      count_stake: false,
    };
    const call = (e: Record<string, unknown>) =>
      sql`select * from betting_place_batch(${JSON.stringify([e])}::jsonb)`.execute(t.db);
    await expect(call(entry)).rejects.toMatchObject({ code: 'LD004' });
    await expect(call({ ...entry, posting_amounts: ['100', '-100'] })).rejects.toMatchObject({
      code: 'LD004',
    });
    await expect(call({ ...entry, posting_accounts: ['1', '2', '3'] })).rejects.toMatchObject({
      code: 'LD004',
    });
    await expect(call({ ...entry, posting_amounts: ['-100', '100'], amount: '50' })).rejects.toMatchObject({
      code: 'LD004',
    });
  });
});
