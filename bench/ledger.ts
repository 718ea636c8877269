/**
 * bench:ledger — transfers per second of the wallet service against the PostgreSQL server, next
 * to pgbench's TPC-B with the same number of clients, each on a fresh database dropped afterwards.
 *   uniform: every transfer moves 1 minor unit between two random players;
 *   house:   every transfer touches the house account (player → house, sharded over rows);
 *   pgbench: pgbench -i -s 10, then pgbench -c N -j 2 -T seconds.
 * The three run in turn BENCH_ROUNDS times (default 3) and the medians are compared, so load
 * from other processes on the machine falls on all of them alike.
 * Prints wallet/pgbench (target ≥ 1.0) and house/uniform (target ≥ 0.5).
 * BENCH_CLIENTS (default 16), BENCH_SECONDS (default 15), BENCH_PLAYERS (default 10000).
 */
import { execFile } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { promisify } from 'node:util';
import { type AccountRef, Ledger } from '@parlay/server/modules/accounts/index.ts';
import { systemClock } from '@parlay/server/platform/clock.ts';
import { openDatabase } from '@parlay/server/platform/db.ts';
import { migrate } from '@parlay/server/platform/migrations.ts';
import { sql } from 'kysely';
import { createBenchDatabase, fmt } from './support.ts';

const run = promisify(execFile);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

interface WalletBench {
  phase(name: string, path: 'uniform' | 'house'): Promise<number>;
  close(): Promise<void>;
}

/** A fresh database with PLAYERS funded players; phases run transfers for SECONDS and answer transfers/s. */
async function openWalletBench(): Promise<WalletBench> {
  const database = await createBenchDatabase();
  const handle = await openDatabase({ databaseUrl: database.url, dataDir: null, poolSize: CLIENTS });
  await migrate(handle);
  const ledger = new Ledger(handle.db, systemClock);
  // Players opened in bulk and funded through the ledger: the bench measures transfers, not set-up.
  await sql`insert into ledger_accounts (kind, user_id, currency, type, is_active)
    select 'user', g, 'RUB', 0, true from generate_series(1, ${PLAYERS}) g`.execute(handle.db);
  const { rows } = await sql<{
    id: bigint;
  }>`select id from ledger_accounts where kind = 'user' order by id`.execute(handle.db);
  const accounts = rows.map((r) => r.id);
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      for (let i = next++; i < accounts.length; i = next++) {
        const id = accounts[i]!;
        await ledger.move({
          idempotencyKey: `fund-${id}`,
          reason: 'deposit',
          currency: 'RUB',
          from: { system: 'provider' },
          to: id,
          amountMinor: 100_000_000n,
        });
      }
    }),
  );
  // As pgbench -i does: fresh statistics and a vacuumed table before measuring.
  await sql`vacuum analyze`.execute(handle.db);
  const player = () => accounts[randomInt(accounts.length)]!;
  const pick: Record<'uniform' | 'house', () => [AccountRef, AccountRef]> = {
    uniform: () => {
      const from = player();
      let to = player();
      while (to === from) to = player();
      return [from, to];
    },
    house: () => [player(), { system: 'house' }],
  };
  return {
    async phase(name, path) {
      let done = 0;
      const endsAt = performance.now() + SECONDS * 1000;
      const client = async (c: number) => {
        for (let i = 0; performance.now() < endsAt; i += 1) {
          const [from, to] = pick[path]();
          await ledger.move({
            idempotencyKey: `${name}-${c}-${i}`,
            reason: 'stake',
            currency: 'RUB',
            from,
            to,
            amountMinor: 1n,
          });
          done += 1;
        }
      };
      const startedAt = performance.now();
      const cpuBefore = process.cpuUsage();
      await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
      const elapsedS = (performance.now() - startedAt) / 1000;
      const cpu = process.cpuUsage(cpuBefore);
      const tps = done / elapsedS;
      console.log(
        `  ${name}: ${fmt(tps, 0)} transfers/s (node busy ${fmt(((cpu.user + cpu.system) / 1e6 / elapsedS) * 100, 0)} % of a core)`,
      );
      return tps;
    },
    async close() {
      try {
        const report = await ledger.check();
        if (report.differences.length > 0)
          throw new Error(`ledger check failed: ${JSON.stringify(report.differences.slice(0, 3))}`);
        console.log(`  ledger check: no difference over ${report.transfers} transfers`);
      } finally {
        await handle.close();
        await database.drop();
      }
    },
  };
}

interface Pgbench {
  run(name: string): Promise<number>;
  close(): Promise<void>;
}

async function openPgbench(): Promise<Pgbench> {
  const database = await createBenchDatabase();
  const url = new URL(database.url);
  const args = [
    '-h',
    url.hostname,
    '-p',
    url.port || '5432',
    '-U',
    decodeURIComponent(url.username || 'postgres'),
  ];
  const name = url.pathname.slice(1);
  await run('pgbench', [...args, '-i', '-s', '10', '-q', name], { maxBuffer: 16 * 1024 * 1024 });
  return {
    async run(label) {
      const { stdout } = await run(
        'pgbench',
        [...args, '-c', String(CLIENTS), '-j', '2', '-T', String(SECONDS), name],
        {
          maxBuffer: 16 * 1024 * 1024,
        },
      );
      const match =
        /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout) ?? /tps = ([\d.]+)/.exec(stdout);
      if (!match) throw new Error(`no tps in pgbench output:\n${stdout}`);
      const tps = Number(match[1]);
      console.log(`  ${label}: ${fmt(tps, 0)} tps`);
      return tps;
    },
    close: () => database.drop(),
  };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

console.log(`bench:ledger: ${CLIENTS} clients, ${SECONDS} s per run, ${ROUNDS} rounds, ${PLAYERS} players`);
const wallet = await openWalletBench();
const tpcb = await openPgbench().catch(async (err: unknown) => {
  await wallet.close();
  throw err;
});
const results = { uniform: [] as number[], house: [] as number[], pgbench: [] as number[] };
try {
  for (let round = 1; round <= ROUNDS; round += 1) {
    console.log(`round ${round}`);
    results.uniform.push(await wallet.phase(`uniform-${round}`, 'uniform'));
    results.house.push(await wallet.phase(`house-${round}`, 'house'));
    results.pgbench.push(await tpcb.run(`pgbench-${round}`));
  }
} finally {
  await wallet.close();
  await tpcb.close();
}
const uniform = median(results.uniform);
const house = median(results.house);
const pg = median(results.pgbench);
console.log(`wallet uniform: ${fmt(uniform, 0)} transfers/s (median)`);
console.log(`wallet house:   ${fmt(house, 0)} transfers/s (median)`);
console.log(`pgbench TPC-B:  ${fmt(pg, 0)} tps (median)`);
console.log(`ratio wallet/pgbench: ${fmt(uniform / pg, 2)} (target ≥ 1.0)`);
console.log(`ratio house/uniform:  ${fmt(house / uniform, 2)} (target ≥ 0.5)`);
