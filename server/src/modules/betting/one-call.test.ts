import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { readSelections } from '../sportsbook/index.ts';
import { placeCoupon } from './index.ts';
import type { CouponRequest } from './price-coupon.ts';
import {
  type BettingTestApp,
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

describe('one-call placement (betting_place)', () => {
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

  it('checks the stamps it priced from under the market lock: a change, a suspension or a missing outcome is stale', async () => {
    const g = await createGame(t, [2000, 1800]);
    const h = await createGame(t, [3000, 1400]);
    const ids = [g.outcomeIds[0]!, h.outcomeIds[1]!];
    const unchanged = async (outcomeIds: bigint[], stamps: string[]) =>
      (
        await sql<{
          same: boolean;
        }>`select sportsbook_selections_unchanged(${outcomeIds.map(String)}::bigint[], ${stamps}::text[]) as same`.execute(
          t.db,
        )
      ).rows[0]!.same;
    const read = async () =>
      [...(await readSelections(t.db, ids)).values()].map((s) => [s.outcomeId, s.stamp] as const);
    const before = await read();
    expect(
      await unchanged(
        before.map(([id]) => id),
        before.map(([, s]) => s),
      ),
    ).toBe(true);
    await setOdds(t, h.outcomeIds[1]!, 1450);
    expect(
      await unchanged(
        before.map(([id]) => id),
        before.map(([, s]) => s),
      ),
    ).toBe(false);
    const moved = await read();
    expect(
      await unchanged(
        moved.map(([id]) => id),
        moved.map(([, s]) => s),
      ),
    ).toBe(true);
    await suspendMarket(t, g.marketId);
    expect(
      await unchanged(
        moved.map(([id]) => id),
        moved.map(([, s]) => s),
      ),
    ).toBe(false);
    expect(
      await unchanged([...moved.map(([id]) => id), 999_999_999n], [...moved.map(([, s]) => s), 'x']),
    ).toBe(false);
  });
});
