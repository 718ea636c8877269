/** What the cashback use cases work with: the database, the clock and the ledger. */
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import type { ModuleDeps } from '../../platform/module.ts';
import type { Database } from '../../platform/schema.ts';
import type { Ledger } from '../accounts/index.ts';

export interface CashbackContext {
  db: Kysely<Database>;
  clock: Clock;
  ledger: Ledger;
  /** Payouts paid per worker pass at most (each in its own transaction). */
  payBatch: number;
}

export function createCashbackContext(
  deps: Pick<ModuleDeps, 'db' | 'clock'>,
  services: { ledger: Ledger; payBatch?: number },
): CashbackContext {
  return { db: deps.db.db, clock: deps.clock, ledger: services.ledger, payBatch: services.payBatch ?? 500 };
}
