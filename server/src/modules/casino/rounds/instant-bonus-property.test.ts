/**
 * What the one-call path's bonus part can pay (issue 20, docs/bonuses.md §4): a seeded property over
 * random campaigns and batches of concurrent rounds at random stakes and odds checks, from the
 * ledger, that a share of a win is at most payout × covered ÷ staked, that no bonus money is made,
 * that a converted bonus paid at most its maximum conversion and its balance, and that the row
 * agrees with the ledger.
 */
import { SimulationSource } from '@parlay/domain/casino/fair/fast-source.ts';
import { describe, expect, it } from 'vitest';
import { newKey, newPlayer } from '../../bonuses/test-support.ts';
import { dice, FUNDS, play, setUpOneCallWorld } from './test-support.ts';

describe('instant rounds with a bonus, property', () => {
  const oneCallWorld = setUpOneCallWorld();

  it('what the bonus path can pay: never more than the balance nor the maximum conversion, no bonus money made (seeded, concurrent rounds)', async () => {
    const rnd = new SimulationSource(2026_11_27_20);
    const pick = (n: number) => rnd.nextUint32() % n;
    const w = oneCallWorld();
    const plannedBefore = w.planned;
    for (let i = 0; i < 6; i++) {
      const amount = BigInt(500 + pick(6000));
      const maxConversion = pick(2) === 0 ? 0n : BigInt(1 + pick(4000));
      const maxBet = pick(3) === 0 ? BigInt(500 + pick(1500)) : 0n;
      await w.t.bonuses.createCampaign(
        {
          code: `instant-prop-${i}`,
          category: 'casino',
          trigger: 'promo_code',
          title: { ru: 'p', en: 'p' },
          terms: { ru: 'p', en: 'p' },
          reward: { kind: 'fixed', amountMinor: amount.toString() },
          wagering: {
            multiple: 1 + pick(3),
            basis: 'bonus',
            expiryDays: 7,
            maxConversionMinor: maxConversion.toString(),
            maxBetMinor: maxBet.toString(),
          },
        },
        [{ code: `INSTANTPROP${i}` }],
      );
      const p = await newPlayer(w.t);
      await w.t.ledger.move({
        idempotencyKey: `instant-prop-fund:${p.userId}`,
        reason: 'deposit',
        currency: 'RUB',
        from: { system: 'provider' },
        to: p.accountId,
        amountMinor: FUNDS,
        userId: p.userId,
      });
      await p.client.post(
        '/web-api/bonuses/v1/promo/claim',
        { code: `INSTANTPROP${i}` },
        { 'idempotency-key': newKey() },
      );
      const [bonus] = await w.t.db
        .selectFrom('bonus_player_bonuses')
        .selectAll()
        .where('user_id', '=', p.userId)
        .execute();
      for (let batch = 0; batch < 5; batch++) {
        const n = 1 + pick(3);
        await Promise.all(
          Array.from({ length: n }, () =>
            play(w, p.userId, dice(BigInt(100 * (1 + pick(25))), 500 + pick(9000))),
          ),
        );
      }
      const row = await w.t.db
        .selectFrom('bonus_player_bonuses')
        .selectAll()
        .where('id', '=', bonus!.id)
        .executeTakeFirstOrThrow();
      const flows = await w.t.db
        .selectFrom('ledger_transfers as t')
        .innerJoin('ledger_postings as p', 'p.transfer_id', 't.id')
        .select(['t.idempotency_key', 't.reason', 't.metadata', 'p.account_id', 'p.amount'])
        .where('p.account_id', '=', row.account_id!)
        .execute();
      const sum = (reason: string) =>
        flows.filter((f) => f.reason === reason).reduce((s, f) => s + f.amount, 0n);
      const granted = sum('bonus_grant');
      const staked = -sum('bonus_stake');
      const won = sum('bonus_win');
      const converted = -sum('bonus_conversion');
      const capped = -sum('bonus_conversion_cap');
      expect(granted).toBe(amount);
      // Every share of a win is at most the round's payout × covered ÷ staked, rounded down.
      const rounds = await w.t.db
        .selectFrom('casino_rounds')
        .select(['id', 'staked', 'payout'])
        .where('user_id', '=', p.userId)
        .execute();
      const wagers = await w.t.db
        .selectFrom('bonus_wagers')
        .selectAll()
        .where('bonus_id', '=', row.id)
        .execute();
      for (const f of flows.filter((f) => f.reason === 'bonus_win')) {
        const roundId = (f.metadata as { roundId: string }).roundId;
        const r = rounds.find((x) => `${x.id}` === roundId)!;
        const wager = wagers.find((x) => x.ref === `${roundId}:stake`)!;
        expect(wager.covered_minor).toBeLessThanOrEqual(r.staked);
        expect(f.amount * r.staked).toBeLessThanOrEqual(r.payout * wager.covered_minor);
      }
      // Bonus money is never made: what left the bonus account is what came in, and the row says so.
      const left = granted + won - staked - converted - capped;
      expect(wagers.reduce((s, x) => s + x.covered_minor, 0n)).toBe(staked);
      expect(row.progress_minor).toBeLessThanOrEqual(row.requirement_minor);
      if (row.status === 'active') expect(row.balance_minor).toBe(left);
      else expect(left).toBe(0n);
      if (row.status === 'completed') {
        expect(row.converted_minor).toBe(converted);
        expect(converted + capped).toBe(granted + won - staked);
        if (maxConversion > 0n) expect(converted).toBeLessThanOrEqual(maxConversion);
      } else expect(converted).toBe(0n);
      expect(row.balance_minor).toBeGreaterThanOrEqual(0n);
    }
    expect(w.planned).toBeGreaterThan(plannedBefore);
    expect((await w.t.ledger.check()).differences).toEqual([]);
  });
});
