/**
 * Child process of the withdrawal crash test. Mode "storm" requests the plan's withdrawals in
 * parallel through a ledger whose gate closes once CRASH_GATE_AFTER withdrawals are committed: every
 * database transaction begun after that waits for ever, and "gate closed" is printed when the ones
 * already running have ended. The parent then kills it with SIGKILL, so the last committed
 * withdrawal certainly has not been approved yet (its next step never ran). Mode "reconcile" runs
 * `parlay payments reconcile --older-than 0`; mode "replay" sends every request of the plan again.
 */
import type { Kysely } from 'kysely';
import { systemClock } from '../../platform/clock.ts';
import { openDatabase } from '../../platform/db.ts';
import type { Database } from '../../platform/schema.ts';
import { Ledger } from '../accounts/index.ts';
import { runPaymentsCommand } from './payments-command.ts';
import { PaymentsService } from './payments-service.ts';
import { SandboxProvider, SandboxRecords } from './sandbox-provider.ts';

export const CRASH_WITHDRAWALS = 40;
export const CRASH_WITHDRAWAL_MINOR = 100_00n;
export const CRASH_AUTO_APPROVE = 'RUB:15000';

export const crashKey = (i: number) => `crash-withdrawal-${i}`;

/** A ledger whose transactions stop starting once `gateAfter` withdrawal reservations committed. */
class GatedLedger extends Ledger {
  readonly #reserving = new WeakSet<Kysely<Database>>();
  readonly #gateAfter: number;
  #committed = 0;
  #running = 0;
  #closed = false;

  constructor(db: Kysely<Database>, gateAfter: number) {
    super(db, systemClock);
    this.#gateAfter = gateAfter;
  }

  override in(trx: Kysely<Database>): Ledger {
    const inner = super.in(trx);
    const reserve = inner.reserve.bind(inner);
    inner.reserve = (input) => {
      this.#reserving.add(trx);
      return reserve(input);
    };
    return inner;
  }

  override async transaction<T>(work: (trx: Kysely<Database>, ledger: Ledger) => Promise<T>): Promise<T> {
    if (this.#closed) return new Promise<T>(() => {});
    this.#running += 1;
    let reserved = false;
    try {
      return await super.transaction(async (trx, ledger) => {
        const result = await work(trx, ledger);
        reserved = this.#reserving.has(trx);
        return result;
      });
    } finally {
      this.#running -= 1;
      if (reserved && ++this.#committed >= this.#gateAfter) this.#closed = true;
      if (this.#closed && this.#running === 0) process.stdout.write('gate closed\n');
    }
  }
}

async function main(): Promise<void> {
  const env = process.env;
  const handle = await openDatabase({
    databaseUrl: env.CRASH_DATABASE_URL || null,
    dataDir: env.CRASH_DATA_DIR || null,
    poolSize: 8,
  });
  const mode = env.CRASH_MODE;
  const ledger =
    mode === 'storm'
      ? new GatedLedger(handle.db, Number(env.CRASH_GATE_AFTER))
      : new Ledger(handle.db, systemClock);
  const provider = new SandboxProvider(
    'crash-sandbox-secret-0123456789',
    new SandboxRecords(handle.db, systemClock),
  );
  const payments = new PaymentsService(handle.db, ledger, systemClock, {
    provider,
    autoApprove: CRASH_AUTO_APPROVE,
    requiresVerification: false,
  });
  if (mode === 'reconcile') {
    const out = { log: (line: string) => process.stdout.write(`${line}\n`), error: console.error };
    await runPaymentsCommand(payments, ['reconcile', '--older-than', '0'], out);
  } else {
    const request = async (i: number) => {
      const payment = await payments.requestWithdrawal({
        userId: BigInt(env.CRASH_USER_ID ?? ''),
        accountId: BigInt(env.CRASH_ACCOUNT_ID ?? ''),
        methodId: Number(env.CRASH_METHOD_ID),
        amountMinor: CRASH_WITHDRAWAL_MINOR,
        idempotencyKey: crashKey(i),
        lng: 'en',
        destination: '4242424242424242',
      });
      process.stdout.write(`ack ${crashKey(i)} ${payment.id} ${payment.state}\n`);
    };
    await Promise.all(Array.from({ length: CRASH_WITHDRAWALS }, (_, i) => request(i)));
  }
  process.stdout.write('done\n');
  await handle.close();
}

if (import.meta.main) {
  main().catch((err: unknown) => {
    process.stderr.write(`${String(err)}\n`);
    process.exit(1);
  });
}
