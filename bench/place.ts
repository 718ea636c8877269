/**
 * bench:place — coupons placed per second by the betting module against the PostgreSQL server
 * (expresses of 3 line legs from GAMES games, many players; each placement as the server makes it:
 * its selections read and its write shared with concurrent placements (betting/batches.ts), the
 * markets taken FOR SHARE, the responsible-gaming limits checked and the stake counted, the stake
 * reserved and captured, every placement answered on its own), next to pgbench's TPC-B with
 * the same number of clients (pgbench -i -s 10 on another fresh database, then
 * pgbench -c N -j 2 -T seconds). Prints placed/s, tps and their ratio (issue 26's target: ≥ 0.8).
 * What wagering costs (issue 20, docs/bonuses.md §4), in the same run: measured passes alternate
 * A (the betting context without the bonus hooks, BONUS_ENGINE=false) and B (a context hooked by
 * hookBonuses as app.ts does, every player holding an active money bonus granted through the
 * bonuses module with a requirement the run cannot complete), BENCH_BONUS_PAIRS pairs (default and
 * minimum 2), each pass after its own 3 s warm-up (then ANALYZE). Prints every pass, the medians,
 * B ÷ A (target ≥ 0.9), and A's median ÷ pgbench tps (target ≥ 0.8). A placement of B takes the
 * full placement path with the bonus's maximum-bet check; wagering progress of bets is written at
 * settlement, which this bench does not run.
 * BENCH_CLIENTS (default 16), BENCH_SECONDS (default 15), BENCH_PLAYERS (default 10000).
 */
import { randomInt } from 'node:crypto';
import { Ledger } from '@parlay/server/modules/accounts/index.ts';
import { createBettingContext, placeCoupon } from '@parlay/server/modules/betting/index.ts';
import { createBonusService, hookBonuses } from '@parlay/server/modules/bonuses/index.ts';
import { SiteConfigService } from '@parlay/server/modules/config/index.ts';
import { LimitsService } from '@parlay/server/modules/limits/index.ts';
import { InProcessBus } from '@parlay/server/platform/bus.ts';
import { systemClock } from '@parlay/server/platform/clock.ts';
import { loadConfig } from '@parlay/server/platform/config.ts';
import { openDatabase } from '@parlay/server/platform/db.ts';
import { createMetrics } from '@parlay/server/platform/metrics.ts';
import { migrate } from '@parlay/server/platform/migrations.ts';
import { sql } from 'kysely';
import {
  BONUS_PAIRS,
  countRoundTrips,
  createBenchDatabase,
  fmt,
  grantBenchBonuses,
  pgbenchTps,
  reportBonusCost,
  seedLineGames,
} from './support.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 10_000);
const GAMES = 300;
const WARM_UP_SECONDS = 3;

