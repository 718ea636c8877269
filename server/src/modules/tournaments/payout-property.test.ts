/**
 * Property: whatever the entries, the rounds scored (including rounds told twice) and however many
 * payers run at once and replay, a tournament pays each place at most once (one transfer per key
 * tournament:<id>:place:<n>), exactly the places that have a scoring player, in the leaderboard's
 * order, never more than the prize table's sum; the ledger stays balanced.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { type CasinoTestApp, DICE_ID, fundedPlayer, setUpCasinoTestApp } from '../casino/test-support.ts';
import { createTournamentsContext, type TournamentsContext } from './context.ts';
import { createTournament } from './manage.ts';
import { runTournamentsDue } from './pay-prizes.ts';
import { scoreRound } from './score.ts';

let t: CasinoTestApp;
let ctx: TournamentsContext;
setUpCasinoTestApp((app) => {
  t = app;
  ctx = createTournamentsContext(t.deps, { ledger: t.ledger, payBatch: 2 });
});

const Round = fc.record({
  player: fc.nat({ max: 3 }),
  stakedMinor: fc.bigInt({ min: 0n, max: 5_000n }),
  payoutMinor: fc.bigInt({ min: 0n, max: 20_000n }),
  twice: fc.boolean(),
  tick: fc.boolean(),
});

let nextRound = 50_000_000n;

it('pays each place once, in order, never more than the prize table, under parallel payers and replays', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom('wagered' as const, 'biggest_win' as const, 'biggest_multiplier' as const),
      fc.array(fc.bigInt({ min: 1n, max: 100_000n }), { minLength: 1, maxLength: 4 }),
      fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
      fc.boolean(),
      fc.array(Round, { maxLength: 10 }),
      fc.integer({ min: 1, max: 4 }),
      async (scoring, prizes, entered, optIn, rounds, payers) => {
        const start = t.clock.now();
        const tournament = await createTournament(ctx, {
          nameRu: 'Свойство',
          nameEn: 'Property',
          startsAt: start,
          endsAt: new Date(start.getTime() + 60_000),
          gameIds: null,
          scoring,
          currency: 'RUB',
          prizesMinor: prizes,
          optInRequired: optIn,
        });
        const id = BigInt(tournament.id);
        const players = [];
        for (let k = 0; k < 4; k += 1) players.push(await fundedPlayer(t, 0n));
        for (const [k, p] of players.entries()) {
          if (entered[k]) {
            await t.db
              .insertInto('tournament_entries')
              .values({ tournament_id: id, user_id: p.userId, joined_at: start })
              .execute();
          }
        }
        for (const r of rounds) {
          const p = players[r.player]!;
          nextRound += 1n;
          const round = {
            userId: p.userId,
            accountId: p.accountId,
            roundKey: `in-house:${nextRound}`,
            gameId: DICE_ID,
            currency: 'RUB',
            stakedMinor: r.stakedMinor,
            payoutMinor: r.payoutMinor,
          };
          if (r.tick) t.clock.advance(10);
          await scoreRound(ctx, round);
          if (r.twice) await scoreRound(ctx, round);
        }
        // The expected board: the scores table in its ranking order (only scoring players place).
        const ranked = await t.db
          .selectFrom('tournament_scores')
          .select(['user_id', 'score'])
          .where('tournament_id', '=', id)
          .where('score', '>', 0n)
          .orderBy('score', 'desc')
          .orderBy('scored_at')
          .orderBy('user_id')
          .execute();
        for (const row of ranked) {
          const k = players.findIndex((p) => p.userId === row.user_id);
          expect(!optIn || entered[k]).toBe(true);
        }
        t.clock.advance(120_000);
        await Promise.all(Array.from({ length: payers }, () => runTournamentsDue(ctx)));
        await runTournamentsDue(ctx); // a replay
        const transfers = await t.db
          .selectFrom('ledger_transfers')
          .select(['idempotency_key', 'user_id'])
          .where('reason', '=', 'tournament_prize')
          .where('idempotency_key', 'like', `tournament:${id}:place:%`)
          .execute();
        const places = Math.min(prizes.length, ranked.length);
        expect(transfers).toHaveLength(places);
        expect(new Set(transfers.map((x) => x.idempotency_key)).size).toBe(places);
        let total = 0n;
        for (const [k, p] of players.entries()) {
          const balance = (await t.ledger.account(p.userId, p.accountId)).moneyMinor;
          const place = ranked.findIndex((r) => r.user_id === p.userId);
          const expected = place >= 0 && place < prizes.length ? prizes[place]! : 0n;
          expect([k, balance]).toEqual([k, expected]);
          total += balance;
        }
        expect(total <= prizes.reduce((a, b) => a + b, 0n)).toBe(true);
        const row = await t.db
          .selectFrom('tournaments')
          .select('status')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        expect(row.status).toBe('paid');
        expect((await t.ledger.check()).differences).toEqual([]);
      },
    ),
    { numRuns: 15, seed: 200 },
  );
}, 300_000);
