/**
 * What bring-a-friend can pay, under any rule and any friends (fast-check over the real database
 * and ledger): a referrer gets exactly min(cap, reward × friends who qualified and are not void),
 * never a second transfer for a friend under replayed deposits and bets or parallel reward passes,
 * never anything for a friend on the referrer's device or below the rule; the ledger stays balanced.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-app.ts';
import { Ledger } from '../accounts/index.ts';
import { createReferralService, type ReferralSignals } from './index.ts';

let database: TestDatabase;
const clock = new ManualClock(new Date('2026-11-20T12:00:00Z'));

beforeAll(async () => {
  database = await createTestDatabase({ migrated: true });
});
afterAll(async () => {
  await database.drop();
});

const friendArb = fc.record({
  depositMinor: fc.bigInt({ min: 0n, max: 1_500n }),
  stakeMinor: fc.bigInt({ min: 0n, max: 1_500n }),
  sameDevice: fc.boolean(),
  replays: fc.integer({ min: 1, max: 3 }),
});

let nextId = 5_000_000n;

it('pays exactly min(cap, reward × eligible friends), once each, never for void or unqualified friends', async () => {
  const db = database.handle.db;
  const ledger = new Ledger(db, clock);
  await fc.assert(
    fc.asyncProperty(
      fc.record({
        depositMin: fc.bigInt({ min: 1n, max: 1_000n }),
        wagerMin: fc.bigInt({ min: 0n, max: 1_000n }),
        reward: fc.bigInt({ min: 1n, max: 500n }),
        cap: fc.bigInt({ min: 0n, max: 2_000n }),
      }),
      fc.array(friendArb, { minLength: 1, maxLength: 6 }),
      fc.integer({ min: 1, max: 4 }),
      async (rule, friends, parallel) => {
        const referrerId = nextId++;
        const friendIds = friends.map(() => nextId++);
        const sameDevice = new Set(friendIds.filter((_, i) => friends[i]!.sameDevice));
        const signals: ReferralSignals = {
          deviceIds: async (userId) =>
            userId === referrerId || sameDevice.has(userId) ? ['shared'] : [`d${userId}`],
          paymentFingerprints: async () => [],
          hasDeposit: async () => false,
          firstNames: async () => new Map(),
        };
        const service = createReferralService(
          { db: database.handle, clock, bus: { publish: async () => {} } as never },
          {
            ledger,
            signals,
          },
        );
        await service.setRule({
          currency: 'RUB',
          depositMinMinor: rule.depositMin.toString(),
          wagerMinMinor: rule.wagerMin.toString(),
          rewardMinor: rule.reward.toString(),
          capMinor: rule.cap.toString(),
          isEnabled: true,
        });
        const main = await ledger.openAccount(referrerId, 'RUB');
        await db
          .insertInto('referral_codes')
          .values({ user_id: referrerId, code: `P${referrerId}`, created_at: clock.now() })
          .execute();
        for (const [i, friendId] of friendIds.entries()) {
          await db
            .insertInto('referrals')
            .values({
              friend_id: friendId,
              referrer_id: referrerId,
              code: `P${referrerId}`,
              friend_currency: 'RUB',
              created_at: clock.now(),
            })
            .execute();
          const f = friends[i]!;
          // Replays: the same deposit and the same bet told again (a retried hook, a resettlement).
          for (let r = 0; r < f.replays; r += 1) {
            await db.transaction().execute(async (trx) => {
              if (f.depositMinor > 0n)
                await service.depositCompleted(
                  { paymentId: friendId, userId: friendId, currency: 'RUB', amountMinor: f.depositMinor },
                  trx,
                );
              if (f.stakeMinor > 0n)
                await service.betSettled(trx, {
                  betId: friendId,
                  userId: friendId,
                  currency: 'RUB',
                  stakeMinor: f.stakeMinor,
                });
            });
          }
        }
        await Promise.all(Array.from({ length: parallel }, () => service.runJobs()));
        await service.runJobs();

        const eligible = friendIds.filter((id, i) => {
          const f = friends[i]!;
          return f.depositMinor >= rule.depositMin && f.stakeMinor >= rule.wagerMin && !sameDevice.has(id);
        }).length;
        const expected =
          rule.cap < rule.reward * BigInt(eligible) ? rule.cap : rule.reward * BigInt(eligible);
        const transfers = await db
          .selectFrom('ledger_transfers')
          .select('idempotency_key')
          .where(
            'idempotency_key',
            'in',
            friendIds.map((id) => `referral:${id}`),
          )
          .execute();
        const keys = transfers.map((t) => t.idempotency_key);
        expect(new Set(keys).size).toBe(keys.length);
        const balance = (await ledger.balances(referrerId)).find((a) => a.id === main.id)!.moneyMinor;
        expect(balance).toBe(expected);
        const rows = await db
          .selectFrom('referrals')
          .selectAll()
          .where('referrer_id', '=', referrerId)
          .execute();
        const paid = rows.reduce((s, r) => s + (r.reward_minor ?? 0n), 0n);
        expect(paid).toBe(expected);
        for (const r of rows) {
          if (sameDevice.has(r.friend_id) && r.status !== 'registered' && r.status !== 'deposited')
            expect([r.status, r.void_reason]).toEqual(['void', 'same_device']);
          if (r.status === 'rewarded') expect(keys).toContain(`referral:${r.friend_id}`);
          else expect(keys).not.toContain(`referral:${r.friend_id}`);
          expect(r.status).not.toBe('qualified');
        }
      },
    ),
    { numRuns: 25 },
  );
  expect((await ledger.check()).differences).toEqual([]);
});
