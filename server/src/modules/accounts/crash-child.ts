/**
 * Child process of the crash test: runs concurrent transfers from a fixed plan and prints
 * "ack <key> <transferId>" only after each one has returned (committed). The parent kills it
 * with SIGKILL mid-way, then checks every acknowledged transfer exists exactly once.
 */
import { systemClock } from '../../platform/clock.ts';
import { openDatabase } from '../../platform/db.ts';
import { Ledger } from './ledger-service.ts';

export interface CrashPlanStep {
  key: string;
  from: bigint | 'house';
  to: bigint | 'house';
  amountMinor: bigint;
}

/** The same plan in every run, so a restarted child replays exactly the same requests. */
export function crashPlan(accounts: bigint[], workers: number, perWorker: number): CrashPlanStep[][] {
  return Array.from({ length: workers }, (_, w) =>
    Array.from({ length: perWorker }, (_, i) => {
      const from = accounts[(w + i) % accounts.length]!;
      const to = i % 3 === 0 ? 'house' : accounts[(w + i + 1) % accounts.length]!;
      return { key: `crash-w${w}-${i}`, from, to, amountMinor: BigInt(1 + (i % 7)) } satisfies CrashPlanStep;
    }),
  );
}

export function stepInput(step: CrashPlanStep) {
  const ref = (side: bigint | 'house') => (side === 'house' ? { system: 'house' as const } : side);
  return {
    idempotencyKey: step.key,
    reason: 'stake',
    currency: 'RUB',
    from: ref(step.from),
    to: ref(step.to),
    amountMinor: step.amountMinor,
  };
}

async function main(): Promise<void> {
  const env = process.env;
  const handle = await openDatabase({
    databaseUrl: env.CRASH_DATABASE_URL || null,
    dataDir: env.CRASH_DATA_DIR || null,
    poolSize: 8,
  });
  const ledger = new Ledger(handle.db, systemClock);
  const accounts = (env.CRASH_ACCOUNTS ?? '').split(',').map((id) => BigInt(id));
  const plan = crashPlan(accounts, Number(env.CRASH_WORKERS), Number(env.CRASH_PER_WORKER));
  await Promise.all(
    plan.map(async (steps) => {
      for (const step of steps) {
        const transfer = await ledger.move(stepInput(step));
        process.stdout.write(`ack ${step.key} ${transfer.id}\n`);
      }
    }),
  );
  process.stdout.write('done\n');
  await handle.close();
}

if (import.meta.main) {
  main().catch((err: unknown) => {
    process.stderr.write(`${String(err)}\n`);
    process.exit(1);
  });
}
