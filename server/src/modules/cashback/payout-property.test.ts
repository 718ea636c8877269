/**
 * Property: whatever a week's casino stakes and wins, the cashback paid for it is at most
 * rate × net loss and at most the cap, nothing on a net win, exactly the rule's amount, and paid
 * once per player and week however many workers run at once and however often they are replayed;
 * the ledger stays balanced.
 */
import { cashbackAmount, cashbackPeriod, levelFor, periodResult } from '@parlay/domain/cashback/cashback.ts';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addPremiumMember } from './premium.ts';
import { readProgramme } from './programme.ts';
import { runCashbackDue } from './run-due.ts';
import {
  balanceOf,
  type CashbackTestApp,
  cashbackTestApp,
  cashbackTransfersOf,
  DAY_MS,
  fundedPlayer,
  stake,
  win,
} from './test-support.ts';

let t: CashbackTestApp;
beforeAll(async () => {
  t = await cashbackTestApp({ payBatch: 2 });
});
afterAll(async () => {
  await t?.close();
});

const Move = fc.record({
  kind: fc.constantFrom('stake' as const, 'win' as const),
  amountMinor: fc.bigInt({ min: 1n, max: 3_000_000n }),
});
const PlayerWeek = fc.record({
  moves: fc.array(Move, { minLength: 0, maxLength: 6 }),
  premium: fc.boolean(),
});

it('pays at most rate × loss and the cap, nothing on a net win, once under parallel workers and replays', async () => {
  const programme = await readProgramme(t.db);
  await fc.assert(
    fc.asyncProperty(
      fc.array(PlayerWeek, { minLength: 1, maxLength: 3 }),
      fc.integer({ min: 1, max: 4 }),
      async (weeks, workers) => {
        const period = cashbackPeriod(t.clock.now());
        const players = [];
        for (const week of weeks) {
          const p = await fundedPlayer(t, 100_000_000n);
          if (week.premium) await addPremiumMember(t.ctx, p.userId, 'operator');
          let stakes = 0n;
          let wins = 0n;
          for (const move of week.moves) {
            if (move.kind === 'stake') {
              await stake(t, p, move.amountMinor);
              stakes += move.amountMinor;
            } else {
              await win(t, p, move.amountMinor);
              wins += move.amountMinor;
            }
          }
          players.push({ p, week, stakes, wins, balance: await balanceOf(t, p) });
        }
        t.clock.advance(7 * DAY_MS);
        await Promise.all(Array.from({ length: workers }, () => runCashbackDue(t.ctx)));
        await runCashbackDue(t.ctx); // a replay
        for (const { p, week, stakes, wins, balance } of players) {
          const { turnoverMinor, netLossMinor } = periodResult({
            stakesMinor: stakes,
            winsMinor: wins,
            refundsMinor: 0n,
            reclaimedMinor: 0n,
          });
          const level = levelFor(programme.levels, turnoverMinor);
          const rateBp = week.premium ? programme.premiumRateBp : level.rateBp;
          const capMinor = week.premium ? programme.premiumCapMinor : level.capMinor;
          const rows = await t.db
            .selectFrom('cashback_payouts')
            .selectAll()
            .where('user_id', '=', p.userId)
            .where('period_start', '=', period.start)
            .execute();
          const transfers = await cashbackTransfersOf(t, p);
          const paid = (await balanceOf(t, p)) - balance;
          if (week.moves.length === 0) {
            expect(rows).toHaveLength(0);
            expect(paid).toBe(0n);
            continue;
          }
          expect(rows).toHaveLength(1);
          const row = rows[0]!;
          expect(row.net_loss_minor).toBe(netLossMinor);
          expect(row.amount_minor).toBe(cashbackAmount(netLossMinor, rateBp, capMinor));
          expect(paid).toBe(row.amount_minor);
          expect(paid <= capMinor).toBe(true);
          expect(paid * 10_000n <= (netLossMinor > 0n ? netLossMinor : 0n) * BigInt(rateBp)).toBe(true);
          if (netLossMinor <= 0n) expect(paid).toBe(0n);
          expect(transfers).toHaveLength(paid > 0n ? 1 : 0);
          expect(row.status).toBe(paid > 0n ? 'paid' : 'none');
        }
        expect((await t.ledger.check()).differences).toEqual([]);
      },
    ),
    { numRuns: 12, seed: 185 },
  );
});