async function placements(): Promise<{ a: number[]; b: number[] }> {
  const database = await createBenchDatabase();
  const handle = await openDatabase({ databaseUrl: database.url, dataDir: null, poolSize: CLIENTS });
  try {
    await migrate(handle);
    const db = handle.db;
    const outcomes = await seedLineGames(db, GAMES);
    await sql`insert into ledger_accounts (kind, user_id, currency, type, is_active)
      select 'user', g, 'RUB', 0, true from generate_series(1, ${PLAYERS}) g`.execute(db);
    const ledger = new Ledger(db, systemClock);
    const { rows: accounts } = await sql<{ id: bigint; user_id: bigint }>`
      select id, user_id from ledger_accounts where kind = 'user' order by id`.execute(db);
    let next = 0;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        for (let i = next++; i < accounts.length; i = next++) {
          await ledger.move({
            idempotencyKey: `fund-${accounts[i]!.id}`,
            reason: 'deposit',
            currency: 'RUB',
            from: { system: 'provider' },
            to: accounts[i]!.id,
            amountMinor: 100_000_000n,
          });
        }
      }),
    );
    await sql`vacuum analyze`.execute(db);
    const bus = new InProcessBus({ error: () => {} });
    const deps = {
      config: loadConfig({ NODE_ENV: 'test', SEED_ON_START: 'false' }),
      db: handle,
      bus,
      clock: systemClock,
      metrics: createMetrics({ collectDefaults: false }),
    };
    const services = {
      ledger,
      siteConfig: new SiteConfigService(db, bus, systemClock),
      limits: new LimitsService(db, systemClock, { approvalDelaySeconds: 0, endSessions: async () => 0 }),
    };
    // A: the betting context without the bonus hooks (BONUS_ENGINE=false). B: another one hooked as
    // app.ts hooks it (hookBonuses), every player holding an active money bonus while wagering.
    const contexts = { a: createBettingContext(deps, services), b: createBettingContext(deps, services) };
    const bonuses = createBonusService(deps, {
      ledger,
      siteConfig: services.siteConfig,
      checks: services.limits,
    });
    hookBonuses(bonuses, { settlement: contexts.b });
    await grantBenchBonuses(
      bonuses,
      accounts.map((a) => ({ userId: BigInt(a.user_id) })),
      { clients: CLIENTS, amountMinor: 1_000_000_000n },
    );
    let seq = 0;
    /** Every client places expresses until the deadline; answers what was accepted and refused. */
    const placeFor = async (ctx: typeof contexts.a, seconds: number) => {
      const deadline = Date.now() + seconds * 1000;
      let placed = 0;
      let rejected = 0;
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (Date.now() < deadline) {
            const account = accounts[randomInt(accounts.length)]!;
            const games = new Set<number>();
            while (games.size < 3) games.add(randomInt(GAMES));
            const bets = [...games].map((g) => {
              const o = outcomes[g * 3 + randomInt(3)]!;
              return { outcomeId: o.id, seenOddsMilli: o.oddsMilli, isBanker: false };
            });
            const answer = await placeCoupon(ctx, BigInt(account.user_id), `bench-${seq++}`, {
              typeId: 1,
              systemValue: 2,
              amountMinor: 10_000n,
              amountByOutcomeId: new Map(),
              accountId: BigInt(account.id),
              bets,
              changeCoefAction: 2,
              exactCoefMilli: null,
              promoCode: null,
            });
            if (answer.status === 'accepted') placed += 1;
            else rejected += 1;
          }
        }),
      );
      return { placed, rejected };
    };
    const passes = { a: [] as number[], b: [] as number[] };
    for (let pass = 0; pass < 2 * BONUS_PAIRS; pass++) {
      const which = pass % 2 === 0 ? 'a' : 'b';
      // A warm-up fills the bet and ledger tables, then statistics are taken, as autovacuum would
      // have done on a site in service: plans chosen over empty tables would scan them.
      await placeFor(contexts[which], WARM_UP_SECONDS);
      await sql`analyze`.execute(db);
      const roundTrips = countRoundTrips();
      const started = Date.now();
      const { placed, rejected } = await placeFor(contexts[which], SECONDS);
      const rate = placed / ((Date.now() - started) / 1000);
      const perPlacement = roundTrips.stop() / (placed + rejected);
      passes[which].push(rate);
      console.log(
        `  pass ${pass + 1} (${which === 'a' ? 'A, bonus engine off' : 'B, bonus engine on, wagering'}): ${fmt(rate, 0)} expresses/s accepted (${placed} accepted, ${rejected} rejected), ${fmt(perPlacement, 1)} database round trips each`,
      );
    }
    const report = await ledger.check();
    if (report.differences.length > 0) throw new Error('ledger check failed after the bench');
    await bus.close();
    return passes;
  } finally {
    await handle.close();
    await database.drop();
  }
}

console.log(
  `bench:place: ${CLIENTS} clients, ${SECONDS} s, ${PLAYERS} players, expresses of 3 line legs from ${GAMES} games`,
);
const passes = await placements();
const medians = reportBonusCost('expresses/s', passes);
const tps = await pgbenchTps(CLIENTS, SECONDS);
const ratio = medians.a / tps;
console.log(
  `placed/s (A median) ÷ pgbench tps = ${fmt(ratio, 2)} (target ≥ 0.8) ${ratio >= 0.8 ? 'OK' : 'BELOW TARGET'}`,
);
